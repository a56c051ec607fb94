/// Working time in one zone: the working hours on each local date, less the days off. Exact
/// across changes of the zone's offset: a range is its wall-clock times made instants on that
/// date, so a range over a night the clocks go forward is an hour shorter, and one over the
/// night they go back an hour longer.
public struct WorkTime: Sendable {
    /// The working week.
    public let hours: WorkingHours
    /// Days with no working time (holidays), ascending and each once.
    public let daysOff: [CivilDate]
    /// The zone whose local dates and wall-clock times the hours are in.
    public let zone: Zone

    /// How many days `instant(after:working:)` looks ahead before it gives up (ten years).
    public static let lookAhead = 3660
    /// Spans of more days than this are summed by weeks rather than day by day.
    static let walkedDays: Int64 = 14

    /// Working time in `zone` with `hours`, none on `daysOff`.
    public init(hours: WorkingHours, daysOff: [CivilDate] = [], zone: Zone) {
        self.hours = hours
        self.daysOff = Array(Set(daysOff)).sorted()
        self.zone = zone
    }

    /// Whether `d` is a day off.
    public func isOff(_ d: CivilDate) -> Bool {
        let i = firstOff(atOrAfter: d)
        return i < daysOff.count && daysOff[i] == d
    }

    func firstOff(atOrAfter d: CivilDate) -> Int {
        var lo = 0, hi = daysOff.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if daysOff[mid] < d { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The working intervals of the local date `d` as instants, in order (none on a day off).
    public func intervals(on d: CivilDate) -> [(start: Instant, end: Instant)] {
        if isOff(d) { return [] }
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

    /// Whether `t` is in working time.
    public func isWorking(at t: Instant) -> Bool {
        intervals(on: zone.local(t).date).contains { $0.start <= t && t < $0.end }
    }

    /// The working seconds from `a` up to (not including) `b`; 0 when `b` is not after `a`. Day by
    /// day over two weeks or less, else by whole weeks with the days off and the days the zone's
    /// offset changes counted apart: the cost follows the number of holidays and offset changes
    /// in between, not the days.
    public func seconds(from a: Instant, to b: Instant) -> Int64 {
        guard b > a else { return 0 }
        let first = zone.local(a).date, last = zone.local(b).date
        guard last.daysSinceEpoch - first.daysSinceEpoch > Self.walkedDays else { return walked(from: a, to: b) }
        let m1 = first.adding(days: 1), m2 = last
        let s1 = zone.startOfDay(m1), s2 = zone.startOfDay(m2)
        return walked(from: a, to: s1) + wholeDays(m1, m2, from: s1, to: s2) + walked(from: s2, to: b)
    }

    /// The working seconds in [a, b), each local date's intervals in turn.
    func walked(from a: Instant, to b: Instant) -> Int64 {
        guard b > a else { return 0 }
        var total: Int64 = 0
        var d = zone.local(a).date
        let last = zone.local(b).date
        while d <= last {
            for i in intervals(on: d) where i.end > a && i.start < b { total += min(i.end, b) - max(i.start, a) }
            d = d.adding(days: 1)
        }
        return total
    }

    /// The working seconds of the whole local dates `m1` up to (not including) `m2`, which begin
    /// at `s1` and `s2`.
    func wholeDays(_ m1: CivilDate, _ m2: CivilDate, from s1: Instant, to s2: Instant) -> Int64 {
        let n = Int(m2.daysSinceEpoch - m1.daysSinceEpoch)
        var week: Int64 = 0
        for w in 0..<7 { week += hours.nominal(weekday: w) }
        var total = Int64(n / 7) * week
        for i in 0..<(n % 7) { total += hours.nominal(weekday: m1.adding(days: n / 7 * 7 + i).weekday) }
        var i = firstOff(atOrAfter: m1)
        while i < daysOff.count && daysOff[i] < m2 {
            total -= hours.nominal(weekday: daysOff[i].weekday)
            i += 1
        }
        // A day the offset changes on is as long as its intervals really are.
        var changed: [CivilDate] = []
        for t in zone.offsetChanges(from: s1, to: s2) {
            for d in [zone.local(t - 1).date, zone.local(t).date]
            where d >= m1 && d < m2 && !changed.contains(d) && !isOff(d) {
                changed.append(d)
                var exact: Int64 = 0
                for iv in intervals(on: d) { exact += iv.end - iv.start }
                total += exact - hours.nominal(weekday: d.weekday)
            }
        }
        return total
    }

    /// The instant at which `k` (> 0) working seconds after `t` have passed: the first `u` with
    /// `seconds(from: t, to: u) == k`. Nil when that is more than `lookAhead` days away.
    public func instant(after t: Instant, working k: Int64) -> Instant? {
        var need = k
        var d = zone.local(t).date
        for _ in 0..<Self.lookAhead {
            for i in intervals(on: d) where i.end > t {
                let from = max(i.start, t)
                let length = i.end - from
                if length >= need { return from + need }
                need -= length
            }
            d = d.adding(days: 1)
        }
        return nil
    }
}

extension Zone {
    /// The instants in [a, b) at which the offset changes, looked for week by week (two changes
    /// less than a week apart that cancel out are not seen; no zone has had one since 1970).
    public func offsetChanges(from a: Instant, to b: Instant) -> [Instant] {
        var out: [Instant] = []
        var lo = a
        while lo < b {
            let hi = min(lo + 7 * 86_400, b)
            let before = offset(at: lo)
            if offset(at: hi) != before {
                // The first second with the new offset, in (lo, hi].
                var l = lo, h = hi
                while h - l > 1 {
                    let mid = l + (h - l) / 2
                    if offset(at: mid) == before { l = mid } else { h = mid }
                }
                if h < b { out.append(h) }
                lo = h
            } else {
                lo = hi
            }
        }
        return out
    }
}
