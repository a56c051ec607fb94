public import TMinusCore

/// Expands a rule into its instances, as wall times in the frame of its start (the start's zone,
/// UTC, or floating), in order. Every loop is bounded: a rule that stops matching (a 30 February)
/// ends after 400 years without an instance (the Gregorian calendar repeats every 400 years), and
/// no walk passes the year 9999 or `maxPeriods` periods.
extension RecurrenceRule {
    /// The most periods (of the frequency, INTERVAL apart) one `forEach` walk visits.
    public static let maxPeriods = 600_000

    /// Calls `body` with each instance at or after `start` (the rule's DTSTART, which is an
    /// instance only when it matches the rule, as libical has it), in order, until `body` returns
    /// false, COUNT or UNTIL ends the rule, or a bound is reached. `notBefore` (a date in the
    /// start's frame) lets a rule without COUNT skip the periods before it; `untilPassed` says
    /// whether an instance is past UNTIL (the caller knows the zones).
    /// With `dateOnly` (a DTSTART that is a date), BYHOUR, BYMINUTE and BYSECOND are ignored.
    @discardableResult
    public func forEach(
        start: LocalDateTime, dateOnly: Bool = false, notBefore: CivilDate? = nil,
        untilPassed: (LocalDateTime) -> Bool = { _ in false }, _ body: (LocalDateTime) -> Bool
    ) -> Bool {
        var rule = self
        if dateOnly {
            rule.byHour = []
            rule.byMinute = []
            rule.bySecond = []
        }
        let e = Expansion(rule: rule, start: start)
        var k = 0
        // Without COUNT, nothing before `notBefore` is needed: its periods, and its days within
        // the period that holds it, are skipped (a rule with COUNT must count them).
        let skipTo = count == nil ? notBefore : nil
        if let skipTo, skipTo > start.date {
            k = max(0, e.periodIndex(of: skipTo) / interval - 1)
        }
        var produced = 0
        var work = 0
        // (After a skip, the 400 years are counted from where the walk starts.)
        var lastYearWithInstance = max(start.date.year, e.periodStart(k * interval)?.year ?? start.date.year)
        var periods = 0
        while periods < RecurrenceRule.maxPeriods {
            periods += 1
            guard let first = e.periodStart(k * interval), first.year <= 9999 else { return true }
            if first.year - lastYearWithInstance > 400 { return true }
            var ended = false
            let within = e.visit(inPeriodStarting: first, from: skipTo, work: &work) { instance in
                guard instance.secondsAsUTC >= start.secondsAsUTC else { return true }
                if untilPassed(instance) { ended = true; return false }
                produced += 1
                lastYearWithInstance = instance.date.year
                if !body(instance) { ended = true; return false }
                if let count, produced >= count { ended = true; return false }
                return true
            }
            if ended { return true }
            if !within { return false }
            k += 1
        }
        return true
    }

    /// The most work one walk does (days examined plus instances made), whatever the rule: a
    /// rule that needs more (a million instances by COUNT from 1900, one every second of every
    /// day) stops there, and the walk says so.
    public static let maxWork = 2_000_000

    /// At most this many times of day per rule (BYHOUR × BYMINUTE × BYSECOND): one a minute.
    public static let maxTimesPerDay = 1440
}

extension RecurrenceRule {
    /// Whether an instance (a wall time in the start's frame) is past UNTIL. A UTC UNTIL is an
    /// instant (for a start that is a date, its UTC date, as khal reads such files); a date UNTIL
    /// is the last date (on a timed series: that date's midnight); a floating one a wall time.
    /// `instant` turns the start's wall times into instants.
    public func untilPassed(start: ICalTime, instant: @escaping (LocalDateTime) -> Instant) -> (LocalDateTime) -> Bool {
        guard let until else { return { _ in false } }
        switch until {
        case .utc(let t) where !start.isDate: return { instant($0) > t }
        case .utc(let t):
            let last = LocalDateTime(secondsAsUTC: t.seconds).date
            return { $0.date > last }
        case .date(let d) where start.isDate: return { $0.date > d }
        case .date(let d):
            // A date UNTIL on a timed series (RFC 5545 wants a date-time there): its midnight in
            // the start's frame, so instances later that day are past it, as recurring-ical-events
            // and python-dateutil read it.
            let midnight = LocalDateTime(date: d).secondsAsUTC
            return { $0.secondsAsUTC > midnight }
        case .floating(let l), .zoned(let l, _):
            if start.isDate { return { $0.date > l.date } }
            return { $0.secondsAsUTC > l.secondsAsUTC }
        }
    }
}

