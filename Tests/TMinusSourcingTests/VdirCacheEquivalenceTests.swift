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
