import Foundation
import Testing
import TMinusCore

/// Repeating items of one's own (`--repeat` on add, todo and edit; docs/commands.md, "Repeating
/// items"), run as a user would: in-process, against a temporary home, the clock frozen on
/// Tuesday 10 March 2026, 13:00 in Berlin.
@Suite("CLI: repeating items")
struct CLIRepeatTests {
    func rule(_ h: TempHome, _ handle: Int) throws -> String? {
        try h.list("--all").first { $0["handle"]?.intValue == handle }?["rrule"]?.stringValue
    }

    @Test(
        "each phrase is kept as its RRULE",
        arguments: [
            ("daily", "FREQ=DAILY"), ("weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"), ("weekly", "FREQ=WEEKLY"),
            ("Monthly", "FREQ=MONTHLY"), ("yearly", "FREQ=YEARLY"), ("every 2 weeks", "FREQ=WEEKLY;INTERVAL=2"),
            ("every 3 days", "FREQ=DAILY;INTERVAL=3"), ("every 1 month", "FREQ=MONTHLY"),
            ("every 6 months", "FREQ=MONTHLY;INTERVAL=6"),
            ("FREQ=WEEKLY;BYDAY=MO,WE", "FREQ=WEEKLY;BYDAY=MO,WE"),
            ("rrule:freq=monthly;bymonthday=-1;count=12;", "FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=12")
        ])
    func phrases(phrase: String, expected: String) throws {
        let h = try TempHome()
        let added = h.inProcess(["todo", "Water plants", "--due", "2026-03-12", "--repeat", phrase])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try rule(h, 1) == expected)
        let deadline = h.inProcess(["add", "Report", "--due", "2026-03-13T17:00", "--repeat", phrase])
        #expect(deadline.status == 0, "\(deadline.stderr)")
        #expect(try rule(h, 2) == expected)
    }

    @Test func editSetsAndEndsIt() throws {
        let h = try TempHome()
        try h.ok("todo", "Bins", "--due", "2026-03-12")
        #expect(try rule(h, 1) == nil)
        let set = h.inProcess(["edit", "1", "--repeat", "every 2 weeks"])
        #expect(
            set.status == 0 && set.stdout == "updated #1 Bins, repeats every 2 weeks\n", "\(set.stdout)\(set.stderr)")
        #expect(try rule(h, 1) == "FREQ=WEEKLY;INTERVAL=2")
        let none = h.inProcess(["edit", "1", "--repeat", "none"])
        #expect(none.status == 0, "\(none.stderr)")
        #expect(try rule(h, 1) == nil)
        // The store keeps the rule as one optional field.
        try h.ok("edit", "1", "--repeat", "weekly")
        let store = String(decoding: h.bytes("store.json") ?? Data(), as: UTF8.self)
        #expect(store.contains(#""rrule":"FREQ=WEEKLY""#), "\(store)")
    }

    @Test(
        "bad input is one line that says what to write, and nothing is stored",
        arguments: [
            (["todo", "X", "--due", "2026-03-12", "--repeat", "fortnightly"], "--repeat takes daily, weekdays"),
            (["todo", "X", "--due", "2026-03-12", "--repeat", "every 2 fortnights"], "days, weeks, months or years"),
            (["todo", "X", "--due", "2026-03-12", "--repeat", "every 0 days"], "a number from 1 to 999"),
            (["todo", "X", "--due", "2026-03-12", "--repeat", "FREQ=HOURLY"], "write e.g. FREQ=WEEKLY;BYDAY=MO,WE"),
            (["todo", "X", "--due", "2026-03-12", "--repeat", "FREQ=WEEKLY;BYDAY=XX"], "write e.g. FREQ=WEEKLY"),
            (["todo", "X", "--repeat", "weekly"], "a repeating todo needs --due WHEN"),
            (["add", "X", "--due", "2026-03-12", "--repeat", "sometimes"], "--repeat takes daily"),
            (["edit", "1", "--repeat", "weekly"], "a repeating item needs a due date"),
            (["edit", "2", "--repeat", "FREQ=YEARLY;COUNT=0"], "--repeat: "),
            (["edit", "2", "--due", "none"], "a repeating item needs a due date")
        ])
    func badInput(args: [String], message: String) throws {
        let h = try TempHome()
        try h.ok("todo", "Undated")
        try h.ok("todo", "Dated", "--due", "2026-03-12", "--repeat", "weekly")
        let before = h.bytes("store.json")
        let bad = h.inProcess(args)
        #expect(bad.status == 2, "\(bad.stdout)")
        #expect(bad.stderr.contains(message) && bad.stderr.split(separator: "\n").count == 1, "\(bad.stderr)")
        #expect(h.bytes("store.json") == before)
    }
}
