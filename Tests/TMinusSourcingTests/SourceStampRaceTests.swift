import Dispatch
import Foundation
import Glibc
import TMinusCore
import Testing
import TMinusTestSupport
@testable import TMinusSystem
@testable import TMinusSourcing

/// A source's file swapped, again and again, between a link to another file and a regular file
/// (as another member of a shared folder can, or a sync putting a file back): the stamp a reading
/// records is always that of the file whose items it holds. A stamp taken by path before the
/// read, then the link swapped out, once recorded the link target's stamp with the bytes of the
/// file put back; with the link back in place the stale reading looked "unchanged", and
/// `tminus sources` did not say the link was refused (seen in the two-user reliability test).
/// The link here is the user's own (followed), so both contents are read and the pairing is seen.
final class SourceStampRaceTests {
    let dir: String
    init() throws {
        dir = try #require(mkdtemp(strdup("/tmp/tminus-stamp-race.XXXXXX")).map { String(cString: $0) })
    }
    deinit { try? FileManager.default.removeItem(atPath: dir) }

    /// A kind, where its swapped file is under the source's path, and the file's text for a title.
    struct Case: CustomStringConvertible, Sendable {
        var kind: SourceConfig.Kind
        var file: String
        var text: @Sendable (String) -> String
        var description: String { kind.rawValue }
    }

    static let ics: @Sendable (String) -> String = {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\nUID:\($0)\r\nSUMMARY:\($0)\r\n"
            + "DUE;VALUE=DATE:20261201\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
    }

    static let cases: [Case] = [
        Case(kind: .todotxt, file: "todo.txt", text: { "\($0) due:2026-12-01\n" }),
        Case(kind: .ics, file: "cal.ics", text: ics),
        Case(kind: .vdir, file: "work/a.ics", text: ics),
        Case(kind: .org, file: "notes.org", text: { "* TODO \($0)\n  DEADLINE: <2026-12-01 Tue>\n" })
    ]

