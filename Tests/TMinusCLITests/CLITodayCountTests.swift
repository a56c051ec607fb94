import Foundation
import Testing
import TMinusCore

/// Today's todos are those due today and the overdue ones (docs/countdown.md): undated ones follow
/// in the tooltip under their own heading and are not counted unless `countUndated` says so.
@Suite("CLI: today's todo count")
struct CLITodayCountTests {
    static func home() throws -> TempHome {
        let h = try TempHome()
        h.now = "2026-11-26T08:00:00Z"
        try h.ok("add", "Thesis", "--due", "2026-11-27T17:00")
        try h.ok("todo", "Buy milk", "--due", "2026-11-26")
        try h.ok("todo", "Call mom", "--due", "2026-11-26T18:00")
        for n in 1...5 { try h.ok("todo", "Someday \(n)") }
        return h
    }

    @Test func undatedTodosAreListedApartAndNotCounted() throws {
        let h = try Self.home()
        #expect(try h.ok("show", "--format", "plain").stdout == "Thesis 1d 8h · 2 todos\n")
        let large = try h.ok("show", "--format", "plain", "--family", "large").stdout
        #expect(large.contains("• 18:00 Call mom\n• Buy milk\nSomeday\n• Someday 1\n"), "\(large)")
        let json = try h.ok("show", "--format", "json").stdout
        #expect(json.contains(#""todoCount":2"#), "\(json)")
    }

    @Test func countUndatedCountsThem() throws {
        let h = try Self.home()
        try h.writeConfig(#"{ "countUndated": true }"#)
        #expect(try h.ok("show", "--format", "plain").stdout == "Thesis 1d 8h · 7 todos\n")
    }

    @Test func onlyUndatedTodosSayNoneToday() throws {
        let h = try TempHome()
        h.now = "2026-11-26T08:00:00Z"
        try h.ok("todo", "Someday 1")
        #expect(try h.ok("show", "--format", "plain").stdout == "no deadlines\n")
        let large = try h.ok("show", "--format", "plain", "--family", "large").stdout
        #expect(large.contains("No todos today\nSomeday\n• Someday 1"), "\(large)")
    }
}
