import TMinusCore

/// VEVENTs become deadlines at the instance that is next: the first whose time plus the hold is
/// still ahead (so an instance just over shows as over for the hold, then the next one comes).
/// RRULE, RDATE, EXDATE and RECURRENCE-ID overrides give the instances; the previous instance is
/// where a recurring deadline's progress starts.
extension ComponentReader {
    mutating func event(_ c: ICalComponent, id: String, uid: String?, overrides: [ICalComponent]) -> ICalRead.Entry? {
        do throws(Skip) {
            if c.property("STATUS").map({ ICalParser.upperTrimmed($0.value[...]) }) == "CANCELLED" { return nil }
            // An invitation the user has not accepted: hidden, or marked (never the countdown).
            let reply = Self.reply(c, me: options.me)
            switch reply {
            case "declined"? where options.declined == .hide: return nil
            case "invited"?, "tentative"?:
                if options.invited == .hide { return nil }
            default: break
            }
            guard let (start, startProp) = try time(c, "DTSTART", "event") else {
                problems.append(
                    ICalProblem(line: c.line, property: "DTSTART", message: deferred("missing; the event is skipped")))
                return nil
            }
            let frame = instantFunction(for: start, line: startProp.line)
            let now = options.now, hold = options.hold
            // How long an instance lasts (the master's length, or an override's own): an instance
            // counts until its end plus the hold.
            let masterLength = eventLength(c, start: start)
            func length(of comp: ICalComponent, at o: Instant) -> EventLength {
                if comp.line == c.line {
                    if let n = periods[o.seconds] ?? nil { return .seconds(n) }
                    return masterLength
                }
                guard let p = comp.property("DTSTART"), let t = ICalTime(p) else { return masterLength }
                return eventLength(comp, start: t)
            }
            func end(_ o: Instant, _ len: EventLength) -> Instant {
                switch len {
                case .seconds(let n): return o + n
                case .days(let n): return zones.local.startOfDay(frame.localDate(o).adding(days: n))
                }
            }
            func accepted(_ o: Instant, _ comp: ICalComponent) -> Bool {
                end(o, length(of: comp, at: o)).seconds + hold > now.seconds
            }

            // Every RRULE: RFC 2445 allowed several and Cyrus still writes them; the set is their union.
            // At most `maxRules` of them (each walk is bounded; their number must be too).
            var rules: [RecurrenceRule] = []
            let written = c.all("RRULE")
            if written.count > Self.maxRules, let extra = written.dropFirst(Self.maxRules).first {
                problems.append(
                    ICalProblem(
                        line: extra.line, property: "RRULE",
                        message: deferred(
                            "%s rules; the first %s are used", String(written.count), String(Self.maxRules))))
            }
            for p in written.prefix(Self.maxRules) {
                do throws(RecurrenceError) {
                    var notes: [String] = []
                    rules.append(try RecurrenceRule.parse(p.raw, notes: &notes))
                    problems += notes.map { ICalProblem(line: p.line, property: "RRULE", message: $0) }
                } catch {
                    problems.append(
                        ICalProblem(
                            line: p.line, property: "RRULE",
                            message: error.text + deferred("; the event's other dates are used")))
                }
            }
            // EXDATE;VALUE=DATE on a timed series takes out every instance on that day.
            var exdays: Set<Int64> = []
            let exdates = try instants(c, "EXDATE", start: start, kind: "event", days: &exdays)
            // RDATE instants, with the length a PERIOD gives them (others last as the master does).
            let periods = try rdateLengths(c, start: start, frame: frame)
            let rdates = Set(periods.keys)
            func excluded(_ o: Instant) -> Bool {
                exdates.contains(o.seconds) || (!exdays.isEmpty && exdays.contains(frame.localDate(o).daysSinceEpoch))
            }
            // Overrides by the instance they replace; nil when they cancel it. One whose instance is
            // EXDATEd overrides nothing; one past UNTIL or COUNT is an event of its own at its
            // DTSTART (as recurring-ical-events reads both); one that cannot be read is skipped
            // with a problem, and the series stays.
            var replaced: [Int64: (Instant, ICalComponent)?] = [:]
            // RANGE=THISANDFUTURE: from that instance on, each is moved as it was and reads as the override.
            var future: [(from: Int64, delta: Int64, comp: ICalComponent)] = []
            var named: [(comp: ICalComponent, original: Instant, rid: ICalProperty)] = []
            for o in overrides {
                guard let found = try? time(o, "RECURRENCE-ID", "override") else { continue }
                let (rid, ridProp) = found
                var original = instant(rid, line: ridProp.line, property: ridProp.name)
                // An all-day series whose override names its day by a date-time (Exchange 2010
                // writes RECURRENCE-ID;TZID=…:20100607T000000): that day's instance.
                if start.isDate && !rid.isDate { original = zones.local.startOfDay(rid.local.date) }
                if excluded(original) { continue }
                named.append((o, original, ridProp))
            }
            // An override with its own RRULE and an older SEQUENCE than the master's, for an
            // instance the master no longer has, is left over from the series before it changed:
            // it is dropped (as recurring-ical-events does). Any other override for no instance is
            // an event of its own at its DTSTART.
            let masterSequence = Self.sequence(c)
            let leftOver = named.filter { $0.comp.property("RRULE") != nil && Self.sequence($0.comp) < masterSequence }
            let stillInstances = masterInstances(
                among: Set(leftOver.map(\.original.seconds)), rules: rules, extra: rdates, start: start, frame: frame)
            for (o, original, ridProp) in named {
                if o.property("RRULE") != nil, Self.sequence(o) < masterSequence,
                    !stillInstances.contains(original.seconds)
                {
                    continue
                }
                if o.property("STATUS").map({ ICalParser.upperTrimmed($0.value[...]) }) == "CANCELLED" {
                    replaced[original.seconds] = .some(nil)
                    continue
                }
                var moved = original
                if let found = try? time(o, "DTSTART", "override") {
                    moved = instant(found.0, line: found.1.line, property: found.1.name)
                }
                if ridProp.parameter("RANGE").map({ $0.uppercased() }) == "THISANDFUTURE" {
                    future.append((original.seconds, moved.seconds - original.seconds, o))
                }
                replaced[original.seconds] = (moved, o)
            }
            future.sort { $0.from < $1.from }
            func shifted(_ o: Instant) -> (Instant, ICalComponent) {
                guard let f = future.last(where: { $0.from <= o.seconds }) else { return (o, c) }
                return (o + f.delta, f.comp)
            }

            var chosen: (Instant, ICalComponent)?
            var previous: Instant?
            func consider(_ o: Instant, _ comp: ICalComponent) {
                guard o.isSupported else { return }
                if accepted(o, comp) {
                    if chosen.map({ o < $0.0 }) ?? true { chosen = (o, comp) }
                } else if previous.map({ o > $0 }) ?? true {
                    previous = o
                }
            }
            // Instances that began before this cannot still count (their length and the hold, and
            // two days for zones): the walk skips them.
            let lasting: Int64
            switch masterLength {
            case .seconds(let n): lasting = n
            case .days(let n): lasting = Int64(n) * 86_400
            }
            let from = LocalDateTime(secondsAsUTC: now.seconds - hold - lasting - 2 * 86_400 + Int64(frame.offset(now)))
                .date
            var cut = false
            for rule in rules {
                let until = rule.untilPassed(start: start, instant: frame.instant)
                let within = rule.forEach(
                    start: start.local, dateOnly: start.isDate, notBefore: from, untilPassed: until
                ) { l in
                    let o = frame.instant(l)
                    if excluded(o) || replaced[o.seconds] != nil { return true }
                    let (at, comp) = shifted(o)
                    consider(at, comp)
                    return !accepted(at, comp)
                }
                if !within { cut = true }
                let perDay = max(rule.byHour.count, 1) * max(rule.byMinute.count, 1) * max(rule.bySecond.count, 1)
                if !start.isDate, rule.bySetPos.isEmpty, perDay > RecurrenceRule.maxTimesPerDay,
                    let p = c.property("RRULE")
                {
                    problems.append(
                        ICalProblem(
                            line: p.line, property: "RRULE",
                            message: deferred(
                                "%s times a day; the first %s are used", String(perDay),
                                String(RecurrenceRule.maxTimesPerDay))))
                }
            }
            if cut, let p = c.property("RRULE") {
                problems.append(
                    ICalProblem(
                        line: p.line, property: "RRULE",
                        message: deferred(
                            "expanding it takes more than %s steps; the instances found by then are used",
                            String(RecurrenceRule.maxWork))))
            }
            if rules.isEmpty {
                let o = frame.instant(start.local)
                if !excluded(o), replaced[o.seconds] == nil { consider(o, c) }
            }
            for s in rdates where !excluded(Instant(s)) && replaced[s] == nil {
                let (at, comp) = shifted(Instant(s))
                consider(at, comp)
            }
            for case let (moved, comp)? in replaced.values { consider(moved, comp) }
            guard let (due, shown) = chosen else { return nil }

            var item = Item(
                kind: .deadline, id: id, handle: 0, title: Self.title(shown), note: Self.note(shown),
                due: .instant(due),
                source: options.source)
            item.tag = Self.tag(shown) ?? Self.tag(c)
            item.created = created(c)
            if !rules.isEmpty || !rdates.isEmpty { item.start = previous }
            let ends = end(due, length(of: shown, at: due))
            if ends > due { item.end = ends }
            if reply == "declined" || options.invited == .dim { item.reply = reply }
            item.remind = try alarm(shown, start: due, end: ends, kind: "event")
            // The holidays calendar: every instance of a recurring whole-day event ahead is a day
            // off, not only the next (a holiday given as a daily or yearly rule).
            if options.daysOff, start.isDate, !rules.isEmpty || !rdates.isEmpty {
                let today = zones.local.local(now).date
                let horizon = today.adding(days: ICalOptions.daysOffYears * 366)
                var days: [ClosedRange<CivilDate>] = []
                func take(_ o: Instant, _ comp: ICalComponent) {
                    let first = frame.localDate(o)
                    let last = zones.local.local(end(o, length(of: comp, at: o)) - 1).date
                    guard last >= today, first <= horizon else { return }
                    days.append(max(first, today)...min(max(first, last), horizon))
                }
                for rule in rules {
                    _ = rule.forEach(
                        start: start.local, dateOnly: true, notBefore: from,
                        untilPassed: rule.untilPassed(start: start, instant: frame.instant)
                    ) { l in
                        guard l.date <= horizon, days.count < Self.maxDaysOffInstances else { return false }
                        let o = frame.instant(l)
                        if !excluded(o), replaced[o.seconds] == nil {
                            let (at, comp) = shifted(o)
                            take(at, comp)
                        }
                        return true
                    }
                }
                for s in rdates where !excluded(Instant(s)) && replaced[s] == nil {
                    let (at, comp) = shifted(Instant(s))
                    take(at, comp)
                }
                for case let (moved, comp)? in replaced.values { take(moved, comp) }
                item.daysOff = Array(DateRanges.joined(days).prefix(DateRanges.maxRanges))
            }
            return ICalRead.Entry(item: item, uid: uid, isEvent: true, expires: ends + hold, sequence: Self.sequence(c))
        } catch {
            return nil
        }
    }

