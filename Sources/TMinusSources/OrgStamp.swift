public import TMinusCore

/// An Org mode timestamp, as Org writes it (the Org manual, "Timestamps"):
/// `<2026-11-27 Fri 10:00-11:00 +1w -3d>`, active in `<…>`, inactive in `[…]`. The day name is
/// any word (Org writes it in the user's language) and is rewritten in English when the date
/// moves; a repeater (`+1w`, `++1w`, `.+1d`) and a warning period (`-3d`) may follow the time.
/// Logseq writes the same stamps after `SCHEDULED:` and `DEADLINE:`. Pure.
public struct OrgStamp: Equatable, Sendable {
    /// How a repeater moves the date when the item is done (the Org manual, "Repeated tasks").
    public enum Repeat: String, Sendable {
        /// `+`: by one interval.
        case shift = "+"
        /// `++`: by intervals until it is in the future.
        case catchUp = "++"
        /// `.+`: one interval from today (from now for hours).
        case fromToday = ".+"
    }

    /// A count of units: h, d, w, m or y.
    public struct Interval: Equatable, Sendable {
        public var count: Int
        public var unit: Character
    }

    public var active: Bool
    public var date: CivilDate
    /// Minutes after midnight, when a time is given.
    public var time: Int?
    /// The end of a `10:00-11:00` range, minutes after midnight.
    public var endTime: Int?
    public var repeatKind: Repeat?
    public var interval: Interval?
    /// A warning period (`-3d`): how long before a deadline it shows.
    public var warning: Interval?
    /// The stamp's characters in the text it was read from (`<` to `>`).
    public var length: Int

    /// The stamp at the start of `text` (`<` or `[`), or nil when it is none.
    public static func parse(_ text: Substring) -> OrgStamp? {
        guard let open = text.first, open == "<" || open == "[" else { return nil }
        let close: Character = open == "<" ? ">" : "]"
        guard let end = text.prefix(80).firstIndex(of: close) else { return nil }
        let inner = text[text.index(after: text.startIndex)..<end]
        guard !inner.contains("\n"), !inner.contains("\r") else { return nil }
        let words = inner.split(separator: " ", omittingEmptySubsequences: true)
        guard let first = words.first, first.count == 10, let date = Self.date(first) else { return nil }
        var stamp = OrgStamp(active: open == "<", date: date, length: text.distance(from: text.startIndex, to: end) + 1)
        for (n, word) in words.dropFirst().enumerated() {
            if let (start, finish) = Self.times(word) {
                stamp.time = start
                stamp.endTime = finish
            } else if let (kind, interval) = Self.repeater(word) {
                stamp.repeatKind = kind
                stamp.interval = interval
            } else if word.hasPrefix("-"), let interval = Self.interval(word.drop { $0 == "-" }) {
                stamp.warning = interval
            } else if n == 0, word.allSatisfy({ !$0.isNumber }) {
                continue  // the day's name
            } else {
                return nil
            }
        }
        return stamp
    }

    init(active: Bool, date: CivilDate, length: Int) {
        self.active = active
        self.date = date
        self.length = length
    }

    /// `YYYY-MM-DD`.
    static func date(_ s: Substring) -> CivilDate? {
        let p = s.split(separator: "-", omittingEmptySubsequences: false)
        guard p.count == 3, p[0].count == 4, p[1].count == 2, p[2].count == 2,
            p.allSatisfy({ $0.allSatisfy(\.isASCII) }),
            let y = Int(p[0]), let m = Int(p[1]), let d = Int(p[2])
        else { return nil }
        guard let date = CivilDate.valid(year: y, month: m, day: d), CivilDate.supported.contains(date) else {
            return nil
        }
        return date
    }

    /// `10:00` or `10:00-11:30`, in minutes.
    static func times(_ s: Substring) -> (Int, Int?)? {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count <= 2, let start = clock(parts[0]) else { return nil }
        if parts.count == 2 {
            guard let end = clock(parts[1]) else { return nil }
            return (start, end)
        }
        return (start, nil)
    }

    static func clock(_ s: Substring) -> Int? {
        let p = s.split(separator: ":", omittingEmptySubsequences: false)
        guard p.count == 2, (1...2).contains(p[0].count), p[1].count == 2,
            p.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let h = Int(p[0]), let m = Int(p[1]), h < 24, m < 60
        else { return nil }
        return h * 60 + m
    }

    /// `+1w`, `++1w`, `.+1d` (a habit's `/3d` after it is allowed and left alone).
    static func repeater(_ s: Substring) -> (Repeat, Interval)? {
        let kind: Repeat
        var rest = s
        if s.hasPrefix("++") {
            kind = .catchUp
            rest = s.dropFirst(2)
        } else if s.hasPrefix(".+") {
            kind = .fromToday
            rest = s.dropFirst(2)
        } else if s.hasPrefix("+") {
            kind = .shift
            rest = s.dropFirst()
        } else {
            return nil
        }
        if let slash = rest.firstIndex(of: "/") {
            guard interval(rest[rest.index(after: slash)...]) != nil else { return nil }
            rest = rest[..<slash]
        }
        return interval(rest).map { (kind, $0) }
    }

    /// `3d`: a count (at most 5 digits) and a unit.
    static func interval(_ s: Substring) -> Interval? {
        guard let unit = s.last, "hdwmy".contains(unit), s.count >= 2, s.count <= 6 else { return nil }
        let digits = s.dropLast()
        guard digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(digits) else { return nil }
        return Interval(count: n, unit: unit)
    }

    /// When it is due: its time in `zone`, else its whole day.
    public func due(in zone: Zone) -> Due {
        guard let time else { return .day(date) }
        return .instant(zone.instant(LocalDateTime(date: date, hour: time / 60, minute: time % 60)))
    }

    /// When a range's end is (`10:00-11:00`), in `zone`.
    public func end(in zone: Zone) -> Instant? {
        guard let endTime, let time, endTime > time else { return nil }
        return zone.instant(LocalDateTime(date: date, hour: endTime / 60, minute: endTime % 60))
    }

    /// Where the warning period (`-3d`) starts: as many days (weeks, months, years) before the
    /// deadline's day as Org's agenda shows it, hours before its time; nil without one.
    public func warningStart(in zone: Zone) -> Instant? {
        guard let warning else { return nil }
        if warning.unit == "h" {
            return Instant(due(in: zone).startInstant(in: zone).seconds - Int64(warning.count) * 3600)
        }
        let back = Self.shifted((date, nil), Interval(count: -warning.count, unit: warning.unit)).date
        return zone.startOfDay(back)
    }

    /// The stamp `[2026-11-27 Fri 10:00]` (inactive) or `<…>` of a local time, as Org writes
    /// the time of a state change.
    public static func text(_ local: LocalDateTime, active: Bool = false, withTime: Bool = true) -> String {
        let d = local.date
        var s = (active ? "<" : "[") + "\(d) \(d.weekdayName)"
        if withTime { s += " \(pad(local.hour, 2)):\(pad(local.minute, 2))" }
        return s + (active ? ">" : "]")
    }
}
