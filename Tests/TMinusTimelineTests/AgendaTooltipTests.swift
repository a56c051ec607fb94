import TMinusCore
import TMinusTimeline
import Testing

/// The agenda and the calendar as a bar's tooltip (config `tooltip`): their text, and timeline
/// entries where they change, in the project's four zones across their DST changes.
struct AgendaTooltipTests {
    static func config(_ json: String) -> Config {
        let (config, problems) = Config.parse(Array(json.utf8))
        precondition(problems.isEmpty, "\(problems)")
        return config
    }

    /// A calendar event (a deadline of a vdir source, with an end).
    static func event(_ title: String, _ start: Instant, _ end: Instant, handle: Int) -> Item {
        var item = Fixtures.deadline(title, due: .instant(start), start: start - 86_400, handle: handle)
        item.source = "work"
        item.end = end
        return item
    }

    static func provider(
        _ deadlines: [Item], todos: [Item], config: Config, zone: Zone, state: WidgetState = WidgetState()
    ) -> TimelineProvider {
        let sources = [Summary.Source(name: "work", stamp: Instant(0), items: deadlines.count, kind: "vdir")]
        return TimelineProvider(
            summary: Summary(generated: Instant(0), sources: sources, deadlines: deadlines, todos: todos),
            config: config,
            state: state, zone: zone)
    }

