import TMinusCore

/// VEVENTs become deadlines at the instance that is next: the first whose time plus the hold is
/// still ahead (so an instance just over shows as over for the hold, then the next one comes).
/// RRULE, RDATE, EXDATE and RECURRENCE-ID overrides give the instances; the previous instance is
/// where a recurring deadline's progress starts.
extension ComponentReader {
    mutating func event(_ c: ICalComponent, id: String, uid: String?, overrides: [ICalComponent]) -> ICalRead.Entry? {
        do throws(Skip) {
            if c.property("STATUS").map({ ICalParser.upperTrimmed($0.value[...]) }) == "CANCELLED" { return nil }
            guard let (start, startProp) = try time(c, "DTSTART", "event") else {
                problems.append(ICalProblem(line: c.line, property: "DTSTART", message: "missing; the event is skipped"))
                return nil
            }
            let frame = instantFunction(for: start, line: startProp.line)
            let now = options.now, hold = options.hold
            func accepted(_ o: Instant) -> Bool { o.seconds + hold > now.seconds }

            var rule: RecurrenceRule?
            if let p = c.property("RRULE") {
                do throws(RecurrenceError) { rule = try RecurrenceRule.parse(p.raw) } catch {
                    problems.append(ICalProblem(line: p.line, property: "RRULE", message: "\(error.message); only the event's first date is used"))
                }
            }
            let exdates = try instants(c, "EXDATE", start: start, kind: "event")
            let rdates = try instants(c, "RDATE", start: start, kind: "event")
            // Overrides by the instance they replace; nil when they cancel it.
            var replaced: [Int64: (Instant, ICalComponent)?] = [:]
            for o in overrides {
                guard let (rid, ridProp) = try time(o, "RECURRENCE-ID", "event") else { continue }
                let original = instant(rid, line: ridProp.line, property: ridProp.name)
                if o.property("STATUS").map({ ICalParser.upperTrimmed($0.value[...]) }) == "CANCELLED" {
                    replaced[original.seconds] = .some(nil)
                    continue
                }
                let moved = try time(o, "DTSTART", "event").map { instant($0.0, line: $0.1.line, property: $0.1.name) } ?? original
                replaced[original.seconds] = (moved, o)
            }

            var chosen: (Instant, ICalComponent)?
            var previous: Instant?
            func consider(_ o: Instant, _ comp: ICalComponent) {
                guard o.isSupported else { return }
                if accepted(o) {
                    if chosen.map({ o < $0.0 }) ?? true { chosen = (o, comp) }
                } else if previous.map({ o > $0 }) ?? true {
                    previous = o
                }
            }
            if let rule {
                let until = rule.untilPassed(start: start, instant: frame.instant)
                let from = LocalDateTime(secondsAsUTC: now.seconds - hold - 2 * 86_400 + Int64(frame.offset(now))).date
                rule.forEach(start: start.local, dateOnly: start.isDate, notBefore: from, untilPassed: until) { l in
                    let o = frame.instant(l)
                    if exdates.contains(o.seconds) || replaced[o.seconds] != nil { return true }
                    consider(o, c)
                    return !accepted(o)
                }
            } else {
                let o = frame.instant(start.local)
                if !exdates.contains(o.seconds), replaced[o.seconds] == nil { consider(o, c) }
            }
            for s in rdates where !exdates.contains(s) && replaced[s] == nil { consider(Instant(s), c) }
            for case let (moved, comp)? in replaced.values { consider(moved, comp) }
            guard let (due, shown) = chosen else { return nil }

            var item = Item(kind: .deadline, id: id, handle: 0, title: Self.title(shown), note: Self.note(shown), due: .instant(due),
                            source: options.source)
            item.tag = Self.tag(shown) ?? Self.tag(c)
            item.created = created(c)
            if rule != nil || !rdates.isEmpty { item.start = previous }
            item.remind = try alarm(shown, start: due, end: due, kind: "event")
            return ICalRead.Entry(item: item, uid: uid, isEvent: true, expires: due + hold, sequence: Self.sequence(c))
        } catch {
            return nil
        }
    }

    /// How a start's wall times become instants: in its zone, in UTC, in the reader's zone
    /// (floating), or at the reader's midnight (a date).
    struct Frame {
        let zone: Zone
        let isUTC: Bool
        let isDate: Bool
        func instant(_ l: LocalDateTime) -> Instant {
            if isUTC { return Instant(l.secondsAsUTC) }
            return isDate ? zone.startOfDay(l.date) : zone.instant(l)
        }
        func offset(_ t: Instant) -> Int { isUTC ? 0 : zone.offset(at: t) }
    }

    mutating func instantFunction(for start: ICalTime, line: Int) -> Frame {
        switch start {
        case .date: Frame(zone: zones.local, isUTC: false, isDate: true)
        case .floating: Frame(zone: zones.local, isUTC: false, isDate: false)
        case .utc: Frame(zone: .utc, isUTC: true, isDate: false)
        case .zoned(_, let tzid): Frame(zone: zone(tzid, line: line, property: "DTSTART"), isUTC: false, isDate: false)
        }
    }

    /// The instants an EXDATE or RDATE list names (PERIOD values by their start).
    mutating func instants(_ c: ICalComponent, _ name: String, start: ICalTime, kind: String) throws(Skip) -> Set<Int64> {
        var out: Set<Int64> = []
        for p in c.all(name) {
            let tzid = p.parameter("TZID")
            for v in ICalText.split(p.value[...]) {
                var value = ICalParser.trimmed(v)
                if value.isEmpty { continue }
                if let slash = value.firstIndex(of: 0x2F) { value = value[value.startIndex..<slash] }
                guard let t = ICalTime.parse(value, tzid: tzid) else { throw skip(p, "'\(Self.shown(Array(value)))' is not a date or date-time", kind) }
                let i = start.isDate && t.isDate ? zones.local.startOfDay(t.local.date) : instant(t, line: p.line, property: name)
                out.insert(i.seconds)
            }
        }
        return out
    }
}
