public import TMinusCore

/// A DATE or DATE-TIME value (RFC 5545 §3.3.4, §3.3.5) as the file says it: a whole day, a
/// floating wall time (the reader's own zone), UTC, or a wall time in a named zone.
public enum ICalTime: Hashable, Sendable {
    case date(CivilDate)
    case floating(LocalDateTime)
    case utc(Instant)
    case zoned(LocalDateTime, tzid: String)

    /// Reads a value with its parameters. DATE vs DATE-TIME is taken from the value's shape (8
    /// digits, or 15 with an optional `Z`), as files often leave `VALUE=DATE` out; `Z` wins over
    /// a TZID given with it. Nil when the value is not a date.
    public static func parse(_ value: ArraySlice<UInt8>, tzid: String?) -> ICalTime? {
        var v = ICalParser.trimmed(value)
        // A date with a stray `Z` (`20131210Z`, seen in Google exports) is still a date.
        if v.count == 9, v.last == 0x5A || v.last == 0x7A { v = v.dropLast() }
        guard v.count == 8 || v.count == 15 || v.count == 16 else { return nil }
        let b = Array(v)
        func num(_ at: Int, _ len: Int) -> Int? {
            var n = 0
            for k in at..<(at + len) {
                guard b[k] >= 0x30, b[k] <= 0x39 else { return nil }
                n = n * 10 + Int(b[k] - 0x30)
            }
            return n
        }
        guard let y = num(0, 4), let mo = num(4, 2), let d = num(6, 2),
            let date = CivilDate.valid(year: y, month: mo, day: d),
            CivilDate.supported.contains(date)
        else { return nil }
        if b.count == 8 { return .date(date) }
        guard b[8] == 0x54 || b[8] == 0x74, let h = num(9, 2), let mi = num(11, 2), let s = num(13, 2),
            h < 24, mi < 60, s < 61
        else { return nil }
        let local = LocalDateTime(date: date, hour: h, minute: mi, second: min(s, 59))
        if b.count == 16 {
            guard b[15] == 0x5A || b[15] == 0x7A else { return nil }
            return .utc(Instant(local.secondsAsUTC))
        }
        if let tzid, !tzid.isEmpty { return .zoned(local, tzid: tzid) }
        return .floating(local)
    }

    /// Reads a property's value, with its TZID parameter.
    public init?(_ p: ICalProperty) {
        guard let t = ICalTime.parse(p.value[...], tzid: p.parameter("TZID")) else { return nil }
        self = t
    }

    /// Whether it is a whole day (a DATE value).
    public var isDate: Bool {
        if case .date = self { return true }
        return false
    }

    /// The wall time it names (midnight for a date; UTC wall time for UTC).
    public var local: LocalDateTime {
        switch self {
        case .date(let d): LocalDateTime(date: d)
        case .floating(let l), .zoned(let l, _): l
        case .utc(let t): LocalDateTime(secondsAsUTC: t.seconds)
        }
    }

    /// The same kind of value at another wall time (for recurrence instances).
    public func with(local l: LocalDateTime) -> ICalTime {
        switch self {
        case .date: .date(l.date)
        case .floating: .floating(l)
        case .zoned(_, let z): .zoned(l, tzid: z)
        case .utc: .utc(Instant(l.secondsAsUTC))
        }
    }

    /// The value as written in a file: `YYYYMMDD`, `YYYYMMDDTHHMMSS` or `…Z`.
    public var text: String {
        func d(_ c: CivilDate) -> String { pad(c.year, 4) + pad(c.month, 2) + pad(c.day, 2) }
        func t(_ l: LocalDateTime) -> String { d(l.date) + "T" + pad(l.hour, 2) + pad(l.minute, 2) + pad(l.second, 2) }
        switch self {
        case .date(let c): return d(c)
        case .floating(let l), .zoned(let l, _): return t(l)
        case .utc(let i): return t(LocalDateTime(secondsAsUTC: i.seconds)) + "Z"
        }
    }
}

/// DURATION values (RFC 5545 §3.3.6): `[+-]P[nW][nD][T[nH][nM][nS]]`, as seconds (days as
/// 86,400: only used to find a due from a start, where a day's length rarely matters).
public enum ICalDuration {
    /// The value in seconds (negative for `-P…`); nil when it is not a duration or is over 100 years.
    public static func seconds(_ value: ArraySlice<UInt8>) -> Int64? {
        let v = ICalParser.trimmed(value)
        var i = v.startIndex
        var sign: Int64 = 1
        if i < v.endIndex, v[i] == 0x2B || v[i] == 0x2D {
            if v[i] == 0x2D { sign = -1 }
            i += 1
        }
        guard i < v.endIndex, v[i] == 0x50 || v[i] == 0x70 else { return nil }
        i += 1
        var total: Int64 = 0
        var n: Int64?
        var any = false
        var inTime = false
        while i < v.endIndex {
            let c = v[i] | 0x20
            i += 1
            if c >= 0x30, c <= 0x39 {
                let next = (n ?? 0) * 10 + Int64(c - 0x30)
                guard next < 100_000_000 else { return nil }
                n = next
                continue
            }
            if c == 0x74 { inTime = true; continue }
            guard let value = n else { return nil }
            let unit: Int64
            switch (c, inTime) {
            case (0x77, false): unit = 604_800
            case (0x64, false): unit = 86_400
            case (0x68, true): unit = 3600
            case (0x6D, true): unit = 60
            case (0x73, true): unit = 1
            default: return nil
            }
            total += value * unit
            // Bounded as it goes: a long run of parts cannot overflow the sum.
            guard total <= 100 * 366 * 86_400 else { return nil }
            n = nil
            any = true
        }
        guard any, n == nil, total <= 100 * 366 * 86_400 else { return nil }
        return sign * total
    }
}