    @Test func theAgendaByDay() throws {
        let z = Fixtures.zone("Europe/Berlin")
        let now = Fixtures.at("2026-11-26T10:00", z)
        let p = Self.provider(
            [
                Self.event(
                    "Standup", Fixtures.at("2026-11-26T09:50", z), Fixtures.at("2026-11-26T10:15", z), handle: 1),
                Fixtures.deadline("Thesis", due: .instant(Fixtures.at("2026-11-27T17:00", z)), start: now, handle: 2),
                Fixtures.deadline("Tax", due: .day(CivilDate(year: 2026, month: 11, day: 28)), start: now, handle: 3),
                Fixtures.deadline("Later", due: .day(CivilDate(year: 2026, month: 11, day: 29)), start: now, handle: 8)
            ],
            todos: [
                Fixtures.todo(
                    "Pay the rent", due: .day(CivilDate(year: 2026, month: 11, day: 20)), handle: 4, priority: .high),
                Fixtures.todo("Dentist", due: .instant(Fixtures.at("2026-11-26T15:00", z)), handle: 5, starred: true),
                Fixtures.todo("Buy milk", handle: 6, priority: .medium)
            ], config: Self.config(#"{"tooltip": "agenda"}"#), zone: z)
        let e = p.entry(at: now)
        #expect(
            e.large
                == """
                Standup ends in 15:00
                Standup · due Thu 26 Nov 09:50
                ends in 15 minutes · 40% elapsed

                Overdue
                  Fri 20 Nov  Pay the rent !!
                Today · Thu 26 Nov
                  09:50–10:15 now  Standup
                  15:00  Dentist ★
                Tomorrow · Fri 27 Nov
                  17:00  Thesis
                Sat 28 Nov
                  all day  Tax
                No date
                  Buy milk !
                """.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n"))
        // Three days (agendaDays): Sunday's deadline is not in it.
        #expect(!e.large.contains("Later"))
    }

    @Test func emptyAndBounded() {
        let now = Instant(1_795_428_000)
        let empty = Self.provider(
            [], todos: [], config: Self.config(#"{"tooltip": "agenda", "agendaDays": 1}"#), zone: .utc)
        #expect(empty.entry(at: now).large == "No deadlines\n\nNothing today")
        // 500 undated todos: maxTodos of them and a count; the text does not grow with the data.
        let many = (1...500).map { Fixtures.todo("Todo \($0)", handle: $0) }
        let p = Self.provider(
            [], todos: many, config: Self.config(#"{"tooltip": "agenda", "maxTodos": 5}"#), zone: .utc)
        let lines = p.entry(at: now).large.split(separator: "\n")
        #expect(lines.count == 1 + 1 + 5 + 1)
        #expect(lines.last == "  +495 more")
    }

    @Test func templatesTheUserSetAreKept() {
        let c = Self.config(#"{"tooltip": "agenda", "templates": {"large": "{title}\n{agenda}"}}"#)
        #expect(c.templates.large == "{title}\n{agenda}")
        #expect(c.templates.largeNone == "No deadlines\n\n{agenda}")
        let (_, problems) = Config.parse(Array(#"{"tooltip": "month", "agendaDays": 40, "colorBy": "rainbow"}"#.utf8))
        #expect(
            problems.map(\.description) == [
                "line 1: tooltip: 'month' is not a tooltip; use \"todos\", \"agenda\" or \"calendar\"",
                "line 1: agendaDays: expected a whole number from 1 to 14",
                "line 1: colorBy: 'rainbow' is not a choice; use \"state\" or \"tag\""
            ])
    }

    /// Todos only (no deadline ticking): the timeline has an entry exactly where the agenda
    /// changes (a todo falls due and turns overdue, midnight moves the days while an item lies
    /// ahead), and nowhere else (no entry each night once nothing is ahead: that loop hung the
    /// first version); sampled every minute, every entry holds until the next.
    @Test(arguments: ["America/Los_Angeles", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu"])
    func entriesWhereTheAgendaChanges(_ name: String) throws {
        let z = Fixtures.zone(name)
        // Two days before each zone's DST change of 2026 (Kathmandu has none).
        let day = [
            "America/Los_Angeles": "2026-10-30", "Europe/Berlin": "2026-10-23", "Australia/Lord_Howe": "2026-10-02",
            "Asia/Kathmandu": "2026-10-23"
        ][name]!
        let start = Fixtures.at("\(day)T10:00", z)
        let d0 = z.local(start).date
        func at(_ days: Int, _ time: String) -> Instant { Fixtures.at("\(d0.adding(days: days))T\(time)", z) }
        let todos = [
            Fixtures.todo("Call", due: .instant(at(0, "15:00")), handle: 1),
            Fixtures.todo("Rent", due: .day(d0.adding(days: 2)), handle: 2),
            Fixtures.todo("Night", due: .instant(at(2, "02:45")), handle: 3),
            Fixtures.todo("Someday", handle: 4)
        ]
        let config = Self.config(#"{"tooltip": "agenda", "templates": {"smallNone": "", "mediumNone": ""}}"#)
        let p = Self.provider([], todos: todos, config: config, zone: z)
        let t = p.timeline(from: start, until: at(4, "10:00"))
        Fixtures.checkInvariants(t)
        var expected = [start, at(0, "15:00"), at(1, "00:00"), at(2, "00:00"), at(2, "02:45"), at(3, "00:00")]
        expected.sort()
        // (A timed todo of today counts down on the bar while nothing else holds it: Call until
        // 15:00, Night from its day's midnight; there the countdown ticks, the agenda does not.)
        func ticking(_ d: Instant) -> Bool {
            (d > start && d < at(0, "15:00")) || (d > at(2, "00:00") && d < at(2, "02:45"))
        }
        #expect(t.entries.map(\.date).filter { !ticking($0) } == expected)
        var i = 0
        var s = start
        while s < at(4, "10:00") {
            while i + 1 < t.entries.count && t.entries[i + 1].date <= s { i += 1 }
            #expect(p.entry(at: s).large == t.entries[i].large, "at \(s)")
            s = s + 60
        }
    }

    /// With events (a deadline counting down), the agenda in each entry is the agenda at its date.
    @Test(arguments: ["America/Los_Angeles", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu"])
    func eventsBeginAndEndOnTheSecond(_ name: String) throws {
        let z = Fixtures.zone(name)
        let now = Fixtures.at("2026-11-26T08:00", z)
        let begin = Fixtures.at("2026-11-26T09:30", z), end = Fixtures.at("2026-11-26T10:00", z)
        let p = Self.provider(
            [Self.event("Review", begin, end, handle: 1)], todos: [],
            config: Self.config(#"{"tooltip": "agenda", "agendaDays": 1}"#), zone: z)
        #expect(p.entry(at: begin - 1).large.hasSuffix("Today · Thu 26 Nov\n  09:30–10:00  Review"))
        #expect(p.entry(at: begin).large.hasSuffix("Today · Thu 26 Nov\n  09:30–10:00 now  Review"))
        #expect(p.entry(at: end).large.hasSuffix("Nothing today"))
        let dates = p.timeline(from: now, until: end + 60).entries.map(\.date)
        #expect(dates.contains(begin) && dates.contains(end))
    }

    @Test func theCalendarAndItsScroll() throws {
        let z = Fixtures.zone("Europe/Berlin")
        let now = Fixtures.at("2026-11-26T10:00", z)
        let todos = [Fixtures.todo("Call", due: .day(CivilDate(year: 2026, month: 11, day: 27)), handle: 1)]
        let config = Self.config(#"{"tooltip": "calendar"}"#)
        var config1 = config
        config1.firstWeekday = 1
        let p = Self.provider([], todos: todos, config: config1, zone: z)
        let large = p.entry(at: now).large
        #expect(
            large.hasPrefix(
                """
                       November 2026
                 Mo  Tu  We  Th  Fr  Sa  Su
                                          1
                  2   3   4   5   6   7   8
                  9  10  11  12  13  14  15
                 16  17  18  19  20  21  22
                 23  24  25 >26  27• 28  29
                 30
                """))
        // Scrolled a month on: December until a minute after the scroll, then back.
        let scrolled = WidgetState().scrolling(by: 1, at: now, zone: z)
        let q = Self.provider([], todos: todos, config: config1, zone: z, state: scrolled)
        #expect(q.entry(at: now).large.hasPrefix("       December 2026"))
        #expect(q.entry(at: now + 59).large.hasPrefix("       December 2026"))
        #expect(q.entry(at: now + 60).large.hasPrefix("       November 2026"))
        #expect(q.timeline(from: now, until: now + 120).entries.map(\.date) == [now, now + 60])
        // Scrolling again moves on from the month shown; a minute later from this month.
        #expect(scrolled.scrolling(by: 1, at: now + 30, zone: z).month == 2026 * 12 + 12)
        #expect(scrolled.scrolling(by: -1, at: now + 61, zone: z).month == 2026 * 12 + 9)
        // Sunday first.
        var sunday = config
        sunday.firstWeekday = 0
        #expect(
            Self.provider([], todos: todos, config: sunday, zone: z).entry(at: now).large.split(separator: "\n")[1]
                == " Su  Mo  Tu  We  Th  Fr  Sa")
    }
}
