import Foundation
import Testing
import TMinusCore
import TMinusSystem
import TMinusStore
import TMinusTestSupport

/// A damaged home's errors keep the file, the line in it and the parse error underneath as fields,
/// for each reader: store.json, the archive read as history, the archive read to rebuild a lost
/// store, and a version-2 archive read to migrate it.
@Suite("Store and history errors keep their fields")
struct StoreErrorFieldsTests {
    /// Buy milk #1 and Call mom #2 done: two lines in archive.jsonl.
    static func home() throws -> TempHome {
        let h = try TempHome()
        try h.ok("todo", "Buy milk")
        try h.ok("todo", "Call mom")
        try h.ok("done", "1")
        try h.ok("done", "2")
        return h
    }

    static func container(_ h: TempHome) -> Container {
        Container(home: Home(directory: h.home.path, configPath: h.home.path + "/config.json"))
    }

    /// Its line `n` (1-based) overwritten with as many `x` as it had bytes (offsets stay).
    static func spoil(line n: Int, of path: String) throws {
        var lines = try #require(FileManager.default.contents(atPath: path)).split(
            separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        lines[n - 1] = Data(repeating: UInt8(ascii: "x"), count: lines[n - 1].count)
        try Data(lines.joined(separator: [UInt8(ascii: "\n")])).write(to: URL(fileURLWithPath: path))
    }

    func expectFields(
        _ what: String, _ error: TMinusError, path: String, line: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(error.kind == .failure, "\(what)", sourceLocation: sourceLocation)
        #expect(
            error.path == path && error.line == line, "\(what): \(error.path ?? "nil") \(error.line ?? 0)",
            sourceLocation: sourceLocation)
        #expect(error.cause != nil, "\(what): no cause", sourceLocation: sourceLocation)
    }

    @Test func aBrokenStoreKeepsItsFileLineAndCause() throws {
        let h = try Self.home()
        try Data("{\n\"version\": 3,\n\"nextHandle\": nope\n}\n".utf8).write(to: URL(fileURLWithPath: h.storePath))
        do {
            _ = try Self.container(h).snapshot()
            Issue.record("read a broken store")
        } catch {
            expectFields("store.json", error, path: h.storePath, line: 3)
            #expect(error.cause is JSONSyntaxError)
        }
    }

    @Test func aBrokenArchiveLineKeepsItsFileLineAndCause() throws {
        let h = try Self.home()
        try Self.spoil(line: 2, of: h.archivePath)
        do {
            _ = try Self.container(h).snapshot().history.all()
            Issue.record("read a broken archive")
        } catch {
            expectFields("history", error, path: h.archivePath, line: 2)
            #expect(error.cause is ItemReadError)
        }
    }

    @Test func aBrokenArchiveLineStopsARebuildWithItsFields() throws {
        let h = try Self.home()
        try FileManager.default.removeItem(atPath: h.storePath)
        try Self.spoil(line: 1, of: h.archivePath)
        do {
            _ = try Self.container(h).repair(now: at("2026-03-10T12:00:00Z"))
            Issue.record("rebuilt from a broken archive")
        } catch {
            expectFields("rebuild", error, path: h.archivePath, line: 1)
            #expect(error.cause is ItemReadError)
        }
    }

    /// A version-2 home (tminus 0.1) whose archive has a line that is no item: the migration's error.
    @Test func aBrokenVersion2ArchiveKeepsItsFileLineAndCause() throws {
        let h = try TempHome()
        try FileManager.default.createDirectory(at: h.home, withIntermediateDirectories: true)
        try Data(#"{"version": 2, "nextHandle": 3, "tags": [], "deadlines": [], "todos": []}"#.utf8).write(
            to: URL(fileURLWithPath: h.storePath))
        let archive = """
            {"todo":{"completed":"2026-01-03T10:00:00Z","created":"2026-01-02T08:00:00Z","handle":1,"id":"22222222-2222-4222-8222-222222222222","note":"","priority":"none","starred":false,"title":"Buy milk"}}
            {"todo":{"title": 5}}
            {"todo":{"completed":"2026-01-04T10:00:00Z","created":"2026-01-02T08:00:00Z","handle":2,"id":"33333333-3333-4333-8333-333333333333","note":"","priority":"none","starred":false,"title":"Old chore"}}

            """
        try Data(archive.utf8).write(to: URL(fileURLWithPath: h.archivePath))
        do {
            _ = try Self.container(h).snapshot().history.all()
            Issue.record("migrated a broken archive")
        } catch {
            expectFields("migration", error, path: h.archivePath, line: 2)
            #expect(error.cause is ItemReadError)
        }
    }
}
