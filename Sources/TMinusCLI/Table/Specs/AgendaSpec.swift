import TMinusApp
import TMinusCore

extension AgendaCommand {
    /// `agenda`'s options, declared once: its spec lists them, `run` reads them (`a[Options.days]`).
    enum Options {
        static let days = Opt.option("days", "N", "how many days (default 7, at most 366)")
        static let from = Opt.option("from", "WHEN", "the first day (default: today)")
        static let color = CommandTable.colorOption("each [tag] in its colour")
        static let json = Opt.flag(
            "json",
            "an object: from, days, today, overdue, agenda (each day's date, heading and items), undated; items as list --json has them, with inProgress"
        )
    }
}

private typealias O = AgendaCommand.Options

extension Specs {
    /// `tminus agenda`.
    static let agenda = CommandSpec(
        name: "agenda", group: "items", summary: "the days ahead: every source's items by day",
        options: [O.days.spec, O.from.spec, O.color.spec, O.json.spec],
        text: """
            Lists open items by day: overdue ones first, then each day (whole-day items first, then by
            time; an event under way is marked now), then todos without a date. Events and todos of
            every source are in it, with the store's.
            """,
        examples: ["tminus agenda", "tminus agenda --days 14", "tminus agenda --from 2026-12-24 --days 3 --json"],
        run: AgendaCommand.run)
}
