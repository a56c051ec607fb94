/// Relative WHEN: `in 3 days`, `+2h`, `2h`, `3 hours`, `in a week`, `1h30m`, `2 days ago`,
/// `in 2 days at 5pm`. Seconds, minutes and hours are absolute; days and weeks move the wall
/// time by the calendar (the same time of day across a DST change); months and years too, a
/// day the month lacks taken as its last (Jan 31 + 1 mo is Feb 28).
extension WhenParser {
    /// A unit of a relative time.
    public enum Unit: String, CaseIterable, Sendable {
        case second, minute, hour, day, week, month, year

        /// Every spelling, short and long (`M` alone is none: it could be months or minutes).
        public var names: [String] {
            switch self {
            case .second: ["s", "sec", "secs", "second", "seconds"]
            case .minute: ["m", "min", "mins", "minute", "minutes"]
            case .hour: ["h", "hr", "hrs", "hour", "hours"]
            case .day: ["d", "day", "days"]
            case .week: ["w", "wk", "wks", "week", "weeks"]
            case .month: ["mo", "mos", "month", "months"]
            case .year: ["y", "yr", "yrs", "year", "years"]
            }
        }

        /// The unit a (lower-case) name spells, or nil.
        public static func named(_ name: some StringProtocol) -> Unit? {
            allCases.first { $0.names.contains(where: { $0 == name }) }
        }

        /// Its length in seconds (minutes, hours) or days (days, weeks), or months (months, years).
        var size: Int64 {
            switch self {
            case .second: 1
            case .minute: 60
            case .hour: 3600
            case .day, .month: 1
            case .week: 7
            case .year: 12
            }
        }

        var isCalendar: Bool { self != .second && self != .minute && self != .hour }
    }

    /// The largest number before a unit (a typo beyond it gives dates tminus does not handle anyway).
    static let maxAmount: Int64 = 10_000_000

    /// `words` read as a relative time; nil when they do not start with one.
    static func relative(_ words: [Word], _ m: Moment) throws(TMinusError) -> When? {
        var i = 0
        var explicit = false
        if words[0].lower == "in" {
            explicit = true
            i = 1
        }
        var amounts: [(Int64, Unit)] = []
        while i < words.count, amounts.count < 8 {
            var body = Substring(words[i].lower)
            if amounts.isEmpty, body.hasPrefix("+") {
                body = body.dropFirst()
                explicit = true
            }
            // `3 days`, `a week`, `an hour`.
            if i + 1 < words.count, let n = body == "a" || body == "an" ? 1 : number(body) {
                if try ambiguousM(words[i + 1].original, amount: String(n), text: words) { return nil }
                if let unit = Unit.named(words[i + 1].lower) {
                    amounts.append((n, unit))
                    i += 2
                    continue
                }
            }
            // `3d`, `1h30m`.
            if try ambiguousM(words[i].original, amount: nil, text: words) { return nil }
            guard let list = compact(body) else { break }
            amounts += list
            i += 1
        }
        guard !amounts.isEmpty else { return nil }
        // `17h` alone is a time of day (17:00), as French and others write it: two digits, 0-23.
        if !explicit, words.count == 1, amounts.count == 1, amounts[0].1 == .hour, amounts[0].0 < 24,
            words[0].lower.utf8.count == 3, words[0].lower.hasSuffix("h")
        {
            return nil
        }
        var rest = words[i...]
        var sign: Int64 = 1
        if !explicit, rest.first?.lower == "ago" {
            sign = -1
            rest = rest.dropFirst()
        }
        var time: TimeOfDay?
        if !rest.isEmpty {
            if rest.first?.lower == "at" { rest = rest.dropFirst() }
            guard let t = timeOfDay(Array(rest)) else { return nil }
            guard amounts.allSatisfy({ $0.1.isCalendar }) else {
                throw .usage(
                    tr:
                        "'%s' gives a time after minutes or hours; give days (in 2 days at 5pm) or only the span (in 2h)",
                    "\(Validation.printable(phrase(words)))"
                )
            }
            time = t
        }
        return shifted(amounts, sign: sign, time: time, m)
    }

