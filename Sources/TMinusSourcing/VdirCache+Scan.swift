import Glibc
import TMinusCore
import TMinusSystem

/// The file cache's records scanned byte by byte (ten thousand of them, each a line, are read on
/// every sync into a big vdir; the JSON reader's bookkeeping cost ten times the scan): a record in
/// exactly the shape `VdirCache.Written` writes, `[NAME,"STAMP",[PROBLEM…],[[EVENT,EXPIRES,ID,OPEN]…],[ITEM…]]`
/// with no spaces, strings of printable ASCII (no DEL) without escapes and whole seconds, ending
/// its line. Anything else is left to the JSON reader, which reads it the same (`roundTrip`, the
/// fuzzer, checks that both ways agree). Its items' bytes are not looked at here (they were two
/// thirds of the scan's cost): the record ends where its line does (a JSON writer puts no line
/// break in a string), and its items are read, as JSON, only when its file joins a source: a
/// record whose items are not JSON, or not as many as its open entries, then gives none and its
/// file is read again (the JSON reader would have refused the whole cache; `roundTrip` checks
/// that such a record's items are refused).
extension VdirCache {
    /// The record at `start` added (its end returned), or nil (nothing added) when it is in any
    /// other shape.
    mutating func scan(_ b: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        let comma = UInt8(ascii: ",")
        // (A scanner's methods on its own index: nested functions capturing it would make every
        // byte read a dynamically checked access.)
        var s = RecordScanner(b: b, i: start)
        let firstEntry = entries.count
        func refuse() -> Int? {
            entries.removeSubrange(firstEntry...)
            return nil
        }
        guard s.byte(UInt8(ascii: "[")), let name = s.string(), s.byte(comma), let stamp = s.string(), s.byte(comma)
        else { return nil }
        let problemsAt = s.i
        guard s.byte(UInt8(ascii: "[")) else { return nil }
        var problems = false
        if !s.byte(UInt8(ascii: "]")) {
            repeat {
                guard s.string() != nil else { return nil }
            } while s.byte(comma)
            guard s.byte(UInt8(ascii: "]")) else { return nil }
            problems = true
        }
        guard s.byte(comma), s.byte(UInt8(ascii: "[")) else { return nil }
        var expires: Instant?
        var open = 0
        if !s.byte(UInt8(ascii: "]")) {
            repeat {
                guard s.byte(UInt8(ascii: "[")) else { return refuse() }
                let isEvent: Bool
                if s.word("true") {
                    isEvent = true
                } else if s.word("false") {
                    isEvent = false
                } else {
                    return refuse()
                }
                guard s.byte(comma) else { return refuse() }
                var until: Instant?
                if !s.word("null") {
                    guard let n = s.integer() else { return refuse() }
                    until = Instant(n)
                }
                guard s.byte(comma), let id = s.string(), s.byte(comma) else { return refuse() }
                let isOpen: Bool
                if s.word("true") {
                    isOpen = true
                    open += 1
                    // (The reading's expiry: its earliest open event's, as `CalendarFile` finds it.)
                    if let t = until, expires.map({ t < $0 }) ?? true { expires = t }
                } else if s.word("false") {
                    isOpen = false
                } else {
                    return refuse()
                }
                guard s.byte(UInt8(ascii: "]")) else { return refuse() }
                entries.append(Entry(isEvent: isEvent, expires: until, idAt: id, open: isOpen))
            } while s.byte(comma)
            guard s.byte(UInt8(ascii: "]")) else { return refuse() }
        }
        guard s.byte(comma) else { return refuse() }
        let itemsAt = s.i
        let end: Int
        if open == 0 {
            guard s.byte(UInt8(ascii: "[")), s.byte(UInt8(ascii: "]")), s.byte(UInt8(ascii: "]")),
                VdirCache.endsItsLine(b, s.i)
            else { return refuse() }
            end = s.i
        } else {
            // The line's end: the record's is before it, or before the comma that ends it.
            guard s.byte(UInt8(ascii: "[")), let base = b.baseAddress,
                let hit = memchr(base + s.i, 0x0A, b.count - s.i)
            else { return refuse() }
            let line = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            end = b[line - 1] == comma ? line - 1 : line
            guard end - 2 >= s.i, b[end - 1] == UInt8(ascii: "]"), b[end - 2] == UInt8(ascii: "]") else {
                return refuse()
            }
        }
        records.append(
            Record(
                nameAt: name, stampAt: stamp, stamp: FileStamp(text: UnsafeBufferPointer(rebasing: b[stamp])),
                problems: problems ? problemsAt : nil,
                entries: firstEntry..<entries.count, items: itemsAt..<(end - 1), expires: expires,
                whole: start..<end))
        return end
    }

    /// Whether two readings of a cache found the same records (`roundTrip`'s check).
    func same(as other: VdirCache) -> Bool {
        guard records.count == other.records.count, entries.count == other.entries.count else { return false }
        for (i, (a, b)) in zip(records, other.records).enumerated() {
            guard name(i).elementsEqual(other.name(i)), stamp(i).elementsEqual(other.stamp(i)), a.stamp == b.stamp,
                a.problems == b.problems,
                a.entries == b.entries, a.items == b.items, a.expires == b.expires, a.whole == b.whole
            else { return false }
        }
        for (e, (a, b)) in zip(entries, other.entries).enumerated() {
            guard a.isEvent == b.isEvent, a.expires == b.expires, id(e).elementsEqual(other.id(e)), a.open == b.open
            else {
                return false
            }
        }
        return unique == other.unique
    }
}

/// A record's bytes read on from `i` (`VdirCache.scan`).
private struct RecordScanner {
    let b: UnsafeBufferPointer<UInt8>
    var i: Int

    /// Past `c` when it is next.
    mutating func byte(_ c: UInt8) -> Bool {
        guard i < b.count, b[i] == c else { return false }
        i += 1
        return true
    }

    /// Past `w` when it is next.
    mutating func word(_ w: StaticString) -> Bool {
        let n = w.utf8CodeUnitCount
        guard i + n <= b.count else { return false }
        for k in 0..<n where b[i + k] != w.utf8Start[k] { return false }
        i += n
        return true
    }

    /// A string of printable ASCII without escapes: where its bytes are. (Found eight bytes at a
    /// time, `JSONBytes`.)
    mutating func string() -> Range<Int>? {
        guard byte(UInt8(ascii: "\"")) else { return nil }
        let start = i
        i = JSONBytes.plainASCIIEnd(b, from: start)
        guard byte(UInt8(ascii: "\"")) else { return nil }
        return start..<(i - 1)
    }

    /// A whole number as JSON writes one (no leading zero), of at most 15 digits.
    mutating func integer() -> Int64? {
        let negative = byte(UInt8(ascii: "-"))
        let start = i
        var n: Int64 = 0
        while i < b.count, b[i] >= 0x30, b[i] <= 0x39 {
            guard i - start < 15 else { return nil }
            n = n * 10 + Int64(b[i] - 0x30)
            i += 1
        }
        guard i > start, b[start] != 0x30 || i == start + 1 else { return nil }
        return negative ? -n : n
    }
}
