import Foundation
import Testing
import TMinusCore

/// Boomerang's flow: a reminder-only todo waits out of today's list until its reminder comes, a
/// done reminder comes back with `remind --again`, and the reminders are reviewed by the year
/// they were written in.
@Suite("CLI: Boomerang's flow")
struct CLIBoomerangTests {
    @Test func aReminderOnlyTodoWaitsUntilItsReminder() throws {
        let h = try TempHome()
        try h.ok("remind", "Call the plumber", "--in", "2h", now: "2026-03-10T09:00:00Z")
        try h.ok("todo", "Buy milk", now: "2026-03-10T09:00:00Z")
        let before = h.inProcess(["show", "--format", "json"], now: "2026-03-10T10:59:59Z").stdout
        #expect(!before.contains("Call the plumber") && before.contains("Buy milk"), "\(before)")
        #expect(!h.inProcess(["list", "--today"], now: "2026-03-10T10:59:59Z").stdout.contains("Call the plumber"))
        // Its reminder is due: in today's list from that second on, and the bar's timeline says so.
        #expect(
            h.inProcess(["show", "--format", "json"], now: "2026-03-10T11:00:00Z").stdout.contains("Call the plumber"))
        #expect(h.inProcess(["list", "--today"], now: "2026-03-10T11:00:00Z").stdout.contains("Call the plumber"))
        let timeline = try JSONParser.parse(
            Array(try h.ok(["timeline", "--until", "2026-03-10T12:00:00Z"], now: "2026-03-10T10:00:00Z").stdout.utf8))
        #expect(
            timeline["entries"]?.arrayValue?.map { $0["date"]?.stringValue ?? "" } == [
                "2026-03-10T11:00:00+01:00", "2026-03-10T12:00:00+01:00"
            ])
        // The whole list still has it; and the old way on request.
        #expect(h.inProcess(["list"], now: "2026-03-10T10:00:00Z").stdout.contains("Call the plumber"))
        let url = h.root.appendingPathComponent("config/tminus/config.json")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"remindersWait": false}"#.utf8).write(to: url)
        #expect(
            h.inProcess(["show", "--format", "json"], now: "2026-03-10T10:00:00Z").stdout.contains("Call the plumber"))
        try Data(#"{"remindersWait": "no"}"#.utf8).write(to: url)
        #expect(
            h.inProcess(["config", "check"]).stderr.contains("remindersWait: expected true or false, found a string"))
    }

    @Test func aDoneReminderComesBack() throws {
        let h = try TempHome()
        try h.ok("remind", "Water the plants", "--in", "1h", now: "2026-03-10T09:00:00Z")
        try h.ok("done", "Water the plants", now: "2026-03-10T10:30:00Z")
        // Reopened (the same item, not a copy) and armed again in a day.
        let again = try h.ok(["remind", "--again", "Water the plants", "--in", "1d"], now: "2026-03-11T08:00:00Z")
        #expect(
            again.stdout.hasPrefix("reopened #1 Water the plants\nreminder for #1 Water the plants armed again for "),
            "\(again.stdout)")
        let list = try h.ok(["list", "--all", "--json"], now: "2026-03-11T08:00:00Z").stdout
        let items = try JSONParser.parse(Array(list.utf8)).arrayValue ?? []
        #expect(items.count == 1 && items[0]["completed"]?.stringValue == nil, "\(list)")
        // Nothing done by that name: the one-line error.
        let none = try h.run(["remind", "--again", "Nothing like it"], now: "2026-03-11T08:00:00Z")
        #expect(none.status == 2 && none.stderrLines.count == 1, "\(none)")
    }

    @Test func remindersByTheYearTheyWereWritten() throws {
        let h = try TempHome()
        // Written in 2025 for 2026, and in 2026.
        try h.ok(["todo", "Renew the passport", "--remind", "2026-02-01T09:00"], now: "2025-12-20T09:00:00Z")
        try h.ok(["remind", "Book the dentist", "--at", "2026-03-12T09:00"], now: "2026-03-10T09:00:00Z")
        let out = try h.ok(["list", "--reminders", "--by-year"], now: "2026-03-10T09:00:00Z").stdout
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "Written in 2025" && lines.contains("Written in 2026"), "\(out)")
        #expect(lines.firstIndex { $0.contains("Renew the passport") }! < lines.firstIndex(of: "Written in 2026")!)
        // --year keeps the year written, not the reminder's.
        let y2025 = try h.ok(["list", "--reminders", "--year", "2025"], now: "2026-03-10T09:00:00Z").stdout
        #expect(y2025.contains("Renew the passport") && !y2025.contains("Book the dentist"), "\(y2025)")
        #expect(
            try h.run(["list", "--by-year"]).stderr
                == "tminus: --by-year goes with --reminders: tminus list --reminders --by-year\n")
    }
}
