/// The working time of every day in one zone, none of them off: the working hours on each local
/// date, each range its wall-clock times made instants on that date. Sums over spans of any
/// length in closed form: whole weeks by arithmetic, and only the days the zone's offset changes
/// counted apart, those of the years its POSIX rule governs by the year rather than one by one.
struct WorkDays: Sendable {
    /// The working week.
    let hours: WorkingHours
    /// The zone whose local dates and wall-clock times the hours are in.
    let zone: Zone
    /// Where the zone's table hands over to its rule (`Zone.ruleTakesOver`); nil: the table
    /// holds every change.
    let ruleFrom: Int?

    init(hours: WorkingHours, zone: Zone) {
        self.hours = hours
        self.zone = zone
        ruleFrom = zone.ruleTakesOver()
    }

    /// The working intervals of the local date `d` as instants, in order.
    func intervals(on d: CivilDate) -> [(start: Instant, end: Instant)] {
        var out: [(start: Instant, end: Instant)] = []
        for span in hours.days[d.weekday] {
            let a = instant(d, span.start), b = instant(d, span.end)
            if b > a { out.append((a, b)) }
        }
        return out
    }

    func instant(_ d: CivilDate, _ seconds: Int) -> Instant {
        if seconds >= 86_400 { return zone.startOfDay(d.adding(days: 1)) }
        return zone.instant(
            LocalDateTime(date: d, hour: seconds / 3600, minute: seconds / 60 % 60, second: seconds % 60))
    }

    /// The working seconds of `d` as they really are (a day the offset changes may differ).
    func exact(on d: CivilDate) -> Int64 {
        var total: Int64 = 0
        for iv in intervals(on: d) { total += iv.end - iv.start }
        return total
    }

    /// The working seconds of the dates in [x, y) as the week has them, by whole weeks.
    func nominal(_ x: CivilDate, _ y: CivilDate) -> Int64 {
        let n = y.daysSinceEpoch - x.daysSinceEpoch
        guard n > 0 else { return 0 }
        var week: Int64 = 0
        for w in 0..<7 { week += hours.nominal(weekday: w) }
        var total = n / 7 * week
        let w0 = x.weekday
        for i in 0..<Int(n % 7) { total += hours.nominal(weekday: (w0 + i) % 7) }
        return total
    }

    /// The working seconds of the dates in [x, y) as they really are; `steps` counts the days and
    /// changes looked at one by one.
    func total(_ x: CivilDate, _ y: CivilDate, steps: inout Int) -> Int64 {
        guard y > x else { return 0 }
        return nominal(x, y) + corrections(x, y, steps: &steps)
    }

    /// What the days in [x, y) the zone's offset changes on have more (or less) than the week says.
    func corrections(_ x: CivilDate, _ y: CivilDate, steps: inout Int) -> Int64 {
        // A change at t touches the local dates of t - 1 and t: within two days of them in UTC.
        let lo = x.daysSinceEpoch * 86_400 - 2 * 86_400, hi = y.daysSinceEpoch * 86_400 + 2 * 86_400
        // A few days with the same offset on both sides have no change (no zone has had two that
        // cancel out within a week since 1970).
        if y.daysSinceEpoch - x.daysSinceEpoch <= 3, zone.offset(at: Instant(lo)) == zone.offset(at: Instant(hi)) {
            return 0
        }
        var days: [CivilDate] = []
        func changed(_ t: Int64) {
            for d in [zone.local(Instant(t - 1)).date, zone.local(Instant(t)).date]
            where d >= x && d < y && !days.contains(d) {
                days.append(d)
            }
        }
        for t in zone.tableChanges(from: lo, to: hi, upTo: ruleFrom ?? zone.transitions.count - 1, steps: &steps) {
            changed(t)
        }
        var total: Int64 = 0
        if let k = ruleFrom, let rule = zone.rule {
            // The rule's changes after the table's last (`from`); the years wholly inside the span
            // and the rule's by the year, the few at its ends one change at a time.
            let from = zone.transitions.isEmpty ? Int64.min : zone.transitions[k]
            let ruleYear = zone.transitions.isEmpty ? x.year - 2 : LocalDateTime(secondsAsUTC: from).date.year
            let innerFirst = max(x.year + 2, ruleYear + 2), innerLast = y.year - 2
            let first = max(x.year - 1, ruleYear - 1), last = y.year + 1
            var edges: [Int] = []
            if innerFirst <= innerLast {
                edges = Array(first..<innerFirst) + Array((innerLast + 1)...last)
            } else if first <= last {
                edges = Array(first...last)
            }
            for year in edges {
                steps += 1
                for t in rule.changes(year: year) where t > from && t >= lo && t < hi { changed(t) }
            }
            if innerFirst <= innerLast { total += years(innerFirst, innerLast, rule, steps: &steps) }
        }
        for d in days {
            steps += 1
            total += exact(on: d) - hours.nominal(weekday: d.weekday)
        }
        return total
    }

    /// The corrections of the change days of the years `y1` to `y2`, all the rule's. Its changes
    /// fall each year on a weekday at a wall time (`Mm.w.d`): every year alike. Else (`Jn`, `n`)
    /// a year is as its kind (the weekday of its 1 January and whether it is a leap year, 14
    /// kinds, counted over 400-year cycles, which repeat the calendar exactly).
    func years(_ y1: Int, _ y2: Int, _ rule: PosixZoneRule, steps: inout Int) -> Int64 {
        let n = y2 - y1 + 1
        if rule.changesOnWeekdays { return Int64(n) * year(y1, rule, steps: &steps) }
        var count = [Int64](repeating: 0, count: 14)
        var sample = [Int](repeating: 0, count: 14)
        func scan(_ from: Int, _ years: Int, _ times: Int64) {
            guard years > 0 else { return }
            var w = CivilDate(year: from, month: 1, day: 1).weekday
            for y in from..<(from + years) {
                steps += 1
                let leap = CivilDate.isLeap(y)
                let kind = w * 2 + (leap ? 1 : 0)
                count[kind] += times
                if sample[kind] == 0 { sample[kind] = y }
                w = (w + (leap ? 366 : 365)) % 7
            }
        }
        if n >= 400 { scan(y1, 400, Int64(n / 400)) }
        scan(y1 + n / 400 * 400, n % 400, 1)
        var total: Int64 = 0
        for kind in 0..<14 where count[kind] > 0 { total += count[kind] * year(sample[kind], rule, steps: &steps) }
        return total
    }

    /// The corrections of the days the rule changes the offset on in `year`.
    func year(_ year: Int, _ rule: PosixZoneRule, steps: inout Int) -> Int64 {
        var days: [CivilDate] = []
        for t in rule.changes(year: year) {
            for d in [zone.local(Instant(t - 1)).date, zone.local(Instant(t)).date] where !days.contains(d) {
                days.append(d)
            }
        }
        var total: Int64 = 0
        for d in days {
            steps += 1
            total += exact(on: d) - hours.nominal(weekday: d.weekday)
        }
        return total
    }
}
