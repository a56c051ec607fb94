/// Dates in WHEN beyond ISO's: `YYYY/MM/DD`, `YYYY-MM-DD` (before a time), day-first
/// `DD.MM.YYYY` and `DD.MM.` (the next such day), a day of the month (`24th`: the next one),
/// and month names in either order with an optional year (`dec 24`, `24 December 2027`,
/// `24th of dec`): without a year, the next such day (today included).
extension WhenParser {
    /// Lower-case words naming a date; nil when they name none, an error when the date does not
    /// exist (`feb 30`, `31.04.2026`).
    static func date(_ w: [String], _ m: Moment) throws(TMinusError) -> CivilDate? {
        let today = m.today
        if w.count == 1 {
            if let (y, mo, d) = numericDate(w[0]) {
                return y == 0 ? try next(month: mo, day: d, today, w) : try checked(y, mo, d, w)
            }
            if w[0].contains(where: \.isLetter), let d = dayOfMonth(w[0]) { return next(day: d, today) }
            return nil
        }
        var rest = w[...]
        let monthDay: (Int, Int)
        if let mo = month(named: rest[rest.startIndex]), let d = dayOfMonth(rest[rest.startIndex + 1]) {
            monthDay = (mo, d)
            rest = rest.dropFirst(2)
        } else if let d = dayOfMonth(rest[rest.startIndex]) {
            rest = rest.dropFirst()
            if rest.first == "of" { rest = rest.dropFirst() }
            guard let name = rest.first, let mo = month(named: name) else { return nil }
            monthDay = (mo, d)
            rest = rest.dropFirst()
        } else {
            return nil
        }
        switch rest.count {
        case 0: return try next(month: monthDay.0, day: monthDay.1, today, w)
        case 1:
            guard let y = rest.first.flatMap(year) else { return nil }
            return try checked(y, monthDay.0, monthDay.1, w)
        default: return nil
        }
    }

    /// The date, or an error saying why it does not exist.
    static func checked(_ y: Int, _ mo: Int, _ d: Int, _ w: [String]) throws(TMinusError) -> CivilDate {
        if impossible(year: y, month: mo, day: d) != nil {
            let shown = Validation.printable(w.joined(separator: " "))
            guard (1...12).contains(mo) else {
                throw .usage(tr: "'%s' is not a date: there is no month %s", shown, "\(mo)")
            }
            throw .usage(
                tr: "'%s' is not a date: %s %s has %s days", shown, CivilDate(year: y, month: mo, day: 1).monthName,
                "\(y)", "\(CivilDate.daysInMonth(year: y, month: mo))")
        }
        return CivilDate(year: y, month: mo, day: d)
    }

    /// The next `month`/`day`: this year's unless it is past (Feb 29: the next leap year's).
    static func next(month mo: Int, day d: Int, _ today: CivilDate, _ w: [String]) throws(TMinusError) -> CivilDate {
        var year = (mo, d) < (today.month, today.day) ? today.year + 1 : today.year
        if mo == 2, d == 29 {
            while !CivilDate.isLeap(year) { year += 1 }
        }
        return try checked(year, mo, d, w)
    }

    /// The next day `d` of a month (this month's unless past; else the next month that has it).
    static func next(day d: Int, _ today: CivilDate) -> CivilDate {
        var first = CivilDate(year: today.year, month: today.month, day: 1)
        if d < today.day { first = addingMonths(first, 1) }
        while CivilDate.daysInMonth(year: first.year, month: first.month) < d { first = addingMonths(first, 1) }
        return CivilDate(year: first.year, month: first.month, day: d)
    }

    /// `2026/12/24`, `2026/1/5`, `2026-12-24`, `24.12.2026`, `24.12.` (year 0: the next one).
    static func numericDate(_ s: String) -> (Int, Int, Int)? {
        let digits = { (p: Substring, n: ClosedRange<Int>) in n.contains(p.count) && p.utf8.allSatisfy(isDigit) }
        for sep: Character in ["/", "-"] {
            let p = s.split(separator: sep, omittingEmptySubsequences: false)
            let width = sep == "-" ? 2...2 : 1...2
            if p.count == 3, digits(p[0], 4...4), digits(p[1], width), digits(p[2], width) {
                return (Int(p[0])!, Int(p[1])!, Int(p[2])!)
            }
        }
        let p = s.split(separator: ".", omittingEmptySubsequences: false)
        if p.count == 3, digits(p[0], 1...2), digits(p[1], 1...2), p[2].isEmpty || digits(p[2], 4...4) {
            return (p[2].isEmpty ? 0 : Int(p[2])!, Int(p[1])!, Int(p[0])!)
        }
        return nil
    }

    /// `24`, `24th`, `1st`, `2nd`, `3rd`: a day of the month, 1 to 31.
    static func dayOfMonth(_ s: String) -> Int? {
        var body = Substring(s)
        for suffix in ["st", "nd", "rd", "th"] where body.hasSuffix(suffix) {
            body = body.dropLast(2)
            break
        }
        guard (1...2).contains(body.count), body.utf8.allSatisfy(isDigit), let d = Int(body), (1...31).contains(d)
        else { return nil }
        return d
    }

    /// A four-digit year.
    static func year(_ s: String) -> Int? {
        guard s.utf8.count == 4, s.utf8.allSatisfy(isDigit) else { return nil }
        return Int(s)
    }
}
