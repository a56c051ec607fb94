public import TMinusCore

/// An item's own repetition (`--repeat` on add, todo and edit): the words people type turned into
/// the RRULE the item keeps, that rule described again, and the next instances from the item's
/// due date, which anchors the series (`docs/commands.md`, "Repeating items"). Pure: the zone is
/// given; a rule is read with the same RFC 5545 parser as a calendar's.
public enum Repetition {
    /// What `--repeat` takes, for messages.
    public static let accepted =
        "daily, weekdays, weekly, monthly, yearly, every N days|weeks|months|years, none, or an RRULE such as FREQ=WEEKLY;BYDAY=MO,WE"

    static let weekdays = "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"

    /// The RRULE a `--repeat` phrase means (not `none`: the caller takes that); a usage error
    /// that says what to write otherwise.
    public static func rule(_ phrase: String) throws(TMinusError) -> String {
        let words = phrase.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let spoken = words.joined(separator: " ")
        switch spoken {
        case "daily", "every day": return "FREQ=DAILY"
        case "weekdays", "every weekday", "workdays": return weekdays
        case "weekly", "every week": return "FREQ=WEEKLY"
        case "monthly", "every month": return "FREQ=MONTHLY"
        case "yearly", "annually", "every year": return "FREQ=YEARLY"
        default: break
        }
        if words.count == 3, words[0] == "every", let n = Int(words[1]) {
            let units = ["day": "DAILY", "week": "WEEKLY", "month": "MONTHLY", "year": "YEARLY"]
            let unit = words[2].hasSuffix("s") ? String(words[2].dropLast()) : words[2]
            guard let freq = units[unit] else {
                throw .usage(
                    tr: "--repeat '%s': the unit is days, weeks, months or years, e.g. --repeat 'every 2 weeks'",
                    "\(Validation.printable(phrase))"
                )
            }
            guard (1...999).contains(n) else {
                throw .usage(
                    tr: "--repeat '%s': give a number from 1 to 999, e.g. every 2 %ss",
                    "\(Validation.printable(phrase))", "\(unit)")
            }
            return n == 1 ? "FREQ=" + freq : "FREQ=\(freq);INTERVAL=\(n)"
        }
        guard phrase.contains("=") else {
            throw .usage(tr: "--repeat takes %s; not '%s'", "\(accepted)", "\(Validation.printable(phrase))")
        }
        var text = phrase.uppercased().trimmingSpaces
        if text.hasPrefix("RRULE:") { text = String(text.dropFirst(6)).trimmingSpaces }
        while text.hasSuffix(";") { text.removeLast() }
        guard text.utf8.count <= 500, text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw .usage(tr: "--repeat: an RRULE is NAME=VALUE parts without spaces, e.g. FREQ=WEEKLY;BYDAY=MO,WE")
        }
        do throws(RecurrenceError) {
            let parsed = try RecurrenceRule.parse(text)
            if parsed.count == 0 { throw RecurrenceError(deferred("COUNT=0 has no instance")) }
        } catch {
            throw .usage(tr: "--repeat: %s; write e.g. FREQ=WEEKLY;BYDAY=MO,WE (RFC 5545 RRULE)", error.text)
        }
        return text
    }

    /// The rule in words where it is one of the phrases (`weekly`, `every 2 weeks`, `weekdays`),
    /// else the RRULE as kept.
    public static func describe(_ rule: String, words w: Words = .english) -> String {
        if rule == weekdays { return w.trc("repeats", "weekdays") }
        var freq: String?
        var interval = 1
        for part in rule.split(separator: ";") {
            let kv = part.split(separator: "=", maxSplits: 1)
            guard kv.count == 2 else { return rule }
            switch kv[0] {
            case "FREQ": freq = String(kv[1])
            case "INTERVAL":
                guard let n = Int(kv[1]), n >= 1 else { return rule }
                interval = n
            default: return rule
            }
        }
        switch (freq, interval) {
        case ("DAILY", 1): return w.trc("repeats", "daily")
        case ("WEEKLY", 1): return w.trc("repeats", "weekly")
        case ("MONTHLY", 1): return w.trc("repeats", "monthly")
        case ("YEARLY", 1): return w.trc("repeats", "yearly")
        case ("DAILY", let n): return w.trn("every %d day", "every %d days", n)
        case ("WEEKLY", let n): return w.trn("every %d week", "every %d weeks", n)
        case ("MONTHLY", let n): return w.trn("every %d month", "every %d months", n)
        case ("YEARLY", let n): return w.trn("every %d year", "every %d years", n)
        default: return rule
        }
    }

    /// The instance after `due` (the series' anchor) and the rule to keep with it (COUNT counted
    /// down); nil when the series ends with `due` (COUNT or UNTIL), or the rule cannot be read.
    /// Instances step in the zone's wall time (a 09:00 weekly stays 09:00 across a DST change).
    public static func next(after due: Due, rule: String, zone: Zone) -> (due: Due, rule: String)? {
        guard let parsed = try? RecurrenceRule.parse(rule), parsed.count.map({ $0 > 1 }) ?? true,
            let first = upcoming(after: due, rule: parsed, zone: zone, limit: 1).first
        else { return nil }
        let kept = parsed.count.map { ICalWriter.replacingCount(in: rule, with: $0 - 1) } ?? rule
        return (first, kept)
    }

    /// The instances after `due`, up to `through` (at most `limit`), as the series has them now.
    public static func instances(after due: Due, rule: String, zone: Zone, through: Instant, limit: Int) -> [Due] {
        guard let parsed = try? RecurrenceRule.parse(rule) else { return [] }
        return upcoming(after: due, rule: parsed, zone: zone, limit: limit) { $0.startInstant(in: zone) > through }
    }

    static func upcoming(
        after due: Due, rule: RecurrenceRule, zone: Zone, limit: Int, past: (Due) -> Bool = { _ in false }
    ) -> [Due] {
        let start: ICalTime
        switch due {
        case .day(let d): start = .date(d)
        case .instant(let t): start = .floating(zone.local(t))
        }
        let until = rule.untilPassed(start: start) { zone.instant($0) }
        var out: [Due] = []
        rule.forEach(start: start.local, dateOnly: start.isDate, untilPassed: until) { l in
            guard l.secondsAsUTC > start.local.secondsAsUTC else { return true }
            let d: Due = start.isDate ? .day(l.date) : .instant(zone.instant(l))
            guard d.isSupported, !past(d) else { return false }
            out.append(d)
            return out.count < limit
        }
        return out
    }
}
