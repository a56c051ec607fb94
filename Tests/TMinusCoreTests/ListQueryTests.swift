import Testing
import TMinusCore

@Suite("ListQuery")
struct ListQueryTests {
    func handles(_ configure: (inout ListQuery) -> Void) throws -> [Int] {
        var q = ListQuery()
        configure(&q)
        let berlin = try systemZone("Europe/Berlin")
        return q.apply(to: ListFixture.open + ListFixture.completed, now: ListFixture.now, zone: berlin).map(\.handle)
    }

    @Test func defaultIsEveryOpenItemByDue() throws {
        // Overdue passport, call at 18:00, milk at the end of today, paper, tax, thesis, talk, then the undated bike.
        #expect(try handles { _ in } == [6, 5, 4, 7, 2, 1, 3, 8])
    }

    @Test func allAddsCompletedItems() throws {
        #expect(try handles { $0.includeCompleted = true } == [10, 9, 6, 5, 4, 7, 2, 1, 3, 8])
    }

    @Test func kinds() throws {
        #expect(try handles { $0.kind = .deadlines } == [2, 1, 3])
        #expect(try handles { $0.kind = .todos } == [6, 5, 4, 7, 8])
        #expect(
            try handles {
                $0.kind = .todos; $0.includeCompleted = true
            } == [9, 6, 5, 4, 7, 8])
    }

    @Test func filters() throws {
        #expect(try handles { $0.today = true } == [6, 5, 4, 8], "as the bar: due today, overdue, undated")
        #expect(try handles { $0.week = true } == [5, 4, 7])
        #expect(try handles { $0.overdue = true } == [6])
        #expect(
            try handles {
                $0.overdue = true; $0.includeCompleted = true
            } == [6])
        #expect(try handles { $0.starred = true } == [4, 7])
        #expect(try handles { $0.tag = "work" } == [2, 3])
        #expect(try handles { $0.tag = "STUDY" } == [7, 1])
        #expect(
            try handles {
                $0.tag = "errand"; $0.includeCompleted = true
            } == [9, 4])
        #expect(try handles { $0.search = "paper" } == [7])
        #expect(try handles { $0.search = "FLAT" } == [8])
        #expect(try handles { $0.search = "o" } == [6, 5, 2, 3])
        #expect(try handles { $0.year = 2027 } == [3])
        #expect(
            try handles {
                $0.year = 2025; $0.includeCompleted = true
            } == [10])
        // Filters combine.
        #expect(
            try handles {
                $0.week = true; $0.starred = true
            } == [4, 7])
        #expect(
            try handles {
                $0.kind = .deadlines; $0.tag = "work"; $0.year = 2026
            } == [2])
        #expect(
            try handles {
                $0.today = true; $0.tag = "work"
            } == [])
    }

    @Test func overdueTurnsAtTheDueInstant() throws {
        let berlin = try systemZone("Europe/Berlin")
        let call = ListFixture.open[4]
        #expect(!ListQuery.isOverdue(call, now: at("2026-03-10T16:59:59Z"), zone: berlin))
        #expect(ListQuery.isOverdue(call, now: at("2026-03-10T17:00:00Z"), zone: berlin))
        // A whole day is overdue from the next local midnight.
        let milk = ListFixture.open[3]
        #expect(!ListQuery.isOverdue(milk, now: at("2026-03-10T22:59:59Z"), zone: berlin))
        #expect(ListQuery.isOverdue(milk, now: at("2026-03-10T23:00:00Z"), zone: berlin))
        #expect(!ListQuery.isOverdue(ListFixture.completed[0], now: ListFixture.now, zone: berlin))
        #expect(!ListQuery.isOverdue(ListFixture.open[7], now: ListFixture.now, zone: berlin))
    }

    @Test(arguments: [
        (ListQuery.Sort.due, [6, 5, 4, 7, 2, 1, 3, 8]),
        (.created, [4, 6, 2, 8, 1, 7, 5, 3]),
        (.title, [4, 5, 3, 8, 7, 6, 2, 1]),
        // Priority, then starred first, then due.
        (.priority, [4, 5, 6, 7, 2, 1, 3, 8])
    ])
    func sorts(sort: ListQuery.Sort, expected: [Int]) throws {
        #expect(try handles { $0.sort = sort } == expected)
    }

    @Test func dueTiesBreakByPriorityThenHandle() throws {
        let c = at("2026-03-01T00:00:00Z")
        let items: [Item] = [
            Item(kind: .todo, id: "id-1", handle: 1, title: "a", due: .day(day(2026, 3, 12)), created: c),
            Item(
                kind: .todo, id: "id-2", handle: 2, title: "b", due: .day(day(2026, 3, 12)), created: c, priority: .high
            ),
            Item(kind: .todo, id: "id-3", handle: 3, title: "c", due: .day(day(2026, 3, 12)), created: c)
        ]
        #expect(ListQuery().apply(to: items, now: ListFixture.now, zone: .utc).map(\.handle) == [2, 1, 3])
    }
}
