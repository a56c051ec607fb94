import Foundation
import Testing

/// The state an overdue todo gives the bar: `overdue` over a deadline days away or nothing, but a
/// deadline minutes away (critical) or just over keeps its red state. Thursday 26 Nov 2026, 15:00
/// UTC.
@Suite("CLI: the overdue state beside a deadline")
struct CLIOverdueStateTests {
    func waybarClass(dueIn minutes: Int) throws -> String {
        let h = try TempHome()
        h.now = "2026-11-26T12:00:00Z"
        let due = ISO8601DateFormatter().string(
            from: ISO8601DateFormatter().date(from: "2026-11-26T15:00:00Z")!.addingTimeInterval(Double(minutes) * 60))
        try h.ok("add", "Thesis", "--due", due)
        try h.ok("todo", "Call mom", "--due", "2026-11-26T13:00:00Z")
        h.now = "2026-11-26T15:00:00Z"
        let out = h.inProcess(["show", "--format", "waybar"]).stdout
        let json = try #require(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any], "\(out)")
        // (Waybar's class is a list: the state, and the tag's class where there is one.)
        return try #require((json["class"] as? [String])?.first, "\(out)")
    }

    @Test func overdueOutranksADeadlineDaysAway() throws {
        #expect(try waybarClass(dueIn: 3 * 24 * 60) == "overdue")
        #expect(try waybarClass(dueIn: 12 * 60) == "overdue")
    }

    @Test func aCriticalOrOverDeadlineStaysRed() throws {
        #expect(try waybarClass(dueIn: 30) == "critical")
        #expect(try waybarClass(dueIn: -10) == "over")
    }
}
