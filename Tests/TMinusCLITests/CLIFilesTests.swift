import Foundation
import Testing
import TMinusCore

@Suite("CLI: the container's files")
struct CLIFilesTests {
    /// The summary's open items, as (handle, title) sorted by handle.
    func summaryItems(_ h: TempHome) throws -> [String] {
        let s = try h.summary()
        return (s.deadlines.map { "\($0.handle) \($0.title)" } + s.todos.map { "\($0.handle) \($0.title)" })
            .sorted { Int($0.split(separator: " ")[0])! < Int($1.split(separator: " ")[0])! }
    }

    /// The open items `list` shows, in the same form.
    func listItems(_ h: TempHome) throws -> [String] {
        try h.list().compactMap { item in item["handle"]?.intValue.map { "\($0) \(item["title"]?.stringValue ?? "")" } }
            .sorted { Int($0.split(separator: " ")[0])! < Int($1.split(separator: " ")[0])! }
    }

    @Test func summaryFollowsEveryChange() throws {
        let h = try TempHome()
        let steps: [[String]] = [
            ["add", "Thesis", "--due", "2026-12-01T17:00", "--tag", "study"],
            ["todo", "Buy milk", "--due", "today", "--tag", "errand", "--star"],
            ["todo", "Call mom", "--priority", "high"],
            ["done", "2"],
            ["undo", "2"],
            ["edit", "3", "--title", "Call dad", "--due", "2026-03-11T18:00"],
            ["tag", "edit", "study", "--color", "#123456"],
            ["tag", "add", "school"],
            ["edit", "1", "--tag", "school"],
            ["rm", "3"],
            ["done", "1"],
        ]
        var lastGenerated: Instant?
        for (i, step) in steps.enumerated() {
            let now = "2026-03-10T12:\(String(format: "%02d", i)):00Z"
            try h.ok(step, now: now)
            let summary = try h.summary()
            #expect(try summaryItems(h) == listItems(h), "after \(step)")
            #expect(summary.generated == RFC3339.parse(now), "after \(step)")
            if let lastGenerated { #expect(summary.generated > lastGenerated) }
            lastGenerated = summary.generated
            // It parses as the documented format, and as what `summary` prints.
            let raw = try JSONParser.parse(Array(try #require(h.bytes("summary.json"))))
            #expect(raw["format"]?.stringValue == "tminus-summary")
            #expect(raw["version"]?.intValue == 1)
            #expect(try Summary(json: h.ok("summary").json()) == summary)
        }
        let final = try h.summary()
        #expect(final.deadlines.isEmpty)
        #expect(final.todos.map(\.title) == ["Buy milk"])
        #expect(final.todos.first?.color == "#d08770" && final.todos.first?.starred == true)
        #expect(final.tags.first { $0.name == "study" }?.color == "#123456")
        #expect(final.tags.contains { $0.name == "school" })
        #expect(final.sources.first?.items == 1)
    }

    @Test func summaryCarriesResolvedColoursAndDates() throws {
        let h = try Seed.home()
        let s = try h.summary()
        #expect(s.deadlines.map(\.handle) == [2, 1, 3])
        let thesis = try #require(s.deadlines.first { $0.handle == 1 })
        #expect(thesis.due == .instant(RFC3339.parse("2026-12-01T16:00:00Z")!))
        #expect(thesis.color == "#ebcb8b" && thesis.icon == "🎓" && thesis.note == "chapter 3")
        #expect(s.deadlines.first?.due == .day(CivilDate(year: 2026, month: 3, day: 31)))
        #expect(s.todos.map(\.handle) == [4, 5, 6, 7, 8])
        #expect(s.todos.first?.priority == .high)
    }

    @Test func permissionsAre0700And0600AfterEdits() throws {
        let h = try Seed.home()
        try h.ok("done", "4")
        try h.ok("edit", "5", "--title", "Call dad")
        try h.ok("tag", "add", "school")
        try h.ok("rm", "4")
        #expect(try h.mode("") == 0o700)
        for file in ["store.json", "summary.json", "archive.jsonl"] {
            #expect(try h.mode(file) == 0o600, "\(file)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: h.home.path)
        for name in names { #expect(try h.mode(name) & 0o077 == 0, "\(name) is readable by others") }
        #expect(!names.contains { $0.hasSuffix(".tmp") }, "a temp file was left behind: \(names)")
    }

    @Test func aPreexistingHomeAndFilesAreTightened() throws {
        let h = try TempHome()
        try FileManager.default.createDirectory(at: h.home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        #expect(try h.mode("") == 0o755)
        try h.ok("todo", "First")
        #expect(try h.mode("") == 0o700)
        #expect(try h.mode("store.json") == 0o600)
        // A file someone loosened is 0600 again after the next write.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: h.storePath)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: h.home.path)
        try h.ok("todo", "Second")
        #expect(try h.mode("") == 0o700)
        #expect(try h.mode("store.json") == 0o600)
        #expect(try h.mode("summary.json") == 0o600)
    }

    @Test func aSymlinkedStoreStaysASymlink() throws {
        let h = try TempHome()
        try h.ok("todo", "First")
        // Move the store to a dotfiles folder and link it back, as a user syncing it would.
        let elsewhere = h.root.appendingPathComponent("dotfiles", isDirectory: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let target = elsewhere.appendingPathComponent("store.json")
        try FileManager.default.moveItem(atPath: h.storePath, toPath: target.path)
        try FileManager.default.createSymbolicLink(atPath: h.storePath, withDestinationPath: target.path)

        try h.ok("todo", "Second")
        try h.ok("done", "1")
        let attributes = try FileManager.default.attributesOfItem(atPath: h.storePath)
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: h.storePath) == target.path)
        let text = String(decoding: try Data(contentsOf: target), as: UTF8.self)
        #expect(text.contains("Second") && !text.contains("First"))
        #expect(try h.handles() == [2])
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == ["store.json"])
    }

    /// A version-1 store written by hand in the format StoreV1 decodes.
    static let v1Store = """
    {
      "version": 1,
      "tags": {"school": "#ff0000", "work": "#5e81ac"},
      "items": [
        {"kind": "deadline", "id": "11111111-1111-4111-8111-111111111111", "handle": 3, "title": "Thesis",
         "note": "chapter 3", "due": "2026-12-01T16:00:00Z", "start": "2026-01-05T08:00:00Z",
         "created": "2026-01-01T08:00:00Z", "tag": "school", "done": false},
        {"kind": "todo", "id": "22222222-2222-4222-8222-222222222222", "handle": 5, "title": "Buy milk",
         "due": "2026-03-10", "created": "2026-01-02T08:00:00Z", "starred": true, "done": false},
        {"kind": "todo", "id": "33333333-3333-4333-8333-333333333333", "handle": 7, "title": "Old chore",
         "created": "2026-01-03T08:00:00Z", "done": true, "doneAt": "2026-01-04T10:00:00Z"},
        {"kind": "deadline", "id": "44444444-4444-4444-8444-444444444444", "handle": 2, "title": "Old essay",
         "due": "2025-12-01", "created": "2025-11-01T08:00:00Z", "tag": "work", "done": true}
      ]
    }

    """

    @Test func aVersion1StoreIsMigratedOnTheNextWrite() throws {
        let h = try TempHome()
        try FileManager.default.createDirectory(at: h.home, withIntermediateDirectories: true)
        try Data(Self.v1Store.utf8).write(to: URL(fileURLWithPath: h.storePath))

        // Reading does not rewrite it.
        #expect(try h.handles() == [5, 3])
        #expect(h.bytes("store.json") == Data(Self.v1Store.utf8))

        let added = try h.ok("todo", "New one", "--tag", "school")
        #expect(added.stdout.hasPrefix("added todo #8 "))

        let store = try JSONParser.parse(Array(try #require(h.bytes("store.json"))))
        #expect(store["version"]?.intValue == 2)
        #expect(store["deadlines"]?.arrayValue?.compactMap { $0["handle"]?.intValue } == [3])
        #expect(store["todos"]?.arrayValue?.compactMap { $0["handle"]?.intValue } == [5, 8])
        #expect(store["tags"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["school", "work"])

        // Done items moved to the archive, one per line, marked completed.
        let archive = String(decoding: try #require(h.bytes("archive.jsonl")), as: UTF8.self)
        let lines = archive.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.contains { $0.contains("Old chore") } && lines.contains { $0.contains("Old essay") })

        let all = try h.list("--all")
        #expect(all.compactMap { $0["handle"]?.intValue }.sorted() == [2, 3, 5, 7, 8])
        let chore = try #require(all.item(7))
        #expect(chore["completed"] == .bool(true))
        #expect(chore["completedAt"]?.stringValue == "2026-01-04T11:00:00+01:00")
        #expect(chore["id"]?.stringValue == "33333333-3333-4333-8333-333333333333")
        let thesis = try #require(all.item(3))
        #expect(thesis["completed"] == .bool(false))
        #expect(thesis["note"]?.stringValue == "chapter 3")
        #expect(thesis["color"]?.stringValue == "#ff0000")
        #expect(thesis["start"]?.stringValue == "2026-01-05T09:00:00+01:00")
        #expect(all.item(5)?["starred"] == .bool(true))
        #expect(all.item(5)?["due"]?.stringValue == "2026-03-10")

        // The migrated items can be reopened by their old handles.
        try h.ok("undo", "7")
        #expect(try h.handles().sorted() == [3, 5, 7, 8])
        #expect(try h.mode("store.json") == 0o600 && h.mode("archive.jsonl") == 0o600)
    }

    /// Before any write, a version-1 store's completed items are history already: `list --all`,
    /// `stats`, `undo` and `rm` see them, and the first write moves each exactly once.
    @Test func aVersion1StoresHistoryIsVisibleBeforeTheFirstWrite() throws {
        let h = try TempHome()
        try FileManager.default.createDirectory(at: h.home, withIntermediateDirectories: true)
        try Data(Self.v1Store.utf8).write(to: URL(fileURLWithPath: h.storePath))

        #expect(try h.handles("--all").sorted() == [2, 3, 5, 7])
        #expect(try h.ok("stats", "--json").json()["completed"]?.intValue == 2)
        #expect(h.bytes("store.json") == Data(Self.v1Store.utf8))

        // The first write is an undo of a migrated item: it reopens, the other stays archived.
        try h.ok("undo", "7")
        #expect(try h.handles().sorted() == [3, 5, 7])
        let archive = String(decoding: try #require(h.bytes("archive.jsonl")), as: UTF8.self)
        #expect(archive.split(separator: "\n").count == 1)
        #expect(archive.contains("Old essay") && !archive.contains("Old chore"))
        #expect(try h.handles("--all").sorted() == [2, 3, 5, 7])

        // And on another copy, the first write removes one for good.
        let other = try TempHome()
        try FileManager.default.createDirectory(at: other.home, withIntermediateDirectories: true)
        try Data(Self.v1Store.utf8).write(to: URL(fileURLWithPath: other.storePath))
        try other.ok("rm", "2")
        #expect(try other.handles("--all").sorted() == [3, 5, 7])
        #expect(try other.ok("stats", "--json").json()["completed"]?.intValue == 1)
    }

    /// Where the home is without `--home`: `$TMINUS_HOME`, else `$XDG_DATA_HOME/tminus`, else
    /// `~/.local/share/tminus` (relative to the sandbox's fake `$HOME`).
    @Test(arguments: [
        (["TMINUS_HOME": "mine", "XDG_DATA_HOME": "/nonexistent-xdg"], "mine"),
        (["TMINUS_HOME": "", "XDG_DATA_HOME": "xdg"], "xdg/tminus"),
        (["XDG_DATA_HOME": ""], ".local/share/tminus"),
    ])
    func homeIsFoundFromTheEnvironment(env: [String: String], expected: String) throws {
        let h = try TempHome()
        var env = env
        for (key, value) in env where !value.isEmpty && !value.hasPrefix("/") { env[key] = h.root.appendingPathComponent(value).path }
        let result = try h.start(["todo", "Somewhere"], env: env, passHome: false).wait()
        #expect(result.status == 0, "\(result)")
        #expect(FileManager.default.fileExists(atPath: h.root.appendingPathComponent(expected + "/store.json").path))
        let path = try h.start(["summary", "--path"], env: env, passHome: false).wait()
        #expect(path.stdout == h.root.appendingPathComponent(expected + "/summary.json").path + "\n")
        // --home wins over all of them.
        try h.ok("todo", "Here")
        #expect(try h.handles() == [1])
    }

    @Test func homeIsCreatedOnFirstWriteOnly() throws {
        let h = try TempHome()
        try h.ok("list")
        try h.ok("stats")
        #expect(!FileManager.default.fileExists(atPath: h.home.path))
        try h.ok("todo", "First")
        #expect(FileManager.default.fileExists(atPath: h.storePath))
        #expect(FileManager.default.fileExists(atPath: h.summaryPath))
    }

    @Test func summaryPathAndRebuild() throws {
        let h = try Seed.home()
        #expect(try h.ok("summary", "--path").stdout == h.summaryPath + "\n")
        try FileManager.default.removeItem(atPath: h.summaryPath)
        // A missing summary is rebuilt from the store.
        let printed = try Summary(json: h.ok("summary").json())
        #expect(printed.todos.count == 5 && printed.deadlines.count == 3)
        #expect(try h.summary() == printed)
    }
}
