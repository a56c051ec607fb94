import Foundation
import Glibc
import TMinusCore
import Testing
import TMinusTestSupport
@testable import TMinusSourcing

/// A vdir whose sync rewrote a few files with the ids they held (`CachedFiles.finish`): the file
/// cache is left as it was, those files' records stale (read again next time), up to
/// `staleAllowed` of them; one more, a file new to it, one gone or one whose ids changed writes
/// it, but not a new file too young to keep. Every read gives what a read without the cache gives.
struct VdirCacheStaleTests {
    @Test func aFewFilesRewrittenWithTheirIdsLeaveTheCacheAsItWas() throws {
        let root = NSTemporaryDirectory() + "tminus-vdir-stale-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/vdir", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/cache", withIntermediateDirectories: true)
        // (Every file an hour old: no stamp is racy, so each reading is kept.)
        func write(_ name: String, uid: String, title: String) throws {
            let text =
                "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VTODO\r\nUID:\(uid)\r\nSUMMARY:\(title)\r\n"
                + "DUE:20261205T090000Z\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
            try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/vdir/" + name))
            var old = [timeval(tv_sec: time(nil) - 3_600, tv_usec: 0), timeval(tv_sec: time(nil) - 3_600, tv_usec: 0)]
            #expect(utimes(root + "/vdir/" + name, &old) == 0)
        }
        for k in 0..<20 { try write("f\(k).ics", uid: "uid-\(k)", title: "Todo \(k)") }
        let source = SourceConfig(name: "cal", kind: .vdir, path: root + "/vdir")
        let cached = Sourcing(
            sources: [source], zone: .utc, hold: 600, environment: [:], configDirectory: root,
            cacheDirectory: root + "/cache")
        let now = at("2026-11-28T12:00:00Z")
        var fresh = 0
        func read() throws -> [String] {
            let part = SourceReader.read(source, cached, now: now)
            fresh += 1
            let uncached = Sourcing(
                sources: [source], zone: .utc, hold: 600, environment: [:], configDirectory: root,
                cacheDirectory: root + "/fresh\(fresh)")
            try FileManager.default.createDirectory(atPath: root + "/fresh\(fresh)", withIntermediateDirectories: true)
            let whole = SourceReader.read(source, uncached, now: now)
            #expect(part.items.map { $0.jsonBytes() } == whole.items.map { $0.jsonBytes() })
            #expect(part.source.problems == whole.source.problems)
            return part.items.map(\.title)
        }
        func cache() throws -> Data {
            let names = try FileManager.default.contentsOfDirectory(atPath: root + "/cache")
            return try Data(contentsOf: URL(fileURLWithPath: root + "/cache/" + #require(names.first)))
        }
        _ = try read()
        let first = try cache()
        // Files rewritten with their UIDs, one sync at a time: the cache is not written, and each
        // read shows what the files hold (the stale ones read again every time).
        for k in 0..<CachedFiles.staleAllowed {
            try write("f\(k).ics", uid: "uid-\(k)", title: "Changed \(k)")
            let titles = try read()
            #expect((0...k).allSatisfy { titles.contains("Changed \($0)") }, "\(titles)")
            #expect(try cache() == first, "after \(k + 1) rewritten")
        }
        // One more than allowed: written, every file's record current again.
        try write("f19.ics", uid: "uid-19", title: "Changed 19")
        #expect(try read().contains("Changed 19"))
        let written = try cache()
        #expect(written != first)
        // A rewrite that changes a file's UID writes it at once; so does a new file, and a file gone.
        try write("f10.ics", uid: "uid-moved", title: "Moved")
        #expect(try read().contains("Moved"))
        #expect(try cache() != written)
        // A new file changed in the last 2 s is not kept: the cache is left as it was (the file
        // read again next time, and kept once it is older).
        let beforeYoung = try cache()
        try Data(
            ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VTODO\r\nUID:uid-young\r\n"
                + "SUMMARY:Young\r\nDUE:20261205T090000Z\r\nEND:VTODO\r\nEND:VCALENDAR\r\n").utf8
        ).write(to: URL(fileURLWithPath: root + "/vdir/young.ics"))
        #expect(try read().contains("Young"))
        #expect(try cache() == beforeYoung, "a young new file")
        #expect(try read().contains("Young"))
        #expect(try cache() == beforeYoung, "a young new file, read again")
        unlink(root + "/vdir/young.ics")
        for change in ["new", "gone"] {
            let before = try cache()
            if change == "new" {
                try write("new.ics", uid: "uid-new", title: "New")
            } else {
                unlink(root + "/vdir/f11.ics")
            }
            let titles = try read()
            #expect(change == "new" ? titles.contains("New") : !titles.contains("Todo 11"), "\(change)")
            #expect(try cache() != before, "\(change)")
        }
    }
}
