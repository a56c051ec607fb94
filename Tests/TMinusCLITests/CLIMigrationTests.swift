import Foundation
import Testing
import TMinusCore

@Suite("CLI: migrating a version-1 store")
struct CLIMigrationTests {
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
        #expect(store["version"]?.intValue == 3)
        #expect(store["items"]?.arrayValue?.compactMap { $0["handle"]?.intValue } == [3, 5, 8])
        #expect(store["tags"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["school", "work"])
        #expect(store["history"]?["deadlines"]?.intValue == 1 && store["history"]?["todos"]?.intValue == 1)

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
        let live = archive.split(separator: "\n").filter { $0.hasPrefix(#"{"removed":0,"#) }
        #expect(live.count == 1 && live[0].contains("Old essay"))
        #expect(try h.handles("--all").sorted() == [2, 3, 5, 7])

        // And on another copy, the first write removes one for good.
        let other = try TempHome()
        try FileManager.default.createDirectory(at: other.home, withIntermediateDirectories: true)
        try Data(Self.v1Store.utf8).write(to: URL(fileURLWithPath: other.storePath))
        try other.ok("rm", "2")
        #expect(try other.handles("--all").sorted() == [3, 5, 7])
        #expect(try other.ok("stats", "--json").json()["completed"]?.intValue == 1)
    }
}

@Suite("CLI: a broken version-2 home is repaired")
struct CLIRepairTests {
    /// What tminus 0.1 could leave behind: a `done` killed after its archive append (Buy milk both
    /// open and completed), a `done` run twice (Old chore completed twice), an `undo` that made two
    /// open copies with one id (Call mom), a torn last line and two stray temp files.
    static func brokenHome() throws -> TempHome {
        let h = try TempHome()
        try FileManager.default.createDirectory(at: h.home, withIntermediateDirectories: true)
        let store = """
            {"version": 2, "nextHandle": 6, "tags": [{"name": "work", "color": "#5e81ac"}],
             "deadlines": [{"id": "11111111-1111-4111-8111-111111111111", "handle": 1, "title": "Thesis", "note": "",
                            "due": "2026-12-01T16:00:00Z", "start": "2026-01-05T08:00:00Z", "created": "2026-01-01T08:00:00Z"}],
             "todos": [
               {"id": "22222222-2222-4222-8222-222222222222", "handle": 2, "title": "Buy milk", "note": "", "created": "2026-01-02T08:00:00Z", "starred": false, "priority": "none"},
               {"id": "44444444-4444-4444-8444-444444444444", "handle": 4, "title": "Call mom", "note": "", "created": "2026-01-02T08:00:00Z", "starred": false, "priority": "none"},
               {"id": "44444444-4444-4444-8444-444444444444", "handle": 4, "title": "Call mom", "note": "", "created": "2026-01-02T08:00:00Z", "starred": false, "priority": "none"}
             ]}
            """
        let archive = """
            {"todo":{"completed":"2026-01-03T10:00:00Z","created":"2026-01-02T08:00:00Z","handle":2,"id":"22222222-2222-4222-8222-222222222222","note":"","priority":"none","starred":false,"title":"Buy milk"}}
            {"todo":{"completed":"2026-01-03T10:00:00Z","created":"2026-01-02T08:00:00Z","handle":3,"id":"33333333-3333-4333-8333-333333333333","note":"","priority":"none","starred":false,"title":"Old chore"}}
            {"todo":{"completed":"2026-01-04T10:00:00Z","created":"2026-01-02T08:00:00Z","handle":3,"id":"33333333-3333-4333-8333-333333333333","note":"","priority":"none","starred":false,"title":"Old chore"}}
            {"todo":{"completed":"2026-01-05T10:00:00Z","created":"2026-01-02T08:00:00Z","handle":5,"id":"55555555-5555-4555-8555-5555
            """
        try Data(store.utf8).write(to: URL(fileURLWithPath: h.storePath))
        try Data(archive.utf8).write(to: URL(fileURLWithPath: h.archivePath))
        for name in [".store.json.4242.17.tmp", ".summary.json.4243.99.tmp"] {
            try Data("half".utf8).write(to: h.home.appendingPathComponent(name))
        }
        return h
    }

    func checkRepaired(_ h: TempHome) throws {
        let all = try h.list("--all")
        // Every id exactly once; Buy milk open; Old chore completed once, at its latest completion.
        let ids = all.compactMap { $0["id"]?.stringValue }
        #expect(ids.count == Set(ids).count, "\(ids)")
        #expect(all.item(2)?["completed"] == .bool(false))
        #expect(all.filter { $0["handle"]?.intValue == 3 }.count == 1)
        #expect(all.item(3)?["completedAt"]?.stringValue == "2026-01-04T11:00:00+01:00")
        #expect(all.filter { $0["handle"]?.intValue == 4 }.count == 1)
        #expect(try h.ok("stats", "--json").json()["completed"]?.intValue == 1)
        let names = try FileManager.default.contentsOfDirectory(atPath: h.home.path)
        #expect(!names.contains { $0.hasSuffix(".tmp") }, "\(names)")
        let store = try JSONParser.parse(Array(try #require(h.bytes("store.json"))))
        #expect(store["version"]?.intValue == 3)
    }

    @Test func doctorReportsWhatItFindsAndChangesNothing() throws {
        let h = try Self.brokenHome()
        let before = try #require(h.bytes("store.json"))
        let r = try h.run("doctor")
        #expect(r.status == 1, "\(r)")
        for finding in ["2 temp files", "version 2", "both open and completed", "completed twice", "open twice"] {
            #expect(r.stdout.contains(finding), "doctor should say \(finding): \(r.stdout)")
        }
        #expect(h.bytes("store.json") == before)
    }

    @Test func theNextWriteRepairsIt() throws {
        let h = try Self.brokenHome()
        try h.ok("todo", "After the repair")
        try checkRepaired(h)
        #expect(try h.ok("doctor").stdout.contains("ok"))
        // Undo of the once-doubled item gives one open copy.
        try h.ok("undo", "Old chore")
        #expect(try h.list().filter { $0["handle"]?.intValue == 3 }.count == 1)
        #expect(try h.ok("stats", "--json").json()["completed"]?.intValue == 0)
    }

    @Test func doctorRepairRepairsIt() throws {
        let h = try Self.brokenHome()
        let r = try h.ok("doctor", "--repair")
        #expect(r.stdout.contains("repaired"))
        try checkRepaired(h)
        let again = try h.run("doctor")
        #expect(again.status == 0, "\(again)")
    }
}
