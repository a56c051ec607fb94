/// The POSIX TZ rule `std offset [dst [offset] [,start[/time],end[/time]]]` (as in TZif footers),
/// used for instants after a zone file's last transition.
struct PosixZoneRule: Sendable, Equatable {
    var std: Zone.ZoneType
    var dst: Zone.ZoneType?
    var start: DayRule?
    var startTime = 7200
    var end: DayRule?
    var endTime = 7200

    enum DayRule: Sendable, Equatable {
        case julianNoLeap(Int)  // Jn: 1...365, Feb 29 never counted
        case zeroBased(Int)  // n: 0...365
        case monthWeekDay(month: Int, week: Int, weekday: Int)  // Mm.w.d
    }

    init?(_ text: String) {
        var s = Substring(text)
        guard let stdName = Self.name(&s), let stdOff = Self.offset(&s), abs(stdOff) <= Zone.maxOffset else {
            return nil
        }
        std = Zone.ZoneType(offset: -stdOff, isDST: false, abbreviation: stdName)
        if s.isEmpty { return }
        guard let dstName = Self.name(&s) else { return nil }
        var dstOffset = -stdOff + 3600
        if let first = s.first, first != "," {
            guard let o = Self.offset(&s), abs(o) <= Zone.maxOffset else { return nil }
            dstOffset = -o
        }
        dst = Zone.ZoneType(offset: dstOffset, isDST: true, abbreviation: dstName)
        if s.isEmpty {
            // US rules are the POSIX default when none are given.
            start = .monthWeekDay(month: 3, week: 2, weekday: 0)
            end = .monthWeekDay(month: 11, week: 1, weekday: 0)
            return
        }
        guard s.first == "," else { return nil }
        s.removeFirst()
        guard let st = Self.dayRule(&s) else { return nil }
        start = st
        if s.first == "/" { s.removeFirst(); guard let t = Self.offset(&s) else { return nil }; startTime = t }
        guard s.first == "," else { return nil }
        s.removeFirst()
        guard let en = Self.dayRule(&s) else { return nil }
        end = en
        if s.first == "/" { s.removeFirst(); guard let t = Self.offset(&s) else { return nil }; endTime = t }
        guard s.isEmpty else { return nil }
    }

    private static func name(_ s: inout Substring) -> String? {
        if s.first == "<" {
            guard let close = s.firstIndex(of: ">") else { return nil }
            let n = String(s[s.index(after: s.startIndex)..<close])
            s = s[s.index(after: close)...]
            return n.isEmpty ? nil : n
        }
        let n = s.prefix(while: { $0.isLetter })
        guard n.count >= 3 else { return nil }
        s = s.dropFirst(n.count)
        return String(n)
    }

    /// `[+-]hh[:mm[:ss]]` in seconds (hours may exceed 24 in rule times, up to POSIX's 167).
    private static func offset(_ s: inout Substring) -> Int? {
        var sign = 1
        if s.first == "+" { s.removeFirst() } else if s.first == "-" { sign = -1; s.removeFirst() }
        var parts: [Int] = []
        while true {
            let digits = s.prefix(while: { $0.isASCII && $0.isNumber })
            guard !digits.isEmpty, digits.count <= 3, let v = Int(digits), v <= (parts.isEmpty ? 167 : 59) else {
                return nil
            }
            parts.append(v)
            s = s.dropFirst(digits.count)
            if s.first == ":" && parts.count < 3 { s.removeFirst() } else { break }
        }
        while parts.count < 3 { parts.append(0) }
        return sign * (parts[0] * 3600 + parts[1] * 60 + parts[2])
    }

    private static func dayRule(_ s: inout Substring) -> DayRule? {
        func int(_ s: inout Substring) -> Int? {
            let digits = s.prefix(while: { $0.isASCII && $0.isNumber })
            guard !digits.isEmpty else { return nil }
            s = s.dropFirst(digits.count)
            return Int(digits)
        }
        if s.first == "J" {
            s.removeFirst()
            guard let n = int(&s), (1...365).contains(n) else { return nil }
            return .julianNoLeap(n)
        }
        if s.first == "M" {
            s.removeFirst()
            guard let m = int(&s), s.first == "." else { return nil }
            s.removeFirst()
            guard let w = int(&s), s.first == "." else { return nil }
            s.removeFirst()
            guard let d = int(&s), (1...12).contains(m), (1...5).contains(w), (0...6).contains(d) else { return nil }
            return .monthWeekDay(month: m, week: w, weekday: d)
        }
        guard let n = int(&s), (0...365).contains(n) else { return nil }
        return .zeroBased(n)
    }

    private func date(_ rule: DayRule, year: Int) -> CivilDate {
        switch rule {
        case .julianNoLeap(let n):
            var d = CivilDate(year: year, month: 1, day: 1).adding(days: n - 1)
            if CivilDate.isLeap(year) && n >= 60 { d = d.adding(days: 1) }
            return d
        case .zeroBased(let n):
            return CivilDate(year: year, month: 1, day: 1).adding(days: n)
        case .monthWeekDay(let m, let w, let wd):
            let first = CivilDate(year: year, month: m, day: 1)
            var day = 1 + (wd - first.weekday + 7) % 7 + (w - 1) * 7
            let dim = CivilDate.daysInMonth(year: year, month: m)
            while day > dim { day -= 7 }
            return CivilDate(year: year, month: m, day: day)
        }
    }

    func type(at t: Int64) -> Zone.ZoneType {
        guard let dst, let start, let end else { return std }
        let year = LocalDateTime(secondsAsUTC: t + Int64(std.offset)).date.year
        // Check this year's and the neighbours' windows.
        for y in [year - 1, year, year + 1] {
            let s = date(start, year: y).daysSinceEpoch * 86_400 + Int64(startTime) - Int64(std.offset)
            let e = date(end, year: y).daysSinceEpoch * 86_400 + Int64(endTime) - Int64(dst.offset)
            if s < e {
                if t >= s && t < e { return dst }
            } else {
                // Southern hemisphere: DST spans the new year.
                let eNext = date(end, year: y + 1).daysSinceEpoch * 86_400 + Int64(endTime) - Int64(dst.offset)
                if t >= s && t < eNext { return dst }
            }
        }
        return std
    }
}

extension PosixZoneRule {
    /// The instants (UTC seconds) at which the rule's DST starts and ends in `year`; none for a
    /// rule without DST. (Either may be no change at all, as in a rule that keeps DST all year.)
    func changes(year: Int) -> [Int64] {
        guard let dst, let start, let end else { return [] }
        return [
            date(start, year: year).daysSinceEpoch * 86_400 + Int64(startTime) - Int64(std.offset),
            date(end, year: year).daysSinceEpoch * 86_400 + Int64(endTime) - Int64(dst.offset)
        ]
    }

    /// Whether both changes fall on a weekday of a week of a month (`Mm.w.d`, as every zone's rule
    /// does today): then each year's changes are on the same weekday at the same wall time.
    var changesOnWeekdays: Bool {
        if case .monthWeekDay? = start, case .monthWeekDay? = end { return true }
        return false
    }
}

extension PosixZoneRule {
    /// The rule's first change after `t` (UTC seconds); nil for a rule without DST.
    func nextChange(after t: Int64) -> Int64? {
        let year = LocalDateTime(secondsAsUTC: t).date.year
        var best: Int64?
        for y in (year - 1)...(year + 1) {
            for c in changes(year: y) where c > t && best.map({ c < $0 }) ?? true { best = c }
        }
        return best
    }
}
