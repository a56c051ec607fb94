import Foundation
import Testing
import TMinusCore

/// `list` filters and sorts, and `stats`, on the seed items (see Seed) at Tuesday 2026-03-10 13:00 CET.
@Suite("CLI: list and stats")
struct CLIListTests {
    /// The seed items with "Read paper" (7) and "Tax return" (2) completed.
    func home() throws -> TempHome {
        let h = try Seed.home()
        try h.ok("done", "7", "2")
        return h
    }

    @Test(arguments: [
        ([], [6, 5, 4, 1, 3, 8]),
        (["--all"], [6, 5, 4, 7, 2, 1, 3, 8]),
        (["--deadlines"], [1, 3]),
        (["--todos"], [6, 5, 4, 8]),
        (["--todos", "--all"], [6, 5, 4, 7, 8]),
        (["--today"], [6, 5, 4]),  // Fix bike has only a reminder (12 March): it waits until then
        (["--week"], [5, 4]),
        (["--week", "--all"], [5, 4, 7]),
        (["--overdue"], [6]),
        (["--overdue", "--all"], [6]),
        (["--starred"], [4]),
        (["--starred", "--all"], [4, 7]),
        (["--tag", "work"], [3]),
        (["--tag", "WORK", "--all"], [2, 3]),
        (["--tag", "personal"], [6, 5]),
        (["--search", "paper", "--all"], [7]),
        (["--search", "FLAT"], [8]),
        (["--search", "birthday"], [5]),
        (["--search", "o"], [6, 5, 3]),
        (["--year", "2027"], [3]),
        (["--year", "2026"], [6, 5, 4, 1, 8]),
        (["--year", "2025"], []),
        (["--deadlines", "--tag", "work", "--year", "2026", "--all"], [2]),
        (["--week", "--starred", "--all"], [4, 7]),
        (["--today", "--tag", "work"], []),
        (["--sort", "due"], [6, 5, 4, 1, 3, 8]),
        (["--sort", "created"], [4, 6, 8, 1, 5, 3]),
        (["--sort", "created", "--all"], [4, 6, 2, 8, 1, 7, 5, 3]),
        (["--sort", "title", "--all"], [4, 5, 3, 8, 7, 6, 2, 1]),
        (["--sort", "priority", "--all"], [4, 5, 6, 7, 2, 1, 3, 8]),
        (["--todos", "--sort", "priority"], [4, 5, 6, 8])
    ])
    func filtersAndSorts(args: [String], expected: [Int]) throws {
        let h = try home()
        let result = try h.start(["list", "--json"] + args).wait()
        #expect(result.status == 0, "\(result)")
        let handles = try #require(try result.json().arrayValue).compactMap { $0["handle"]?.intValue }
        #expect(handles == expected)
    }

    @Test func overdueDependsOnNow() throws {
        let h = try home()
        // One minute before the call at 18:00 CET, and at it.
        #expect(try h.handles("--overdue", now: "2026-03-10T16:59:00Z") == [6])
        #expect(try h.handles("--overdue", now: "2026-03-10T17:00:00Z") == [6, 5])
        // After midnight the whole-day milk is overdue too.
        #expect(try h.handles("--overdue", now: "2026-03-10T23:00:00Z") == [6, 5, 4])
        #expect(try h.handles("--today", now: "2026-03-10T23:00:00Z") == [6, 5, 4], "overdue stays today's")
        // An undated todo whose only reminder has come is today's too.
        #expect(try h.handles("--today", now: "2026-03-12T07:00:00Z") == [6, 5, 4, 8])
        #expect(try h.handles("--today", "--deadlines", now: "2026-12-01T10:00:00Z") == [1], "a deadline due today")
    }

    /// `list --deadlines`: every countdown at once, as the bar writes them.
    @Test func deadlinesShowTheTimeLeft() throws {
        let h = try home()
        let lines = try h.ok("list", "--deadlines").stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(
            lines == [
                "   1  deadline  Tue 2026-12-01 17:00  266d 4h left   🎓 Thesis ✎  [study]",
                "   3  deadline  Mon 2027-02-15 09:00  341d 20h left  Conference talk  [work]"
            ])
        let over = try h.ok("list", "--deadlines", now: "2026-12-01T16:00:00Z").stdout
        #expect(over.hasPrefix("   1  deadline  today 17:00  over "), "\(over)")
        #expect(!(try h.ok("list").stdout.contains(" left")), "only with --deadlines")
        // A note and a reminder still to come are marked after the title.
        let all = try h.ok("list").stdout
        #expect(
            all.contains("Fix bike ✎ ⏰\n") && all.contains("!medium Call mom ✎  [personal]")
                && all.contains("★ !high Buy milk  [errand]"), "\(all)")
    }

    @Test func textListShowsEachOpenItemOnALine() throws {
        let h = try home()
        let result = try h.ok("list")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines[0].contains("Renew passport") && lines[0].contains("(late)"))
        #expect(lines.contains { $0.contains("★") && $0.contains("Buy milk") && $0.contains("!high") })
        #expect(lines.contains { $0.contains("Thesis") && $0.contains("[study]") })
        let empty = try TempHome()
        #expect(try empty.ok("list").stdout.hasPrefix("nothing yet"))
        #expect(try h.ok("list", "--tag", "errand", "--year", "2027").stdout == "nothing matches\n")
    }

    @Test func statsCountsCompletedPendingAndOverdue() throws {
        let h = try home()
        let json = try h.ok("stats", "--json").json()
        #expect(json["completed"]?.intValue == 2)
        #expect(json["pending"]?.intValue == 6)
        #expect(json["overdue"]?.intValue == 1)
        #expect(json["starred"]?.intValue == 1)
        #expect(json["deadlines"]?.text == #"{"completed":1,"pending":2,"overdue":0}"#)
        #expect(json["todos"]?.text == #"{"completed":1,"pending":4,"overdue":1}"#)
        // Three weeks later the passport, the call and the milk are late; the deadlines are not.
        let later = try h.start(["stats", "--json"], now: "2026-04-02T10:00:00Z").wait().json()
        #expect(later["overdue"]?.intValue == 3)
        #expect(later["deadlines"]?["overdue"]?.intValue == 0)
        let text = try h.ok("stats").stdout
        #expect(text.contains("completed") && text.contains("pending") && text.contains("overdue"))
        #expect(text.split(separator: "\n").last?.split(separator: " ").map(String.init) == ["all", "2", "6", "1"])
    }

    @Test func statsOfAnEmptyHome() throws {
        let h = try TempHome()
        let json = try h.ok("stats", "--json").json()
        #expect(json["completed"]?.intValue == 0 && json["pending"]?.intValue == 0 && json["overdue"]?.intValue == 0)
        #expect(!FileManager.default.fileExists(atPath: h.storePath))
    }
}
