import Foundation
import Glibc
import TMinusCore
import TMinusICal
import TMinusTestSupport
import Testing
@testable import TMinusSystem
@testable import TMinusSourcing

/// An `ics` source read again because its events are over re-reads only those events (IcsCache,
/// docs/sources.md "A big .ics"), and gives what reading the file whole gives at every moment: the
/// same items in the same order, the same problems, the same time to read it again. Checked
/// against a copy of the file read with no cache, at moments that move forward by minutes to
/// days, across a DST change, with a step back in time and a file that changes; that the cache is
/// really used is shown by a title changed in the file behind its stamp's back, which only a whole
/// read sees.
@Suite(.serialized) struct IcsCacheTests {
    static let berlin = ZoneLoader.named("Europe/Berlin")!

    /// A calendar with what makes re-reading one event hard: a custom VTIMEZONE, an override
    /// before its master, an EXDATE, a folded UID, copies of a UID, an event without a UID, a
    /// weekly series that ends, events an hour apart, and todos (which never expire).
    static func calendar(extra: String = "") -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN",
            "BEGIN:VTODO", "UID:todo-1@x", "SUMMARY:Write the report", "DUE:20261210T100000Z", "END:VTODO",
            "BEGIN:VTIMEZONE", "TZID:Custom/Zone", "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0300",
            "TZOFFSETTO:+0300", "END:STANDARD", "END:VTIMEZONE",
            "BEGIN:VEVENT", "UID:daily@x", "RECURRENCE-ID;TZID=Custom/Zone:20261128T090000",
            "DTSTART;TZID=Custom/Zone:20261128T113000",
            "SUMMARY:Standup (moved)", "END:VEVENT",
            "BEGIN:VEVENT", "UID:no-uid-neighbour@x", "DTSTART:20261126T200000Z", "SUMMARY:Dinner", "END:VEVENT",
            "BEGIN:VEVENT", "UID:dai", " ly@x", "DTSTART;TZID=Custom/Zone:20261125T090000", "DURATION:PT15M",
            "RRULE:FREQ=DAILY;COUNT=12",
            "EXDATE;TZID=Custom/Zone:20261127T090000", "SUMMARY:Standup", "END:VEVENT",
            "BEGIN:VEVENT", "DTSTART:20261126T150000Z", "SUMMARY:No UID", "END:VEVENT",
            "BEGIN:VEVENT", "UID:copy@x", "SEQUENCE:1", "DTSTART:20261127T100000Z", "SUMMARY:Copy one", "END:VEVENT",
            "BEGIN:VEVENT", "UID:weekly@x", "DTSTART;TZID=Europe/Berlin:20261023T080000", "RRULE:FREQ=WEEKLY;COUNT=8",
            "SUMMARY:Weekly across the DST change", "END:VEVENT",
            "BEGIN:VTODO", "UID:todo-2@x", "SUMMARY:Call the bank", "END:VTODO",
            "BEGIN:VEVENT", "UID:copy@x", "SEQUENCE:2", "DTSTART:20261127T110000Z", "SUMMARY:Copy two", "END:VEVENT",
            "BEGIN:VEVENT", "UID:bad@x", "DTSTART:not a date", "SUMMARY:Broken", "END:VEVENT"
        ]
        for h in 0..<30 {
            lines += [
                "BEGIN:VEVENT", "UID:hourly-\(h)@x",
                String(format: "DTSTART:202611%02dT%02d0000Z", 26 + h / 24, h % 24), "SUMMARY:Hour \(h)", "END:VEVENT"
            ]
        }
        lines += ["BEGIN:VEVENT", "UID:all-day@x", "DTSTART;VALUE=DATE:20261201", "SUMMARY:All day", "END:VEVENT"]
        return (lines + [extra, "END:VCALENDAR"].filter { !$0.isEmpty }).joined(separator: "\r\n") + "\r\n"
    }

    struct Fixture {
        let root: String
        let cached: Sourcing
        let pristine: Sourcing
        let source: SourceConfig

        init(_ text: String, maxItems: Int = SourceConfig.defaultMaxItems) throws {
            root = NSTemporaryDirectory() + "tminus-ics-cache-" + UUID().uuidString
            for folder in ["a", "b"] {
                try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            }
            var source = SourceConfig(name: "cal", kind: .ics, path: "cal.ics")
            source.maxItems = maxItems
            self.source = source
            cached = Sourcing(
                sources: [source], zone: IcsCacheTests.berlin, hold: 600, environment: [:],
                configDirectory: root + "/a",
                cacheDirectory: root + "/cache")
            pristine = Sourcing(
                sources: [source], zone: IcsCacheTests.berlin, hold: 600, environment: [:], configDirectory: root + "/b"
            )
            try write(text)
        }

        func write(_ text: String) throws {
            for folder in ["a", "b"] {
                try text.write(toFile: root + "/\(folder)/cal.ics", atomically: false, encoding: .utf8)
            }
            // (Old enough not to be racy: a racy stamp is never cached.)
            for folder in ["a", "b"] { setTime(root + "/\(folder)/cal.ics", seconds: time(nil) - 100) }
        }

        /// Changes bytes of the cached copy in place and puts its modification time back: the
        /// stamp is as it was, so only a whole read sees the change.
        func changeBehindTheStamp(_ from: String, _ to: String) throws {
            precondition(from.utf8.count == to.utf8.count)
            let path = root + "/a/cal.ics"
            var st = stat()
            stat(path, &st)
            let text = try String(contentsOfFile: path, encoding: .utf8)
            let fd = open(path, O_WRONLY)
            let bytes = Array(text.replacingOccurrences(of: from, with: to).utf8)
            _ = bytes.withUnsafeBufferPointer { pwrite(fd, $0.baseAddress, $0.count, 0) }
            close(fd)
            var times = [st.st_atim, st.st_mtim]
            utimensat(AT_FDCWD, path, &times, 0)
        }

        func setTime(_ path: String, seconds: Int) {
            var times = [timespec(tv_sec: seconds, tv_nsec: 0), timespec(tv_sec: seconds, tv_nsec: 123_000_000)]
            utimensat(AT_FDCWD, path, &times, 0)
        }

        func read(cached: Bool, at now: Instant) -> Summary.Part {
            SourceReader.read(source, cached ? self.cached : pristine, now: now)
        }

        /// The cached read at `now` and what a whole read gives then, with what differs said.
        func same(at now: Instant, _ label: String) -> Bool {
            let a = read(cached: true, at: now), b = read(cached: false, at: now)
            let same =
                a.items == b.items && a.source.problems == b.source.problems && a.source.refresh == b.source.refresh
                && a.source.error == nil && b.source.error == nil
            if !same {
                Issue.record(
                    "\(label) at \(now.seconds): \(a.items.map(\.title)) vs \(b.items.map(\.title)); refresh \(String(describing: a.source.refresh)) vs \(String(describing: b.source.refresh)); \(a.source.problems) vs \(b.source.problems)"
                )
            }
            return same
        }

        func remove() { try? FileManager.default.removeItem(atPath: root) }
    }

    static let start = Instant(1_795_600_000)  // 2026-11-26 08:26:40 UTC

    static func utc(_ seconds: Int64) -> String {
        var t = time_t(seconds)
        var tm = tm()
        gmtime_r(&t, &tm)
        return String(
            format: "%04d%02d%02dT%02d%02d%02dZ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min,
            tm.tm_sec)
    }

    @Test func readingAgainGivesWhatAWholeReadGives() throws {
        let f = try Fixture(Self.calendar())
        defer { f.remove() }
        let seed = UInt64(time(nil))
        var rng = SplitMix(seed)
        var now = Self.start
        _ = (f.same(at: now, "first"))
        #expect(
            FileManager.default.fileExists(atPath: f.root + "/cache/ics-" + FNV1a.hex("cal".utf8)), "a cache is written"
        )
        for step in 0..<60 {
            now = now + Int64.random(in: 60...(step % 10 == 9 ? 3 * 86_400 : 4 * 3_600), using: &rng)
            _ = (f.same(at: now, "seed \(seed), step \(step)"))
            if step == 20 {
                // Back in time (a clock set back, another --now): the cache is newer; not used.
                _ = (f.same(at: now - 86_400, "a day back"))
            }
            if step == 30 {
                // The file changes: read whole again, then re-read by parts as before.
                try f.write(
                    Self.calendar(
                        extra:
                            "BEGIN:VEVENT\r\nUID:late@x\r\nDTSTART:20261205T100000Z\r\nSUMMARY:Added later\r\nEND:VEVENT"
                    ))
            }
        }
    }

    @Test func onlyTheEventsThatAreOverAreReadAgain() throws {
        let f = try Fixture(Self.calendar())
        defer { f.remove() }
        var now = Self.start
        _ = (f.same(at: now, "first"))
        try f.changeBehindTheStamp("Write the report", "Wrote the repXrt")
        // Hours later, many events are over: each is read again from its bytes; the todo is as
        // the cache has it (a whole read would show the changed title).
        for _ in 0..<12 {
            now = now + 3 * 3_600
            _ = (f.same(at: now, "hours later"))
            #expect(f.read(cached: true, at: now).items.contains { $0.title == "Write the report" })
        }
        // The file is put back as it was (another stamp): read whole, the same again.
        try f.write(Self.calendar())
        _ = (f.same(at: now + 60, "rewritten"))
    }

    @Test func aCacheThatIsNotWholeOrNotThisOnesIsRefused() {
        let now = Instant(1_795_428_060)
        let text =
            #"{"signature":"s","at":\#(now.seconds - 5),"stamp":"1-2-3.4","total":9,"leftOut":3,"cutoff":[1,\#(now.seconds + 600)],"zones":[10,20],"problems":["line 3: bad"],"entries":["#
            + "\n"
            + #"[2,true,\#(now.seconds + 60),[2,30,90,5,200,260],{"kind":"deadline","id":"uid-a","handle":0,"title":"Standup","due":"2026-12-01T09:30:00Z","source":"cal"}]]}"#
        let bytes = Array(text.utf8)
        #expect(IcsCache.roundTrip(bytes, signature: "s", now: now) == 1)
        #expect(IcsCache.roundTrip(Array(bytes.prefix(bytes.count - 3)), signature: "s", now: now) == nil, "cut short")
        #expect(IcsCache.roundTrip(bytes, signature: "t", now: now) == nil, "another signature")
        #expect(IcsCache.roundTrip(bytes, signature: "s", now: now - 10) == nil, "written after now")
        let backwards = text.replacingOccurrences(of: "[2,30,90,5,200,260]", with: "[2,90,30]")
        #expect(
            IcsCache.roundTrip(Array(backwards.utf8), signature: "s", now: now) == nil,
            "a range that ends before it starts")
    }
}
