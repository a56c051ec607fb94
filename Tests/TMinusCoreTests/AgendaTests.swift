import Testing
@testable import TMinusCore

/// The agenda's model: every open item once, in its place (overdue, a day, under way today,
/// undated), whole days first and then by time in each day, in the project's four zones and
/// across their DST changes.
struct AgendaTests {
    static let zones = ["America/Los_Angeles", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu"]

    func item(
        _ title: String, _ kind: Item.Kind = .todo, due: Due? = nil, end: Instant? = nil,
        source: String = Item.ownSource,
        handle: Int, completed: Bool = false
    ) -> Item {
        var i = Item(kind: kind, id: uuid(title), handle: handle, title: title, due: due, source: source)
        i.end = end
        if completed { i.completed = Instant(0) }
        return i
    }

    /// Where each title lands: "overdue", "undated", a date, or "date now" (under way).
    func places(_ a: Agenda) -> [String: String] {
        var out: [String: String] = [:]
        func put(_ title: String, _ place: String) {
            #expect(out[title] == nil, "\(title) listed twice")
            out[title] = place
        }
        for i in a.overdue { put(i.title, "overdue") }
        for i in a.undated { put(i.title, "undated") }
        for d in a.days { for r in d.rows { put(r.item.title, d.date.description + (r.inProgress ? " now" : "")) } }
        return out
    }

    @Test(arguments: zones) func everyItemOnceInItsPlace(_ name: String) throws {
        let zone = try systemZone(name)
        let today = day(2026, 11, 26)
        let now = zone.instant(LocalDateTime(date: today, hour: 10, minute: 0))
        func local(_ d: CivilDate, _ h: Int, _ m: Int = 0) -> Instant {
            zone.instant(LocalDateTime(date: d, hour: h, minute: m))
        }
        let items = [
            item("Late todo", due: .day(today.adding(days: -2)), handle: 1),
            item("Missed deadline", .deadline, due: .instant(local(today, 9)), handle: 2),
            item(
                "Meeting over", .deadline, due: .instant(local(today, 8)), end: local(today, 9), source: "cal",
                handle: 3),
            item(
                "Meeting now", .deadline, due: .instant(local(today, 9, 30)), end: local(today, 11), source: "cal",
                handle: 4),
            item(
                "Trip", .deadline, due: .day(today.adding(days: -1)), end: zone.startOfDay(today.adding(days: 2)),
                source: "cal", handle: 5),
            item("Holiday", .deadline, due: .day(today.adding(days: 3)), source: "cal", handle: 6),
            item("Evening", .deadline, due: .instant(local(today, 19)), source: "cal", handle: 7),
            item("Milk", due: .day(today), handle: 8),
            item("Thesis", .deadline, due: .instant(local(today.adding(days: 5), 17)), handle: 9),
            item("Far", due: .day(today.adding(days: 7)), handle: 10),
            item("Someday", handle: 11),
            item("Done", due: .day(today), handle: 12, completed: true)
        ]
        let isEvent: (Item) -> Bool = { $0.source == "cal" }
        let a = Agenda(items, from: today, days: 7, now: now, zone: zone, isEvent: isEvent)
        #expect(
            places(a) == [
                "Late todo": "overdue", "Missed deadline": "overdue",
                "Meeting now": "2026-11-26 now", "Trip": "2026-11-26 now", "Evening": "2026-11-26",
                "Milk": "2026-11-26",
                "Holiday": "2026-11-29", "Thesis": "2026-12-01", "Someday": "undated"
            ], "\(name)")
        #expect(a.days.count == 7 && a.days.first?.date == today && a.days.last?.date == today.adding(days: 6))
        // Whole days first, then by time.
        #expect(a.days[0].rows.map(\.item.title) == ["Trip", "Milk", "Meeting now", "Evening"])
        #expect(a.overdue.map(\.title) == ["Late todo", "Missed deadline"])
        #expect(a.heading(today) == "Today · Thu 26 Nov" && a.heading(today.adding(days: 1)) == "Tomorrow · Fri 27 Nov")
        #expect(a.heading(day(2027, 1, 1)) == "Fri 1 Jan 2027")

        // An agenda of days ahead has no overdue or undated part, nor what is under way now.
        let later = Agenda(items, from: today.adding(days: 3), days: 3, now: now, zone: zone, isEvent: isEvent)
        #expect(places(later) == ["Holiday": "2026-11-29", "Thesis": "2026-12-01"])
        // One that starts yesterday keeps them (it includes today).
        let back = Agenda(items, from: today.adding(days: -1), days: 2, now: now, zone: zone, isEvent: isEvent)
        #expect(
            places(back)["Late todo"] == "overdue" && places(back)["Trip"] == "2026-11-26 now"
                && places(back)["Someday"] == "undated")
    }

    /// Each day of a range across a DST change is one calendar day, and an item at a local time
    /// lands on its local day.
    @Test(arguments: zones) func daysAcrossTheDSTChange(_ name: String) throws {
        let zone = try systemZone(name)
        for from in [
            day(2026, 3, 6), day(2026, 3, 27), day(2026, 4, 2), day(2026, 9, 25), day(2026, 10, 23), day(2026, 10, 30)
        ] {
            let now = zone.startOfDay(from) + 3_600
            let items = (0..<10).map { i in
                item(
                    "At \(i)", .deadline,
                    due: .instant(zone.instant(LocalDateTime(date: from.adding(days: i), hour: 23, minute: 30))),
                    handle: i + 1)
            }
            let a = Agenda(items, from: from, days: 10, now: now, zone: zone, isEvent: { _ in false })
            #expect(a.days.map(\.date) == (0..<10).map { from.adding(days: $0) })
            for (i, d) in a.days.enumerated() { #expect(d.rows.map(\.item.title) == ["At \(i)"], "\(name) \(d.date)") }
        }
    }

    @Test func theRangeIsBounded() {
        let zone = Zone.utc
        let a = Agenda(
            [], from: day(2026, 1, 1), days: 100_000, now: at("2026-01-01T00:00:00Z"), zone: zone,
            isEvent: { _ in false })
        #expect(a.days.count == Agenda.maxDays)
        #expect(
            Agenda(
                [], from: day(2026, 1, 1), days: 0, now: at("2026-01-01T00:00:00Z"), zone: zone, isEvent: { _ in false }
            ).days.count == 1)
    }
}
