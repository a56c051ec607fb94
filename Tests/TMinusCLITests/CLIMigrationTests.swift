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
}
