import Foundation
import Testing
import TMinusCore

/// Todos with a time on the bar (docs/countdown.md): with nothing else holding it, the next timed
/// todo of today counts down; an open overdue todo sets the state `overdue`, whatever is shown.
/// Thursday 2026-11-26 in Berlin (UTC+1).
@Suite("CLI: timed and overdue todos on the bar")
struct CLITimedTodoTests {
    static func home() throws -> TempHome {
        let h = try TempHome()
        h.now = "2026-11-26T08:00:00Z"
        return h
    }

    @Test func theNextTimedTodoOfTodayCountsDownWhenNothingElseHoldsTheBar() throws {
        let h = try Self.home()
        try h.ok("todo", "Call mom", "--due", "2026-11-26T17:00")
        let at1630 = try h.ok(["show", "--format", "plain"], now: "2026-11-26T15:30:00Z").stdout
        #expect(at1630 == "Call mom 30:00 · 1 todo\n", "\(at1630)")
        let json = try h.ok(["show", "--format", "json"], now: "2026-11-26T15:30:00Z").stdout
        #expect(json.contains(#""title":"Call mom""#) && json.contains(#""remaining":1800"#), "\(json)")
        // A later one takes over once the first is due; a deadline ahead wins.
        try h.ok("todo", "Pick up parcel", "--due", "2026-11-26T19:00")
        #expect(
            try h.ok(["show", "--format", "plain"], now: "2026-11-26T17:00:00Z").stdout.hasPrefix(
                "Pick up parcel 1h 00m"))
        try h.ok("add", "Thesis", "--due", "2026-11-27T17:00")
        #expect(try h.ok(["show", "--format", "plain"], now: "2026-11-26T15:30:00Z").stdout.hasPrefix("Thesis "))
    }

    @Test func theTimelineHandsOverFromTheTodoAtItsDue() throws {
        let h = try Self.home()
        try h.ok("todo", "Call mom", "--due", "2026-11-26T17:00")
        let out = try h.ok(
            ["timeline", "--from", "2026-11-26T16:58", "--until", "2026-11-26T17:01"], now: "2026-11-26T15:58:00Z"
        )
        .stdout
        let entries = try #require(try JSONParser.parse(Array(out.utf8))["entries"]?.arrayValue)
        let last = try #require(entries.last)
        #expect(last["date"]?.stringValue == "2026-11-26T17:00:00+01:00")
        #expect(last["state"]?.stringValue == "overdue")
        #expect(entries.first?["deadline"]?["title"]?.stringValue == "Call mom")
    }

    @Test func anOverdueTodoSetsTheStateOverdueWhateverTheBarShows() throws {
        let h = try Self.home()
        try h.ok("todo", "Call mom", "--due", "2026-11-26T18:00")
        let waybar = try h.ok(["show", "--format", "waybar"], now: "2026-11-26T17:30:00Z").stdout
        let object = try JSONParser.parse(Array(waybar.utf8))
        #expect(object["class"]?.arrayValue?.first?.stringValue == "overdue", "\(waybar)")
        #expect(object["alt"]?.stringValue == "overdue", "\(waybar)")
        // i3blocks: the overdue colour, and urgent (exit 33).
        let i3 = try h.run(["show", "--format", "i3blocks"], now: "2026-11-26T17:30:00Z")
        #expect(i3.status == 33 && i3.stdout.hasSuffix("#d08770\n"), "\(i3)")
        // With a deadline shown, its countdown stays and the state is still overdue.
        try h.ok("add", "Thesis", "--due", "2026-11-28T17:00")
        let shown = try h.ok(["show", "--format", "waybar"], now: "2026-11-26T17:30:00Z").stdout
        let o = try JSONParser.parse(Array(shown.utf8))
        #expect(
            o["alt"]?.stringValue == "overdue" && o["text"]?.stringValue?.hasPrefix("Thesis 1d") == true, "\(shown)")
        // Done: the state is the deadline's again.
        try h.ok(["done", "1"], now: "2026-11-26T17:30:00Z")
        let after = try h.ok(["show", "--format", "waybar"], now: "2026-11-26T17:31:00Z").stdout
        #expect(try JSONParser.parse(Array(after.utf8))["alt"]?.stringValue == "normal", "\(after)")
    }
}
