import TMinusCore
import TMinusSystem

/// The file cache's index: where each record's fields are in the cache's bytes, with its stamp
/// and expiry as numbers, written after the JSON by the writer that wrote the JSON, in the same
/// file (docs/sources.md, "The file cache"). A cache read with it is not scanned at all: finding
/// ten thousand records' names, stamps and UIDs byte by byte was a fifth of a sync into a
/// 10,000-file vdir. It is only used for the very bytes it was written with (a checksum of the
/// JSON), and only when every range it gives lies in them: a cache without one, or whose index
/// is not its own, is read as before, from its JSON. The JSON stays whole, and is the cache: the
/// index only says where things are in it.
///
/// The file: the JSON, the index, its length (8 bytes), then `magic` (8 bytes). The index:
/// the JSON's checksum, the number of records and of entries (8 bytes each), then each record
/// (`recordSize` bytes: twelve 32-bit numbers, its ranges, entry count and flags; then five
/// 64-bit ones, its stamp and expiry), then each entry (`entrySize` bytes: its UID's range,
/// flags, and expiry), little-endian, with every number not in use 0 (one cache, one index).
extension VdirCache {
    enum Index {
        /// The file's last 8 bytes when it has an index (a NUL first: no JSON ends so).
        static let magic: UInt64 = 0x3178_6564_6E69_7400  // "\0tindex1"
        static let headSize = 24, recordSize = 88, entrySize = 24

        /// The index's bytes in `bytes` (the JSON before them) when the file ends with one.
        static func locate(_ bytes: [UInt8]) -> Range<Int>? {
            let n = bytes.count
            guard n >= 16 else { return nil }
            return bytes.withUnsafeBytes { raw -> Range<Int>? in
                guard raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self).littleEndian == magic else {
                    return nil
                }
                let length = raw.loadUnaligned(fromByteOffset: n - 16, as: UInt64.self).littleEndian
                guard length <= UInt64(n - 16) else { return nil }
                return (n - 16 - Int(length))..<(n - 16)
            }
        }

        /// A checksum of bytes (64 bits, four words at a time: the whole cache is summed on each
        /// read and write, so at half an instruction a byte), added piece by piece (the cache is
        /// written in pieces): the same as of the pieces joined. Each step is one-to-one in the
        /// state, so bytes that differ in one word always sum differently. Not a defence against a
        /// forger (the cache is the user's own file): it tells an index from one written for other
        /// bytes.
        struct Checksum {
            private static let k: UInt64 = 0x9E37_79B9_7F4A_7C15
            private var h0: UInt64 = 1, h1: UInt64 = 2, h2: UInt64 = 3, h3: UInt64 = 4
            /// The bytes past the last whole 32 (fewer than 32).
            private var carry: [UInt8] = []
            private var count = 0

            mutating func add(_ bytes: UnsafeRawBufferPointer) {
                count += bytes.count
                var i = 0
                if !carry.isEmpty {
                    i = min(32 - carry.count, bytes.count)
                    carry += bytes[0..<i]
                    guard carry.count == 32 else { return }
                    carry.withUnsafeBytes { block($0.baseAddress!) }
                    carry = []
                }
                guard let base = bytes.baseAddress else { return }
                // (On locals: the state kept in registers, not stored back per block. Two lanes add
                // what the other two XOR: four alike were made vector code, whose 64-bit multiply
                // SSE2 does in eight instructions.)
                let k = Self.k
                var (a, b, c, d) = (h0, h1, h2, h3)
                while i &+ 32 <= bytes.count {
                    a = (a ^ base.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* k
                    b = (b &+ base.loadUnaligned(fromByteOffset: i &+ 8, as: UInt64.self)) &* k
                    c = (c ^ base.loadUnaligned(fromByteOffset: i &+ 16, as: UInt64.self)) &* k
                    d = (d &+ base.loadUnaligned(fromByteOffset: i &+ 24, as: UInt64.self)) &* k
                    i &+= 32
                }
                (h0, h1, h2, h3) = (a, b, c, d)
                if i < bytes.count { carry += bytes[i...] }
            }

            private mutating func block(_ p: UnsafeRawPointer) {
                h0 = (h0 ^ p.loadUnaligned(fromByteOffset: 0, as: UInt64.self)) &* Self.k
                h1 = (h1 &+ p.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) &* Self.k
                h2 = (h2 ^ p.loadUnaligned(fromByteOffset: 16, as: UInt64.self)) &* Self.k
                h3 = (h3 &+ p.loadUnaligned(fromByteOffset: 24, as: UInt64.self)) &* Self.k
            }

            var value: UInt64 {
                var a = h0
                for byte in carry { a = (a ^ UInt64(byte)) &* Self.k }
                var h = UInt64(count)
                for x in [a, h1, h2, h3] {
                    h = (h ^ x) &* Self.k
                    h ^= h &>> 29
                }
                return h
            }
        }

