import TMinusApp
import TMinusCore

extension TodoCommand {
    /// `todo`'s options, declared once: its spec lists them, `run` reads them (`a[Options.due]`).
    enum Options {
        static let due = Opt.option("due", "WHEN", "when it is due")
        static let remind = Opt.option("remind", "WHEN", "when tminus notify reminds you")
        static let note = CommandTable.note
        static let tag = CommandTable.tag
        static let star = Opt.flag("star", "star it")
        static let priority = CommandTable.priority
        static let `repeat` = CommandTable.repeatOption
        static let to = Opt.option(
            "to", "SOURCE", "add it to a source of the config: a calendar (vdir), todo.txt or Taskwarrior")
    }
}

private typealias O = TodoCommand.Options

extension Specs {
    /// `tminus todo`.
    static let todo = CommandSpec(
        name: "todo", group: "items", arguments: "TITLE", summary: "a new todo",
        options: [
            O.due.spec, O.remind.spec, O.note.spec, O.tag.spec, O.star.spec, O.priority.spec, O.repeat.spec, O.to.spec
        ],
        text: """
            Adds a todo. Today's todos (due today, overdue, or undated) show in the bar's tooltip.
            --to adds it to a source of the config instead: a calendar (vdir), todo.txt or Taskwarrior.
            """,
        examples: [
            #"tminus todo "Buy milk" --due today --tag errand"#,
            #"tminus todo "Call mom" --due 18:00 --star --priority high"#,
            #"tminus todo "Pay rent" --due 2026-12-01 --to work"#
        ], run: TodoCommand.run, changes: true)
}
