/// Working time in one zone: the working hours on each local date, less the days off. Exact
/// across changes of the zone's offset: a range is its wall-clock times made instants on that
/// date, so a range over a night the clocks go forward is an hour shorter, and one over the
/// night they go back an hour longer.
public struct WorkTime: Sendable {
    /// The working week.
    public var hours: WorkingHours { days.hours }
    /// The days off (holidays) as ranges of local dates, ascending and apart (ranges that overlap
    /// or touch are joined).
    public let off: [ClosedRange<CivilDate>]
    /// The working seconds the days off would have had: `offWork[i]` for `off[..<i]`.
    let offWork: [Int64]
    /// The zone whose local dates and wall-clock times the hours are in.
    public var zone: Zone { days.zone }
    /// Every day's working time, none off.
    let days: WorkDays

    /// How many days `instant(after:working:)` looks ahead before it gives up (ten years).
    public static let lookAhead = 3660
    /// Spans of more days than this are summed in closed form rather than day by day.
    static let walkedDays: Int64 = 14

    /// Working time in `zone` with `hours`, none on `daysOff`.
    public init(hours: WorkingHours, daysOff: [CivilDate] = [], zone: Zone) {
        self.init(hours: hours, off: daysOff.map { $0...$0 }, zone: zone)
    }

    /// Working time in `zone` with `hours`, none on the dates of `off` (in any order).
    public init(hours: WorkingHours, off ranges: [ClosedRange<CivilDate>], zone: Zone) {
        days = WorkDays(hours: hours, zone: zone)
        let joined = DateRanges.joined(ranges)
        off = joined
        var sums: [Int64] = [0]
        sums.reserveCapacity(joined.count + 1)
        var steps = 0
        for r in joined {
            sums.append(sums[sums.count - 1] + days.total(r.lowerBound, r.upperBound.adding(days: 1), steps: &steps))
        }
        offWork = sums
    }

    /// The index of the first range of days off that ends on or after `d`.
    func offIndex(endingAtOrAfter d: CivilDate) -> Int {
        var lo = 0, hi = off.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if off[mid].upperBound < d { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Whether `d` is a day off.
    public func isOff(_ d: CivilDate) -> Bool {
        let i = offIndex(endingAtOrAfter: d)
        return i < off.count && off[i].lowerBound <= d
    }

    /// The working intervals of the local date `d` as instants, in order (none on a day off).
    public func intervals(on d: CivilDate) -> [(start: Instant, end: Instant)] {
        isOff(d) ? [] : days.intervals(on: d)
    }

    /// Whether `t` is in working time.
    public func isWorking(at t: Instant) -> Bool {
        intervals(on: zone.local(t).date).contains { $0.start <= t && t < $0.end }
    }

    /// The working seconds from `a` up to (not including) `b`; 0 when `b` is not after `a`. Day by
    /// day over two weeks or less, else in closed form (`WorkDays`) less the days off (sums kept
    /// for them, found by binary search): the cost does not grow with the span.
    public func seconds(from a: Instant, to b: Instant) -> Int64 {
        var steps = 0
        return seconds(from: a, to: b, steps: &steps)
    }

    /// The same; `steps` counts the days and changes it looked at one by one (for tests).
    func seconds(from a: Instant, to b: Instant, steps: inout Int) -> Int64 {
        guard b > a else { return 0 }
        let first = zone.local(a).date, last = zone.local(b).date
        guard last.daysSinceEpoch - first.daysSinceEpoch > Self.walkedDays else {
            return walked(from: a, to: b, steps: &steps)
        }
        let m1 = first.adding(days: 1), m2 = last
        let s1 = zone.startOfDay(m1), s2 = zone.startOfDay(m2)
        return walked(from: a, to: s1, steps: &steps) + wholeDays(m1, m2, steps: &steps)
            + walked(from: s2, to: b, steps: &steps)
    }

    /// The working seconds in [a, b), each local date's intervals in turn.
    func walked(from a: Instant, to b: Instant) -> Int64 {
        var steps = 0
        return walked(from: a, to: b, steps: &steps)
    }

    func walked(from a: Instant, to b: Instant, steps: inout Int) -> Int64 {
        guard b > a else { return 0 }
        var total: Int64 = 0
        var d = zone.local(a).date
        let last = zone.local(b).date
        while d <= last {
            steps += 1
            for i in intervals(on: d) where i.end > a && i.start < b { total += min(i.end, b) - max(i.start, a) }
            d = d.adding(days: 1)
        }
        return total
    }

    /// The working seconds of the whole local dates `m1` up to (not including) `m2`: all of them,
    /// less what the days off among them would have had.
    func wholeDays(_ m1: CivilDate, _ m2: CivilDate, steps: inout Int) -> Int64 {
        var total = days.total(m1, m2, steps: &steps)
        var i = offIndex(endingAtOrAfter: m1)
        var j = i
        // (The ranges that begin before m2: found by binary search too.)
        var hi = off.count
        while j < hi {
            let mid = (j + hi) / 2
            if off[mid].lowerBound < m2 { j = mid + 1 } else { hi = mid }
        }
        guard i < j else { return total }
        func clipped(_ r: ClosedRange<CivilDate>) -> Int64 {
            steps += 1
            return days.total(max(r.lowerBound, m1), min(r.upperBound.adding(days: 1), m2), steps: &steps)
        }
        if off[i].lowerBound < m1 {
            total -= clipped(off[i])
            i += 1
        }
        if j > i, off[j - 1].upperBound >= m2 {
            total -= clipped(off[j - 1])
            j -= 1
        }
        if j > i { total -= offWork[j] - offWork[i] }
        return total
    }

    /// The instant at which `k` (> 0) working seconds after `t` have passed: the first `u` with
    /// `seconds(from: t, to: u) == k`. Nil when that is more than `lookAhead` days away. Days off
    /// are stepped over a range at a time.
    public func instant(after t: Instant, working k: Int64) -> Instant? {
        var need = k
        var d = zone.local(t).date
        let end = d.adding(days: Self.lookAhead)
        while d < end {
            let o = offIndex(endingAtOrAfter: d)
            if o < off.count && off[o].lowerBound <= d {
                d = off[o].upperBound.adding(days: 1)
                continue
            }
            for i in days.intervals(on: d) where i.end > t {
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
