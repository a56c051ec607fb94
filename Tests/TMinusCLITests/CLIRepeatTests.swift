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

/// `done` and `undo` on a repeating item of one's own.
@Suite("CLI: done on a repeating item")
struct CLIRepeatDoneTests {
    func items(_ h: TempHome) throws -> [JSON] { try h.list("--all") }
    func open(_ h: TempHome, _ handle: Int = 1) throws -> JSON? {
        try h.list().first { $0["handle"]?.intValue == handle }
    }

    @Test func doneBringsTheNextAndUndoPutsItBack() throws {
        let h = try TempHome()
        try h.ok("todo", "Water plants", "--due", "2026-03-12", "--repeat", "weekly", "--remind", "2026-03-12T08:00")
        let before = try open(h)
        let done = h.inProcess(["done", "1"])
        #expect(done.status == 0, "\(done.stderr)")
        #expect(done.stdout == "done #1 Water plants; next due Thu 2026-03-19\n", "\(done.stdout)")
        let next = try open(h)
        #expect(next?["due"]?.stringValue == "2026-03-19")
        #expect(next?["remind"]?.stringValue == "2026-03-19T08:00:00+01:00")
        #expect(next?["rrule"]?.stringValue == "FREQ=WEEKLY")
        // The instance done is in the history, with its own due.
        let completed = try items(h).filter { $0["completed"]?.boolValue == true }
        #expect(completed.map { $0["due"]?.stringValue } == ["2026-03-12"])
        // A second instance, then two undos, each putting back the one before.
        try h.ok("done", "1")
        #expect(try open(h)?["due"]?.stringValue == "2026-03-26")
        let doctor = h.inProcess(["doctor"])
        #expect(doctor.status == 0, "\(doctor.stdout)\(doctor.stderr)")
        try h.ok("undo", "1")
        #expect(try open(h)?["due"]?.stringValue == "2026-03-19")
        let undo = h.inProcess(["undo", "1"])
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(try open(h) == before)
        #expect(try items(h).count == 1)
    }

    @Test func aTimedSeriesKeepsItsWallClockTimeAcrossSummerTime() throws {
        let h = try TempHome()
        // Berlin goes to summer time on Sunday 29 March 2026.
        try h.ok("add", "Timesheet", "--due", "2026-03-27T17:00", "--repeat", "weekly")
        try h.ok("done", "1")
        #expect(try open(h)?["due"]?.stringValue == "2026-04-03T17:00:00+02:00")
    }

    @Test func weekdaysSkipTheWeekend() throws {
        let h = try TempHome()
        try h.ok("todo", "Standup notes", "--due", "2026-03-13T09:30", "--repeat", "weekdays")
        try h.ok("done", "1")
        #expect(try open(h)?["due"]?.stringValue == "2026-03-16T09:30:00+01:00")
    }

    @Test(
        "COUNT and UNTIL end the series: done on the last instance completes it for good",
        arguments: ["FREQ=DAILY;COUNT=2", "FREQ=DAILY;UNTIL=20260313"])
    func theSeriesEnds(rule: String) throws {
        let h = try TempHome()
        try h.ok("todo", "Pills", "--due", "2026-03-12", "--repeat", rule)
        let first = h.inProcess(["done", "1"])
        #expect(first.stdout.hasSuffix("; next due Fri 2026-03-13\n"), "\(first.stdout)")
        let last = h.inProcess(["done", "1"])
        #expect(last.stdout == "done #1 Pills\n", "\(last.stdout)")
        #expect(try open(h) == nil)
        #expect(try items(h).compactMap { $0["due"]?.stringValue }.sorted() == ["2026-03-12", "2026-03-13"])
        // Undo brings the last instance back, and a COUNT as it was.
        try h.ok("undo", "1")
        #expect(try open(h)?["due"]?.stringValue == "2026-03-13")
        #expect(try open(h)?["rrule"]?.stringValue == (rule.contains("COUNT") ? "FREQ=DAILY;COUNT=1" : rule))
    }
}

/// How `list`, `item`, `agenda` and `cal` show a repeating item.
@Suite("CLI: repeating items shown")
struct CLIRepeatShownTests {
    func home() throws -> TempHome {
        let h = try TempHome()
        try h.ok("todo", "Water plants", "--due", "2026-03-12", "--repeat", "weekly")
        try h.ok("todo", "Milk", "--due", "2026-03-12")
        return h
    }