/// The rule with its defaults filled in from the start (RFC 5545 §3.3.10: a YEARLY rule with no
/// BYxxx repeats on the start's month and day, a MONTHLY one on its day, a WEEKLY one on its
/// weekday), and the arithmetic of periods.
struct Expansion {
    var rule: RecurrenceRule
    let start: LocalDateTime
    let times: [(Int, Int, Int)]
    /// Whether the rule gives more times of day than `maxTimesPerDay` (the rest are not used).
    let timesCut: Bool
    /// Whether BYDAY ordinals count within the month (else within the year).
    let ordinalsInMonth: Bool

    init(rule: RecurrenceRule, start: LocalDateTime) {
        var r = rule
        if r.byYearDay.isEmpty && r.byMonthDay.isEmpty && r.byDay.isEmpty {
            switch r.frequency {
            case .yearly:
                if r.byMonth.isEmpty { r.byMonth = [start.date.month] }
                r.byMonthDay = [start.date.day]
            case .monthly:
                r.byMonthDay = [start.date.day]
            case .weekly:
                r.byDay = [.init(ordinal: 0, weekday: start.date.weekday)]
            case .daily:
                break
            }
        }
        // A YEARLY rule with only BYMONTHDAY keeps to the start's month, as libical reads it
        // ("yearly on the 29th" from 29 February is every 29 February).
        if r.frequency == .yearly, r.byMonth.isEmpty, !r.byMonthDay.isEmpty, r.byYearDay.isEmpty, r.byDay.isEmpty {
            r.byMonth = [start.date.month]
        }
        self.rule = r
        self.start = start
        ordinalsInMonth = r.frequency == .monthly || (r.frequency == .yearly && !r.byMonth.isEmpty)
        let hours = r.byHour.isEmpty ? [start.hour] : Set(r.byHour).sorted()
        let minutes = r.byMinute.isEmpty ? [start.minute] : Set(r.byMinute).sorted()
        let seconds = r.bySecond.isEmpty ? [start.second] : Set(r.bySecond.map { min($0, 59) }).sorted()
        var t: [(Int, Int, Int)] = []
        // Without BYSETPOS every time is an instance: at most one a minute. With it, positions pick
        // a few of them and nothing is made but those.
        let cap = r.bySetPos.isEmpty ? RecurrenceRule.maxTimesPerDay : 86_400
        for h in hours { for m in minutes { for s in seconds where t.count < cap { t.append((h, m, s)) } } }
        times = t
        timesCut = hours.count * minutes.count * seconds.count > t.count
    }

    /// The number of periods (years, months, weeks or days) from the start's to the one holding `date`.
    func periodIndex(of date: CivilDate) -> Int {
        switch rule.frequency {
        case .yearly: return date.year - start.date.year
        case .monthly: return (date.year - start.date.year) * 12 + date.month - start.date.month
        case .weekly: return Int((weekStart(date).daysSinceEpoch - weekStart(start.date).daysSinceEpoch) / 7)
        case .daily: return Int(date.daysSinceEpoch - start.date.daysSinceEpoch)
        }
    }

    /// The first day of period `k` after the start's (nil past the year 9999).
    func periodStart(_ k: Int) -> CivilDate? {
        switch rule.frequency {
        case .yearly:
            let y = start.date.year + k
            return y <= 9999 ? CivilDate(year: y, month: 1, day: 1) : nil
        case .monthly:
            let m = start.date.month - 1 + k
            let y = start.date.year + m / 12
            return y <= 9999 ? CivilDate(year: y, month: m % 12 + 1, day: 1) : nil
        case .weekly:
            let days = Int64(k) * 7
            guard days < 3_700_000 else { return nil }
            return weekStart(start.date).adding(days: Int(days))
        case .daily:
            guard k < 3_700_000 else { return nil }
            return start.date.adding(days: k)
        }
    }

    func weekStart(_ d: CivilDate) -> CivilDate {
        d.adding(days: -((d.weekday - rule.weekStart + 7) % 7))
    }

