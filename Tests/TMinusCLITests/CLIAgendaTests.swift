import Foundation
import Testing
import TMinusCore

/// `tminus agenda` as a user runs it on their own items and their calendars and todo.txt
/// (SourcesFixture: Tuesday 2026-03-10 13:00 in Berlin): every open item once, under its day, in
/// order; `--json` says the same.
@Suite("CLI: agenda")
struct CLIAgendaTests {
    /// The text as (heading, lines of items).
    func sections(_ text: String) -> [(heading: String, rows: [String])] {
        var out: [(heading: String, rows: [String])] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) {
            if line.hasPrefix(" ") { out[out.count - 1].rows.append(line) } else { out.append((line, [])) }
        }
        return out
    }

    func fixture() throws -> SourcesFixture {
        let f = try SourcesFixture()
        try f.h.ok("add", "Thesis", "--due", "2026-12-01T17:00")
        try f.h.ok("add", "Exam", "--due", "2026-03-13T09:00")
        try f.h.ok("todo", "Pay rent", "--due", "2026-03-09")
        try f.h.ok("todo", "Pack", "--due", "2026-03-11")
        return f
    }

    @Test func everyItemOnceUnderItsDayInOrder() throws {
        let f = try fixture()
        let result = f.h.inProcess(["agenda", "--days", "30"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let s = sections(result.stdout)
        // (Nothing is due today, so today has no heading; a recurring event is listed at its
        // next instance, as the bar counts down to it.)
        #expect(
            s.map(\.heading) == [
                "Overdue", "Tomorrow · Wed 11 Mar", "Thu 12 Mar", "Fri 13 Mar", "Fri 20 Mar", "Mon 6 Apr", "No date"
            ],
            "\(result.stdout)")
        let known = [
            "Pay rent", "Pack", "Write report", "Standup", "Call mom", "Exam", "Flight", "Easter Monday",
            "Water plants", "Buy milk"
        ]
        /// The known titles in a section, in its order.
        func titles(_ heading: String) -> [String] {
            let rows: [String] = s.first { $0.heading == heading }?.rows ?? []
            var found: [String] = []
            for row in rows {
                let padded: String = row + " "
                if let t = known.first(where: { padded.contains(" " + $0 + " ") }) { found.append(t) }
            }
            return found
        }
        #expect(titles("Overdue") == ["Pay rent"])
        // Whole days first, then by time: the standup at 09:30 before the report at 17:00.
        #expect(titles("Tomorrow · Wed 11 Mar") == ["Pack", "Standup", "Write report"])
        #expect(s.first { $0.heading == "Tomorrow · Wed 11 Mar" }?.rows.first?.contains("all day") == true)
        #expect(titles("Thu 12 Mar") == ["Call mom"])
        #expect(titles("Fri 13 Mar") == ["Exam"])
        #expect(titles("Fri 20 Mar") == ["Flight"])
        #expect(titles("Mon 6 Apr") == ["Easter Monday"])
        #expect(titles("No date") == ["Water plants", "Buy milk"] || titles("No date") == ["Buy milk", "Water plants"])
        #expect(!result.stdout.contains("Thesis"), "due in December: past the 30 days")
        #expect(!result.stdout.contains("Old chore"), "completed items are not open")
        // Each of these once (the weekly standup: its next instance, once).
        for t in [
            "Pay rent", "Pack", "Write report", "Call mom", "Exam", "Flight", "Easter Monday", "Water plants",
            "Buy milk"
        ] {
            #expect(result.stdout.components(separatedBy: t).count == 2, "\(t)")
        }
        #expect(result.stdout.components(separatedBy: "Standup").count == 2, "the standup's next instance, once")
    }

    @Test func theJSONSaysWhatTheTextSays() throws {
        let f = try fixture()
        let text = f.h.inProcess(["agenda", "--days", "30"]).stdout
        let result = f.h.inProcess(["agenda", "--days", "30", "--json"])
        #expect(result.status == 0)
        let json = try JSONParser.parse(Array(result.stdout.utf8))
        #expect(
            json["from"]?.stringValue == "2026-03-10" && json["days"]?.intValue == 30
                && json["today"]?.stringValue == "2026-03-10")
        let days = try #require(json["agenda"]?.arrayValue)
        #expect(days.count == 30)
        // Its non-empty days are the text's headings, with the same titles in the same order.
        var fromJSON: [(String, [String])] = []
        if let overdue = json["overdue"]?.arrayValue, !overdue.isEmpty {
            fromJSON.append(("Overdue", overdue.compactMap { $0["title"]?.stringValue }))
        }
        for d in days {
            let items = d["items"]?.arrayValue ?? []
            guard !items.isEmpty else { continue }
            fromJSON.append((d["heading"]?.stringValue ?? "?", items.compactMap { $0["title"]?.stringValue }))
            // Each item falls on its day (a whole day: that date; a time: its local date).
            for i in items where i["inProgress"]?.boolValue == false {
                #expect(i["due"]?.stringValue?.hasPrefix(d["date"]?.stringValue ?? "?") == true, "\(i)")
            }
        }
        if let undated = json["undated"]?.arrayValue, !undated.isEmpty {
            fromJSON.append(("No date", undated.compactMap { $0["title"]?.stringValue }))
        }
        let s = sections(text)
        #expect(fromJSON.map(\.0) == s.map(\.heading))
        for ((heading, titles), section) in zip(fromJSON, s) {
            #expect(titles.count == section.rows.count, "\(heading)")
            for (title, row) in zip(titles, section.rows) {
                #expect(row.contains(title), "\(heading): \(title) vs \(row)")
            }
        }
    }

    @Test func anEventUnderWayIsMarkedToday() throws {
        let f = try fixture()
        // Wednesday 09:35 in Berlin: the standup (09:30–09:45) is under way.
        let out = f.h.inProcess(["agenda", "--days", "1"], now: "2026-03-11T08:35:00Z").stdout
        #expect(out.contains("09:30–09:45 now  Standup"), "\(out)")
        #expect(out.hasPrefix("Overdue"))
        let ahead = f.h.inProcess(["agenda", "--from", "2026-03-12", "--days", "2"]).stdout
        #expect(!ahead.contains("Overdue") && !ahead.contains("No date") && ahead.hasPrefix("Thu 12 Mar"), "\(ahead)")
    }

    @Test func badArgumentsSayWhatToDo() throws {
        let f = try fixture()
        let before = f.h.bytes("store.json")
        for args in [["--days", "0"], ["--days", "x"], ["--days", "367"], ["--from", "someday"], ["extra"]] {
            let r = f.h.inProcess(["agenda"] + args)
            #expect(r.status == 2, "\(args): \(r)")
            #expect(r.stdout.isEmpty && r.stderr.split(separator: "\n").count == 1, "\(args): \(r)")
        }
        #expect(f.h.bytes("store.json") == before, "nothing written")
    }
}
