import TMinusCore
import TMinusSystem

/// The file cache read from its bytes (`VdirCache.parse`: by its index, its records scanned, or
/// as JSON), and the fuzzer's check that each way reads the same and writes back the same.
extension VdirCache {
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
        var indexBytes: [UInt8] = []
        if let at = Index.locate(bytes) {
            if fast {
                index = Index.decode(bytes, at: at, json: at.lowerBound)
                if index != nil {
                    // (Its length a multiple of 8: head, records and entries are.)
                    indexBytes = [UInt8](unsafeUninitializedCapacity: at.count) { b, n in
                        bytes.withUnsafeBytes {
                            Index.copy($0.baseAddress! + at.lowerBound, to: b.baseAddress!, at.count)
                        }
                        n = at.count
                    }
                }
            }
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
                    cache.index = indexBytes
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
