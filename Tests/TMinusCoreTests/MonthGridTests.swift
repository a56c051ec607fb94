import Testing
@testable import TMinusCore

/// `tminus cal`'s model: the weeks of a month for either first weekday, ISO week numbers, and a
/// mark exactly on the days the agenda lists items (overdue ones on the day they were due), in
/// the colour of the most urgent.
struct MonthGridTests {
    @Test func weeksStartOnTheFirstWeekday() {
        let none: [Item] = []
        func grid(_ y: Int, _ m: Int, _ first: Int) -> MonthGrid {
            MonthGrid(
                year: y, month: m, firstWeekday: first, items: none, now: at("2026-11-26T12:00:00Z"), zone: .utc,
                isEvent: { _ in false }, color: { _ in nil })
        }
        // November 2026 begins on a Sunday.
        let monday = grid(2026, 11, 1)
        #expect(monday.weeks.count == 6 && monday.weeks[0] == Array(repeating: nil, count: 6) + [day(2026, 11, 1)])
        #expect(monday.weeks[5][0] == day(2026, 11, 30) && monday.weeks[5].dropFirst().allSatisfy { $0 == nil })
        let sunday = grid(2026, 11, 0)
        #expect(sunday.weeks.count == 5 && sunday.weeks[0][0] == day(2026, 11, 1))
        // Every month of two years: each day once, in order, in its weekday's column, rows of seven.
        for y in [2026, 2028] {
            for m in 1...12 {
                for first in [0, 1, 6] {
                    let g = grid(y, m, first)
                    #expect(g.weeks.allSatisfy { $0.count == 7 })
                    let days = g.weeks.flatMap { $0 }.compactMap { $0 }
                    #expect(days == (1...CivilDate.daysInMonth(year: y, month: m)).map { day(y, m, $0) })
                    for row in g.weeks {
                        for (c, d) in row.enumerated() { if let d { #expect((d.weekday - first + 7) % 7 == c) } }
                    }
                }
            }
        }
    }

    @Test(arguments: [
        (day(2026, 1, 1), 1), (day(2025, 12, 29), 1), (day(2026, 12, 28), 53), (day(2027, 1, 3), 53),
        (day(2027, 1, 4), 1),
        (day(2021, 1, 3), 53), (day(2024, 12, 30), 1), (day(2020, 12, 31), 53), (day(2026, 11, 26), 48),
        (day(2028, 1, 1), 52)
    ])
    func isoWeekNumbers(date: CivilDate, week: Int) {
        #expect(MonthGrid.isoWeek(date) == week, "\(date)")
    }

    @Test(arguments: ["America/Los_Angeles", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu"])
    func marksAreTheAgendasDays(_ name: String) throws {
        let zone = try systemZone(name)
        let today = day(2026, 11, 26)
        let now = zone.instant(LocalDateTime(date: today, hour: 10, minute: 0))
        func item(_ title: String, _ due: Due?, handle: Int, priority: Priority = .none, tag: String? = nil) -> Item {
            var i = Item(kind: .todo, id: uuid(String(handle)), handle: handle, title: title, due: due)
            i.priority = priority
            i.tag = tag
            return i
        }
        let colors = ["red": "#ff0000", "blue": "#0000ff"]
        let items = [
            item("Late", .day(day(2026, 11, 3)), handle: 1, tag: "blue"),
            item("Older late", .day(day(2026, 10, 30)), handle: 2),
            item("Today low", .instant(zone.instant(LocalDateTime(date: today, hour: 18))), handle: 3, tag: "blue"),
            item("Today high", .day(today), handle: 4, priority: .high, tag: "red"),
            item("Next month", .day(day(2026, 12, 2)), handle: 5),
            item(
                "Later", .instant(zone.instant(LocalDateTime(date: day(2026, 11, 30), hour: 23, minute: 30))), handle: 6
            ),
            item("Undated", nil, handle: 7)
        ]
        let g = MonthGrid(
            year: 2026, month: 11, firstWeekday: 1, items: items, now: now, zone: zone,
            isEvent: { _ in false }, color: { $0.tag.flatMap { colors[$0] } })
        #expect(
            g.marks == [
                day(2026, 11, 3): .init(count: 1, color: "#0000ff"),
                today: .init(count: 2, color: "#ff0000"),
                day(2026, 11, 30): .init(count: 1, color: nil)
            ], "\(name)")
    }
}