    /// The moment `amounts` away from now (at `time` on the day it falls on, when given).
    static func shifted(_ amounts: [(Int64, Unit)], sign: Int64, time: TimeOfDay?, _ m: Moment) -> When {
        var seconds: Int64 = 0, days: Int64 = 0, months: Int64 = 0
        for (n, unit) in amounts {
            switch unit {
            case .second, .minute, .hour: seconds += n * unit.size
            case .day, .week: days += n * unit.size
            case .month, .year: months += n * unit.size
            }
        }
        // Far beyond the supported dates (10,000 years): refuse before any calendar arithmetic.
        guard seconds <= 400_000_000_000, days <= 4_000_000, months <= 130_000 else {
            return .instant(Instant(Int64.max / 4))
        }
        var local = m.local
        local.date = addingMonths(local.date, Int(sign * months)).adding(days: Int(sign * days))
        guard CivilDate.supported.contains(local.date) else { return .day(local.date) }
        if let time { return m.at(local.date, time) }
        return .instant(m.zone.instant(local) + sign * seconds)
    }

    /// `date` moved by `n` months, on the same day or the month's last.
    static func addingMonths(_ date: CivilDate, _ n: Int) -> CivilDate {
        let index = date.year * 12 + (date.month - 1) + n
        let year = index >= 0 ? index / 12 : (index - 11) / 12
        let month = index - year * 12 + 1
        return CivilDate(year: year, month: month, day: min(date.day, CivilDate.daysInMonth(year: year, month: month)))
    }

    /// A whole number of at most 8 ASCII digits.
    static func number(_ s: some StringProtocol) -> Int64? {
        guard (1...8).contains(s.utf8.count), s.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int64(s),
            n <= maxAmount
        else { return nil }
        return n
    }

    /// `3d`, `90m`, `1h30m`, `2weeks`: digits and a unit, repeated; nil for anything else.
    static func compact(_ s: Substring) -> [(Int64, Unit)]? {
        var out: [(Int64, Unit)] = []
        var rest = s
        while !rest.isEmpty {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            rest = rest.dropFirst(digits.count)
            let letters = rest.prefix { $0.isASCII && $0.isLetter }
            rest = rest.dropFirst(letters.count)
            guard let n = number(digits), let unit = Unit.named(letters) else { return nil }
            out.append((n, unit))
        }
        return out.isEmpty ? nil : out
    }

    /// Whether `word` uses `M` as a unit (`1M`, `+1M`, `M`): refused, as it could be months or
    /// minutes. Only the capital letter alone: `1m`, `1mo` and `1 Min` are not it.
    static func ambiguousM(_ word: String, amount: String?, text: [Word]) throws(TMinusError) -> Bool {
        var body = Substring(word)
        if body.hasPrefix("+") { body = body.dropFirst() }
        let letters = body.drop { $0.isASCII && $0.isNumber }
        guard letters == "M" || (letters.hasPrefix("M") && letters.dropFirst().first?.isNumber == true) else {
            return false
        }
        let shown = Validation.printable(phrase(text))
        let n = body.prefix { $0.isASCII && $0.isNumber }
        let count = amount ?? (n.isEmpty ? "1" : String(n))
        throw .usage(
            tr: "'%s': M could be months or minutes; write %smo for months or %sm for minutes", "\(shown)", "\(count)",
            "\(count)")
    }

    /// The words as typed, one space apart.
    static func phrase(_ words: [Word]) -> String { words.map(\.original).joined(separator: " ") }
}

extension WhenParser {
    /// A span from `now` (`remind --in`): the relative forms of WHEN with or without `in` or
    /// `+` (`10m`, `+10m`, `10 minutes`, `in an hour`, `1h30m`, `90s`); nothing else.
    public static func after(_ raw: String, now: Instant, zone: Zone) throws(TMinusError) -> Instant {
        let text = Validation.trimmed(raw)
        let shown = Validation.printable(text)
        let m = Moment(now: now, zone: zone, firstWeekday: 1)
        var w = text.utf8.count <= maxLength ? words(text) : []
        if !w.isEmpty, w[0].lower != "in" { w.insert(Word(original: "in", lower: "in"), at: 0) }
        if w.count > 1, w.count <= 16, case .instant(let t)? = try relative(w, m) {
            guard t.isSupported else {
                throw .usage(
                    tr: "'%s' is outside the dates tminus handles (0001-01-03 to 9999-12-29); give a shorter span",
                    "\(shown)")
            }
            return t
        }
        let near = w.count > 1 && w.count <= 16 ? candidates(Array(w.dropFirst())) : []
        let fix = near.first { (try? relative(words("in " + $0), m)) != nil }
        if let fix { throw .usage(tr: "'%s' is not a span of time; did you mean '%s'?", shown, fix) }
        throw .usage(tr: "'%s' is not a span of time; use e.g. 10m, +10m, 10 minutes, 2h, in an hour or 1d", shown)
    }
}
