/// A point in time: whole seconds since 1970-01-01T00:00:00Z.
///
/// tminus works in whole seconds: countdowns, entries and bars never show less.
public struct Instant: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var seconds: Int64

    /// The instant `seconds` seconds after 1970-01-01T00:00:00Z (before it when negative).
    public init(_ seconds: Int64) { self.seconds = seconds }

    /// Whether `a` is earlier than `b`.
    public static func < (a: Instant, b: Instant) -> Bool { a.seconds < b.seconds }
    /// The instant `s` seconds after `a`.
    public static func + (a: Instant, s: Int64) -> Instant { Instant(a.seconds + s) }
    /// The instant `s` seconds before `a`.
    public static func - (a: Instant, s: Int64) -> Instant { Instant(a.seconds - s) }
    /// The seconds from `b` to `a` (negative when `a` is earlier).
    public static func - (a: Instant, b: Instant) -> Int64 { a.seconds - b.seconds }

    /// RFC 3339 in UTC, e.g. `2026-12-01T17:00:00Z`.
    public var description: String { RFC3339.format(self, offset: 0) }

    /// Whether its UTC date lies in `CivilDate.supported`, so that its local date in every zone
    /// is in years 1–9999 and it can be written and read back.
    public var isSupported: Bool {
        seconds >= CivilDate.supported.lowerBound.daysSinceEpoch * 86_400
            && seconds < (CivilDate.supported.upperBound.daysSinceEpoch + 1) * 86_400
    }
}

/// RFC 3339 date-times with an explicit offset, without Foundation's formatters (they cost
/// hundreds of thousands of instructions per call, too much for the poll path).
public enum RFC3339 {
    /// `2026-12-01T17:00:00+01:00`, or `…Z` when the offset is 0.
    public static func format(_ t: Instant, offset: Int) -> String {
        var b: [UInt8] = []
        b.reserveCapacity(25)
        write(t, offset: offset, into: &b)
        return String(decoding: b, as: UTF8.self)
    }

    /// The same, appended to `b` as bytes, digits written straight in (a store write formats
    /// three dates per item).
    public static func write(_ t: Instant, offset: Int, into b: inout [UInt8]) {
        let local = LocalDateTime(secondsAsUTC: t.seconds + Int64(offset))
        guard (0...9999).contains(local.date.year) else {
            b += slowFormat(local, offset: offset).utf8
            return
        }
        // (Into 25 bytes on the stack, appended at once: one check of the array's room, not
        // twenty; a summary writes one or two per item.)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 25) { out in
            var n = 0
            func two(_ v: Int) {
                out[n] = UInt8(truncatingIfNeeded: 0x30 + v / 10)
                out[n + 1] = UInt8(truncatingIfNeeded: 0x30 + v % 10)
                n += 2
            }
            func one(_ c: UInt8) {
                out[n] = c
                n += 1
            }
            two(local.date.year / 100); two(local.date.year % 100)
            one(0x2D); two(local.date.month); one(0x2D); two(local.date.day)
            one(0x54); two(local.hour); one(0x3A); two(local.minute); one(0x3A); two(local.second)
            if offset == 0 {
                one(0x5A)
            } else {
                let a = abs(offset)
                one(offset < 0 ? 0x2D : 0x2B)
                two(a / 3600 % 100); one(0x3A); two(a / 60 % 60)
            }
            b.append(contentsOf: UnsafeBufferPointer(rebasing: out[..<n]))
        }
    }

    /// Years outside 0–9999 (never stored; only reachable through arithmetic on an instant).
    static func slowFormat(_ local: LocalDateTime, offset: Int) -> String {
        var s = "\(local.date)T\(pad(local.hour, 2)):\(pad(local.minute, 2)):\(pad(local.second, 2))"
        if offset == 0 { return s + "Z" }
        let a = abs(offset)
        s += (offset < 0 ? "-" : "+") + pad(a / 3600, 2) + ":" + pad(a / 60 % 60, 2)
        return s
    }

    /// Parses `YYYY-MM-DDTHH:MM[:SS[.fff]](Z|±HH:MM)`; nil without an offset or when invalid.
    public static func parse(_ text: String) -> Instant? {
        guard let (local, offset) = DateTimeText.parse(text), let offset else { return nil }
        return Instant(local.secondsAsUTC - Int64(offset))
    }

    /// The same, of the text's bytes (a date read where it is, no String made).
    public static func parse(bytes: ArraySlice<UInt8>) -> Instant? {
        guard let (local, offset) = bytes.withUnsafeBufferPointer({ DateTimeText.parse(bytes: $0) }), let offset
        else { return nil }
        return Instant(local.secondsAsUTC - Int64(offset))
    }
}

/// The shared scanner for ISO-like date-time text: `YYYY-MM-DD[( |T)HH:MM[:SS[.fff]]][Z|±HH[:]MM]`.
public enum DateTimeText {
    /// The wall time and, when the text has one, its offset in seconds east of UTC.
    /// Nil when the text is not of this shape or names an impossible date or time.
    public static func parse(_ text: String) -> (LocalDateTime, Int?)? {
        var text = text
        return text.withUTF8 { parse(bytes: $0) }
    }

    static func parse(bytes b: UnsafeBufferPointer<UInt8>) -> (LocalDateTime, Int?)? {
        if b.count == 20, let utc = writersForm(b) { return (utc, 0) }
        return scan(bytes: b)
    }

