import Foundation
import Testing
import TMinusCore

/// Titles in natural order wherever they are ordered (NaturalOrder): numbers by value, case not
/// deciding, ties in their order. Tuesday 2026-03-10 13:00 Berlin.
@Suite("CLI: natural order of titles")
struct CLINaturalOrderTests {
    /// `list --sort title` gave soak 1, Soak 10, Soak 2.
    @Test func listSortsTitlesNaturally() throws {
        let h = try TempHome()
        for title in ["Soak 10", "soak 1", "Soak 2", "SOAK 02", "soak 3"] { try h.ok("todo", title) }
        let titles = try h.list("--sort", "title").compactMap { $0["title"]?.stringValue }
        // (Soak 2 and SOAK 02 are the same number, so a tie: by handle.)
        #expect(titles == ["soak 1", "Soak 2", "SOAK 02", "soak 3", "Soak 10"])
    }

    /// The tooltip's todos due at one time gave Task 1, Task 10, Task 11, Task 2.
    @Test func theTooltipsTodosAtOneTime() throws {
        let h = try TempHome()
        for i in [11, 2, 10, 1, 3] { try h.ok("todo", "Task \(i)", "--due", "2026-03-10T17:00") }
        let large = h.inProcess(["show", "--family", "large"]).stdout
        // (The tooltip's list of todos: its first line is the countdown's, a todo of them now.)
        let tasks = large.split(separator: "\n").filter { $0.hasPrefix("• ") && $0.contains("Task ") }.map {
            String($0[$0.firstRange(of: "Task ")!.lowerBound...])
        }
        #expect(tasks.map { $0.prefix(7) } == ["Task 1", "Task 2", "Task 3", "Task 10", "Task 11"], "\(large)")
    }

    /// `agenda` lists the items of one time by title, and `board` the deadlines of one instant.
    @Test func agendaAndBoard() throws {
        let h = try TempHome()
        for i in [10, 2, 1] { try h.ok("add", "Exam \(i)", "--due", "2026-03-11T09:00") }
        for i in [10, 9] { try h.ok("todo", "Chore \(i)") }
        let agenda = try h.ok("agenda").stdout
        let exams = agenda.split(separator: "\n").filter { $0.contains("Exam") || $0.contains("Chore") }
        #expect(exams.count == 5, "\(agenda)")
        #expect(exams.map { $0.contains("Exam 1") && !$0.contains("Exam 10") } == [true, false, false, false, false])
        let order = ["Exam 1", "Exam 2", "Exam 10", "Chore 9", "Chore 10"]
        for (line, title) in zip(exams, order) {
            #expect(line.hasSuffix(title) || line.contains(title + " "), "\(agenda)")
        }
        let board = h.inProcess(["board"]).stdout.split(separator: "\n").filter { $0.contains("Exam") }
        #expect(
            board.map { $0.split(separator: " ").prefix(2).joined(separator: " ") } == ["Exam 1", "Exam 2", "Exam 10"])
    }

    /// The grouped notification of a flood listed Flood 0, Flood 1, Flood 10, Flood 100.
    @Test func aGroupedNotificationListsTitlesNaturally() throws {
        let n = try CLIReminderRateTests.home()
        var deadlines: [String] = []
        for i in 0...120 {
            deadlines.append(
                #"{"id":"f\#(i)","handle":\#(i + 1),"title":"Flood \#(i)","due":"2026-03-10T13:00:00Z","remind":"2026-03-10T12:00:00Z"}"#
            )
        }
        let phone =
            #"{"format":"tminus-summary","version":1,"generated":"2026-03-10T11:00:00Z","sources":[],"tags":[],"deadlines":["#
            + deadlines.joined(separator: ",") + #"],"todos":[]}"#
        try phone.write(to: n.h.root.appendingPathComponent("phone.json"), atomically: false, encoding: .utf8)
        #expect(try n.run("notify", "--once", now: "2026-03-10T12:00:20Z").status == 0)
        // Five one by one, then one for the rest: in natural order throughout.
        #expect(n.summaries.prefix(5) == ["Flood 0", "Flood 1", "Flood 2", "Flood 3", "Flood 4"], "\(n.summaries)")
        let log = (try? String(contentsOf: n.log, encoding: .utf8)) ?? ""
        #expect(
            log.contains(
                "and 116 more reminders from laptop\u{1F}• Flood 5\n• Flood 6\n• Flood 7\n• Flood 8\n• Flood 9\n"),
            "\(log.suffix(400))")
        // `list --reminders` lists those of one time in the same order.
        let listed = try n.run("list", "--reminders", now: "2026-03-10T12:00:30Z").stdout
        let floods = listed.split(separator: "\n").compactMap { (line: Substring) -> String? in
            guard let r = line.firstRange(of: "Flood ") else { return nil }
            return String(line[r.lowerBound...].prefix(9)).trimmingCharacters(in: .whitespaces)
        }
        #expect(floods.prefix(4) == ["Flood 0", "Flood 1", "Flood 2", "Flood 3"], "\(listed)")
    }
}
