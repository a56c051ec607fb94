import Foundation
import Glibc
import TMinusCore
import Testing
import TMinusTestSupport
@testable import TMinusSourcing

/// A sync's read that leaves the kept files' items in the cache (`SourceReader.readDeferred`)
/// does not record the kept files' UIDs one by one when the cache says none is there twice
/// (`VdirCache.unique`): only the UIDs of the files read now are checked against them. A copy
/// found that way (a new file with a kept file's UID, open or completed, one file or many read)
/// gives no deferred read (the source is read whole, which says which copy is skipped), and the
/// cache then no longer says its UIDs are unique, so the next read records them all again.
@Suite(.serialized) struct DeferredCopiesTests {
    let root = NSTemporaryDirectory() + "tminus-deferred-copies-" + UUID().uuidString
    let now = at("2026-11-28T12:00:00Z")

    func todo(_ uid: String, _ title: String, done: Bool = false) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VTODO\r\nUID:\(uid)\r\nSUMMARY:\(title)\r\n"
            + (done ? "STATUS:COMPLETED\r\n" : "") + "END:VTODO\r\nEND:VCALENDAR\r\n"
    }

    /// A file written with a modification time an hour ago (its stamp is not racy: it is kept).
    func drop(_ name: String, _ text: String) throws {
        let path = root + "/vdir/" + name
        try Data(text.utf8).write(to: URL(fileURLWithPath: path + ".tmp-new"))
        var old = [timeval(tv_sec: time(nil) - 3_600, tv_usec: 0), timeval(tv_sec: time(nil) - 3_600, tv_usec: 0)]
        #expect(utimes(path + ".tmp-new", &old) == 0)
        #expect(rename(path + ".tmp-new", path) == 0)
    }

    func cacheSaysUnique() throws -> Bool? {
        let names = try FileManager.default.contentsOfDirectory(atPath: root + "/cache")
        // (The JSON, then its index: `VdirCache.Index`.)
        let text = String(
            decoding: try Data(contentsOf: URL(fileURLWithPath: root + "/cache/" + names[0])), as: UTF8.self)
        if text.contains(#""unique":true,"#) { return true }
        if text.contains(#""unique":false,"#) { return false }
        return nil
    }

    @Test func aKeptUIDReadAgainInANewFileIsFoundAndReadWhole() throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/vdir", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/cache", withIntermediateDirectories: true)
        for n in 0..<200 { try drop(String(format: "f%03d.ics", n), todo("uid-\(n)", "Todo \(n)", done: n == 7)) }
        let source = SourceConfig(name: "cal", kind: .vdir, path: root + "/vdir")
        let sourcing = Sourcing(
            sources: [source], zone: .utc, hold: 600, environment: [:], configDirectory: root,
            cacheDirectory: root + "/cache")
        let uncached = Sourcing(sources: [source], zone: .utc, hold: 600, environment: [:], configDirectory: root)
        _ = SourceReader.read(source, sourcing, now: now)
        #expect(try cacheSaysUnique() == true)

        // A new UID: deferred, nothing copied, still unique.
        try drop("g-new.ics", todo("uid-new", "New"))
        let fresh = try #require(SourceReader.readDeferred(source, sourcing, now: now))
        #expect(fresh.copies == 0 && fresh.files.count == 1 && fresh.part.items.map(\.title) == ["New"])
        #expect(try cacheSaysUnique() == true)

        // A kept open UID, a kept completed one, in a file before or after theirs; one file read
        // now or twenty (the kept UIDs are then hashed).
        let cases: [(String, String, Int)] = [
            ("a-copy.ics", "uid-150", 1), ("z-copy.ics", "uid-3", 1), ("z-done.ics", "uid-7", 1),
            ("m-copy.ics", "uid-42", 20)
        ]
        for (name, uid, count) in cases {
            for k in 1..<count { try drop("n\(k)-\(name)", todo("other-\(k)-\(name)", "Other \(k)")) }
            try drop(name, todo(uid, "Copy of \(uid)"))
            #expect(SourceReader.readDeferred(source, sourcing, now: now) == nil, "\(name)")
            #expect(try cacheSaysUnique() == false, "\(name)")
            // Read whole: the copy said and skipped, as a read without the cache says it.
            let whole = SourceReader.read(source, sourcing, now: now)
            let plain = SourceReader.read(source, uncached, now: now)
            #expect(whole.items.map(\.title) == plain.items.map(\.title), "\(name)")
            #expect(whole.source.problems == plain.source.problems, "\(name)")
            #expect(whole.source.problems.contains { $0.contains(uid) }, "\(name)")
            // The cache not unique: every UID recorded, the copy counted (the summary is folded).
            try drop("h-\(name)", todo("uid-h-\(name)", "Another"))
            let again = try #require(SourceReader.readDeferred(source, sourcing, now: now), "\(name)")
            #expect(again.copies == 1, "\(name)")
            // The copy gone: unique again once the whole source was read without one.
            #expect(unlink(root + "/vdir/" + name) == 0)
            _ = SourceReader.read(source, sourcing, now: now)
            #expect(try cacheSaysUnique() == true, "\(name)")
        }
    }
}
