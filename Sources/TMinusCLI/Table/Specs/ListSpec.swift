import TMinusApp
import TMinusCore

extension ListCommand {
    /// `list`'s options, declared once: its spec lists them, `run` reads them (`a[Options.deadlines]`).
    enum Options {
        static let deadlines = Opt.flag("deadlines", "deadlines only")
        static let todos = Opt.flag("todos", "todos only")
        static let today = Opt.flag("today", "today's, as the bar lists them: due today, and todos overdue or undated")
        static let week = Opt.flag("week", "due in the next 7 days")
        static let overdue = Opt.flag("overdue", "past due, still open")
        static let starred = Opt.flag("starred", "starred todos")
        static let all = Opt.flag("all", "completed items too")
        static let tag = Opt.option("tag", "NAME", "with this tag")
        static let search = Opt.option("search", "TEXT", "in title and note")
        static let year = Opt.option("year", "YYYY", "due (or created) in that year")
        static let sort = Opt.option(
            "sort", "KEY", "the order", complete: .words(["due", "created", "title", "priority"]))
        static let color = CommandTable.colorOption("each [tag] in its colour")
        static let reminders = Opt.flag(
            "reminders", "reminders instead: sent, sent late, missed, pending, by their time")
        static let byYear = Opt.flag(
            "by-year", "with --reminders: a heading for each year the items were written in (--year keeps one)")
        static let json = Opt.flag(
            "json",
            "an array of objects: handle, id, kind, title, note, due, allDay, start, created, completed, completedAt, tag, color, starred, priority, remind, icon, source"
        )
    }
}

private typealias O = ListCommand.Options

extension Specs {
    /// `tminus list`.
    static let list = CommandSpec(
        name: "list", aliases: ["ls"], group: "items", summary: "open deadlines and todos",
        options: [
            O.deadlines.spec, O.todos.spec, O.today.spec, O.week.spec, O.overdue.spec, O.starred.spec, O.all.spec,
            O.tag.spec, O.search.spec, O.year.spec, O.sort.spec,
            O.color.spec, O.reminders.spec, O.byYear.spec, O.json.spec
        ],
        text: """
            Lists open items (with --all, completed ones too). Filters combine. --reminders lists
            reminders instead (with --year and --json).
            """,
        examples: [
            "tminus list --today", "tminus list --tag school --sort due", "tminus list --reminders --year 2026"
        ],
        run: ListCommand.run)
}
