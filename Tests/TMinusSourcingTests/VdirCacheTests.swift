import Foundation
import TMinusCore
import Testing
@testable import TMinusSystem
@testable import TMinusSourcing

/// The vdir file cache's reader (docs/sources.md, "The file cache"): a whole cache reads back as
/// written; one cut short, of another signature, or written after `now` is refused whole.
struct VdirCacheTests {
    let now = Instant(1_795_428_060)
    var text: String {
        #"{"signature":"s","at":\#(now.seconds - 5),"files":["# + "\n"
            + #"["work/a.ics","12-345-1795428000.5",["line 3: DTSTART: bad"],[[true,\#(now.seconds + 60),"uid-a",{"kind":"deadline","id":"uid-a","handle":0,"title":"Standup \"weekly\"","due":"2026-12-01T09:30:00Z","source":"cal"}],[false,null,"uid-b",null]]],"#
            + "\n" + #"["b.ics","13-10-1795428000.0",[],[]]]}"#
    }

    @Test func aWholeCacheReadsBackAsWritten() {
        #expect(VdirCache.roundTrip(Array(text.utf8), signature: "s", now: now) == 2)
    }

    @Test func anythingElseIsRefusedWhole() {
        let bytes = Array(text.utf8)
        #expect(VdirCache.roundTrip(Array(bytes.prefix(bytes.count - 3)), signature: "s", now: now) == nil, "cut short")
        #expect(VdirCache.roundTrip(bytes, signature: "t", now: now) == nil, "another signature")
        #expect(VdirCache.roundTrip(bytes, signature: "s", now: now - 10) == nil, "written after now")
        let noSignature = text.replacingOccurrences(of: #""signature":"s","#, with: "")
        #expect(VdirCache.roundTrip(Array(noSignature.utf8), signature: "s", now: now) == nil)
    }

    /// Files are looked up by walking on from the last one found (a folder lists them in the same
    /// order); files gone, new or out of order are found all the same.
    @Test func filesAreFoundInAnyOrder() {
        let names = (0..<20).map { "f\($0).ics" }
        var cache = VdirCache()
        for n in names {
            cache.add(n, VdirCache.File(stamp: Array(n.utf8)[...], reading: CalendarFile(entries: [], problems: [])))
        }
        let orders: [[String]] = [
            names,  // the same folder
            names.filter { $0 != "f3.ics" && $0 != "f4.ics" },  // files gone
            Array(names.prefix(5)) + ["new.ics"] + Array(names.dropFirst(5)),  // a file new
            // more gone than the walk looks ahead
            names.filter { !["f1.ics", "f2.ics", "f3.ics", "f4.ics", "f5.ics", "f6.ics"].contains($0) },
            names.reversed()  // another order altogether
        ]
        for order in orders {
            var kept = cache
            for n in order {
                #expect(
                    kept.take(n).map { String(decoding: $0.stamp, as: UTF8.self) } == (names.contains(n) ? n : nil),
                    "\(n)")
            }
        }
    }

    /// Writing back: what was read from the cache is its bytes again; what is new is written anew.
    @Test func keptFilesAreWrittenAsTheirBytes() throws {
        let bytes = Array(text.utf8)
        let parsed = try VdirCache.parse(bytes, signature: "s", now: now)
        #expect(parsed.bytes(signature: "s", now: now - 5) == bytes + Array("\n".utf8))
        var mixed = VdirCache()
        var old = parsed
        mixed.add(
            "new.ics",
            VdirCache.File(stamp: Array("1-2-3.0".utf8)[...], reading: CalendarFile(entries: [], problems: ["x"])))
        let b = old.take("b.ics")
        mixed.add("b.ics", try #require(b))
        let written = String(decoding: mixed.bytes(signature: "s", now: now), as: UTF8.self)
        #expect(
            written.contains(#"["new.ics","1-2-3.0",["x"],[]],"# + "\n" + #"["b.ics","13-10-1795428000.0",[],[]]]}"#))
    }

    /// A stamp's text is compared field by field: exactly its own description matches.
    @Test func aStampMatchesOnlyItsOwnText() throws {
        let stamp = try #require(FileStamp.of("/proc/self/exe"))
        #expect(stamp.matches(stamp.description))
        #expect(stamp.matches(Array(stamp.description.utf8)[...]))
        let s = stamp.description
        for other in [
            "", "-", "racy:" + s, s + "0", s + ".1", "0" + s.dropFirst(), "1-2-3", "1-2-3.", "-1-2-3.4", "1--2-3.4",
            "99999999999999999999-1-1.1", s.replacingOccurrences(of: ".", with: "-"), "0" + s, "x" + s,
            s.replacingOccurrences(of: "-", with: "."), " " + s, s + " "
        ] {
            #expect(!stamp.matches(other), "\(other)")
        }
    }

    /// A vdir's items are its `.ics` files by their bytes (as vdirsyncer and khal name them, a
    /// letter that joins the dot before it included), hidden files and temps not; a folder is
    /// listed with every name whole (up to 255 bytes) and without `.` and `..`.
    @Test func itemNamesAreTheirBytes() throws {
        for (name, item) in [
            ("a.ics", true), ("é.ics", true), ("\u{0600}.ics", true), (".ics", false), (".a.ics", false),
            ("a.ics.tmp", false), ("a.ICS", false), ("a.ics\u{301}", false), ("a.icsx", false)
        ] {
            #expect(Vdir.isItemName(name) == item, "\(name)")
        }
        let dir = NSTemporaryDirectory() + "tminus-names-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let long = String(repeating: "x", count: 251) + ".ics"
        let names = ["..a.ics", ".b", "c.ics", long, "논.ics"]
        for n in names { _ = FileManager.default.createFile(atPath: dir + "/" + n, contents: Data()) }
        #expect(FileIO.names(in: dir).sorted() == names.sorted())
        #expect(Vdir.itemNames(dir) == ["c.ics", long, "논.ics"])
    }

    /// A folder's names in the order of their bytes (what a vdir's items, the file cache and a
    /// UID found twice go by): the same order as comparing the whole byte strings, for names that
    /// share their first eight bytes or more, are shorter than eight, empty, or not ASCII.
    @Test func namesSortByTheirBytes() {
        var names = [
            "", "a", "ab", "a.ics", "ABCDEFGH.ics", "ABCDEFGH", "ABCDEFGHI", "ABCDEFGG.ics", "abcdefgh-2.ics",
            "abcdefgh-10.ics", "Ärger.ics", "zebra.ics", "Zebra.ics", "日本語.ics", "日本語", "\u{10FFFF}x", "~", "0000",
            "00000000", "000000000"
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let length = Int.random(in: 0...12, using: &generator)
            names.append(String((0..<length).map { _ in "ab\u{e9}Z0-.".randomElement(using: &generator)! }))
        }
        names.shuffle()
        let expected = names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        #expect(Vdir.sortedByBytes(names) == expected)
    }
}