    /// The days of the period that starts on `first` that pass the rule's BYxxx, in order.
    func days(inPeriodStarting first: CivilDate) -> [CivilDate] {
        var days: [CivilDate] = []
        switch rule.frequency {
        case .yearly:
            let months = rule.byMonth.isEmpty ? Array(1...12) : rule.byMonth.sorted()
            var previous = 0
            for m in months where m != previous {
                previous = m
                let length = CivilDate.daysInMonth(year: first.year, month: m)
                for d in 1...length {
                    let date = CivilDate(year: first.year, month: m, day: d)
                    if matches(date, monthLength: length) { days.append(date) }
                }
            }
        case .monthly:
            guard rule.byMonth.isEmpty || rule.byMonth.contains(first.month) else { return [] }
            let length = CivilDate.daysInMonth(year: first.year, month: first.month)
            for d in 1...length {
                let date = CivilDate(year: first.year, month: first.month, day: d)
                if matches(date, monthLength: length) { days.append(date) }
            }
        case .weekly:
            for i in 0..<7 {
                let date = first.adding(days: i)
                guard rule.byMonth.isEmpty || rule.byMonth.contains(date.month) else { continue }
                if matches(date, monthLength: CivilDate.daysInMonth(year: date.year, month: date.month)) {
                    days.append(date)
                }
            }
        case .daily:
            guard rule.byMonth.isEmpty || rule.byMonth.contains(first.month) else { return [] }
            if matches(first, monthLength: CivilDate.daysInMonth(year: first.year, month: first.month)) {
                days.append(first)
            }
        }
        return days
    }

    /// Calls `body` with the instances of the period that starts on `first`, in order, BYSETPOS
    /// applied, without making them all (a period can have 366 days × 1,440 times); days before
    /// `from` are skipped when there is no BYSETPOS (which counts every instance of the period).
    /// Returns false when `work` passed `maxWork`, true otherwise (also when `body` stopped).
    func visit(inPeriodStarting first: CivilDate, from: CivilDate?, work: inout Int, _ body: (LocalDateTime) -> Bool)
        -> Bool
    {
        let days = days(inPeriodStarting: first)
        work += rule.frequency == .yearly ? 366 : rule.frequency == .monthly ? 31 : rule.frequency == .weekly ? 7 : 1
        let perDay = times.count
        guard !rule.bySetPos.isEmpty else {
            // The last instance before `from` is still given (a caller keeps the one before the
            // next as where progress starts), then the instances from there on.
            let skipped = from.map { f in days.filter { $0 < f } } ?? []
            if let d = skipped.last, let (h, m, s) = times.last {
                if !body(LocalDateTime(date: d, hour: h, minute: m, second: s)) { return true }
            }
            for d in days.dropFirst(skipped.count) {
                for (h, m, s) in times {
                    work += 1
                    if work > RecurrenceRule.maxWork { return false }
                    if !body(LocalDateTime(date: d, hour: h, minute: m, second: s)) { return true }
                }
            }
            return work <= RecurrenceRule.maxWork
        }
        let total = days.count * perDay
        var picked: [Int] = []
        for p in rule.bySetPos {
            let i = p > 0 ? p - 1 : total + p
            if i >= 0, i < total, !picked.contains(i) { picked.append(i) }
        }
        for i in picked.sorted() {
            let (h, m, s) = times[i % perDay]
            work += 1
            if work > RecurrenceRule.maxWork { return false }
            if !body(LocalDateTime(date: days[i / perDay], hour: h, minute: m, second: s)) { return true }
        }
        return true
    }

    /// Whether a day passes BYMONTHDAY, BYYEARDAY and BYDAY (each when given).
    func matches(_ date: CivilDate, monthLength: Int) -> Bool {
        if !rule.byMonthDay.isEmpty {
            guard rule.byMonthDay.contains(where: { $0 > 0 ? date.day == $0 : date.day == monthLength + 1 + $0 }) else {
                return false
            }
        }
        var yearDay = 0, yearLength = 0
        if !rule.byYearDay.isEmpty || (!ordinalsInMonth && rule.byDay.contains { $0.ordinal != 0 }) {
            yearDay = Int(date.daysSinceEpoch - CivilDate(year: date.year, month: 1, day: 1).daysSinceEpoch) + 1
            yearLength = CivilDate.isLeap(date.year) ? 366 : 365
        }
        if !rule.byYearDay.isEmpty {
            guard rule.byYearDay.contains(where: { $0 > 0 ? yearDay == $0 : yearDay == yearLength + 1 + $0 }) else {
                return false
            }
        }
        if !rule.byDay.isEmpty {
            let weekday = date.weekday
            let ordinalsCount = rule.frequency == .monthly || rule.frequency == .yearly
            let matched = rule.byDay.contains { wd in
                guard wd.weekday == weekday else { return false }
                guard wd.ordinal != 0, ordinalsCount else { return true }
                let (index, length) = ordinalsInMonth ? (date.day, monthLength) : (yearDay, yearLength)
                let nth = (index - 1) / 7 + 1
                let fromEnd = -((length - index) / 7 + 1)
                return wd.ordinal == nth || wd.ordinal == fromEnd
            }
            guard matched else { return false }
        }
        return true
    }
}