    /// The most instances of one recurring holiday looked at (ten years of a daily one).
    static let maxDaysOffInstances = 3660

    /// An event's length: timed, in seconds; a whole-day event, in days (to the next midnights,
    /// whatever their length in seconds across a DST change).
    enum EventLength {
        case seconds(Int64)
        case days(Int)
    }

    /// The length DTEND or DURATION gives (RFC 5545 §3.6.1: without either, a timed event lasts
    /// no time and a whole-day one its day). A DTEND before the start, or one that cannot be read,
    /// counts as none.
    mutating func eventLength(_ c: ICalComponent, start: ICalTime) -> EventLength {
        if let p = c.property("DTEND"), let end = ICalTime(p) {
            if start.isDate {
                let days = Int(end.local.date.daysSinceEpoch - start.local.date.daysSinceEpoch)
                return .days(min(max(days, 1), 3660))
            }
            let a = instant(start, line: p.line, property: "DTSTART"), b = instant(end, line: p.line, property: "DTEND")
            if b < a {
                problems.append(
                    ICalProblem(
                        line: p.line, property: "DTEND",
                        message: deferred("before DTSTART; the event is read without an end")))
            }
            return .seconds(min(max(b - a, 0), 3660 * 86_400))
        }
        if let p = c.property("DURATION"), let seconds = ICalDuration.seconds(p.value[...]), seconds > 0 {
            if start.isDate { return .days(Int(min(max(seconds / 86_400, 1), 3660))) }
            return .seconds(min(seconds, 3660 * 86_400))
        }
        return start.isDate ? .days(1) : .seconds(0)
    }

    /// The user's answer to an invitation (`invited`, `tentative`, `declined`), or nil when the
    /// event is the user's own (no ATTENDEE that is the user) or accepted. A PARTSTAT left out is
    /// NEEDS-ACTION (RFC 5545 §3.2.12); DELEGATED counts as declined. The ORGANIZER does not
    /// answer for the user: it is the sender's text as much as the ATTENDEE lines, so an
    /// invitation naming the user as its organizer still waits for the user's own PARTSTAT.
    static func reply(_ c: ICalComponent, me: [String]) -> String? {
        guard !me.isEmpty else { return nil }
        guard let a = c.all("ATTENDEE").first(where: { me.contains(Invitations.address($0.text)) }) else { return nil }
        switch (a.parameter("PARTSTAT") ?? "NEEDS-ACTION").uppercased() {
        case "ACCEPTED": return nil
        case "DECLINED", "DELEGATED": return "declined"
        case "TENTATIVE": return "tentative"
        default: return "invited"
        }
    }

    /// RRULEs read per event (Cyrus writes two or three; a file with thousands is hostile).
    static let maxRules = 8
}
