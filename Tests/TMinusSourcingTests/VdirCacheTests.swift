import Foundation
import TMinusCore
import TMinusTestSupport
import Testing
@testable import TMinusSystem
@testable import TMinusSourcing

/// The vdir file cache's reader (docs/sources.md, "The file cache"): a whole cache reads back as
/// written; one cut short, of another signature, or written after `now` is refused whole.
struct VdirCacheTests {
    let now = Instant(1_795_428_060)
    var text: String {
        #"{"signature":"s","at":\#(now.seconds - 5),"unique":false,"files":["# + "\n"
            + #"["work/a.ics","12-345-1795428000.5",["line 3: DTSTART: bad"],[[true,\#(now.seconds + 60),"uid-a",true],[false,null,"uid-b",false]],[{"kind":"deadline","id":"uid-a","handle":0,"title":"Standup \"weekly\"","due":"2026-12-01T09:30:00Z","source":"cal"}]],"#
            + "\n" + #"["b.ics","13-10-1795428000.0",[],[],[]]"# + "\n]}"
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
    @Test func filesAreFoundInAnyOrder() throws {
        let names = (0..<20).map { "f\($0).ics" }
        var written = VdirCache.Written()
        for n in names { written.add(n, stamp: Array(n.utf8)[...], CalendarFile(entries: [], problems: [])) }
        let cache = try VdirCache.parse(written.bytes(signature: "s", now: now), signature: "s", now: now)
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
                    kept.take(n).map { String(decoding: kept.stamp($0), as: UTF8.self) }
                        == (names.contains(n) ? n : nil), "\(n)")
            }
        }
        // A name in two parts (a collection's, the file's) is found as the whole.
        var kept = cache
        let prefix = Array("f1".utf8), name = Array("2.ics".utf8)
        let found = prefix.withUnsafeBufferPointer { p in name.withUnsafeBufferPointer { kept.take(p, $0) } }
        #expect(found.map { String(decoding: kept.name($0), as: UTF8.self) } == "f12.ics")
    }

    /// A file new since the cache was written, in a folder the cache lists in the same order (a
    /// sync brought it), is said new where it sorts, first, between two others or last, and the
    /// walk goes on: every name's place is not looked up by hashing them all (at 10,000 files
    /// that cost more than the rest of the fold-in). Files gone and an unsorted cache are found
    /// as before (`filesAreFoundInAnyOrder`).
    @Test func aNewFileIsNewWithoutHashingEveryName() throws {
        let names = (0..<2_000).map { String(format: "%08X-1111.ics", $0 * 7) }
        var written = VdirCache.Written()
        for n in names { written.add(n, stamp: Array(n.utf8)[...], CalendarFile(entries: [], problems: [])) }
        let cache = try VdirCache.parse(written.bytes(signature: "s", now: now), signature: "s", now: now)
        for (at, new) in [(0, "0.ics"), (701, String(format: "%08X-1111.ics", 700 * 7 + 3)), (2_000, "~.ics")] {
            var kept = cache
            var folder = names
            folder.insert(new, at: at)
            for n in folder {
                let found = kept.take(n).map { String(decoding: kept.name($0), as: UTF8.self) }
                #expect(found == (n == new ? nil : n), "\(n)")
            }
            #expect(kept.places?.count == nil, "a new file at \(at) hashed every name")
        }
    }

    /// A cache's JSON: its bytes before its index (`VdirCache.Index`).
    static func json(_ bytes: [UInt8]) -> [UInt8] {
        VdirCache.Index.locate(bytes).map { Array(bytes[..<$0.lowerBound]) } ?? bytes
    }

    /// Writing back: what was read from the cache is its bytes again; what is new is written anew.
    @Test func keptFilesAreWrittenAsTheirBytes() throws {
        let bytes = Array(text.utf8)
        var parsed = try VdirCache.parse(bytes, signature: "s", now: now)
        var all = VdirCache.Written()
        for i in parsed.records.indices { all.keep(i, of: parsed) }
        #expect(Self.json(all.bytes(signature: "s", now: now - 5)) == bytes + Array("\n".utf8))
        var mixed = VdirCache.Written()
        mixed.add("new.ics", stamp: Array("1-2-3.0".utf8)[...], CalendarFile(entries: [], problems: ["x"]))
        let b = parsed.take("b.ics")
        mixed.keep(try #require(b), of: parsed)
        let written = String(decoding: Self.json(mixed.bytes(signature: "s", now: now)), as: UTF8.self)
        #expect(
            written.contains(
                #"["new.ics","1-2-3.0",["x"],[],[]],"# + "\n" + #"["b.ics","13-10-1795428000.0",[],[],[]]"# + "\n]}"))
    }

    /// Records kept one after another are copied as one run of bytes: whatever the order kept
    /// and read files come in, what is written is each record's bytes, one a line.
    @Test func keptRecordsAreWrittenAsRunsOfTheirBytes() throws {
        var written = VdirCache.Written()
        for n in 0..<12 {
            written.add(
                "f\(n).ics", stamp: Array("1-2-\(n).0".utf8)[...],
                CalendarFile(entries: [], problems: n % 5 == 0 ? ["p\(n)"] : []))
        }
        let cache = try VdirCache.parse(written.bytes(signature: "s", now: now), signature: "s", now: now)
        var rng = SplitMix(7)
        for _ in 0..<200 {
            var again = VdirCache.Written(), expected: [String] = []
            for i in 0..<12 where Bool.random(using: &rng) {
                if Int.random(in: 0..<4, using: &rng) == 0 {
                    again.add("new\(i).ics", stamp: Array("9-9-9.0".utf8)[...], CalendarFile(entries: [], problems: []))
                    expected.append(#"["new\#(i).ics","9-9-9.0",[],[],[]]"#)
                }
                let k = Int.random(in: 0..<4, using: &rng) == 0 ? 11 - i : i
                again.keep(k, of: cache)
                expected.append(String(decoding: cache.bytes[cache.records[k].whole], as: UTF8.self))
            }
            let text = String(decoding: Self.json(again.bytes(signature: "s", now: now)), as: UTF8.self)
            #expect(text.hasSuffix((expected.isEmpty ? "" : "\n" + expected.joined(separator: ",\n")) + "\n]}\n"))
            #expect(again.count == expected.count)
        }
    }

    /// A record is found, not decoded: its problems, entries and items are read from its bytes
    /// when asked, the same as the reading that was written (an escaped name and id included).
    @Test func aRecordReadsAsTheReadingWritten() throws {
        let item = Item(
            kind: .deadline, id: "uid-\"a\"", handle: 0, title: "Standup \"weekly\"", due: .instant(now + 3_600))
        let reading = CalendarFile(
            entries: [
                CalendarFile.Entry(id: "uid-\"a\"", isEvent: true, item: item, expires: now + 60),
                CalendarFile.Entry(id: "uid-b", isEvent: false, item: nil, expires: nil),
                CalendarFile.Entry(id: "uid-c", isEvent: true, item: item, expires: now + 30)
            ], problems: ["line 3: DTSTART: bad", "\u{1}"])
        var written = VdirCache.Written()
        written.add("work/\"odd\".ics", stamp: Array("1-2-3.4".utf8)[...], reading)
        var cache = try VdirCache.parse(written.bytes(signature: "s", now: now), signature: "s", now: now)
        let found = cache.take("work/\"odd\".ics")
        let i = try #require(found)
        #expect(cache.records[i].expires == now + 30)
        #expect(cache.problems(i) == reading.problems)
        let back = try #require(cache.reading(i))
        #expect(back.entries.map { $0.id } == reading.entries.map { $0.id })
        #expect(back.entries.map { $0.isEvent } == reading.entries.map { $0.isEvent })
        #expect(back.entries.map { $0.expires } == reading.entries.map { $0.expires })
        #expect(back.entries.map { $0.item?.jsonBytes() } == reading.entries.map { $0.item?.jsonBytes() })
        // An item the cache cannot read: the record gives none (its file is read again).
        let broken = String(decoding: written.bytes(signature: "s", now: now), as: UTF8.self)
            .replacingOccurrences(of: #""title":"#, with: #""titel":"#)
        let bad = try VdirCache.parse(Array(broken.utf8), signature: "s", now: now)
        #expect(bad.items(0) == nil)
    }

    /// A record is scanned byte by byte when it is in the shape the cache writes, and read as JSON
    /// otherwise: either way it reads the same, and what JSON refuses is refused, but for the
    /// items' bytes, which the scan does not look at: a record whose items are not JSON, or not its
    /// open entries', is taken by the scan and gives no items (its file is read again).
    @Test func aRecordScannedIsARecordRead() throws {
        let head = #"{"signature":"s","at":\#(now.seconds - 5),"unique":true,"files":["# + "\n"
        let item =
            #"{"kind":"deadline","id":"u","handle":0,"title":"T \"q\" é","due":"2026-12-01T09:30:00Z","source":"cal"}"#
        let records = [
            #"["a.ics","1-2-3.4",[],[],[]]"#,
            #"["a.ics","1-2-3.4",["line 3: bad","x"],[[true,1795428120,"uid-a",true],[false,null,"uid-b",false]],[\#(item)]]"#,
            #"["w\"q\".ics","1-2-3.4",[],[[true,-5,"u",false]],[]]"#,  // an escape: read as JSON
            #"["é.ics","1-2-3.4",["é"],[[false,0,"ü",false]],[]]"#,  // not ASCII: read as JSON
            #"[ "a.ics", "1-2-3.4", [], [], [] ]"#,  // spaces: read as JSON
            #"["a.ics","1-2-3.4",[],[[true,1.0,"u",false]],[]]"#,  // a whole number written with a point
            #"["a.ics","1-2-3.4",[],[[true,01,"u",false]],[]]"#,  // a leading zero: refused
            #"["a.ics","1-2-3.4",[],[[true,1,"u",false,5]],[]]"#,  // an entry too long: refused
            #"["a.ics","1-2-3.4",[],[[true,1,"u",null]],[]]"#,  // not said open or not: refused
            #"["a.ics","1-2-3.4",[],[[true,1234567890123456,"u",false]],[]]"#,  // too many digits: refused
            #"["a.ics","1-2-3.4",[],[[true,1,"u",false]],[\#(item)]]"#,  // an item with no open entry: refused
            #"["a.ics","1-2-3.4",[],[[true,1,"u",true]],[ \#(item) ]]"#,  // spaces among the items: the same
            #"["a.ics","1-2-3.4",[],[[true,1,"u",true]],[\#(item)] ]"#,  // a space after them: read as JSON
            // nested as deep as JSON allows in the whole file
            #"["a.ics","1-2-3.4",[],[[true,1,"u",true]],[{"x":"# + String(repeating: "[", count: 195)
                + String(repeating: "]", count: 195) + "}]]"
        ]
        for r in records {
            let bytes = Array((head + r + "\n]}").utf8)
            let fast = try? VdirCache.parse(bytes, signature: "s", now: now)
            let slow = try? VdirCache.parse(bytes, signature: "s", now: now, fast: false)
            #expect((fast == nil) == (slow == nil), "\(r.prefix(60))")
            if let fast, let slow { #expect(fast.same(as: slow), "\(r)") }
            #expect(VdirCache.roundTrip(bytes, signature: "s", now: now) == fast?.count)
        }
        // Items the scan takes and the JSON reader refuses: the record gives none.
        let notItems = [
            #"["a.ics","1-2-3.4",[],[[true,1,"u",true]],[{"kind":}]]"#,  // not JSON
            #"["a.ics","1-2-3.4",[],[[true,1,"u",true]],[\#(item),\#(item)]]"#,  // more than the open entries
            #"["a.ics","1-2-3.4",[],[[true,1,"u",true]],[]]"#,  // fewer
            #"["a.ics","1-2-3.4",[],[[true,1,"u",true]],[5]]"#,  // not an object
            // two records on a line: the first one's items run into the second
            #"["a.ics","1-2-3.4",[],[[true,1,"u",true]],[\#(item)]],["b.ics","1-2-3.4",[],[[true,1,"v",true]],[\#(item)]]"#,
            // one deeper than JSON allows
            #"["a.ics","1-2-3.4",[],[[true,1,"u",true]],[{"x":"# + String(repeating: "[", count: 196)
                + String(repeating: "]", count: 196) + "}]]"
        ]
        for r in notItems {
            let bytes = Array((head + r + "\n]}").utf8)
            let fast = try VdirCache.parse(bytes, signature: "s", now: now)
            #expect((try? VdirCache.parse(bytes, signature: "s", now: now, fast: false)) == nil, "\(r.prefix(60))")
            #expect(fast.items(0) == nil, "\(r.prefix(60))")
            #expect(VdirCache.roundTrip(bytes, signature: "s", now: now) == 1)
        }
        // The shape the cache writes is scanned (not left to JSON), and its items read.
        var scanned = VdirCache()
        let record = Array((records[1] + "\n").utf8)
        scanned.bytes = record
        #expect(record.withUnsafeBufferPointer { scanned.scan($0, at: 0) } == record.count - 1)
        #expect(scanned.entries.count == 2 && scanned.records[0].problems == 19)
        #expect(scanned.items(0)?.map(\.title) == ["T \"q\" é"])
        let parsed = try VdirCache.parse(Array((head + records[1] + "\n]}").utf8), signature: "s", now: now)
        #expect(parsed.unique && parsed.items(0)?.count == 1)
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
            #expect(Array(other.utf8).withUnsafeBufferPointer { FileStamp(text: $0) } != stamp, "\(other)")
        }
    }

    /// Random stamps (zeros, the largest values, every width) match their own text and no text
    /// that differs from it by a digit, a separator, a byte added or taken away.
    @Test func randomStampsMatchTheirTextAlone() {
        var rng = SplitMix(42)
        func number(_ max: UInt64) -> UInt64 {
            switch UInt64.random(in: 0..<4, using: &rng) {
            case 0: return 0
            case 1: return max
            default: return UInt64.random(in: 0...(max >> UInt64.random(in: 0..<63, using: &rng)), using: &rng)
            }
        }
        for _ in 0..<20_000 {
            var st = stat()
            st.st_ino = UInt(number(UInt64.max))
            st.st_size = Int(number(UInt64(Int64.max)))
            st.st_mtim.tv_sec = Int(number(UInt64(Int64.max)))
            st.st_mtim.tv_nsec = Int(number(999_999_999))
            let stamp = FileStamp(st)
            var text = Array(stamp.description.utf8)
            #expect(stamp.matches(text[...]), "\(stamp)")
            #expect(text.withUnsafeBufferPointer { FileStamp(text: $0) } == stamp, "\(stamp)")
            let at = Int.random(in: 0..<text.count, using: &rng)
            switch Int.random(in: 0..<3, using: &rng) {
            case 0: text[at] = [0x30, 0x31, 0x39, 0x2D, 0x2E, 0x20][Int.random(in: 0..<6, using: &rng)]
            case 1: text.insert([0x30, 0x37, 0x2D][Int.random(in: 0..<3, using: &rng)], at: at)
            default: text.remove(at: at)
            }
            if text != Array(stamp.description.utf8) {
                #expect(!stamp.matches(text[...]), "\(stamp) against \(String(decoding: text, as: UTF8.self))")
            }
            // Read back as numbers, a text is its stamp exactly when it matches it as text.
            let read = text.withUnsafeBufferPointer { FileStamp(text: $0) }
            #expect((read == stamp) == stamp.matches(text[...]), "\(String(decoding: text, as: UTF8.self))")
            #expect(read.map { Array($0.description.utf8) == text } ?? true, "read back as another text")
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

    /// The same for a folder of thousands (sorted a byte of their first eight at a time, ties by
    /// the rest): names as vdirsyncer and todoman make them (UIDs), many sharing their first eight
    /// bytes, some of them equal there and differing after, and bytes above 0x7F in every place.
    @Test func thousandsOfNamesSortByTheirBytes() {
        var generator = SystemRandomNumberGenerator()
        var names: [String] = []
        for i in 0..<6_000 {
            switch i % 4 {
            case 0: names.append(UUID().uuidString + ".ics")
            case 1: names.append("20261128-\(Int.random(in: 0..<500, using: &generator)).ics")
            case 2:
                let length = Int.random(in: 0...10, using: &generator)
                names.append(String((0..<length).map { _ in "aé\u{FF}Z~\u{1F600}0".randomElement(using: &generator)! }))
            default: names.append("same-prefix-\(i)")
            }
        }
        names.shuffle()
        let expected = names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        #expect(Vdir.sortedByBytes(names) == expected)
    }
}