    /// `parse`, a byte at a time.
    static func scan(bytes b: UnsafeBufferPointer<UInt8>) -> (LocalDateTime, Int?)? {
        // Plain functions over an explicit index: a nested function capturing `i` would make every
        // digit read a dynamically checked access (this runs for every date in the summary).
        var i = 0
        guard let y = number(b, &i, 4), match(b, &i, UInt8(ascii: "-")), let mo = number(b, &i, 2),
            match(b, &i, UInt8(ascii: "-")), let d = number(b, &i, 2),
            let date = CivilDate.valid(year: y, month: mo, day: d)
        else { return nil }
        var local = LocalDateTime(date: date)
        if i == b.count { return (local, nil) }
        guard match(b, &i, UInt8(ascii: "T")) || match(b, &i, UInt8(ascii: "t")) || match(b, &i, UInt8(ascii: " ")),
            let h = number(b, &i, 2), match(b, &i, UInt8(ascii: ":")), let mi = number(b, &i, 2)
        else { return nil }
        var s = 0
        if match(b, &i, UInt8(ascii: ":")) {
            guard let sec = number(b, &i, 2) else { return nil }
            s = sec
            if match(b, &i, UInt8(ascii: ".")) || match(b, &i, UInt8(ascii: ",")) {
                let start = i
                while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
                guard i > start else { return nil }
            }
        }
        guard h < 24, mi < 60, s < 61 else { return nil }
        local.hour = h
        local.minute = mi
        local.second = min(s, 59)
        if i == b.count { return (local, nil) }
        if match(b, &i, UInt8(ascii: "Z")) || match(b, &i, UInt8(ascii: "z")) { return i == b.count ? (local, 0) : nil }
        let sign: Int
        if match(b, &i, UInt8(ascii: "+")) {
            sign = 1
        } else if match(b, &i, UInt8(ascii: "-")) {
            sign = -1
        } else {
            return nil
        }
        guard let oh = number(b, &i, 2) else { return nil }
        _ = match(b, &i, UInt8(ascii: ":"))
        let om = i < b.count ? number(b, &i, 2) : 0
        guard let om, i == b.count, oh < 24, om < 60 else { return nil }
        return (local, sign * (oh * 3600 + om * 60))
    }

    /// The form tminus writes every time in (`YYYY-MM-DDTHH:MM:SSZ`, twenty bytes), read sixteen
    /// digits at once: the store's links and the summary's items hold one or two each, and the
    /// byte-by-byte reading below cost 400 instructions a time. Nil for anything else (then read
    /// below, which gives the same for this form: `DateTimeTextTests`).
    @inline(__always)
    static func writersForm(_ b: UnsafeBufferPointer<UInt8>) -> LocalDateTime? {
        guard let base = b.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        // Bytes 0-7 `YYYY-MM-`, 8-15 `DDTHH:MM`, 16-19 `:SSZ`, little-endian words.
        let a = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        let c = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        let e = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt32.self))
        // The separators where they are (`-` at 4 and 7, `T` at 10, `:` at 13 and 16, `Z` at 19),
        // every other byte a digit: its high nibble 3 and its low one below 10.
        let aMask: UInt64 = 0xFF00_00FF_0000_0000, aSeps: UInt64 = 0x2D00_002D_0000_0000
        let cMask: UInt64 = 0x0000_FF00_00FF_0000, cSeps: UInt64 = 0x0000_3A00_0054_0000
        guard a & aMask == aSeps, c & cMask == cSeps, e & 0xFF00_00FF == 0x5A00_003A else { return nil }
        // (Each digit's high nibble 3, and its low one plus 6 no carry out of it: below 10.)
        func digits(_ x: UInt64, at places: UInt64) -> Bool {
            let highs = places & 0xF0F0_F0F0_F0F0_F0F0, lows = places & 0x0F0F_0F0F_0F0F_0F0F
            return x & highs == places & 0x3030_3030_3030_3030 && ((x & lows) &+ 0x0606_0606_0606_0606) & highs == 0
        }
        guard digits(a, at: ~aMask), digits(c, at: ~cMask), digits(UInt64(e), at: 0x00FF_FF00) else { return nil }
        func at(_ x: UInt64, _ k: UInt64) -> Int { Int(truncatingIfNeeded: x >> (8 * k) & 0x0F) }
        let year = at(a, 0) * 1000 + at(a, 1) * 100 + at(a, 2) * 10 + at(a, 3)
        let month = at(a, 5) * 10 + at(a, 6)
        let day = at(c, 0) * 10 + at(c, 1)
        let hour = at(c, 3) * 10 + at(c, 4), minute = at(c, 6) * 10 + at(c, 7)
        let second = at(UInt64(e), 1) * 10 + at(UInt64(e), 2)
        guard hour < 24, minute < 60, second < 60, let date = CivilDate.valid(year: year, month: month, day: day)
        else { return nil }
        return LocalDateTime(date: date, hour: hour, minute: minute, second: second)
    }

    /// `n` decimal digits at `i` (advancing it), or nil.
    @inline(__always)
    static func number(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ n: Int) -> Int? {
        guard i + n <= b.count else { return nil }
        var v = 0
        for k in 0..<n {
            let c = b[i + k]
            guard c >= 0x30 && c <= 0x39 else { return nil }
            v = v * 10 + Int(c - 0x30)
        }
        i += n
        return v
    }

    /// The byte `c` at `i` (advancing past it), or false.
    @inline(__always)
    static func match(_ b: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ c: UInt8) -> Bool {
        guard i < b.count, b[i] == c else { return false }
        i += 1
        return true
    }
}
