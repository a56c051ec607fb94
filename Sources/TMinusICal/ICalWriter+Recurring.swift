import TMinusCore

/// `done` on a recurring VTODO completes this instance and moves the series on, as Thunderbird,
/// Nextcloud Tasks and tasks.org do: DTSTART and DUE move to the next instance of the RRULE (by
/// the same wall-clock step, their TZIDs kept), COUNT counts one down, and the task stays open.
/// `X-TMINUS-PREVIOUS` keeps what they were, so `undo` puts the last instance done back (when no
/// other client has moved the task since).
extension ICalWriter {
    static let previousProperty = "X-TMINUS-PREVIOUS"

    /// The lines that move a recurring VTODO to its next instance; nil when it does not recur or
    /// has no next instance (then the whole task is done).
    /// `at` (the time `done` was asked for) is recorded with it, so the change made again after a
    /// kill moves nothing twice.
    static func nextInstance(of c: ICalComponent, at: Instant) -> (set: [Line], remove: [String])? {
        guard let ruleProp = c.property("RRULE"), c.all("RRULE").count == 1,
            let rule = try? RecurrenceRule.parse(String(decoding: ruleProp.value, as: UTF8.self).trimmingSpaces),
            let dueProp = c.property("DUE"), let due = ICalTime(dueProp)
        else { return nil }
        let startProp = c.property("DTSTART")
        let start = startProp.flatMap { ICalTime($0) }
        // The series is anchored at DTSTART (RFC 5545), else at DUE (as tasks.org writes them).
        let anchor = start ?? due
        let excluded = Set(
            c.all("EXDATE").flatMap { p in
                p.value.split(separator: 0x2C).compactMap { ICalTime.parse($0, tzid: p.parameter("TZID"))?.local }
            })
        // UNTIL is compared on wall times (the writer has no zones): off by at most the zone's offset.
        let until = rule.untilPassed(start: anchor) { Instant($0.secondsAsUTC) }
        var next: LocalDateTime?
        rule.forEach(start: anchor.local, dateOnly: anchor.isDate, untilPassed: until) { l in
            if l.secondsAsUTC > anchor.local.secondsAsUTC, !excluded.contains(l) {
                next = l
                return false
            }
            return true
        }
        guard let next else { return nil }
        let step = next.secondsAsUTC - anchor.local.secondsAsUTC
        func moved(_ t: ICalTime) -> ICalTime {
            t.with(local: LocalDateTime(secondsAsUTC: t.local.secondsAsUTC + step))
        }
        var set: [Line] = []
        var previous = "DUE=" + due.text
        set.append(Line("DUE", parameters: parameterText(dueProp), moved(due).text))
        if let start, let startProp {
            set.append(Line("DTSTART", parameters: parameterText(startProp), moved(start).text))
            previous += ";DTSTART=" + start.text
        }
        if let count = rule.count {
            let text = String(decoding: ruleProp.value, as: UTF8.self)
            set.append(Line("RRULE", parameters: parameterText(ruleProp), replacingCount(in: text, with: count - 1)))
            previous += ";COUNT=\(count)"
        }
        previous += ";NOW=" + moved(due).text + ";AT=" + utc(at)
        set.append(Line(previousProperty, previous))
        return (set, ["COMPLETED", "PERCENT-COMPLETE"])
    }

    /// Whether the last move on was this `done` (made again after a kill).
    static func movedOn(_ c: ICalComponent, at: Instant) -> Bool {
        guard let p = c.property(previousProperty) else { return false }
        return String(decoding: p.value, as: UTF8.self).split(separator: ";").contains { $0 == "AT=" + utc(at) }
    }

    /// The lines that put back the instance the last `done` moved on from; nil when there is none
    /// or the task was moved since (its DUE is not where tminus left it).
    static func previousInstance(of c: ICalComponent) -> (set: [Line], remove: [String])? {
        guard let p = c.property(previousProperty), let dueProp = c.property("DUE") else { return nil }
        var fields: [String: String] = [:]
        for part in String(decoding: p.value, as: UTF8.self).split(separator: ";") {
            let kv = part.split(separator: "=", maxSplits: 1)
            if kv.count == 2 { fields[String(kv[0])] = String(kv[1]) }
        }
        guard let now = fields["NOW"], String(decoding: dueProp.value, as: UTF8.self).trimmingSpaces == now,
            let due = fields["DUE"], ICalTime.parse(Array(due.utf8)[...], tzid: nil) != nil
        else { return nil }
        var set = [Line("DUE", parameters: parameterText(dueProp), due)]
        if let start = fields["DTSTART"], ICalTime.parse(Array(start.utf8)[...], tzid: nil) != nil,
            let startProp = c.property("DTSTART")
        {
            set.append(Line("DTSTART", parameters: parameterText(startProp), start))
        }
        if let count = fields["COUNT"].flatMap({ Int($0) }), let ruleProp = c.property("RRULE") {
            set.append(
                Line(
                    "RRULE", parameters: parameterText(ruleProp),
                    replacingCount(in: String(decoding: ruleProp.value, as: UTF8.self), with: count)))
        }
        return (set, [previousProperty])
    }

    /// The rule's text with its COUNT part set to `count`, the other parts as they were.
    static func replacingCount(in rule: String, with count: Int) -> String {
        rule.trimmingSpaces.split(separator: ";", omittingEmptySubsequences: false).map { part in
            part.uppercased().hasPrefix("COUNT=") ? "COUNT=\(count)" : String(part)
        }.joined(separator: ";")
    }
}
