import TMinusApp
import TMinusCore

extension EditCommand {
    /// `edit`'s options, declared once: its spec lists them, `run` reads them (`a[Options.title]`).
    enum Options {
        static let title = Opt.option("title", "TEXT", "a new title")
        static let due = Opt.option("due", "WHEN", "a new due date (none: a todo without one)")
        static let start = Opt.option("start", "WHEN", "where a deadline's progress starts")
        static let note = Opt.option("note", "TEXT", "a new note")
        static let tag = Opt.option("tag", "NAME", "a new tag (none: no tag)")
        static let icon = Opt.option("icon", "GLYPH", "a deadline's icon (none: no icon)")
        static let workingTime = Opt.option(
            "working-time", "on|off", "a deadline's {countdown} in working time (config workingHours)")
        static let star = Opt.flag("star", "star a todo")
        static let unstar = Opt.flag("unstar", "unstar a todo")
        static let priority = CommandTable.priority
        static let remind = Opt.option("remind", "WHEN", "a todo's reminder (none: no reminder)")
        static let `repeat` = CommandTable.repeatOption
    }
}

private typealias O = EditCommand.Options

extension Specs {
    /// `tminus edit`.
    static let edit = CommandSpec(
        name: "edit", group: "items", arguments: "REF", summary: "change an item",
        options: [
            O.title.spec, O.due.spec, O.start.spec, O.note.spec, O.tag.spec, O.icon.spec, O.workingTime.spec,
            O.star.spec, O.unstar.spec, O.priority.spec, O.remind.spec,
            O.repeat.spec
        ],
        text: """
            Changes an open item. --start, --icon and --working-time are for deadlines; --star, --priority and --remind
            for todos. Another source's item is changed in its file (what that source cannot keep is refused).
            """,
        examples: [
            "tminus edit 3 --due tomorrow", #"tminus edit "Thesis" --note "chapter 4 first""#,
            "tminus edit 3 --working-time on"
        ], run: EditCommand.run, changes: true)
}
