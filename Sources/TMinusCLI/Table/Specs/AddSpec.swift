import TMinusApp
import TMinusCore

extension AddCommand {
    /// `add`'s options, declared once: its spec lists them, `run` reads them (`a[Options.due]`).
    enum Options {
        static let due = Opt.option("due", "WHEN", "when it is due (a whole day: the end of that day)", required: true)
        static let start = Opt.option("start", "WHEN", "where progress starts (default: now)")
        static let note = CommandTable.note
        static let tag = CommandTable.tag
        static let icon = Opt.option("icon", "GLYPH", "an icon shown before the title")
        static let `repeat` = CommandTable.repeatOption
        static let to = Opt.option(
            "to", "SOURCE", "add it to a calendar of the config (a vdir source) as a task with a due date (a VTODO)")
    }
}

private typealias O = AddCommand.Options

extension Specs {
    /// `tminus add`.
    static let add = CommandSpec(
        name: "add", group: "items", arguments: "TITLE", summary: "a new deadline",
        options: [O.due.spec, O.start.spec, O.note.spec, O.tag.spec, O.icon.spec, O.repeat.spec, O.to.spec],
        text: """
            Adds a deadline. A whole-day --due (2026-12-01) is due at the end of that day. Progress runs
            from --start (default: now) to the due date. --to adds it to a calendar (a vdir source in
            the config) instead, as a task with a due date (a VTODO marked X-TMINUS-KIND:deadline, which
            tminus reads back as a deadline and every task client can show and complete).
            """,
        examples: [
            #"tminus add "Thesis" --due 2026-12-01T17:00 --tag school"#,
            #"tminus add "Board meeting" --due 2026-12-03T14:00 --to work"#
        ], run: AddCommand.run, changes: true)
}
