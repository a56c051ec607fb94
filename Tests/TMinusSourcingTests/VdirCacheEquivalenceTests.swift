import Foundation
import Glibc
import TMinusCore
import Testing
import TMinusTestSupport
@testable import TMinusSystem
@testable import TMinusSourcing

/// A vdir read through its file cache (records found by their bytes, items read from the cache
/// only when their file joins the source) gives what reading every file gives: the same items in
/// the same order, the same problems (a UID in two files, a broken file, an escaped name), the
/// same time to read it again. Checked against the same folder read with no cache, after each of
/// a few hundred random changes (a file replaced, edited in place, removed, added, a colour
/// changed) at moments that move forward by minutes to days, so events' instances end and their
/// files are read again.
@Suite(.serialized) struct VdirCacheEquivalenceTests {
    static func text(_ item: Item) -> String { String(decoding: item.jsonBytes(), as: UTF8.self) }

    /// A UID read from two files is shown from the first (by the files' bytes), the copy said and
    /// skipped; an event's UID and a todo's are apart, and a completed item hides later copies as
    /// an open one does. The same read whole and through the cache.
    @Test func aUIDInTwoFilesIsShownOnceFromTheFirst() throws {
        let root = NSTemporaryDirectory() + "tminus-vdir-copies-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/vdir", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/cache", withIntermediateDirectories: true)
        func todo(_ uid: String, _ title: String, done: Bool = false) -> String {
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VTODO\r\nUID:\(uid)\r\nSUMMARY:\(title)\r\n"
                + (done ? "STATUS:COMPLETED\r\n" : "") + "END:VTODO\r\nEND:VCALENDAR\r\n"
        }
        let event =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VEVENT\r\nUID:x@y\r\nSUMMARY:Event x\r\n"
            + "DTSTART:20261205T090000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        let files = [
            ("a.ics", todo("x@y", "First x")), ("b.ics", todo("x@y", "Copy of x")), ("c.ics", event),
            ("d.ics", todo("z@y", "Done z", done: true)), ("e.ics", todo("z@y", "Open z"))
        ]
        var old = [timeval(tv_sec: time(nil) - 3_600, tv_usec: 0), timeval(tv_sec: time(nil) - 3_600, tv_usec: 0)]
        for (name, text) in files {
            try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/vdir/" + name))
            #expect(utimes(root + "/vdir/" + name, &old) == 0)
        }
        let source = SourceConfig(name: "cal", kind: .vdir, path: root + "/vdir")
        let cached = Sourcing(
            sources: [source], zone: .utc, hold: 600, environment: [:], configDirectory: root,
            cacheDirectory: root + "/cache")
        let now = at("2026-11-28T12:00:00Z")
        for run in ["first", "from the cache"] {
            let part = SourceReader.read(source, cached, now: now)
            #expect(part.items.map(\.title) == ["First x", "Event x"], "\(run)")
            #expect(
                part.source.problems == [
                    "b.ics" + deferred(": UID %s is also in %s; this copy is skipped", "x@y", "a.ics"),
                    "e.ics" + deferred(": UID %s is also in %s; this copy is skipped", "z@y", "d.ics")
                ], "\(run)")
        }
        // Many UIDs (the table grows), each found again from its first file.
        var firsts = FirstFiles()
        for n in 0..<5_000 {
            #expect(firsts.first(Array("uid-\(n)".utf8)[...], isEvent: n % 2 == 0, in: Array("f\(n)".utf8)[...]) == nil)
        }
        for n in stride(from: 0, to: 5_000, by: 7) {
            let again = firsts.first(Array("uid-\(n)".utf8)[...], isEvent: n % 2 == 0, in: [])
            #expect(again.map { String(decoding: $0, as: UTF8.self) } == "f\(n)")
            #expect(firsts.first(Array("uid-\(n)".utf8)[...], isEvent: n % 2 != 0, in: []) == nil, "the other kind")
        }
    }

    @Test(arguments: [1 as UInt64, 2, 3])
    func aCachedReadIsAWholeRead(seed: UInt64) throws {
        let root = NSTemporaryDirectory() + "tminus-vdir-equal-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let collections = ["home", "work \"shared\""]
        for c in collections {
            try FileManager.default.createDirectory(atPath: root + "/vdir/" + c, withIntermediateDirectories: true)
        }
        try FileManager.default.createDirectory(atPath: root + "/cache", withIntermediateDirectories: true)
        let source = SourceConfig(name: "cal", kind: .vdir, path: root + "/vdir")
        let zone = ZoneLoader.named("Europe/Berlin")!
        let cached = Sourcing(
            sources: [source], zone: zone, hold: 600, environment: [:], configDirectory: root,
            cacheDirectory: root + "/cache")
        let pristine = Sourcing(sources: [source], zone: zone, hold: 600, environment: [:], configDirectory: root)
        var random = SplitMix(seed)
        var now = at("2026-11-28T08:00:00Z")
        // Stamps an hour or more before the wall clock: never racy, so the cache keeps them.
        var mtime = time(nil) - 7_200
        let uids = (0..<12).map { "uid-\($0)@x" } + ["odd \"uid\"\\\u{e9}"]

        func ics() -> String {
            var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"]
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let uid = uids.randomElement(using: &random)!
                let day = Int.random(in: 28...30, using: &random), hour = Int.random(in: 6...20, using: &random)
                let start = String(format: "202611%02dT%02d%02d00Z", day, hour, [0, 30].randomElement(using: &random)!)
                switch Int.random(in: 0..<6, using: &random) {
                case 0, 1:
                    lines += ["BEGIN:VTODO", "UID:\(uid)", "SUMMARY:Todo \(uid)", "DUE:\(start)"]
                    if Bool.random(using: &random) { lines += ["STATUS:COMPLETED"] }
                    lines += ["END:VTODO"]
                case 2, 3:
                    lines += [
                        "BEGIN:VEVENT", "UID:\(uid)", "SUMMARY:Event \(uid)", "DTSTART:\(start)", "DURATION:PT45M"
                    ]
                    if Bool.random(using: &random) { lines += ["RRULE:FREQ=DAILY;COUNT=4"] }
                    lines += ["END:VEVENT"]
                case 4:
                    lines += ["BEGIN:VEVENT", "UID:\(uid)", "SUMMARY:Broken", "DTSTART:not a date", "END:VEVENT"]
                default:
                    lines += ["BEGIN:VTODO", "UID:\(uid)", "SUMMARY:Undated \(uid)", "COLOR:#aabbcc", "END:VTODO"]
                }
            }
            return (lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
        }
        func files() -> [String] {
            collections.flatMap { c in
                ((try? FileManager.default.contentsOfDirectory(atPath: root + "/vdir/" + c)) ?? [])
                    .filter { $0.hasSuffix(".ics") }.map { c + "/" + $0 }
            }.sorted()
        }
        func age(_ path: String) {
            mtime += 1
            var times = [timeval(tv_sec: mtime, tv_usec: Int.random(in: 0..<1_000_000, using: &random)), timeval()]
            times[1] = times[0]
            #expect(utimes(path, &times) == 0)
        }
        func write(_ relative: String, inPlace: Bool) throws {
            let path = root + "/vdir/" + relative
            if inPlace {
                try Data(ics().utf8).write(to: URL(fileURLWithPath: path))
            } else {
                try Data(ics().utf8).write(to: URL(fileURLWithPath: path + ".new"))
                #expect(rename(path + ".new", path) == 0)
            }
            age(path)
        }
        let names = ["a.ics", "b.ics", "c\"q\".ics", "d\u{e9}.ics", "e.ics", "f.ics"]
        for c in collections {
            for n in names where Bool.random(using: &random) { try write(c + "/" + n, inPlace: false) }
        }
        for step in 0..<120 {
            let existing = files()
            switch Int.random(in: 0..<10, using: &random) {
            case 0, 1, 2:
                if let f = existing.randomElement(using: &random) { try write(f, inPlace: false) }
            case 3, 4:
                if let f = existing.randomElement(using: &random) { try write(f, inPlace: true) }
            case 5:
                if let f = existing.randomElement(using: &random) { unlink(root + "/vdir/" + f) }
            case 6, 7:
                let c = collections.randomElement(using: &random)!
                try write(c + "/" + names.randomElement(using: &random)!, inPlace: false)
            case 8:
                let path = root + "/vdir/" + collections.randomElement(using: &random)! + "/color"
                try Data(["#112233", "#445566"].randomElement(using: &random)!.utf8).write(
                    to: URL(fileURLWithPath: path))
            default:
                break  // only the clock moves
            }
            now = now + Int64([60, 600, 3_600, 5 * 3_600, 86_400].randomElement(using: &random)!)
            let a = SourceReader.read(source, cached, now: now)
            let b = SourceReader.read(source, pristine, now: now)
            let context = "seed \(seed), step \(step)"
            #expect(a.items.map(Self.text) == b.items.map(Self.text), "\(context): items")
            #expect(a.source.problems == b.source.problems, "\(context): problems")
            #expect(a.source.refresh == b.source.refresh, "\(context): refresh")
            #expect(a.source.error == nil && b.source.error == nil, "\(context): error")
        }
        // The cache was used: a file whose bytes changed behind its stamp's back (the same size,
        // its times put back) is not read again.
        _ = SourceReader.read(source, cached, now: now)
        var changedOne = false
        for f in files() {
            let path = root + "/vdir/" + f
            var st = stat()
            #expect(stat(path, &st) == 0)
            var text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
            for word in ["Todo", "Even", "Unda"] {
                text = text.replacingOccurrences(of: "SUMMARY:" + word, with: "SUMMARY:ZZZZ")
            }
            guard text.contains("ZZZZ") else { continue }
            let fd = open(path, O_WRONLY)
            _ = Array(text.utf8).withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) }
            close(fd)
            var times = [st.st_atim, st.st_mtim]
            #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
            changedOne = true
        }
        let whole = SourceReader.read(source, pristine, now: now)
        if changedOne, whole.items.contains(where: { $0.title.contains("ZZZZ") }) {
            let fromCache = SourceReader.read(source, cached, now: now)
            #expect(!fromCache.items.contains { $0.title.contains("ZZZZ") }, "seed \(seed): the cache was not used")
        }
    }
}