        /// The checksum of `bytes`.
        static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
            var sum = Checksum()
            sum.add(bytes)
            return sum.value
        }

        /// Records kept or written one after another: records `records` of `cache`, their bytes
        /// moved on by `shift` where they are written.
        struct Segment {
            var cache: VdirCache
            var records: Range<Int>
            var shift: Int
        }

        /// The size of the index of `segments`, its length and `magic` included.
        static func size(_ segments: [Segment]) -> Int {
            var nr = 0, ne = 0
            for s in segments where !s.records.isEmpty {
                nr += s.records.count
                ne +=
                    s.cache.records[s.records.upperBound - 1].entries.upperBound
                    - s.cache.records[s.records.lowerBound].entries.lowerBound
            }
            return headSize + nr * recordSize + ne * entrySize + 16
        }

        /// The index of the records of `segments` (their ranges moved on by `offset` more) for the
        /// JSON whose checksum is `checksum`, with its length and `magic` (what follows the JSON in
        /// the file), written at `raw` (`size(segments)` bytes, every one written). False when a
        /// record has a string that is not where its bytes are (one the JSON reader unescaped):
        /// the index is then not written whole, and must not be used.
        /// (`moving`: a run of records read by their index is written from that index, moved;
        /// false, from the records, as every other run: the tests compare the two.)
        static func encode(
            _ segments: [Segment], offset: Int, checksum: UInt64, into raw: UnsafeMutableRawPointer,
            moving: Bool = true
        ) -> Bool {
            let size = size(segments)
            let nr = segments.reduce(0) { $0 + $1.records.count }
            let ne = (size - 16 - headSize - nr * recordSize) / entrySize
            func u32(_ o: Int, _ v: Int) {
                raw.storeBytes(of: UInt32(truncatingIfNeeded: v).littleEndian, toByteOffset: o, as: UInt32.self)
            }
            func u64(_ o: Int, _ v: UInt64) { raw.storeBytes(of: v.littleEndian, toByteOffset: o, as: UInt64.self) }
            u64(0, checksum)
            u64(8, UInt64(nr))
            u64(16, UInt64(ne))
            var r = headSize, e = headSize + nr * recordSize
            for s in segments {
                let c = s.cache, d = s.shift + offset
                if moving, !s.records.isEmpty, c.index.count == Self.size(of: c) {
                    let (records, entries) = move(s, by: d, into: raw, records: r, entries: e)
                    r += records
                    e += entries
                    continue
                }
                for i in s.records {
                    let x = c.records[i]
                    if !c.decoded.isEmpty, x.nameAt.upperBound > c.bytes.count || x.stampAt.upperBound > c.bytes.count {
                        return false
                    }
                    u32(r, x.whole.lowerBound &+ d)
                    u32(r + 4, x.whole.upperBound &+ d)
                    u32(r + 8, x.nameAt.lowerBound &+ d)
                    u32(r + 12, x.nameAt.upperBound &+ d)
                    u32(r + 16, x.stampAt.lowerBound &+ d)
                    u32(r + 20, x.stampAt.upperBound &+ d)
                    u32(r + 24, x.problems.map { $0 &+ d &+ 1 } ?? 0)
                    u32(r + 28, x.items.lowerBound &+ d)
                    u32(r + 32, x.items.upperBound &+ d)
                    u32(r + 36, x.entries.count)
                    u32(r + 40, (x.stamp != nil ? 1 : 0) | (x.expires != nil ? 2 : 0))
                    u32(r + 44, 0)
                    let t = x.stamp
                    u64(r + 48, t?.inode ?? 0)
                    u64(r + 56, UInt64(bitPattern: t?.size ?? 0))
                    u64(r + 64, UInt64(bitPattern: t?.seconds ?? 0))
                    u64(r + 72, UInt64(bitPattern: t?.nanoseconds ?? 0))
                    u64(r + 80, UInt64(bitPattern: x.expires?.seconds ?? 0))
                    r += recordSize
                    for k in x.entries {
                        let y = c.entries[k]
                        if !c.decoded.isEmpty, y.idAt.upperBound > c.bytes.count { return false }
                        u32(e, y.idAt.lowerBound &+ d)
                        u32(e + 4, y.idAt.upperBound &+ d)
                        u32(e + 8, (y.isEvent ? 1 : 0) | (y.open ? 2 : 0) | (y.expires != nil ? 4 : 0))
                        u32(e + 12, 0)
                        u64(e + 16, UInt64(bitPattern: y.expires?.seconds ?? 0))
                        e += entrySize
                    }
                }
            }
            u64(size - 16, UInt64(size - 16))
            u64(size - 8, magic)
            return true
        }

