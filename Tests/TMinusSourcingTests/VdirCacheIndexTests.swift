import Foundation
import TMinusCore
import TMinusTestSupport
import Testing
@testable import TMinusSourcing
@testable import TMinusSystem

/// The file cache's index (`VdirCache.Index`, docs/sources.md "The file cache"): a cache read by
/// its index is the cache its JSON reads as, generation after generation of files kept and read;
/// the index is used (nothing scanned) only for the JSON it was written with, and a cache it
/// cannot describe is written without one.
struct VdirCacheIndexTests {
    let now = Instant(1_795_428_060)

    /// A random reading: up to three entries, open or not, events or not, with or without an
    /// expiry, sometimes a problem.
    func reading(_ n: Int, _ rng: inout SplitMix) -> CalendarFile {
        let entries = (0..<Int.random(in: 0...3, using: &rng)).map { k in
            let id = "uid-\(n)-\(k)"
            let open = Bool.random(using: &rng)
            let item = Item(
                kind: .deadline, id: id, handle: 0, title: "Item \(n) \(k)", due: .instant(now + 3_600 * Int64(k)))
            return CalendarFile.Entry(
                id: id, isEvent: Bool.random(using: &rng), item: open ? item : nil,
                expires: Bool.random(using: &rng) ? now + Int64.random(in: -100...100_000, using: &rng) : nil)
        }
        return CalendarFile(
            entries: entries, problems: Int.random(in: 0..<5, using: &rng) == 0 ? ["line \(n): bad"] : [])
    }

    /// A random stamp's text (sometimes one that is not a stamp's: never matched).
    func stamp(_ rng: inout SplitMix) -> ArraySlice<UInt8> {
        if Int.random(in: 0..<10, using: &rng) == 0 { return Array("racy".utf8)[...] }
        let s = FileStamp(
            inode: UInt64.random(in: 0...UInt64.max, using: &rng), size: Int64.random(in: 0...5_000, using: &rng),
            seconds: Int64.random(in: 0...1_800_000_000, using: &rng),
            nanoseconds: Int64.random(in: 0..<1_000_000_000, using: &rng))
        return Array(s.description.utf8)[...]
    }

    /// Both readings of `bytes`: by its index and by its JSON.
    func bothWays(_ bytes: [UInt8]) throws -> (indexed: VdirCache, read: VdirCache) {
        (
            try VdirCache.parse(bytes, signature: "s", now: now),
            try VdirCache.parse(bytes, signature: "s", now: now, fast: false)
        )
    }

