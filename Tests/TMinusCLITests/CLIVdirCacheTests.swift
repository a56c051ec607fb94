import Foundation
import Testing
import TMinusCore

/// A vdir read again parses only what changed (the home's `cache/`, docs/sources.md "The file
/// cache"): the cache is proved to be used by editing a title in it (the edited title shows while
/// the file is as it was), and to be left when the file changed, when it is broken or foreign,
/// when the clock is earlier than its writing, and by `summary --rebuild`.
@Suite("CLI: the vdir file cache")
struct CLIVdirCacheTests {
    func cacheFile(_ f: SourcesFixture) throws -> URL {
        let folder = f.h.home.appendingPathComponent("cache")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("vdir-") }
        try #require(names.count == 1, "one cache for the one vdir source: \(names)")
        return folder.appendingPathComponent(names[0])
    }

    func poison(_ url: URL, _ from: String, _ to: String) throws { try editCache(url, from, to) }

    @Test func unchangedFilesComeFromTheCacheAndChangedOnesFromTheDisk() throws {
        let f = try SourcesFixture()
        try f.age()
        #expect(try f.items()["Write report"] != nil)
        let cache = try cacheFile(f)
        try poison(cache, "Write report", "Kept report")
        // A new file in the folder: the vdir is read again; report.ics is as it was, so its
        // reading is the kept one.
        try f.drop("calendars/work/new.ics", "BEGIN:VTODO\nUID:new-uid\nSUMMARY:Newcomer\nEND:VTODO\n")
        var items = try f.items()
        #expect(items["Kept report"] != nil && items["Write report"] == nil, "\(items.keys.sorted())")
        #expect(items["Newcomer"] != nil && items["Standup"] != nil && items["Water plants"] != nil)
        // The file changed (same folder entry, written in place): read from the disk.
        try f.write(
            "calendars/work/report.ics",
            SourcesFixture.report.replacingOccurrences(of: "Write report", with: "Rewritten report"))
        try f.drop("calendars/work/new2.ics", "BEGIN:VTODO\nUID:new2-uid\nSUMMARY:Second\nEND:VTODO\n")
        items = try f.items()
        #expect(items["Rewritten report"] != nil && items["Kept report"] == nil, "\(items.keys.sorted())")
        // `summary --rebuild` reads every file: the cache goes first.
        try f.age()
        try f.drop("calendars/home/new3.ics", "BEGIN:VTODO\nUID:new3-uid\nSUMMARY:Third\nEND:VTODO\n")
        _ = try f.items()
        try poison(cache, "Water plants", "Kept plants")
        try f.drop("calendars/home/new4.ics", "BEGIN:VTODO\nUID:new4-uid\nSUMMARY:Fourth\nEND:VTODO\n")
        #expect(try f.items()["Kept plants"] != nil)
        try f.h.ok("summary", "--rebuild")
        items = try f.items()
        #expect(items["Water plants"] != nil && items["Kept plants"] == nil)
    }

    @Test func aBrokenForeignOrLaterCacheIsNotUsed() throws {
        let f = try SourcesFixture()
        try f.age()
        let before = try f.items()
        let cache = try cacheFile(f)
        let good = try Data(contentsOf: cache)
        func readAgain(_ name: String) throws -> [String: JSON] {
            try f.drop("calendars/work/\(name).ics", "BEGIN:VTODO\nUID:\(name)\nSUMMARY:\(name)\nEND:VTODO\n")
            try FileManager.default.removeItem(at: f.vdir.appendingPathComponent("work/\(name).ics"))
            return try f.items()
        }
        // Broken: cut in the middle, or not JSON at all.
        for broken in [good.prefix(good.count / 2), Data("garbage\u{0}".utf8)] {
            try broken.write(to: cache)
            let items = try readAgain("b\(broken.count)")
            #expect(Set(items.keys) == Set(before.keys))
            #expect(try Data(contentsOf: cache).count > 100, "written again, whole")
        }
        // Foreign: its signature is another's (another format, zone, config or binary).
        try poison(cache, "Write report", "Kept report")
        try poison(cache, "tminus-vdir-cache 2", "tminus-vdir-cache 0")
        #expect(try readAgain("foreign")["Write report"] != nil)
        // Written at a later time than the run's: not used (a past event may be ahead again).
        try f.age()
        _ = try readAgain("settle")
        try poison(cache, "Write report", "Kept report")
        try f.drop("calendars/work/late.ics", "BEGIN:VTODO\nUID:late\nSUMMARY:late\nEND:VTODO\n")
        let earlier = try f.items(now: "2026-03-09T12:00:00Z")
        #expect(earlier["Write report"] != nil && earlier["Kept report"] == nil)
    }

    @Test func anEventWhoseInstanceIsOverIsExpandedAgain() throws {
        let f = try SourcesFixture()
        try f.age()
        // Tuesday 13:00: the standup's next instance is Wednesday 09:30; the cache keeps that
        // reading until it is over, then the file is read for Friday's.
        #expect(try f.items()["Standup"]?["due"]?.stringValue == "2026-03-11T09:30:00+01:00")
        let later = try f.items(now: "2026-03-11T12:00:00Z")
        #expect(later["Standup"]?["due"]?.stringValue == "2026-03-13T09:30:00+01:00")
    }

    /// A change within the last two seconds is not trusted (file times move in ticks), but it is
    /// checked once more when that time is over, not on every run before it: the summary is
    /// written by the read after the change and by one more read after two seconds, no other.
    @Test func aFreshChangeIsReadOnceMoreNotOnEveryRun() throws {
        let f = try SourcesFixture()
        f.h.useRealClock()
        try f.age()
        _ = try f.items()
        let summary = f.h.home.appendingPathComponent("summary.json").path
        func inode() throws -> UInt64 {
            (try FileManager.default.attributesOfItem(atPath: summary)[.systemFileNumber] as? UInt64) ?? 0
        }
        try f.drop("calendars/work/new.ics", "BEGIN:VTODO\nUID:new-uid\nSUMMARY:Newcomer\nEND:VTODO\n")
        #expect(try f.items()["Newcomer"] != nil)
        let afterChange = try inode()
        for _ in 0..<3 { _ = try f.h.ok("show", "--format", "plain") }
        #expect(try inode() == afterChange, "runs within the racy window do not read the source again")
        // The window over: the runs' clock moved on three seconds.
        f.h.clockAhead = 3
        f.h.useRealClock()
        _ = try f.h.ok("show", "--format", "plain")
        let settled = try inode()
        #expect(settled != afterChange, "read once more after the window")
        for _ in 0..<3 { _ = try f.h.ok("show", "--format", "plain") }
        #expect(try inode() == settled)
        let record = try f.h.summary().sources.first { $0.name == "cal" }
        #expect(record?.watch.allSatisfy { !$0.stamp.hasPrefix("racy:") } == true)
    }

    /// A follower reads a vdir again once per change it did not make: its own summary and store
    /// writes do not wake it (they used to, and every wake within two seconds of a sync read the
    /// whole folder again).
    @Test func aFollowerReadsOnceAfterASync() throws {
        let f = try SourcesFixture()
        try f.age()
        _ = try f.items()
        let follower = try Follower(f.h, ["--format", "plain"])
        defer { follower.stop() }
        #expect(follower.waitUntilWatching())
        let pid = follower.process.processIdentifier
        try #require(waitUntil { ProcessState.isPolling(pid) }, "the follower never settled")
        let summary = f.h.home.appendingPathComponent("summary.json").path
        func inode() -> UInt64 {
            ((try? FileManager.default.attributesOfItem(atPath: summary))?[.systemFileNumber] as? UInt64) ?? 0
        }
        var seen: Set<UInt64> = [inode()]
        let soon = RFC3339.format(Instant(Int64(Date().timeIntervalSince1970) + 600), offset: 0).replacingOccurrences(
            of: "-", with: ""
        )
        .replacingOccurrences(of: ":", with: "")
        try f.drop(
            "calendars/work/soon.ics", "BEGIN:VEVENT\nUID:soon\nSUMMARY:Very soon\nDTSTART:\(soon)\nEND:VEVENT\n")
        // Until it shows the event, has read the folder once more when its stamp stopped being
        // racy, and waits for what comes next.
        let settled = waitUntil(every: 2_000) {
            seen.insert(inode())
            guard follower.lines.contains(where: { $0.1.contains("Very soon") }), ProcessState.isPolling(pid),
                let record = try? f.h.summary().sources.first(where: { $0.name == "cal" })
            else { return false }
            return record.watch.allSatisfy { !$0.stamp.hasPrefix("racy:") }
        }
        #expect(settled, "the follower never showed the new event with a settled record")
        // The read after the sync, and the one more read when its stamp stops being racy.
        #expect(seen.count - 1 >= 1 && seen.count - 1 <= 2, "summary written \(seen.count - 1) times after one sync")
    }

    /// A sync that changes a file of the vdir (a temp renamed over it, same UID, another title and
    /// due) after a read that kept every file: the next read patches the summary (docs/sources.md,
    /// "A sync patches the summary"), and its items, and what the bar shows, are what
    /// `summary --rebuild` makes of every file read again.
    @Test func aSyncThatChangesAFileShowsWhatARebuildShows() throws {
        let f = try SourcesFixture()
        try f.age()
        #expect(try f.items()["Write report"] != nil)
        try f.drop(
            "calendars/work/report.ics",
            SourcesFixture.report.replacingOccurrences(of: "Write report", with: "Rewritten report")
                .replacingOccurrences(of: "20260311T170000", with: "20260310T200000"))
        // Only the file and its folders a minute old (the other files as the read kept them).
        let old = Date().addingTimeInterval(-30)
        for relative in ["calendars/work/report.ics", "calendars/work", "calendars"] {
            try FileManager.default.setAttributes(
                [.modificationDate: old], ofItemAtPath: f.root.appendingPathComponent(relative).path)
        }
        let items = try f.items()
        #expect(items["Rewritten report"] != nil && items["Write report"] == nil, "\(items.keys.sorted())")
        let shown = try f.h.ok("show", "--format", "waybar").stdout
        let summary = try itemLines(f)
        try f.h.ok("summary", "--rebuild")
        #expect(try itemLines(f) == summary)
        #expect(try f.h.ok("show", "--format", "waybar").stdout == shown)
    }

    /// The summary's item lists (its lines from `"deadlines"` on: the records before them carry
    /// the times of the reads).
    func itemLines(_ f: SourcesFixture) throws -> String {
        let text = try String(contentsOf: f.h.home.appendingPathComponent("summary.json"), encoding: .utf8)
        let start = try #require(text.range(of: #","deadlines":"#))
        return String(text[start.lowerBound...])
    }
}