    @Test func listAndItemSayItRepeats() throws {
        let h = try home()
        let list = h.inProcess(["list"]).stdout
        #expect(list.contains("Water plants ↻\n") && list.contains("Milk\n"), "\(list)")
        let item = h.inProcess(["item", "1"]).stdout.split(separator: "\n").map(String.init)
        #expect(item.contains { $0.hasPrefix("  repeats:") && $0.hasSuffix(" weekly") }, "\(item)")
        try h.ok("edit", "1", "--repeat", "FREQ=MONTHLY;BYDAY=-1FR")
        let raw = h.inProcess(["item", "1"]).stdout
        #expect(raw.contains(" FREQ=MONTHLY;BYDAY=-1FR\n"), "\(raw)")
        #expect(!h.inProcess(["item", "2"]).stdout.contains("repeats"))
    }

    @Test func agendaShowsTheNextInstancesWithinItsDays() throws {
        let h = try home()
        let agenda = h.inProcess(["agenda", "--days", "16"]).stdout
        // Thursday 12, 19 and 26 March; the 26th is past the 16 days from Tuesday the 10th.
        #expect(agenda.components(separatedBy: "Water plants ↻").count == 3, "\(agenda)")
        #expect(agenda.components(separatedBy: "Milk").count == 2, "\(agenda)")
        let json = try JSONSerialization.jsonObject(
            with: Data(h.inProcess(["agenda", "--days", "16", "--json"]).stdout.utf8))
        let days = (json as? [String: Any])?["agenda"] as? [[String: Any]] ?? []
        let dates = days.filter { d in
            (d["items"] as? [[String: Any]] ?? []).contains { $0["title"] as? String == "Water plants" }
        }.compactMap { $0["date"] as? String }
        #expect(dates == ["2026-03-12", "2026-03-19"], "\(days)")
    }

    @Test func calMarksEachInstanceOfTheMonth() throws {
        let h = try home()
        let json = try JSONSerialization.jsonObject(with: Data(h.inProcess(["cal", "--json"]).stdout.utf8))
        let days = (json as? [String: Any])?["days"] as? [[String: Any]] ?? []
        let marked = days.compactMap { d in (d["items"] as? Int ?? 0) > 0 ? d["date"] as? String : nil }
        #expect(marked == ["2026-03-12", "2026-03-19", "2026-03-26"], "\(days)")
        // April's: 2, 9, 16, 23, 30.
        let april = try JSONSerialization.jsonObject(with: Data(h.inProcess(["cal", "2026-04", "--json"]).stdout.utf8))
        let aprilDays = (april as? [String: Any])?["days"] as? [[String: Any]] ?? []
        #expect(aprilDays.filter { ($0["items"] as? Int ?? 0) > 0 }.count == 5, "\(aprilDays)")
    }
}

/// A repeating item added to a calendar keeps its rule there as the task's RRULE.
@Suite("CLI: repeating items in a calendar")
struct CLIRepeatCalendarTests {
    func file(_ f: SourcesFixture, _ title: String) throws -> String {
        let folder = f.vdir.appendingPathComponent("work").path
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder).first {
                f.text("calendars/work/" + $0).contains("SUMMARY:\(title)")
            })
        return "calendars/work/" + name
    }

    @Test func addToACalendarWritesTheRule() throws {
        let f = try SourcesFixture()
        try f.h.ok("todo", "Bins out", "--due", "2026-03-12", "--repeat", "every 2 weeks", "--to", "cal")
        let bins = try file(f, "Bins out")
        #expect(
            f.text(bins).contains("\r\nDUE;VALUE=DATE:20260312\r\nRRULE:FREQ=WEEKLY;INTERVAL=2\r\n"), "\(f.text(bins))")
        try f.h.ok("add", "Rent", "--due", "2026-03-31T12:00", "--repeat", "FREQ=MONTHLY;BYMONTHDAY=-1", "--to", "cal")
        let rent = try file(f, "Rent")
        #expect(f.text(rent).contains("\r\nDUE:20260331T100000Z\r\nRRULE:FREQ=MONTHLY;BYMONTHDAY=-1\r\n"))
        // done there moves the task on, as the calendar's own recurring tasks do; undo moves it back.
        let handle = try #require(try f.items()["Bins out"]?["handle"]?.intValue)
        try f.h.ok("done", String(handle))
        #expect(f.text(bins).contains("\r\nDUE;VALUE=DATE:20260326\r\n"), "\(f.text(bins))")
        #expect(try f.items()["Bins out"]?["due"]?.stringValue == "2026-03-26")
        try f.h.ok("undo", String(handle))
        #expect(f.text(bins).contains("\r\nDUE;VALUE=DATE:20260312\r\n"), "\(f.text(bins))")
    }

    @Test(
        "--repeat where the source cannot keep it is refused, nothing written",
        arguments: [
            (["todo", "X", "--due", "2026-03-12", "--repeat", "weekly", "--to", "txt"], "--repeat is kept with"),
            (["edit", "Write report", "--repeat", "weekly"], "change the rule where the item comes from")
        ])
    func refused(args: [String], message: String) throws {
        let f = try SourcesFixture()
        let before = (f.text("todo.txt"), f.text("calendars/work/report.ics"))
        let bad = f.h.inProcess(args)
        #expect(bad.status == 2 && bad.stderr.contains(message), "\(bad.stderr)")
        #expect(f.text("todo.txt") == before.0 && f.text("calendars/work/report.ics") == before.1)
    }
}

