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
    /// The index `records` and `entries` were read from (`Index.decode`), as it was in the file;
    /// empty when they were read otherwise. A run of kept records' index is written from it
    /// (`Index.encode`), moved.
    var index: [UInt8] = []
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

    /// Whether record `i` holds the ids `reading` holds, each open or not as there, in its order.
    func holdsIDs(_ i: Int, of reading: CalendarFile) -> Bool {
        let entries = records[i].entries
        guard entries.count == reading.entries.count else { return false }
        for (e, r) in zip(entries, reading.entries) {
            guard self.entries[e].open == (r.item != nil), id(e).elementsEqual(r.id.utf8) else { return false }
        }
        return true
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

}
