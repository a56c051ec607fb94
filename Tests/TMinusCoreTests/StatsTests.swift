import Testing
@testable import TMinusCore

@Suite("Stats")
struct StatsTests {
    @Test func countsCompletedPendingAndOverdue() throws {
        let berlin = try systemZone("Europe/Berlin")
        let stats = Stats(
            open: ListFixture.open, completedDeadlines: 1, completedTodos: 1, now: ListFixture.now, zone: berlin)
        #expect(stats.all == Stats.Counts(completed: 2, pending: 8, overdue: 1))
        #expect(stats.deadlines == Stats.Counts(completed: 1, pending: 3, overdue: 0))
        #expect(stats.todos == Stats.Counts(completed: 1, pending: 5, overdue: 1))
        #expect(stats.starred == 2)
    }

    @Test func overdueGrowsWithTime() throws {
        let berlin = try systemZone("Europe/Berlin")
        // 2026-04-02: passport, call, milk, paper and the tax return are all past due.
        let stats = Stats(
            open: ListFixture.open, completedDeadlines: 0, completedTodos: 0, now: at("2026-04-02T10:00:00Z"),
            zone: berlin)
        #expect(stats.all == Stats.Counts(completed: 0, pending: 8, overdue: 5))
        #expect(stats.deadlines.overdue == 1)
        #expect(stats.todos.overdue == 4)
    }

    @Test func emptyStoreCountsNothing() {
        let stats = Stats(open: [], completedDeadlines: 0, completedTodos: 0, now: ListFixture.now, zone: .utc)
        #expect(stats.all == Stats.Counts())
        #expect(
            JSONWriter.compact(stats.json())
                == #"{"completed":0,"pending":0,"overdue":0,"starred":0,"deadlines":{"completed":0,"pending":0,"overdue":0},"todos":{"completed":0,"pending":0,"overdue":0}}"#
        )
    }

    @Test func jsonHasTheCounts() throws {
        let stats = Stats(
            open: ListFixture.open, completedDeadlines: 1, completedTodos: 1, now: ListFixture.now,
            zone: try systemZone("Europe/Berlin"))
        let json = try JSONParser.parse(JSONWriter.pretty(stats.json()))
        #expect(json["completed"]?.intValue == 2)
        #expect(json["pending"]?.intValue == 8)
        #expect(json["overdue"]?.intValue == 1)
        #expect(json["todos"]?["overdue"]?.intValue == 1)
        #expect(json["deadlines"]?["completed"]?.intValue == 1)
    }
}