    /// Generation after generation (records kept in runs, files read between them, files gone),
    /// the cache has an index, and its index reads as its JSON does.
    @Test func anIndexReadsAsItsJSON() throws {
        var rng = SplitMix(11)
        var names = (0..<300).map { String(format: "c%d/%08X.ics", $0 % 3, $0 &* 2_654_435_761 & 0xFFFF_FFFF) }.sorted()
        var written = VdirCache.Written()
        for (n, name) in names.enumerated() { written.add(name, stamp: stamp(&rng), reading(n, &rng)) }
        var bytes = written.bytes(signature: "s", now: now)
        for generation in 0..<30 {
            #expect(VdirCache.Index.locate(bytes) != nil, "generation \(generation) has no index")
            let (indexed, read) = try bothWays(bytes)
            #expect(indexed.same(as: read), "generation \(generation)")
            #expect(indexed.records.count == names.count)
            for i in indexed.records.indices.shuffled(using: &rng).prefix(20) {
                #expect(indexed.reading(i)?.entries.map(\.id) == read.reading(i)?.entries.map(\.id))
                #expect(indexed.problems(i) == read.problems(i))
            }
            // The next: most kept, a few read again or new, a few gone.
            var next = VdirCache.Written(), nextNames: [String] = []
            var cache = indexed
            for name in names {
                switch Int.random(in: 0..<40, using: &rng) {
                case 0: continue  // gone
                case 1: next.add(name, stamp: stamp(&rng), reading(generation, &rng))  // read again
                case 2:
                    let new = name + "-new.ics"
                    next.add(new, stamp: stamp(&rng), reading(generation, &rng))
                    nextNames.append(new)
                    let found = cache.take(name)
                    next.keep(try #require(found), of: cache)
                default:
                    let found = cache.take(name)
                    next.keep(try #require(found), of: cache)
                }
                nextNames.append(name)
            }
            names = nextNames
            bytes = next.bytes(signature: "s", now: now)
            // (The kept runs' index moved from the one read is the index made from their records.)
            var made = next
            made.movesIndex = false
            let same = made.bytes(signature: "s", now: now) == bytes
            #expect(same, "generation \(generation): moved index")
            #expect(
                indexed.index.count == VdirCache.Index.size(of: indexed) && !indexed.index.isEmpty,
                "\(indexed.index.count) \(VdirCache.Index.size(of: indexed))")
        }
    }

    /// The index is what is read (a stamp put in it, not in the JSON, is the record's), and only
    /// with the JSON it was written for: a byte of the JSON changed (a title, the same length),
    /// the JSON is read and the index passed over.
    @Test func anIndexIsUsedOnlyWithItsOwnJSON() throws {
        var rng = SplitMix(5)
        var written = VdirCache.Written()
        for n in 0..<5 {
            var file = reading(n, &rng)
            if n == 2 {
                let item = Item(kind: .deadline, id: "open", handle: 0, title: "Item open", due: .instant(now))
                file = CalendarFile(
                    entries: file.entries + [CalendarFile.Entry(id: "open", isEvent: false, item: item, expires: nil)],
                    problems: file.problems)
            }
            written.add("f\(n).ics", stamp: Array("1-2-\(n).0".utf8)[...], file)
        }
        let bytes = written.bytes(signature: "s", now: now)
        let at = try #require(VdirCache.Index.locate(bytes))
        // Record 0's inode in the index (its stamp's first number): 1 -> 7.
        var forged = bytes
        forged[at.lowerBound + VdirCache.Index.headSize + 48] = 7
        #expect(try VdirCache.parse(forged, signature: "s", now: now).records[0].stamp?.inode == 7)
        #expect(try VdirCache.parse(forged, signature: "s", now: now, fast: false).records[0].stamp?.inode == 1)
        // A title changed in the JSON: read from the JSON (the index is not its).
        let title = Array("Item ".utf8)
        let place = try #require((0..<at.lowerBound).first { bytes[$0..<($0 + title.count)].elementsEqual(title) })
        var edited = forged
        edited[place + 3] = UInt8(ascii: "w")
        #expect(VdirCache.Index.decode(edited, at: at, json: at.lowerBound) == nil)
        let read = try VdirCache.parse(edited, signature: "s", now: now)
        #expect(read.records[0].stamp?.inode == 1)
        let titles = read.records.indices.flatMap { read.items($0) ?? [] }.map(\.title)
        #expect(titles.contains { $0.hasPrefix("Itew ") }, "\(titles)")
    }

    /// Any byte of the index changed, or the file cut anywhere in it, traps nothing: the cache is
    /// read by the index when it still describes its JSON, else from the JSON, or refused.
    @Test func aDamagedIndexTrapsNothing() throws {
        var rng = SplitMix(9)
        var written = VdirCache.Written()
        for n in 0..<3 { written.add("f\(n).ics", stamp: stamp(&rng), reading(n, &rng)) }
        let bytes = written.bytes(signature: "s", now: now)
        let at = try #require(VdirCache.Index.locate(bytes))
        for k in at.lowerBound..<bytes.count {
            for value: UInt8 in [0, 1, 0x80, 0xFF, bytes[k] ^ 0x10] {
                var b = bytes
                b[k] = value
                _ = try? VdirCache.parse(b, signature: "s", now: now)
            }
            _ = try? VdirCache.parse(Array(bytes[..<k]), signature: "s", now: now)
        }
        // The checksum changed: not this JSON's index.
        var b = bytes
        b[at.lowerBound] ^= 1
        #expect(VdirCache.Index.decode(b, at: at, json: at.lowerBound) == nil)
        #expect(VdirCache.Index.decode(bytes, at: at, json: at.lowerBound) != nil)
    }

    /// The checksum of bytes added piece by piece (the cache is written in pieces) is the
    /// checksum of the pieces joined, wherever they are cut.
    @Test func aChecksumInPiecesIsTheWholeOnes() {
        var rng = SplitMix(3)
        for _ in 0..<300 {
            let bytes = (0..<Int.random(in: 0..<300, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }
            var sum = VdirCache.Index.Checksum()
            var at = 0
            while at < bytes.count {
                let end = min(bytes.count, at + Int.random(in: 0...70, using: &rng))
                bytes[at..<end].withUnsafeBytes { sum.add($0) }
                at = end
            }
            #expect(sum.value == bytes.withUnsafeBytes { VdirCache.Index.checksum($0) })
            if !bytes.isEmpty {
                var changed = bytes
                changed[Int.random(in: 0..<bytes.count, using: &rng)] ^= UInt8.random(in: 1...255, using: &rng)
                #expect(changed.withUnsafeBytes { VdirCache.Index.checksum($0) } != sum.value)
            }
        }
    }

    /// A record the scan does not take (a name with an escape, or past ASCII) leaves the cache
    /// without an index, read from its JSON as before; what is read writes back the same.
    @Test func aCacheTheIndexCannotDescribeHasNone() throws {
        for odd in ["w\"q\".ics", "é.ics"] {
            var written = VdirCache.Written()
            written.add("a.ics", stamp: Array("1-2-3.4".utf8)[...], CalendarFile(entries: [], problems: []))
            written.add(odd, stamp: Array("1-2-3.5".utf8)[...], CalendarFile(entries: [], problems: []))
            let bytes = written.bytes(signature: "s", now: now)
            #expect(VdirCache.Index.locate(bytes) == nil, "\(odd)")
            var cache = try VdirCache.parse(bytes, signature: "s", now: now)
            #expect(cache.take(odd) == 1)
            #expect(VdirCache.roundTrip(bytes, signature: "s", now: now) == 2)
        }
    }
}
