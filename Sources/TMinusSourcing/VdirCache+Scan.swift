import TMinusCore

/// The file cache's records scanned byte by byte (ten thousand of them, each a line, are read on
/// every sync into a big vdir; the JSON reader's bookkeeping cost ten times the scan): a record in
/// exactly the shape `VdirCache.Written` writes, `[NAME,"STAMP",[PROBLEM…],[[EVENT,EXPIRES,ID,ITEM]…]]`
/// with no spaces, strings of printable ASCII without escapes and whole seconds. Anything else is
/// left to the JSON reader, which reads it the same (`roundTrip`, the fuzzer, checks that both
/// ways agree). An item's object is passed over by the JSON reader here, and read as an item when
/// its file joins a source (a cache whose item cannot be read gives none).
extension VdirCache {
    /// The record at `start` added (its end returned), or nil (nothing added) when it is in any
    /// other shape.
    mutating func scan(_ b: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ",")
        var i = start
        func byte(_ c: UInt8) -> Bool {
            guard i < b.count, b[i] == c else { return false }
            i += 1
            return true
        }
        func word(_ w: StaticString) -> Bool {
            let n = w.utf8CodeUnitCount
            guard i + n <= b.count else { return false }
            for k in 0..<n where b[i + k] != w.utf8Start[k] { return false }
            i += n
            return true
        }
        // A string of printable ASCII without escapes: where its bytes are.
        func string() -> Range<Int>? {
            guard byte(quote) else { return nil }
            let s = i
            while i < b.count {
                let c = b[i]
                if c == quote {
                    i += 1
                    return s..<(i - 1)
                }
                guard c >= 0x20, c < 0x80, c != UInt8(ascii: "\\") else { return nil }
                i += 1
            }
            return nil
        }
        // A whole number as JSON writes one (no leading zero), of at most 15 digits.
        func integer() -> Int64? {
            let negative = byte(UInt8(ascii: "-"))
            let s = i
            var n: Int64 = 0
            while i < b.count, b[i] >= 0x30, b[i] <= 0x39 {
                guard i - s < 15 else { return nil }
                n = n * 10 + Int64(b[i] - 0x30)
                i += 1
            }
            guard i > s, b[s] != 0x30 || i == s + 1 else { return nil }
            return negative ? -n : n
        }
        // An object, passed over by the JSON reader (exactly as strict as the whole read).
        func object() -> Bool {
            var p = JSONParser(bytes, at: i)
            guard (try? p.skipValue()) != nil else { return false }
            i = p.offset
            return true
        }
        let firstEntry = entries.count
        func refuse() -> Int? {
            entries.removeSubrange(firstEntry...)
            return nil
        }
        guard byte(UInt8(ascii: "[")), let name = string(), byte(comma), let stamp = string(), byte(comma)
        else { return nil }
        let problemsAt = i
        guard byte(UInt8(ascii: "[")) else { return nil }
        var problems = false
        if !byte(UInt8(ascii: "]")) {
            repeat {
                guard string() != nil else { return nil }
            } while byte(comma)
            guard byte(UInt8(ascii: "]")) else { return nil }
            problems = true
        }
        guard byte(comma), byte(UInt8(ascii: "[")) else { return nil }
        var expires: Instant?
        if !byte(UInt8(ascii: "]")) {
            repeat {
                guard byte(UInt8(ascii: "[")) else { return refuse() }
                let isEvent: Bool
                if word("true") {
                    isEvent = true
                } else if word("false") {
                    isEvent = false
                } else {
                    return refuse()
                }
                guard byte(comma) else { return refuse() }
                var until: Instant?
                if !word("null") {
                    guard let n = integer() else { return refuse() }
                    until = Instant(n)
                }
                guard byte(comma), let id = string(), byte(comma) else { return refuse() }
                var item: Int?
                if !word("null") {
                    item = i
                    guard object() else { return refuse() }
                    // (The reading's expiry: its earliest open event's, as `CalendarFile` finds it.)
                    if let t = until, expires.map({ t < $0 }) ?? true { expires = t }
                }
                guard byte(UInt8(ascii: "]")) else { return refuse() }
                entries.append(Entry(isEvent: isEvent, expires: until, id: bytes[id], item: item))
            } while byte(comma)
            guard byte(UInt8(ascii: "]")) else { return refuse() }
        }
        guard byte(UInt8(ascii: "]")) else { return refuse() }
        records.append(
            Record(
                name: bytes[name], stamp: bytes[stamp], problems: problems ? problemsAt : nil,
                entries: firstEntry..<entries.count, expires: expires, whole: start..<i))
        return i
    }

    /// Whether two readings of a cache found the same records (`roundTrip`'s check).
    func same(as other: VdirCache) -> Bool {
        guard records.count == other.records.count, entries.count == other.entries.count else { return false }
        for (a, b) in zip(records, other.records) {
            guard a.name.elementsEqual(b.name), a.stamp.elementsEqual(b.stamp), a.problems == b.problems,
                a.entries == b.entries, a.expires == b.expires, a.whole == b.whole
            else { return false }
        }
        for (a, b) in zip(entries, other.entries) {
            guard a.isEvent == b.isEvent, a.expires == b.expires, a.id.elementsEqual(b.id), a.item == b.item else {
                return false
            }
        }
        return true
    }
}
