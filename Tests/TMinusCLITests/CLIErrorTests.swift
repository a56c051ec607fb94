import Foundation
import Testing
import TMinusCore

@Suite("CLI: bad input and unreadable files")
struct CLIErrorTests {
    /// Bad input on a home with items: (arguments, a few words the one-line error must contain).
    @Test(arguments: [
        (["todo", ""], "empty"),
        (["todo", "   "], "empty"),
        (["add", "\t", "--due", "2026-12-01"], "empty"),
        (["todo", String(repeating: "x", count: 201)], "201 characters"),
        (["todo", "bell\u{7}title"], "U+0007"),
        (["todo", "two\nlines"], "U+000A"),
        (["todo", "ok", "--note", "esc\u{1b}[31m"], "U+001B"),
        (["todo", "x", "--due", "2026-02-30"], "28 days"),
        (["add", "x", "--due", "2026-02-30T17:00"], "28 days"),
        (["add", "x", "--due", "2026-13-01"], "month 13"),
        (["todo", "x", "--due", "next blursday"], "not a date"),
        (["todo", "x", "--remind", "soonish"], "not a date"),
        (["todo", "x", "--tag", "nosuch"], "no tag 'nosuch'"),
        (["add", "x", "--due", "2026-12-01", "--tag", "nosuch"], "no tag 'nosuch'"),
        (["todo", "x", "--priority", "urgent"], "not a priority"),
        (["edit", "4", "--priority", "urgent"], "not a priority"),
        (["tag", "add", "work"], "exists already"),
        (["tag", "add", "WORK"], "exists already"),
        (["tag", "add", "school", "--color", "red"], "not a colour"),
        (["tag", "edit", "work", "--color", "#12"], "not a colour"),
        (["tag", "edit", "work", "--name", "study"], "exists already"),
        (["tag", "rm", "nosuch"], "no tag"),
        (["done", "99"], "no open item matches '99'"),
        (["done", "same"], "matches 2 items"),
        (["edit", "same", "--title", "x"], "matches 2 items"),
        (["rm", "nope"], "no open item matches"),
        (["undo", "1"], "no completed item"),
        (["done"], "needs one or more REFs"),
        (["add", "x"], "--due"),
        (["add", "x", "--due", "2026-03-01", "--start", "2026-04-01"], "start"),
        (["add", "a", "b", "--due", "2026-12-01"], "too many arguments"),
        (["edit", "1"], "nothing to change"),
        (["edit", "1", "--star"], "deadline"),
        (["edit", "4", "--star", "--unstar"], "contradict"),
        (["edit", "1", "--due", "none"], "must have a due date"),
        (["edit", "4", "--title", ""], "empty"),
        (["list", "--sort", "size"], "--sort"),
        (["list", "--year", "twenty"], "--year"),
        (["list", "--deadlines", "--todos"], "exclude each other"),
        (["list", "--tag", "nosuch"], "no tag"),
        (["list", "--colour"], "unknown option --colour"),
        (["todo", "x", "--stra"], "did you mean --star"),
        (["lsit"], "unknown command 'lsit'"),
        (["tag"], "needs add, list, edit or rm"),
        (["config", "frobnicate"], "unknown config command"),
        (["todo", "x", "--due"], "needs a value")
    ])
    func badInputExits2WithOneLineAndChangesNothing(args: [String], mention: String) throws {
        let h = try Seed.home()
        try h.ok("todo", "Same")
        try h.ok("todo", "same")
        let files = ["store.json", "summary.json", "archive.jsonl"].map { h.bytes($0) }
        let result = try h.start(args).wait()
        #expect(result.status == 2, "\(result)")
        #expect(result.stderrLines.count == 1, "\(result)")
        #expect(result.stderr.hasPrefix("tminus: "), "\(result)")
        #expect(result.stderr.hasSuffix("\n"))
        #expect(result.stderr.contains(mention), "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(["store.json", "summary.json", "archive.jsonl"].map { h.bytes($0) } == files, "a file changed")
    }

    @Test(arguments: ["yesterday-ish", "2026-02-30", ""])
    func badNowIsAUsageError(now: String) throws {
        let h = try Seed.home()
        let store = h.bytes("store.json")
        let result = try h.run("todo", "x", now: now)
        #expect(result.status == 2)
        #expect(result.stderrLines.count == 1 && result.stderr.hasPrefix("tminus: --now: "))
        #expect(h.bytes("store.json") == store)
    }

