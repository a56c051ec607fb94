import Glibc
import TMinusCore
import TMinusSystem

/// The reading of each file of a vdir, kept by the file's stamp (docs/sources.md, "The file
/// cache"), so that reading a vdir again parses only the files that changed or whose shown
/// instance is over, and takes the rest from here: a sync that brings one file costs that file,
/// not the folder. It lives in the home's `cache/` folder, one file per source, and is only ever a
/// shortcut: a missing, unreadable or foreign one (another config key, zone, hold, tminus binary,
/// or a time before it was written) is ignored and the files are read, as before it existed.
///
/// A cache read from disk is found, not decoded: each record's name and stamp are where their
/// bytes are, each entry's id too, and its items (after the entries, a record a line) are read
/// only when its file joins a source (`CalendarReading.add(kept:)`); a file kept is written back
/// as its record's bytes. Nothing is made per file of a 10,000-file vdir that one sync left as it
/// was, and its items' bytes are not looked at.
/// (No Equatable conformances here: each is a record the Swift runtime scans when a poll, which
/// never reads a vdir, looks up a conformance.)
public struct VdirCache {
    /// One file's record: `[NAME, STAMP, [PROBLEM…], [[EVENT, EXPIRES, ID, OPEN]…], [ITEM…]]`, the
    /// open entries' items last, in their order.
    /// (Its strings are where their bytes are, `VdirCache.slice`: a slice held would be retained
    /// and released with every copy, per file of ten thousand.)
    struct Record {
        /// Its name in messages (`collection/name.ics`, or `name.ics` at the top): `VdirCache.name`.
        var nameAt: Range<Int>
        /// The file's stamp when it was read (`FileStamp.description`'s bytes; never a racy one):
        /// `VdirCache.stamp`.
        var stampAt: Range<Int>
        /// The same as numbers (nil: not a stamp's text, never matched): a file's stamp now is
        /// compared with it, not with its text (a text compare was 375 instructions a file).
        var stamp: FileStamp?
        /// Where its array of problems starts in the cache's bytes (nil: it has none).
        var problems: Int?
        /// Its entries, in `VdirCache.entries`.
        var entries: Range<Int>
        /// Its items' array (`[` to `]`) in the cache's bytes: checked as JSON only when read
        /// (`items`), which gives none when they are not its open entries' items.
        var items: Range<Int>
        /// When its reading stops being true: its earliest open event's expiry (`CalendarFile.expires`).
        var expires: Instant?
        /// The record's bytes, written back as they are.
        var whole: Range<Int>
    }

    /// One entry of a record: an open item (its item in the record's items, read when its file
    /// joins a source), or a completed one, only by its id.
    struct Entry {
        var isEvent: Bool
        var expires: Instant?
        /// The UID's bytes (decoded when the cache has it escaped): `VdirCache.id`.
        var idAt: Range<Int>
        var open: Bool
    }

    // (Set by the parse and its scan, `VdirCache+Scan.swift`.)
    var bytes: [UInt8] = []
    /// The strings the JSON reader unescaped, each placed past the end of `bytes` (`slice`).
    var decoded: [UInt8] = []
    var records: [Record] = []
    var entries: [Entry] = []
    /// No UID (of an event, or of a todo) is in two entries of the records: the read that wrote
    /// the cache found no copy. A read that keeps every record but a few files' then checks only
    /// those files' UIDs against the rest (`CalendarReading.keptUnique`).
    var unique = false
    /// Where `take` looks next: a folder read again lists its files in the same order, so each
    /// is found at or just after the one before (no hashing of ten thousand names).
    private var next = 0
    /// Every name's place, built only when the folder's order and the cache's part ways.
    private(set) var places: [ArraySlice<UInt8>: Int]?

    var count: Int { records.count }

    /// The bytes at `at`: in `bytes`, or in `decoded` past its end.
    func slice(_ at: Range<Int>) -> ArraySlice<UInt8> {
        at.upperBound <= bytes.count
            ? bytes[at] : decoded[(at.lowerBound - bytes.count)..<(at.upperBound - bytes.count)]
    }