    @Test(arguments: cases)
    func theStampRecordedIsOfTheFileRead(c: Case) throws {
        let root = dir + "/" + c.kind.rawValue
        let path = root + "/" + c.file
        let folder = FileIO.directory(of: path)
        #expect(mkdir(root, 0o755) == 0 || errno == EEXIST)
        #expect(mkdir(folder, 0o755) == 0 || errno == EEXIST)
        // The other file the link leads to: outside the source, its inode fixed, changed an hour
        // ago (its stamp is not racy: a folder source's cache keeps a reading by it).
        let other = dir + "/other-" + c.kind.rawValue
        try FileIO.writeAtomically(Array(c.text("Other task").utf8), to: other)
        var hourAgo = [timeval(tv_sec: time(nil) - 3600, tv_usec: 0), timeval(tv_sec: time(nil) - 3600, tv_usec: 0)]
        #expect(utimes(other, &hourAgo) == 0)
        let otherInode = try #require(FileStamp.lookup(other)).inode
        try FileIO.writeAtomically(Array(c.text("Real task").utf8), to: path)
        let sourcePath = c.kind == .vdir ? root : path
        let source = SourceConfig(name: "s", kind: c.kind, path: sourcePath)
        let cacheDirectory = dir + "/cache-" + c.kind.rawValue
        #expect(mkdir(cacheDirectory, 0o755) == 0)
        let sourcing = Sourcing(
            sources: [source], zone: .utc, hold: 600, environment: [:], configDirectory: dir,
            cacheDirectory: cacheDirectory)
        let now = at("2026-11-28T12:00:00Z")
        let real = Array(c.text("Real task").utf8)
        let link = folder + "/.racer-link", fresh = folder + "/.racer-fresh"
        let tally = try race(
            minimum: 500, stop: dir + "/stop-" + c.kind.rawValue,
            step: {
                _ = symlink(other, link)
                _ = rename(link, path)
                try? FileIO.writeAtomically(real, to: fresh)
                _ = rename(fresh, path)
            },
            read: {
                var out = SourceRead()
                do throws(TMinusError) {
                    try SourceKinds.io(c.kind).read(source, sourcing, now: now, origin: nil, into: &out)
                } catch {
                    return nil  // a link met mid-walk ("keeps changing"): nothing recorded as read
                }
                // What was read, and the stamp it was recorded with: a one-file source's watched
                // stamp, a folder source's cache entry for the file.
                if c.kind == .vdir {
                    var kept = VdirCache.load(
                        try #require(SourceCache.path("vdir-", source, sourcing)),
                        signature: VdirCache.signature(source, sourcing), now: now)
                    return kept.take(c.file).map { i in
                        (
                            Set((kept.items(i) ?? []).map(\.title)),
                            String(decoding: kept.stamp(i), as: UTF8.self)
                        )
                    }
                }
                return out.watch.first { $0.path.hasSuffix(c.file) }.map { (Set(out.items.map(\.title)), $0.stamp) }
            },
            // The other file's stamp exactly when its items were read (the real file is new each time).
            fits: { isOther, inode in isOther == (inode == otherInode) })
        #expect(tally.mismatches.isEmpty, "\(c): \(tally)")
        #expect(tally.other > 0, "\(c): the link was met (\(tally))")
        if c.kind != .vdir { #expect(tally.real > 0, "\(c): the file was met (\(tally))") }
    }

    /// A folder a source lists (a vdir's collection, a folder of Org files, a vault) swapped, again and
    /// again, for a link to another folder and back: the folder's stamp the reading records is the
    /// one of the folder whose files it read.
    @Test(arguments: [SourceConfig.Kind.vdir, .org, .obsidian, .logseq])
    func aFolderIsWatchedAsTheFolderItRead(kind: SourceConfig.Kind) throws {
        let top = dir + "/swapped-" + kind.rawValue
        // A vdir's collection under the source's folder; a Logseq graph's pages; an Org source's
        // folder or an Obsidian vault itself.
        let real = kind == .vdir ? top + "/work" : kind == .logseq ? top + "/pages" : top + "/notes"
        let other = dir + "/other-folder-" + kind.rawValue
        let file = ["vdir": "a.ics", "org": "a.org", "obsidian": "a.md", "logseq": "a.md"][kind.rawValue] ?? ""
        let text: (String) -> String = {
            switch kind {
            case .vdir: Self.ics($0)
            case .obsidian: "- [ ] \($0) 📅 2026-12-01\n"
            case .logseq: "- TODO \($0)\n  DEADLINE: <2026-12-01 Tue>\n"
            default: "* TODO \($0)\n  DEADLINE: <2026-12-01 Tue>\n"
            }
        }
        for folder in [top, real, other] { #expect(mkdir(folder, 0o755) == 0) }
        try FileIO.writeAtomically(Array(text("Real task").utf8), to: real + "/" + file)
        try FileIO.writeAtomically(Array(text("Other task").utf8), to: other + "/" + file)
        let realInode = try #require(FileStamp.lookup(real)).inode
        let otherInode = try #require(FileStamp.lookup(other)).inode
        let source = SourceConfig(name: "s", kind: kind, path: kind == .vdir || kind == .logseq ? top : real)
        let sourcing = Sourcing(sources: [source], zone: .utc, hold: 600, environment: [:], configDirectory: dir)
        let away = top + "/.away"
        let tally = race(
            minimum: 10_000, stop: dir + "/stop-swapped-" + kind.rawValue,
            step: {
                _ = rename(real, away)
                _ = symlink(other, real)
                _ = unlink(real)
                _ = rename(away, real)
            },
            read: {
                var out = SourceRead()
                do throws(TMinusError) {
                    try SourceKinds.io(kind).read(
                        source, sourcing, now: at("2026-11-28T12:00:00Z"), origin: nil, into: &out)
                } catch {
                    return nil
                }
                return out.watch.first { $0.path == real }.map { (Set(out.items.map(\.title)), $0.stamp) }
            },
            fits: { isOther, inode in inode == (isOther ? otherInode : realInode) })
        #expect(tally.mismatches.isEmpty, "\(kind): \(tally)")
        #expect(tally.real > 0 && tally.other > 0, "\(kind): the swaps were met (\(tally))")
    }

    /// What a race saw: readings of each content, and those whose stamp did not fit.
    struct Tally: CustomStringConvertible {
        var real = 0, other = 0, reads = 0
        var mismatches: [String] = []
        var description: String {
            "\(mismatches.count) of \(reads) reads did not fit (\(real) real, \(other) other): \(mismatches.prefix(3))"
        }
    }

    /// Runs `step` over and over on a thread of its own (not a dispatch queue the test runner's
    /// tasks may hold) while `read` gives readings (the titles read and the stamp recorded for
    /// the raced file or folder; nil: nothing to pair): at least `minimum` reads, and until each
    /// content was met 20 times (at most 20,000). A reading of one title is checked with
    /// `fits(it is the other content, the stamp's inode)`.
    func race(
        minimum: Int, stop: String, step: @escaping @Sendable () -> Void,
        read: () throws -> (titles: Set<String>, stamp: String)?, fits: (Bool, UInt64?) -> Bool
    ) rethrows -> Tally {
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            while access(stop, F_OK) != 0 { step() }
            finished.signal()
        }
        defer {
            _ = FileManager.default.createFile(atPath: stop, contents: nil)
            finished.wait()
        }
        var tally = Tally()
        while tally.reads < 20_000 && (tally.reads < minimum || tally.real < 20 || tally.other < 20) {
            tally.reads += 1
            guard let (titles, recorded) = try read(), titles.count == 1 else { continue }
            let stamp = recorded.hasPrefix("racy:") ? String(recorded.dropFirst(5)) : recorded
            let isOther = titles.contains("Other task")
            if isOther { tally.other += 1 } else { tally.real += 1 }
            if !fits(isOther, UInt64(stamp.split(separator: "-").first ?? "")) {
                tally.mismatches.append("\(isOther ? "the other" : "the real") content read, stamp \(stamp)")
            }
        }
        return tally
    }
}