        /// The size of the index of all of `cache`'s records, as `decode` read it (without its
        /// length and magic).
        static func size(of cache: VdirCache) -> Int {
            headSize + cache.records.count * recordSize + cache.entries.count * entrySize
        }

        /// Segment `s`'s records and their entries as its cache's index has them (the one they were
        /// read from, `VdirCache.index`), their ranges moved on by `d`, written at `records` and
        /// `entries` in `raw`: what `encode` writes from the records, without making each number
        /// again (a sync keeps ten thousand). How many bytes of each.
        private static func move(
            _ s: Segment, by d: Int, into raw: UnsafeMutableRawPointer, records r: Int, entries e: Int
        ) -> (Int, Int) {
            let c = s.cache
            let firstEntry = c.records[s.records.lowerBound].entries.lowerBound
            let entryCount = c.records[s.records.upperBound - 1].entries.upperBound - firstEntry
            let recordBytes = s.records.count * recordSize, entryBytes = entryCount * entrySize
            // Each record's first twelve numbers in three vectors of four, its ranges moved (its
            // problems' place only when it has one: 0 is none), the rest as it is; each entry's UID
            // range moved. (Little-endian, as x86 and arm64 are: `decode` reads the same words.)
            let shift = SIMD4<UInt32>(repeating: UInt32(truncatingIfNeeded: d))
            let noProblems = SIMD4<UInt32>(shift[0], shift[1], 0, shift[3])
            let firstOnly = SIMD4<UInt32>(shift[0], 0, 0, 0)
            c.index.withUnsafeBytes { old in
                let from = old.baseAddress! + headSize + s.records.lowerBound * recordSize
                for k in 0..<s.records.count {
                    let src = from + k * recordSize, dst = raw + r + k * recordSize
                    let a = src.loadUnaligned(as: SIMD4<UInt32>.self)
                    let b = src.loadUnaligned(fromByteOffset: 16, as: SIMD4<UInt32>.self)
                    let c = src.loadUnaligned(fromByteOffset: 32, as: SIMD4<UInt32>.self)
                    dst.storeBytes(of: a &+ shift, as: SIMD4<UInt32>.self)
                    dst.storeBytes(of: b &+ (b[2] == 0 ? noProblems : shift), toByteOffset: 16, as: SIMD4<UInt32>.self)
                    dst.storeBytes(of: c &+ firstOnly, toByteOffset: 32, as: SIMD4<UInt32>.self)
                    for o in stride(from: 48, to: recordSize, by: 8) {
                        dst.storeBytes(
                            of: src.loadUnaligned(fromByteOffset: o, as: UInt64.self), toByteOffset: o, as: UInt64.self)
                    }
                }
                let entries = old.baseAddress! + headSize + c.records.count * recordSize + firstEntry * entrySize
                let idShift = SIMD2<UInt32>(repeating: shift[0])
                for k in 0..<entryCount {
                    let src = entries + k * entrySize, dst = raw + e + k * entrySize
                    dst.storeBytes(of: src.loadUnaligned(as: SIMD2<UInt32>.self) &+ idShift, as: SIMD2<UInt32>.self)
                    dst.storeBytes(
                        of: src.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
                    dst.storeBytes(
                        of: src.loadUnaligned(fromByteOffset: 16, as: UInt64.self), toByteOffset: 16, as: UInt64.self)
                }
            }
            return (recordBytes, entryBytes)
        }

        /// `count` bytes (a multiple of 8) from `source` to `target`, sixteen at a time. (Not
        /// `memcpy`: past a few kilobytes it is `rep movsb`, which valgrind, whose counts gate the
        /// costs, counts byte by byte: an index of ten thousand records a million.)
        static func copy(_ source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, _ count: Int) {
            var o = 0
            while o + 16 <= count {
                target.storeBytes(
                    of: source.loadUnaligned(fromByteOffset: o, as: SIMD2<UInt64>.self), toByteOffset: o,
                    as: SIMD2<UInt64>.self)
                o += 16
            }
            if o < count {
                target.storeBytes(
                    of: source.loadUnaligned(fromByteOffset: o, as: UInt64.self), toByteOffset: o, as: UInt64.self)
            }
        }

        /// The records and entries the index at `at` in `bytes` gives for the JSON before it
        /// (`json`: its length), or nil when it is not that JSON's (its checksum), or not whole,
        /// or gives a range outside the JSON or its record, records out of their order, or a
        /// number not as `encode` writes it.
        static func decode(_ bytes: [UInt8], at: Range<Int>, json: Int) -> (records: [Record], entries: [Entry])? {
            bytes.withUnsafeBytes { all -> (records: [Record], entries: [Entry])? in
                guard at.count >= headSize, let start = all.baseAddress else { return nil }
                let raw = start + at.lowerBound
                func u32(_ o: Int) -> Int {
                    Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: o, as: UInt32.self)))
                }
                func u64(_ o: Int) -> UInt64 {
                    UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: o, as: UInt64.self))
                }
                let nr = u64(8), ne = u64(16)
                guard nr <= UInt64(at.count / recordSize), ne <= UInt64(at.count / entrySize),
                    headSize + Int(nr) * recordSize + Int(ne) * entrySize == at.count,
                    u64(0) == checksum(UnsafeRawBufferPointer(rebasing: all[0..<json]))
                else { return nil }
                // A whole number of seconds as the JSON holds one (at most 15 digits).
                func seconds(_ v: UInt64) -> Instant? {
                    let s = Int64(bitPattern: v)
                    return s > -1_000_000_000_000_000 && s < 1_000_000_000_000_000 ? Instant(s) : nil
                }
                var failed = false
                let entryBase = headSize + Int(nr) * recordSize
                let entries = [Entry](unsafeUninitializedCapacity: Int(ne)) { buffer, count in
                    for k in 0..<Int(ne) {
                        let o = entryBase + k * entrySize
                        let lo = u32(o), hi = u32(o + 4), flags = u32(o + 8), t = u64(o + 16)
                        let expires = flags & 4 != 0 ? seconds(t) : nil
                        guard lo <= hi, hi <= json, flags < 8, u32(o + 12) == 0,
                            flags & 4 != 0 ? expires != nil : t == 0
                        else {
                            failed = true
                            return
                        }
                        (buffer.baseAddress! + k).initialize(
                            to: Entry(isEvent: flags & 1 != 0, expires: expires, idAt: lo..<hi, open: flags & 2 != 0))
                        count = k + 1
                    }
                }
                guard !failed else { return nil }
                var end = 0, entry = 0
                let records = [Record](unsafeUninitializedCapacity: Int(nr)) { buffer, count in
                    for k in 0..<Int(nr) {
                        let o = headSize + k * recordSize
                        let lo = u32(o), hi = u32(o + 4)
                        func inside(_ a: Int, _ b: Int) -> Bool { a <= b && a >= lo && b <= hi }
                        let problems = u32(o + 24), n = u32(o + 36), flags = u32(o + 40)
                        let ino = u64(o + 48), size = u64(o + 56), sec = u64(o + 64), ns = u64(o + 72), t = u64(o + 80)
                        let expires = flags & 2 != 0 ? seconds(t) : nil
                        guard lo < hi, lo >= end, hi <= json, inside(u32(o + 8), u32(o + 12)),
                            inside(u32(o + 16), u32(o + 20)), inside(u32(o + 28), u32(o + 32)),
                            problems == 0 || inside(problems - 1, problems - 1), n <= Int(ne) - entry, flags < 4,
                            u32(o + 44) == 0, flags & 1 != 0 || ino | size | sec | ns == 0,
                            flags & 2 != 0 ? expires != nil : t == 0
                        else {
                            failed = true
                            return
                        }
                        for e in entry..<(entry + n)
                        where !inside(entries[e].idAt.lowerBound, entries[e].idAt.upperBound) {
                            failed = true
                            return
                        }
                        let stamp =
                            flags & 1 != 0
                            ? FileStamp(
                                inode: ino, size: Int64(bitPattern: size), seconds: Int64(bitPattern: sec),
                                nanoseconds: Int64(bitPattern: ns)) : nil
                        (buffer.baseAddress! + k).initialize(
                            to: Record(
                                nameAt: u32(o + 8)..<u32(o + 12), stampAt: u32(o + 16)..<u32(o + 20), stamp: stamp,
                                problems: problems == 0 ? nil : problems - 1, entries: entry..<(entry + n),
                                items: u32(o + 28)..<u32(o + 32), expires: expires, whole: lo..<hi))
                        count = k + 1
                        entry += n
                        end = hi
                    }
                }
                guard !failed, entry == Int(ne) else { return nil }
                return (records, entries)
            }
        }
    }
}