    /// The examples in hints are dates to come (two weeks from now at 17:00), never a fixed date
    /// that has passed by the time someone copies it.
    /// A hint that is itself a command that works: a command that takes no words does not say
    /// to quote a title.
    @Test func aCommandWithoutWordsSaysSo() throws {
        let h = try TempHome()
        for command in ["list", "stats", "sources", "timeline"] {
            let r = try h.run([command, "7"])
            #expect(r.status == 2)
            #expect(
                r.stderr == "tminus: '\(command)' takes no arguments ('7'); see tminus \(command) --help\n",
                "\(r.stderr)")
            #expect(try h.run([command, "--help"]).status == 0)
        }
        #expect(try h.run(["add", "a", "b", "--due", "+2d"]).stderr.contains("e.g. tminus add \"Buy milk\""))
    }

    @Test func hintsGiveADateToCome() throws {
        let h = try TempHome()
        for now in ["2026-03-10T12:00:00Z", "2031-07-30T23:30:00Z"] {
            let expected = now.hasPrefix("2026") ? "2026-03-24T17:00" : "2031-08-14T17:00"
            #expect(try h.run(["add", "Thesis"], now: now).stderr.contains("--due \(expected)"))
            #expect(try h.run(["add"], now: now).stderr.contains("--due \(expected)"))
            #expect(
                try h.run(["demo"], now: now).stdout.contains("Add your own: tminus add \"Thesis\" --due \(expected),"))
        }
    }

    @Test func badInputOnAFreshHomeCreatesNoStore() throws {
        let h = try TempHome()
        let result = try h.run("todo", "x", "--due", "2026-02-30")
        #expect(result.status == 2)
        #expect(!FileManager.default.fileExists(atPath: h.storePath))
        #expect(!FileManager.default.fileExists(atPath: h.summaryPath))
    }

    static let garbage: [(String, String)] = [
        ("not json at all {", "line 1"),
        ("{\n  \"version\": 2,\n  \"tags\": [\n}", "line 4"),
        ("{\"hello\": \"world\"}", "version"),
        ("{\"version\": 2, \"tags\": \"oops\", \"deadlines\": [], \"todos\": [], \"nextHandle\": 1}", "tags"),
        ("{\"version\": 99}", "version 99"),
        ("\u{0}\u{1}\u{2} binary", "line 1"),
        ("", "line 1")
    ]

    /// Commands that read the store: each must exit 1 naming store.json and leave the file alone.
    static let storeCommands: [[String]] = [
        ["list"], ["list", "--all", "--json"], ["todo", "x"], ["add", "x", "--due", "2026-12-01"], ["done", "1"],
        ["undo", "1"],
        ["rm", "1"], ["edit", "1", "--title", "y"], ["stats"], ["tag", "list"], ["tag", "add", "new"],
        ["tag", "rm", "work"],
        ["summary", "--rebuild"]
    ]

    @Test(arguments: garbage)
    func garbageStoreFailsEveryCommandAndIsNeverOverwritten(content: String, mention: String) throws {
        let h = try Seed.home()
        try Data(content.utf8).write(to: URL(fileURLWithPath: h.storePath))
        let summary = h.bytes("summary.json")
        for args in Self.storeCommands {
            let result = try h.start(args).wait()
            #expect(result.status == 1, "\(args): \(result)")
            #expect(result.stderrLines.count == 1 && result.stderr.hasPrefix("tminus: "), "\(args): \(result)")
            #expect(result.stderr.contains(h.storePath), "\(args): \(result)")
            #expect(result.stderr.contains(mention), "\(args): \(result)")
            #expect(result.stdout.isEmpty, "\(args): \(result)")
            #expect(h.bytes("store.json") == Data(content.utf8), "\(args) changed store.json")
        }
        #expect(h.bytes("summary.json") == summary)
    }

    @Test func garbageSummaryIsAFailureNamingIt() throws {
        let h = try Seed.home()
        try Data("{ broken".utf8).write(to: URL(fileURLWithPath: h.summaryPath))
        let result = try h.run("summary")
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("tminus: ") && result.stderr.contains("summary.json"))
        #expect(h.bytes("summary.json") == Data("{ broken".utf8))
        // Rebuilding from the store replaces it.
        try h.ok("summary", "--rebuild")
        #expect(try h.summary().todos.count == 5)
    }

    @Test func unreadableArchiveLineIsAFailureNamingIt() throws {
        let h = try Seed.home()
        try h.ok("done", "4")
        try h.ok("done", "5")
        // Damage the second committed record (same length, so the store's byte count still holds).
        var text = String(decoding: try #require(h.bytes("archive.jsonl")), as: UTF8.self)
        let second = try #require(text.split(separator: "\n").last)
        text = text.replacingOccurrences(
            of: String(second), with: "{" + String(repeating: "x", count: second.count - 1))
        let bad = Data(text.utf8)
        try bad.write(to: URL(fileURLWithPath: h.archivePath))
        let result = try h.run("list", "--all")
        #expect(result.status == 1)
        #expect(result.stderr.contains("archive.jsonl line 2") && result.stderrLines.count == 1, "\(result)")
        #expect(h.bytes("archive.jsonl") == bad)
        // Bytes after the committed ones (a killed writer's) are ignored, then cut by the next write.
        let h2 = try Seed.home()
        try h2.ok("done", "4")
        let good = try #require(h2.bytes("archive.jsonl"))
        try (good + Data("{\"todo\": 42}\n".utf8)).write(to: URL(fileURLWithPath: h2.archivePath))
        #expect(try h2.list("--all").count == 8)
        try h2.ok("todo", "Next")
        #expect(h2.bytes("archive.jsonl") == good)
    }
}