    /// The same as a buffer, for `body`.
    func withBytes<R>(_ at: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if at.upperBound <= bytes.count {
            return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[at])) }
        }
        let o = bytes.count
        return decoded.withUnsafeBufferPointer {
            body(UnsafeBufferPointer(rebasing: $0[(at.lowerBound - o)..<(at.upperBound - o)]))
        }
    }

    /// A string the JSON reader gave, placed in `decoded`.
    mutating func place(_ s: ArraySlice<UInt8>) -> Range<Int> {
        let start = bytes.count + decoded.count
        decoded += s
        return start..<(start + s.count)
    }

    /// Record `i`'s name, its stamp; entry `e`'s UID.
    func name(_ i: Int) -> ArraySlice<UInt8> { slice(records[i].nameAt) }
    func stamp(_ i: Int) -> ArraySlice<UInt8> { slice(records[i].stampAt) }
    func id(_ e: Int) -> ArraySlice<UInt8> { slice(entries[e].idAt) }

    /// The record of the file `prefix` + `name` (its name in messages, in two parts: no String
    /// made per file), found by walking on from the last one found.
    mutating func take(_ prefix: UnsafeBufferPointer<UInt8>, _ name: UnsafeBufferPointer<UInt8>) -> Int? {
        func named(_ i: Int) -> Bool {
            let n = records[i].nameAt
            guard n.count == prefix.count + name.count else { return false }
            guard n.upperBound <= bytes.count, let p = prefix.baseAddress ?? name.baseAddress, let q = name.baseAddress
            else {
                return withBytes(n) { b in Bytes.equal(b, from: 0, prefix) && Bytes.equal(b, from: prefix.count, name) }
            }
            // (Where its bytes are, in the cache's own: compared at once, a file of ten thousand.)
            return bytes.withUnsafeBufferPointer { b in
                let at = b.baseAddress! + n.lowerBound
                return (prefix.isEmpty || memcmp(at, p, prefix.count) == 0)
                    && memcmp(at + prefix.count, q, name.count) == 0
            }
        }
        for i in next..<min(next + 4, records.count) where named(i) {
            next = i + 1
            return i
        }
        // A file new since the cache was written (a sync brings them) sorts between the record
        // found last and the next one (or after the last): it is not in the cache, and the folder's order and the
        // cache's have not parted (every name's place, ten thousand hashed, is not needed).
        // (Were the cache in another order, a file it has might be said new: it is then read.)
        if places == nil, next == records.count || Self.precedes(prefix, name, self.name(next)),
            next == 0 || Self.precedes(self.name(next - 1), prefix, name)
        {
            return nil
        }
        if places == nil {
            var p: [ArraySlice<UInt8>: Int] = [:]
            for i in records.indices { p[self.name(i)] = i }
            places = p
        }
        guard let i = places?[(Array(prefix) + Array(name))[...]] else { return nil }
        next = i + 1
        return i
    }

    /// Whether the name in two parts comes before `other` in the order of their bytes.
    static func precedes(
        _ prefix: UnsafeBufferPointer<UInt8>, _ name: UnsafeBufferPointer<UInt8>, _ other: ArraySlice<UInt8>
    ) -> Bool {
        compare(prefix, name, other) < 0
    }

    /// Whether `other` comes before the name in two parts.
    static func precedes(
        _ other: ArraySlice<UInt8>, _ prefix: UnsafeBufferPointer<UInt8>, _ name: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        compare(prefix, name, other) > 0
    }

    /// The name in two parts against `other`, byte by byte: negative, 0 or positive.
    static func compare(
        _ prefix: UnsafeBufferPointer<UInt8>, _ name: UnsafeBufferPointer<UInt8>, _ other: ArraySlice<UInt8>
    ) -> Int {
        other.withUnsafeBufferPointer { o in
            let n = prefix.count + name.count
            for k in 0..<min(n, o.count) {
                let c = k < prefix.count ? prefix[k] : name[k - prefix.count]
                if c != o[k] { return Int(c) - Int(o[k]) }
            }
            return n - o.count
        }
    }

    /// The same by a String name.
    mutating func take(_ shown: String) -> Int? {
        var shown = shown
        return shown.withUTF8 { take(UnsafeBufferPointer(start: nil, count: 0), $0) }
    }

    /// The problems of record `i` (decoded: only a file that has some).
    func problems(_ i: Int) -> [String] {
        guard let start = records[i].problems else { return [] }
        var p = JSONParser(bytes, at: start)
        var out: [String] = []
        do throws(JSONSyntaxError) {
            try p.beginArray()
            while try p.nextElement() { out.append(try p.readString()) }
        } catch {
            return []  // (checked when the cache was read)
        }
        return out
    }

    /// The open items of record `i`, in its order, read from the cache's bytes; nil when they
    /// cannot be read, or are not as many as its open entries, or are not its items' array whole
    /// (a cache that is not this one's: the file is read again).
    func items(_ i: Int) -> [Item]? {
        let record = records[i]
        var out: [Item] = []
        // (Inside the cache's object, its files and the record.)
        var p = JSONParser(bytes, at: record.items.lowerBound, depth: 3)
        do {
            try p.beginArray()
            while try p.nextElement() {
                guard try p.kind() == .object else { return nil }
                out.append(try Item.read(&p, lowerCaseIDs: true).0)
            }
        } catch {
            return nil
        }
        guard p.offset == record.items.upperBound, out.count == record.entries.count(where: { entries[$0].open })
        else { return nil }
        return out
    }

    /// The ids of record `i`'s open items, in its order.
    func openIDs(_ i: Int) -> [String] {
        records[i].entries.compactMap { e in
            entries[e].open ? String(decoding: id(e), as: UTF8.self) : nil
        }
    }

    /// Record `i` whole, as a `CalendarFile` (the fuzzer's check, and tests).
    func reading(_ i: Int) -> CalendarFile? {
        guard var items = items(i) else { return nil }
        items.reverse()
        let file = records[i].entries.map { e in
            CalendarFile.Entry(
                id: String(decoding: id(e), as: UTF8.self), isEvent: entries[e].isEvent,
                item: entries[e].open ? items.removeLast() : nil, expires: entries[e].expires)
        }
        return CalendarFile(entries: file, problems: problems(i))
    }

    static let format = "tminus-vdir-cache 2"

    static func signature(_ source: SourceConfig, _ sourcing: Sourcing) -> String {
        SourceCache.signature(format, source, sourcing)
    }

    /// The cache at `path` when it was written with `signature` no later than `now`; else empty.
    static func load(_ path: String, signature: String, now: Instant) -> VdirCache {
        guard let bytes = (try? FileIO.read(path, limit: 256 << 20)).flatMap({ $0 }) else { return VdirCache() }
        return (try? parse(bytes, signature: signature, now: now)) ?? VdirCache()
    }

    typealias Foreign = SourceCache.Foreign

    /// `{"signature": S, "at": SECONDS, "unique": BOOL, "files": [[NAME, STAMP, [PROBLEM…],
    /// [[EVENT, EXPIRES, ID, OPEN]…], [ITEM…]]…]}` (an ITEM for each OPEN entry). Items are
    /// passed over, read when their file joins a source.
    /// (`fast`: records in the shape `Written` writes are scanned byte by byte, `scan`; the
    /// fuzzer checks that both ways read the same.)
    ///
    /// A file that ends with an index (`VdirCache.Index`) is the JSON before it; the index, when
    /// it is the JSON's own, says where the records are and nothing is scanned (`fast` false:
    /// the JSON is read, the index passed over).
    static func parse(_ file: consuming [UInt8], signature: String, now: Instant, fast: Bool = true) throws
        -> VdirCache
    {
        var bytes = file  // (Moved, not copied: the index is cut off in place.)
        var index: (records: [Record], entries: [Entry])?
        if let at = Index.locate(bytes) {
            if fast { index = Index.decode(bytes, at: at, json: at.lowerBound) }
            bytes.removeSubrange(at.lowerBound...)
        }
        var p = JSONParser(bytes)
        var cache = VdirCache()
        cache.bytes = bytes
        // (Room for the records and entries of a cache this size, about a hundred bytes each at
        // the least: ten thousand are not appended into arrays grown, and copied, a dozen times.)
        cache.records.reserveCapacity(bytes.count / 96)
        cache.entries.reserveCapacity(bytes.count / 96)
        var signed = false, dated = false
        try p.beginObject()
        while let key = try p.nextKey() {
            switch key {
            case "signature":
                guard try p.readString() == signature else { throw Foreign() }
                signed = true
            case "at":
                // Written later than now (a clock set back, a run with an earlier --now): a past
                // event it dropped may be ahead again.
                guard try p.readNumber() <= Double(now.seconds) else { throw Foreign() }
                dated = true
            case "unique":
                cache.unique = try p.readBool()
            case "files":
                guard signed, dated else { throw Foreign() }
                // Each file is an array of known length: every element must be there.
                func element() throws {
                    guard try p.nextElement() else { throw Foreign() }
                }
                try p.beginArray()
                if let index, let first = index.records.first, let last = index.records.last {
                    // (Its records as the index gives them: the JSON's array passed over to its end.)
                    guard try p.nextElement(), try p.kind() == .array, p.offset == first.whole.lowerBound else {
                        throw Foreign()
                    }
                    p.pass(to: last.whole.upperBound)
                    guard try !p.nextElement() else { throw Foreign() }
                    (cache.records, cache.entries) = index
                    continue
                }
                while try p.nextElement() {
                    guard try p.kind() == .array else { throw Foreign() }
                    let start = p.offset
                    if fast, let end = bytes.withUnsafeBufferPointer({ cache.scan($0, at: start) }) {
                        p.pass(to: end)
                        continue
                    }
                    try p.beginArray()
                    try element()
                    let name = cache.place(try p.readStringBytes())
                    try element()
                    // (A stamp has no escapes: one that has is not one this cache wrote.)
                    guard let raw = try p.readRawString() else { throw Foreign() }
                    let stamp = cache.place(raw)
                    let stampValue = raw.withUnsafeBufferPointer { FileStamp(text: $0) }
                    try element()
                    _ = try p.kind()
                    let problemsAt = p.offset
                    var problems = false
                    try p.beginArray()
                    while try p.nextElement() {
                        _ = try p.readString()
                        problems = true
                    }
                    try element()
                    let first = cache.entries.count
                    var expires: Instant?
                    var open = 0
                    try p.beginArray()
                    while try p.nextElement() {
                        try p.beginArray()
                        try element()
                        let isEvent = try p.readBool()
                        try element()
                        let until = try SourceCache.instant(&p)
                        try element()
                        let id = cache.place(try p.readStringBytes())
                        try element()
                        let isOpen = try p.readBool()
                        if isOpen {
                            open += 1
                            // (The reading's expiry: its earliest open event's, as `CalendarFile` finds it.)
                            if let t = until, expires.map({ t < $0 }) ?? true { expires = t }
                        }
                        guard try !p.nextElement() else { throw Foreign() }
                        cache.entries.append(Entry(isEvent: isEvent, expires: until, idAt: id, open: isOpen))
                    }
                    try element()
                    _ = try p.kind()
                    let itemsAt = p.offset
                    var items = 0
                    try p.beginArray()
                    while try p.nextElement() {
                        guard try p.kind() == .object else { throw Foreign() }
                        try p.skipValue()
                        items += 1
                    }
                    guard items == open else { throw Foreign() }
                    let itemsEnd = p.offset
                    guard try !p.nextElement(), Self.endsItsLine(bytes, p.offset) else { throw Foreign() }
                    cache.records.append(
                        Record(
                            nameAt: name, stampAt: stamp, stamp: stampValue, problems: problems ? problemsAt : nil,
                            entries: first..<cache.entries.count, items: itemsAt..<itemsEnd, expires: expires,
                            whole: start..<p.offset))
                }
            default:
                try p.skipValue()
            }
        }
        try p.finish()
        guard signed, dated else { throw Foreign() }
        return cache
    }

    /// Whether a record that ends at `end` ends its line (a line break next, or a comma and one):
    /// one record a line, as the cache is written and scanned.
    static func endsItsLine(_ b: some RandomAccessCollection<UInt8>, _ end: Int) -> Bool {
        let i = b.index(b.startIndex, offsetBy: end)
        guard i < b.endIndex else { return false }
        if b[i] == 0x0A { return true }
        let j = b.index(after: i)
        return b[i] == 0x2C && j < b.endIndex && b[j] == 0x0A
    }

    /// For the fuzzer: how many files a cache's bytes hold (nil: refused), after checking that
    /// what was read is written back to bytes that read the same, and that each record's items
    /// are read or refused as a whole.
    public static func roundTrip(_ bytes: [UInt8], signature: String, now: Instant) -> Int? {
        let cache = SourceCache.roundTrip(
            bytes, signature: signature, now: now, parse: { try parse($0, signature: $1, now: $2) },
            write: { cache, signature, now in
                var written = Written()
                for i in cache.records.indices { written.keep(i, of: cache) }
                written.unique = cache.unique
                return written.bytes(signature: signature, now: now)
            })
        if let cache {
            for i in cache.records.indices { _ = cache.reading(i) }
            // Written back, its index (when it has one) gives what its JSON gives.
            var written = Written()
            for i in cache.records.indices { written.keep(i, of: cache) }
            let bytes = written.bytes(signature: signature, now: now)
            let indexed = try? parse(bytes, signature: signature, now: now)
            precondition(indexed != nil, "a cache written that does not read back")
            if let read = try? parse(bytes, signature: signature, now: now, fast: false) {
                precondition(indexed!.same(as: read), "an index that reads other than its JSON")
            } else {
                precondition(
                    indexed!.records.indices.contains { indexed!.items($0) == nil },
                    "an index of a cache the JSON reader refuses whose items it reads")
            }
        }
        // Scanned or read as JSON, a record is the same; a cache the JSON reader refuses is
        // taken by the scan only with a record whose items cannot be read (its file read again).
        let slow = try? parse(bytes, signature: signature, now: now, fast: false)
        if let slow {
            precondition(cache?.same(as: slow) == true, "a record the scan and the JSON reader read differently")
        } else if let cache {
            precondition(
                cache.records.indices.contains { cache.items($0) == nil },
                "a cache the JSON reader refuses whose items the scan reads")
        }
        return cache?.count
    }
}
