import TMinusApp
import TMinusCore
import TMinusSystem
import TMinusTimeline

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

/// `tminus cal [MONTH] [--weeks] [--first mon|sun] [--color auto|always|never] [--json]`: a month
/// grid with a mark on each day that has open items (MonthGrid).
enum CalCommand {
    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "cal")
        // The month may come in words, quoted or not: `cal dec 2027`, `cal next week`.
        try a.expectPositional(0...4, command: "cal")
        let today = ctx.zone.local(ctx.now).date
        var (year, month) = (today.year, today.month)
        if !a.positional.isEmpty { (year, month) = try self.month(a.positional.joined(separator: " "), ctx) }
        var first = LocaleClock.firstWeekday(environment: ctx.environment)
        if let f = a[Options.first] {
            switch f.lowercased() {
            case "mon", "monday": first = 1
            case "sun", "sunday": first = 0
            default: throw .usage(tr: "--first takes mon or sun, not '%s'", "\(Validation.printable(f))")
            }
        }
        let color = try TerminalColor.choice(a[Options.color], ctx)
        let config = (try? ctx.loadConfig().0) ?? Config()
        let (tags, every) = try AgendaCommand.everyItem(ctx)
        let next =
            month == 12 ? CivilDate(year: year + 1, month: 1, day: 1) : CivilDate(year: year, month: month + 1, day: 1)
        let items = RepeatOption.withInstances(
            every, through: ctx.zone.startOfDay(next), now: ctx.now, zone: ctx.zone)
        var grid = MonthGrid(
            year: year, month: month, firstWeekday: first, items: items, now: ctx.now, zone: ctx.zone,
            isEvent: AgendaCommand.isEvent(ctx),
            color: TerminalColor.tagColor(tags: tags, config: config))
        grid.words = config.words
        if a[Options.json] {
            ctx.say(JSONWriter.pretty(json(grid)))
            return 0
        }
        for line in lines(grid, weeks: a[Options.weeks], color: color) { ctx.say(line) }
        return 0
    }

    /// `2026-11`, `11` (this year), a month's name (`dec`, `December`: the coming one, this
    /// month included) with or without a year (`dec 2027`), or any WHEN (its month).
    static func month(_ text: String, _ ctx: Context) throws(TMinusError) -> (Int, Int) {
        let words = text.lowercased().split(separator: " ")
        if (1...2).contains(words.count), let m = WhenParser.month(named: String(words[0])) {
            let today = ctx.zone.local(ctx.now).date
            guard words.count == 2 else { return (m < today.month ? today.year + 1 : today.year, m) }
            if words[1].count == 4, let y = Int(words[1]),
                CivilDate.supported.contains(CivilDate(year: y, month: m, day: 1))
            {
                return (y, m)
            }
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 2, parts[0].count == 4, (1...2).contains(parts[1].count), let y = Int(parts[0]),
            let m = Int(parts[1])
        {
            guard (1...12).contains(m) else {
                throw .usage(tr: "there is no month %s; give a month like 2026-11", "\(m)")
            }
            guard CivilDate.supported.contains(CivilDate(year: y, month: m, day: 1)) else {
                throw .usage(
                    tr: "'%s' is outside the dates tminus handles (0001-01-03 to 9999-12-29); give a month in between",
                    "\(Validation.printable(text))")
            }
            return (y, m)
        }
        if (1...2).contains(text.count), let m = Int(text), (1...12).contains(m) {
            return (ctx.zone.local(ctx.now).date.year, m)
        }
        let date: CivilDate
        do throws(TMinusError) {
            switch try ctx.when(text) {
            case .day(let d): date = d
            case .instant(let t): date = ctx.zone.local(t).date
            }
        } catch {
            throw .usage(
                tr: "'%s' is not a month; give 2026-11, 11, dec, dec 2027, or a date like 2026-12-24 or next week",
                "\(Validation.printable(text))"
            )
        }
        return (date.year, date.month)
    }

    /// The grid (MonthGrid.lines): with colour, today in reverse video and each mark in its
    /// item's tag colour; then a line on how many days have items.
    static func lines(_ grid: MonthGrid, weeks: Bool, color: Bool) -> [String] {
        let style =
            color
            ? MonthGrid.Style(
                today: { "\u{1B}[7m" + $0 + "\u{1B}[0m" }, mark: { TerminalColor.paint("•", $0) }, pointsAtToday: false)
            : .plain
        var out = grid.lines(weeks: weeks, style: style)
        let marked = grid.marks.count
        out.append("")
        let words = grid.words
        let agenda =
            "tminus agenda --from \(CivilDate(year: grid.year, month: grid.month, day: 1)) --days \(CivilDate.daysInMonth(year: grid.year, month: grid.month))"
        out.append(
            marked == 0
                ? words.tr("no items this month")
                : words.trn("• %d day with items; %s lists them", "• %d days with items; %s lists them", marked, agenda)
        )
        return out
    }

    /// `{"year", "month", "today", "firstWeekday", "days": [{"date", "items", "color"}…]}`: the
    /// days with items, in order.
    static func json(_ grid: MonthGrid) -> JSON {
        let days = grid.marks.keys.sorted().map { d in
            JSON.object([
                "date": .string(d.description), "items": .int(grid.marks[d]!.count),
                "color": .string(orNull: grid.marks[d]!.color)
            ])
        }
        return .object([
            "year": .int(grid.year), "month": .int(grid.month), "today": .string(grid.today.description),
            "firstWeekday": .int(grid.firstWeekday), "days": .array(days)
        ])
    }
}