/// todo.txt `rec:` as SimpleTask and topydo read it. Each expected next line is what topydo 0.16
/// (PyPI, an independent implementation) appended on `topydo do N` of the same line with its
/// clock at 2026-03-10 (under faketime): tminus's must be byte for byte the same.
@Suite("CLI: todo.txt rec:")
struct CLIRepeatTodoTxtTests {
    @Test(
        "done appends the next line, every other byte kept",
        arguments: [
            // rec:1w from the completion day; t: keeps its distance to due:; the creation date is the day done.
            (
                "(A) 2026-03-01 Water ferns +home due:2026-03-12 t:2026-03-10 rec:1w", "Water ferns",
                "(A) 2026-03-10 Water ferns +home due:2026-03-17 t:2026-03-15 rec:1w"
            ),
            // rec:+1m from its own due day (31 March: the month's last day).
            ("Pay rent due:2026-03-31 rec:+1m", "Pay rent", "2026-03-10 Pay rent due:2026-04-30 rec:+1m"),
            // No due day: one is added.
            ("Stretch rec:2d", "Stretch", "2026-03-10 Stretch rec:2d due:2026-03-12"),
            // Business days: Friday 13 + 3 is Wednesday 18; Tuesday 10 + 1 is Wednesday 11.
            ("Report due:2026-03-13 rec:+3b", "Report", "2026-03-10 Report due:2026-03-18 rec:+3b"),
            ("Gym rec:1b", "Gym", "2026-03-10 Gym rec:1b due:2026-03-11")
        ])
    func doneAppendsTheNext(line: String, title: String, next: String) throws {
        let f = try SourcesFixture()
        let before = "First line\r\n\(line)\r\nLast line, no break"
        try f.write("todo.txt", before)
        let done = f.h.inProcess(["done", title])
        #expect(done.status == 0, "\(done.stderr)")
        let after = f.text("todo.txt")
        let completed = line.hasPrefix("(A) ") ? "x 2026-03-10 " + line.dropFirst(4) + " pri:A" : "x 2026-03-10 " + line
        #expect(after == "First line\r\n\(completed)\r\nLast line, no break\r\n\(next)\r\n", "\(after)")
        // The next one is open in tminus (the done one is not).
        let open = try f.items().values.filter {
            $0["source"]?.stringValue == "txt" && $0["title"]?.stringValue == title
        }
        #expect(open.count == 1, "\(open)")
    }

    @Test func aLineWithoutRecIsOnlyDone() throws {
        let f = try SourcesFixture()
        try f.write("todo.txt", "Call mom due:2026-03-12\n")
        try f.h.ok("done", "Call mom")
        #expect(f.text("todo.txt") == "x 2026-03-10 Call mom due:2026-03-12\n")
    }
}

extension CLIRepeatTodoTxtTests {
    @Test func undoTakesTheNextLineAwayAgain() throws {
        let f = try SourcesFixture()
        let before = "(B) 2026-03-01 Water ferns due:2026-03-12 rec:+1w\r\nOther\r\n"
        try f.write("todo.txt", before)
        try f.h.ok("done", "Water ferns")
        #expect(f.text("todo.txt").hasSuffix("\r\n(B) 2026-03-10 Water ferns due:2026-03-19 rec:+1w\r\n"))
        let handle = try #require(
            try f.h.list("--all").first {
                $0["title"]?.stringValue == "Water ferns" && $0["completed"]?.boolValue == true
            }?["handle"]?.intValue)
        try f.h.ok("undo", String(handle))
        #expect(f.text("todo.txt") == before)
    }
}

extension CLIRepeatTodoTxtTests {
    /// A Latin-1 line is only marked done: its next line would have to be written in UTF-8.
    @Test func aLineThatIsNotUTF8IsOnlyDone() throws {
        let f = try SourcesFixture()
        let path = f.root.appendingPathComponent("todo.txt")
        try Data("Caf".utf8 + [0xE9] + " bill rec:1w\n".utf8).write(to: path)
        let handle = try #require(
            try f.items().values.first { $0["title"]?.stringValue?.hasPrefix("Caf") == true }?["handle"]?.intValue)
        try f.h.ok("done", String(handle))
        let after = try Data(contentsOf: path)
        #expect(after == Data("x 2026-03-10 Caf".utf8 + [0xE9] + " bill rec:1w\n".utf8), "\(Array(after))")
    }
}
