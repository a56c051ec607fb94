import TMinusApp
import TMinusCore

extension CalCommand {
    /// `cal`'s options, declared once: its spec lists them, `run` reads them (`a[Options.weeks]`).
    enum Options {
        static let weeks = Opt.flag("weeks", "ISO week numbers first")
        static let first = Opt.option(
            "first", "DAY", "the weekday weeks start on (default: the locale's)", complete: .words(["mon", "sun"]))
        static let color = CommandTable.colorOption("today in reverse, marks in their tag's colour")
        static let json = Opt.flag(
            "json", "an object: year, month, today, firstWeekday, days (date, items, color) with items")
    }
}

private typealias O = CalCommand.Options

extension Specs {
    /// `tminus cal`.
    static let cal = CommandSpec(
        name: "cal", group: "items", arguments: "[MONTH]",
        summary: "a month with a mark on each day that has items",
        options: [O.weeks.spec, O.first.spec, O.color.spec, O.json.spec],
        text: """
            Prints a month (default: this one; 2026-11, 11, dec, dec 2027, or any WHEN) as a grid: > marks today, • a day
            with open items (the agenda's items of that day, overdue ones on the day they were due).
            Colours on a terminal unless NO_COLOR is set.
            """, examples: ["tminus cal", "tminus cal 2026-12 --weeks", "tminus cal next week --first sun"],
        run: CalCommand.run)
}
