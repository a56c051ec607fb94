import TMinusCore

/// The instants of an event series' date lists and rules: how a start's wall times become
/// instants, what EXDATE and RDATE name, and which overrides are instances of the master.
extension ComponentReader {
    /// How a start's wall times become instants: in its zone, in UTC, in the calendar's
    /// `X-WR-TIMEZONE` or the reader's zone (floating), or at the reader's midnight (a date).
    struct Frame {
        let zone: Zone
        let isUTC: Bool
        let isDate: Bool
        func instant(_ l: LocalDateTime) -> Instant {
            if isUTC { return Instant(l.secondsAsUTC) }
            return isDate ? zone.startOfDay(l.date) : zone.instant(l)
        }
        func offset(_ t: Instant) -> Int { isUTC ? 0 : zone.offset(at: t) }
        /// The day an instant falls on in this frame.
        func localDate(_ t: Instant) -> CivilDate { LocalDateTime(secondsAsUTC: t.seconds + Int64(offset(t))).date }
    }

    mutating func instantFunction(for start: ICalTime, line: Int) -> Frame {
        switch start {
        case .date: Frame(zone: zones.local, isUTC: false, isDate: true)
        case .floating: Frame(zone: floating, isUTC: false, isDate: false)
        case .utc: Frame(zone: .utc, isUTC: true, isDate: false)
        case .zoned(_, let tzid): Frame(zone: zone(tzid, line: line, property: "DTSTART"), isUTC: false, isDate: false)
        }
    }

    /// The instants an EXDATE list names (PERIOD values by their start); a date in the list of a
    /// timed series goes to `days` (as days since the epoch) instead.
    mutating func instants(
        _ c: ICalComponent, _ name: String, start: ICalTime, kind: String,
        days: inout Set<Int64>
    ) throws(Skip) -> Set<Int64> {
        var out: Set<Int64> = []
        for p in c.all(name) {
            let tzid = p.parameter("TZID")
            for v in ICalText.split(p.value[...]) {
                var value = ICalParser.trimmed(v)
                if value.isEmpty { continue }
                if let slash = value.firstIndex(of: 0x2F) { value = value[value.startIndex..<slash] }
                guard let t = ICalTime.parse(value, tzid: tzid) else {
                    throw skip(p, deferred("'%s' is not a date or date-time", Self.shown(Array(value))), kind)
                }
                if t.isDate && !start.isDate {
                    days.insert(t.local.date.daysSinceEpoch)
                    continue
                }
                let i =
                    start.isDate && t.isDate
                    ? zones.local.startOfDay(t.local.date) : instant(t, line: p.line, property: name)
                out.insert(i.seconds)
            }
        }
        return out
    }

    /// The instants an RDATE list adds, each with its length in seconds when a PERIOD gives one
    /// (nil: the master's). On a timed event a date is that day's midnight in the event's zone, and
    /// a PERIOD's date ends at a midnight too (`20261125/20261126` is that whole day), as
    /// recurring-ical-events reads them; before, both were dropped without a word.
    mutating func rdateLengths(
        _ c: ICalComponent, start: ICalTime, frame: Frame
    ) throws(Skip) -> [Int64: Int64?] {
        var out: [Int64: Int64?] = [:]
        for p in c.all("RDATE") {
            let tzid = p.parameter("TZID")
            for v in ICalText.split(p.value[...]) {
                let value = ICalParser.trimmed(v)
                if value.isEmpty { continue }
                let slash = value.firstIndex(of: 0x2F)
                let head = value[value.startIndex..<(slash ?? value.endIndex)]
                guard let t = ICalTime.parse(head, tzid: tzid) else {
                    throw skip(p, deferred("'%s' is not a date or date-time", Self.shown(Array(head))), "event")
                }
                func at(_ t: ICalTime) -> Instant {
                    if t.isDate { return start.isDate ? zones.local.startOfDay(t.local.date) : frame.instant(t.local) }
                    return instant(t, line: p.line, property: "RDATE")
                }
                let o = at(t)
                var length: Int64?
                if let slash, !start.isDate {
                    let tail = value[(slash + 1)...]
                    if let seconds = ICalDuration.seconds(tail) {
                        length = seconds
                    } else if let e = ICalTime.parse(tail, tzid: tzid) {
                        length = at(e) - o
                    } else {
                        problems.append(
                            ICalProblem(
                                line: p.line, property: "RDATE",
                                message: deferred(
                                    "the period's end '%s' is not a date, date-time or duration; the event's length is used",
                                    Self.shown(Array(tail)))))
                    }
                    // A period that ends before it starts lasts no time; none lasts over ten years.
                    length = length.map { min(max($0, 0), 3660 * 86_400) }
                }
                // (A PERIOD's length wins over the same instant given without one.)
                if length != nil || out[o.seconds] == nil { out.updateValue(length, forKey: o.seconds) }
            }
        }
        return out
    }

    /// Which of `ids` (instants) are instances of the master: its DTSTART, an RDATE, or an
    /// instance of one of its rules (one bounded walk per rule, from the first of them to the last).
    func masterInstances(
        among ids: Set<Int64>, rules: [RecurrenceRule], extra: Set<Int64>, start: ICalTime, frame: Frame
    ) -> Set<Int64> {
        guard let first = ids.min(), let last = ids.max() else { return [] }
        var found = ids.filter { extra.contains($0) || $0 == frame.instant(start.local).seconds }
        let notBefore = frame.localDate(Instant(first)).adding(days: -2)
        for rule in rules {
            let until = rule.untilPassed(start: start, instant: frame.instant)
            _ = rule.forEach(start: start.local, dateOnly: start.isDate, notBefore: notBefore, untilPassed: until) {
                l in
                let o = frame.instant(l)
                if ids.contains(o.seconds) { found.insert(o.seconds) }
                return o.seconds < last
            }
        }
        return found
    }
}
