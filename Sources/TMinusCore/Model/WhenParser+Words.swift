/// The words of WHEN's days: `today`, `tomorrow`, weekdays (`fri`, `this fri`, `next fri`),
/// `next week|month|year`, `eod`/`eow`/`eom`/`eoy` and `end of day|week|month|year`, and the
/// month names (`dec`, `December`) that `WhenParser+Dates` reads.
extension WhenParser {
    /// What the day words of a phrase name: a date, or a weekday whose date depends on the time
    /// given with it (`fri 5pm` on a Friday morning is today; typed at 18:00, next week's).
    enum DayPart {
        case date(CivilDate)
        /// The weekday (0 Sunday … 6 Saturday); `after`: strictly after today (`next fri`).
        case weekday(Int, after: Bool)
    }

    /// Each weekday's names (Sunday first, as `CivilDate.weekday` counts).
    static let weekdays: [[String]] = [
        ["sun", "sunday"], ["mon", "monday"], ["tue", "tues", "tuesday"], ["wed", "weds", "wednesday"],
        ["thu", "thur", "thurs", "thursday"], ["fri", "friday"], ["sat", "saturday"]
    ]

    /// Each month's names (January first).
    static let months: [[String]] = [
        ["jan", "january"], ["feb", "february"], ["mar", "march"], ["apr", "april"], ["may"], ["jun", "june"],
        ["jul", "july"], ["aug", "august"], ["sep", "sept", "september"], ["oct", "october"], ["nov", "november"],
        ["dec", "december"]
    ]

    /// The other words of the grammar (for the nearest form of a refused phrase).
    static let otherWords = [
        "today", "tomorrow", "yesterday", "now", "next", "this", "in", "at", "end", "of", "the", "week", "month",
        "year",
        "day", "ago", "eod", "eow", "eom", "eoy", "am", "pm"
    ]

    /// Every word a phrase may hold.
    static let vocabulary: [String] =
        otherWords + weekdays.joined() + months.joined() + timeWords.map(\.0) + Unit.allCases.flatMap(\.names)

    /// The weekday a lower-case word names (0 Sunday … 6 Saturday).
    static func weekday(_ s: String) -> Int? { weekdays.firstIndex { $0.contains(s) } }

    /// The month a lower-case word names (1 … 12).
    public static func month(named s: String) -> Int? { months.firstIndex { $0.contains(s) }.map { $0 + 1 } }

    /// Day words (lower case) as a day; nil when they are none.
    static func dayPart(_ w: [String], _ m: Moment) throws(TMinusError) -> DayPart? {
        let today = m.today
        switch w.count {
        case 1:
            switch w[0] {
            case "today", "tod": return .date(today)
            case "tomorrow", "tom", "tmrw": return .date(today.adding(days: 1))
            case "yesterday": return .date(today.adding(days: -1))
            case "eod": return .date(today)
            case "eow": return .date(endOfWeek(m))
            case "eom": return .date(endOfMonth(today))
            case "eoy": return .date(CivilDate(year: today.year, month: 12, day: 31))
            default: break
            }
            if let d = weekday(w[0]) { return .weekday(d, after: false) }
        case 2:
            switch (w[0], w[1]) {
            case ("this", let day): if let d = weekday(day) { return .weekday(d, after: false) }
            case ("next", "week"): return .date(coming(m.firstWeekday, after: today))
            case ("next", "month"):
                return .date(addingMonths(CivilDate(year: today.year, month: today.month, day: 1), 1))
            case ("next", "year"): return .date(CivilDate(year: today.year + 1, month: 1, day: 1))
            case ("next", let day): if let d = weekday(day) { return .weekday(d, after: true) }
            default: break
            }
        case 3, 4:
            if w[0] == "end", w[1] == "of", w.count == 3 || w[2] == "the" {
                switch w[w.count - 1] {
                case "day": return .date(today)
                case "week": return .date(endOfWeek(m))
                case "month": return .date(endOfMonth(today))
                case "year": return .date(CivilDate(year: today.year, month: 12, day: 31))
                default: return nil
                }
            }
        default: break
        }
        return try date(w, m).map { .date($0) }
    }

    /// The day a day part names, given the time with it: a weekday is the first one ahead
    /// (today too while `time` is still to come, or with no time: the day is not over).
    static func resolve(_ day: DayPart, time: TimeOfDay?, _ m: Moment) -> When {
        switch day {
        case .date(let d): return time.map { m.at(d, $0) } ?? .day(d)
        case .weekday(let wd, let after):
            var d = m.today.adding(days: (wd - m.today.weekday + 7) % 7)
            if after, d == m.today { d = d.adding(days: 7) }
            guard let time else { return .day(d) }
            if !after, d == m.today, case .instant(let t) = m.at(d, time), t <= m.now { d = d.adding(days: 7) }
            return m.at(d, time)
        }
    }

    /// The first day after `today` that is `weekday` (1 to 7 days on).
    static func coming(_ weekday: Int, after today: CivilDate) -> CivilDate {
        let ahead = (weekday - today.weekday + 7) % 7
        return today.adding(days: ahead == 0 ? 7 : ahead)
    }

    /// The last day of the week holding today, weeks starting on the moment's first weekday.
    static func endOfWeek(_ m: Moment) -> CivilDate {
        m.today.adding(days: (m.firstWeekday + 6 - m.today.weekday + 7) % 7)
    }

    static func endOfMonth(_ d: CivilDate) -> CivilDate {
        CivilDate(year: d.year, month: d.month, day: CivilDate.daysInMonth(year: d.year, month: d.month))
    }

    /// A phrase with no relative part: day words, then a time (`tomorrow 5pm`, `fri at 17:00`,
    /// `Dec 24 5pm`), or either alone (a time alone is today's).
    static func absolute(_ words: [Word], _ m: Moment) throws(TMinusError) -> When? {
        var day = words[...]
        var time: TimeOfDay?
        for size in [2, 1] where day.count >= size {
            if let t = timeOfDay(Array(day.suffix(size))) {
                time = t
                day = day.dropLast(size)
                break
            }
        }
        if time != nil, day.last?.lower == "at" { day = day.dropLast() }
        guard time != nil || !day.isEmpty else { return nil }
        if day.isEmpty, let time { return m.at(m.today, time) }
        guard let part = try dayPart(day.map(\.lower), m) else { return nil }
        return resolve(part, time: time, m)
    }
}
