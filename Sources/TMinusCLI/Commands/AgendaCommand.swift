import TMinusApp
import TMinusCore
import TMinusStore
import TMinusTimeline

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

/// `tminus agenda [--days N] [--from WHEN] [--json]`: the open items of the store and every
/// source, by day (Agenda).
enum AgendaCommand {
    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "agenda")
        try a.expectPositional(0...0, command: "agenda")
        var days = 7
        if let d = a[Options.days] {
            guard let n = Int(d), (1...Agenda.maxDays).contains(n) else {
                throw .usage(
                    tr: "--days takes a number of days from 1 to %s, not '%s'", "\(Agenda.maxDays)",
                    "\(Validation.printable(d))")
            }
            days = n
        }
        var from = ctx.zone.local(ctx.now).date
        if let f = a[Options.from] {
            switch try ctx.when(f) {
            case .day(let d): from = d
            case .instant(let t): from = ctx.zone.local(t).date
            }
        }
        let (tags, every) = try everyItem(ctx)
        let items = RepeatOption.withInstances(
            every, through: ctx.zone.startOfDay(from.adding(days: days)), now: ctx.now, zone: ctx.zone)
        let agenda = Agenda(items, from: from, days: days, now: ctx.now, zone: ctx.zone, isEvent: isEvent(ctx))
        if a[Options.json] {
            ctx.say(JSONWriter.pretty(json(agenda, from: from, days: days, tags: tags, zone: ctx.zone)))
            return 0
        }
        let color =
            try TerminalColor.choice(a[Options.color], ctx)
            ? TerminalColor.tagColor(tags: tags, config: (try? ctx.loadConfig().0) ?? Config()) : nil
        for line in lines(agenda, ctx, color: color) { ctx.say(line) }
        return 0
    }

    /// The store's items whole (the summary keeps what widgets need) and every source's open ones
    /// (read again when they changed), with the store's tags: what `agenda`, `cal` and `item` show.
    static func everyItem(_ ctx: Context) throws(TMinusError) -> (tags: [Tag], items: [Item]) {
        let fromSources = try ctx.container.sourceItems(now: ctx.now)
        return try ctx.container.reading { (snapshot: Container.Snapshot) throws(TMinusError) -> ([Tag], [Item]) in
            (snapshot.store.tags, snapshot.store.items + fromSources)
        }
    }

    /// Whether an item is a calendar event (a deadline from a vdir, ics or gnome source): over at its
    /// end, where anything else is overdue after its due date.
    static func isEvent(_ ctx: Context) -> (Item) -> Bool {
        let calendars = Set(((try? ctx.loadConfig().0.sources) ?? []).filter(\.isCalendar).map(\.name))
        return { $0.isDeadline && calendars.contains($0.source) }
    }

    /// `{"from", "days", "today", "overdue": [ITEM…], "agenda": [{"date", "heading", "items": [ITEM…]}…], "undated":
    /// [ITEM…]}`;
    /// each ITEM as `list --json` has it, with `inProgress` (docs/agenda.md).
    static func json(_ agenda: Agenda, from: CivilDate, days: Int, tags: [Tag], zone: Zone) -> JSON {
        func item(_ i: Item, inProgress: Bool = false) -> JSON {
            guard case .object(let members) = ItemJSON.json(i, tags: tags, zone: zone) else { return .null }
            return .object(members + [JSON.Member("inProgress", .bool(inProgress))])
        }
        return .object([
            "from": .string(from.description),
            "days": .int(days),
            "today": .string(agenda.today.description),
            "overdue": .array(agenda.overdue.map { item($0) }),
            "agenda": .array(
                agenda.days.map { d in
                    .object([
                        "date": .string(d.date.description), "heading": .string(agenda.heading(d.date)),
                        "items": .array(d.rows.map { item($0.item, inProgress: $0.inProgress) })
                    ])
                }),
            "undated": .array(agenda.undated.map { item($0) })
        ])
    }

    /// The text: a heading per day with items (Overdue first, No date last), each item as
    /// ` 3  17:00        Thesis  [school]`.
    static func lines(_ agenda: Agenda, _ ctx: Context, color: ((Item) -> String?)? = nil) -> [String] {
        if agenda.count == 0 {
            return [
                ctx.words.trn(
                    "nothing in this day; add a deadline with tminus add TITLE --due WHEN, or a todo with tminus todo TITLE",
                    "nothing in these %d days; add a deadline with tminus add TITLE --due WHEN, or a todo with tminus todo TITLE",
                    agenda.days.count)
            ]
        }
        var out: [String] = []
        func section(_ heading: String, _ rows: [(Item, String)]) {
            guard !rows.isEmpty else { return }
            if !out.isEmpty { out.append("") }
            out.append(heading)
            let width = max(13, (rows.map { DisplayWidth.of($0.1) }.max() ?? 0) + 2)
            for (item, time) in rows {
                out.append(line(item, time: time, width: width, color: color, words: ctx.words))
            }
        }
        section(ctx.words.tr("Overdue"), agenda.overdue.map { ($0, $0.due.map { ctx.describe($0) } ?? "") })
        for day in agenda.days {
            section(agenda.heading(day.date, words: ctx.words), day.rows.map { ($0.item, time($0, ctx)) })
        }
        section(ctx.words.tr("No date"), agenda.undated.map { ($0, "") })
        return out
    }

    static func time(_ row: Agenda.Row, _ ctx: Context) -> String {
        Agenda.time(row, zone: ctx.zone, clock: ctx.clock, words: ctx.words)
    }

    static func line(_ item: Item, time: String, width: Int, color: ((Item) -> String?)?, words: Words) -> String {
        ListCommand.handleColumn(item) + time.padding(width) + ListCommand.described(item, color: color, words: words)
    }
}
