import TMinusCore
import TMinusTimeline
import Testing

/// Today's todos: which todos they are (due today or overdue, the undated after), worked out
/// once a day and not once per minute of the hour a bar's run keeps.
@Suite struct TodayTodosTests {
    /// Todos due around today's and tomorrow's edges, as instants and as whole days, and far ahead.
    static func todos(around now: Instant, in zone: Zone) -> [Item] {
        let today = zone.local(now).date
        var out: [Item] = []
        var handle = 1
        func add(_ title: String, _ due: Due?) {
            out.append(Fixtures.todo(title, due: due, handle: handle))
            handle += 1
        }
        for days in -2...3 {
            let date = today.adding(days: days)
            add("day \(days)", .day(date))
            let start = zone.startOfDay(date)
            add("start of day \(days)", .instant(start))
            add("last second of day \(days)", .instant(zone.startOfDay(date.adding(days: 1)) - 1))
            add("noon of day \(days)", .instant(start + 12 * 3_600))
        }
        add("a minute ago", .instant(now - 60))
        add("in a minute", .instant(now + 60))
        add("in 25 hours", .instant(now + 25 * 3_600))
        add("in 47 hours", .instant(now + 47 * 3_600))
        add("next year", .day(today.adding(days: 400)))
        add("undated", nil)
        return out
    }

    /// What the list must hold, worked out the long way: overdue, or due on today's local date.
    static func expected(_ todos: [Item], at t: Instant, in zone: Zone) -> Set<String> {
        let today = zone.local(t).date
        return Set(
            todos.filter { todo in
                guard let due = todo.due else { return true }
                return due.instant(in: zone) <= t || due.localDate(in: zone) == today
            }.map(\.title))
    }

    @Test(arguments: ["Europe/Berlin", "America/Los_Angeles", "Australia/Lord_Howe", "Asia/Kathmandu"])
    func theListIsTodaysAndTheOverdueAtEveryHourAcrossChangesOfTime(_ name: String) {
        let zone = Fixtures.zone(name)
        // Days with a change of time in these zones (2026's), and an ordinary one.
        for day in ["2026-03-08", "2026-03-29", "2026-04-05", "2026-10-04", "2026-10-25", "2026-11-01", "2026-11-27"] {
            for hour in [0, 1, 2, 3, 12, 22, 23] {
                let now = Fixtures.at("\(day)T\(hour < 10 ? "0" : "")\(hour):30:00", zone)
                let todos = Self.todos(around: now, in: zone)
                let provider = Fixtures.provider([], todos: todos, zone: zone)
                let listed = Set(provider.entry(at: now).todos.map(\.title))
                #expect(listed == Self.expected(todos, at: now, in: zone), "\(name) \(day) \(hour):30")
            }
        }
    }

    /// With a deadline whose countdown changes each minute and a todo due tonight; with only todos
    /// far ahead (the next one's countdown is what shows).
    @Test(arguments: [true, false])
    func aRunThatKeepsTheHourWorksTodaysTodosOutOnceNotOncePerChange(_ withDeadline: Bool) {
        let zone = Fixtures.zone("Europe/Berlin")
        let now = Fixtures.at("2026-11-27T19:00:00", zone)
        // Many todos far ahead (so the next local midnight is a candidate of every change search).
        var todos = (1...500).map { i in
            Fixtures.todo("Todo \(i)", due: .day(CivilDate(year: 2027, month: 1 + i % 12, day: 1 + i % 28)), handle: i)
        }
        var deadlines: [Item] = []
        if withDeadline {
            todos.append(Fixtures.todo("Tonight", due: .instant(now + 2 * 3_600), handle: 501))
            deadlines.append(
                Fixtures.deadline("Soon", due: .instant(now + 3 * 3_600 + 17), start: now - 3_600, handle: 600))
        }
        let provider = Fixtures.provider(deadlines, todos: todos, zone: zone)
        let memo = TodayMemo()
        var entry = provider.entry(at: now, memo: memo)
        var changes = 0
        // (As `show` keeps the hour: changes before its end.)
        while let next = provider.nextChange(after: entry.date, current: entry, memo: memo, before: now + 3_600) {
            let kept = provider.entry(at: next, memo: memo)
            // The memo's entries are the ones worked out from scratch.
            #expect(kept == provider.entry(at: next), "at \(next)")
            entry = kept
            changes += 1
        }
        #expect(changes >= (withDeadline ? 50 : 0))
        // Today's, and the next midnight's that each change search looks at: twice in all.
        #expect(memo.madeToday <= 2, "today's todos worked out \(memo.madeToday) times for \(changes) changes")
    }
}
