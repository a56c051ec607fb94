/// What a WHEN argument names: a whole local day, or an instant.
public enum When: Equatable, Sendable {
    case day(CivilDate)
    case instant(Instant)

    /// The same day or instant as a `Due`.
    public var due: Due {
        switch self {
        case .day(let d): .day(d)
        case .instant(let t): .instant(t)
        }
    }

    /// The instant, taking a whole day as its start (for `--start` and `--from`).
    public func startInstant(in zone: Zone) -> Instant { due.startInstant(in: zone) }
}

/// Parses WHEN (docs/commands.md, "WHEN and REF") in a zone, relative to `now`:
/// `2026-12-01` (a whole day), `2026-12-01T17:00[:SS]` (local), with `Z` or an offset;
/// `today`, `tomorrow`, a weekday (`fri`, `friday`, `next friday`: the coming one, a week from
/// today when today is one), `next week` (the coming Monday); a time of day (`17:00`, `5pm`,
/// `5:30 PM`: today at), or a day and a time (`tomorrow 5pm`, `fri 17:00`); `+90m`, `+3h`,
/// `+2d`, `+1w`. Both clocks are read whatever the config's `clock` is.
public enum WhenParser {
    /// The end of a "not a date or time" message: the WHEN forms, by example.
    public static let hint =
        "use 2026-12-01, 2026-12-01T17:00, 17:00, 5pm, today, tomorrow, fri, next week, tomorrow 5pm, +90m, +3h, +2d or +1w"

    /// `raw` read as WHEN at `now` in `zone`; a usage error when it is none or falls outside the supported dates.
    public static func parse(_ raw: String, now: Instant, zone: Zone) throws(TMinusError) -> When {
        let when = try parseUnchecked(raw, now: now, zone: zone)
        let supported: Bool
        switch when {
        case .day(let d): supported = CivilDate.supported.contains(d)
        case .instant(let t): supported = t.isSupported
        }
        guard supported else {
            throw .usage(
                "'\(Validation.printable(Validation.trimmed(raw)))' is outside \(CivilDate.supportedText); give a date in between"
            )
        }
        return when
    }

    static func parseUnchecked(_ raw: String, now: Instant, zone: Zone) throws(TMinusError) -> When {
        // No date or time is longer than this; a longer argument is refused before any work on it.
        guard raw.utf8.count <= 64 else {
            throw .usage("'\(Validation.printable(raw))' is not a date or time; \(hint)")
        }
        let text = Validation.trimmed(raw)
        let lower = text.lowercased()
        let today = zone.local(now).date
        if lower == "now" { return .instant(now) }
        if lower.hasPrefix("+") {
            return .instant(try relative(String(lower.dropFirst()), raw: text, now: now, zone: zone))
        }
        // A date first (what `--now` and scripts give): no word list is built for it.
        if let (local, offset) = DateTimeText.parse(text) {
            if text.count == 10 { return .day(local.date) }
            if let offset { return .instant(Instant(local.secondsAsUTC - Int64(offset))) }
            return .instant(zone.instant(local))
        }
        if let d = dayWord(lower, today: today) { return .day(d) }
        if let (h, m, s) = timeOfDay(lower) {
            return .instant(zone.instant(LocalDateTime(date: today, hour: h, minute: m, second: s)))
        }
        // A day and a time: `tomorrow 5pm`, `fri 17:00`, `2026-12-01 5:30 pm`.
        let words = lower.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        for cut in 1..<max(1, words.count) {
            let head = words[..<cut].joined(separator: " "), tail = words[cut...].joined(separator: " ")
            guard let (h, m, s) = timeOfDay(tail) else { continue }
            let date: CivilDate? =
                dayWord(head, today: today)
                ?? (head.count == 10 ? DateTimeText.parse(head).flatMap { $0.1 == nil ? $0.0.date : nil } : nil)
            if let date { return .instant(zone.instant(LocalDateTime(date: date, hour: h, minute: m, second: s))) }
        }
        if let why = impossibleDate(text) { throw .usage("'\(Validation.printable(text))' is not a date: \(why)") }
        throw .usage("'\(Validation.printable(text))' is not a date or time; \(hint)")
    }

    /// `today`, `tomorrow`, a weekday (`fri`, `friday`, `next friday`: the coming one), `next week`
    /// (the coming Monday), in lower case.
    static func dayWord(_ s: String, today: CivilDate) -> CivilDate? {
        switch s {
        case "today": return today
        case "tomorrow": return today.adding(days: 1)
        case "next week": return coming(1, after: today)
        default: break
        }
        let name = s.hasPrefix("next ") ? String(s.dropFirst(5)) : s
        guard let weekday = weekdays.firstIndex(where: { $0.contains(name) }) else { return nil }
        return coming(weekday, after: today)
    }

    /// Each weekday's names (Sunday first, as `CivilDate.weekday` counts).
    static let weekdays: [[String]] = [
        ["sun", "sunday"], ["mon", "monday"], ["tue", "tues", "tuesday"], ["wed", "weds", "wednesday"],
        ["thu", "thur", "thurs", "thursday"], ["fri", "friday"], ["sat", "saturday"]
    ]

    /// The first day after `today` that is `weekday` (1 to 7 days on).
    static func coming(_ weekday: Int, after today: CivilDate) -> CivilDate {
        let ahead = (weekday - today.weekday + 7) % 7
        return today.adding(days: ahead == 0 ? 7 : ahead)
    }

    /// A time of day: `HH:MM[:SS]` (24-hour), or 12-hour with am/pm: `5pm`, `5 pm`, `5:30pm`,
    /// `5:30 PM`, `12am` (midnight), `12pm` (noon).
    static func timeOfDay(_ s: String) -> (Int, Int, Int)? {
        var body = s
        var pm: Bool?
        for (suffix, isPM) in [("am", false), ("pm", true), ("a.m.", false), ("p.m.", true)]
        where body.hasSuffix(suffix) {
            body = String(body.dropLast(suffix.count))
            if body.hasSuffix(" ") { body.removeLast() }
            pm = isPM
            break
        }
        guard let pm else { return clock(body) }
        let (h, m, sec): (Int, Int, Int)
        if body.contains(":") {
            guard let c = clock(body) else { return nil }
            (h, m, sec) = c
        } else {
            guard (1...2).contains(body.count), body.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(body) else {
                return nil
            }
            (h, m, sec) = (n, 0, 0)
        }
        guard (1...12).contains(h) else { return nil }
        return (h % 12 + (pm ? 12 : 0), m, sec)
    }

    /// `HH:MM` or `HH:MM:SS`.
    static func clock(_ s: String) -> (Int, Int, Int)? {
        let parts = s.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
            parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let h = Int(parts[0]), let m = Int(parts[1]), h < 24, m < 60
        else { return nil }
        let sec = parts.count == 3 ? Int(parts[2]) ?? 99 : 0
        guard sec < 60 else { return nil }
        return (h, m, sec)
    }

    /// `90m`, `3h`, `2d`, `1w`, `45s`: days and weeks by the calendar (same wall time), the rest absolute.
    static func relative(_ body: String, raw: String, now: Instant, zone: Zone) throws(TMinusError) -> Instant {
        guard let unit = body.last, body.dropLast().allSatisfy({ $0.isASCII && $0.isNumber }),
            let n = Int(body.dropLast()), n >= 0, n <= 1_000_000
        else {
            throw .usage("'\(Validation.printable(raw))' is not a relative time; use +90m, +3h, +2d or +1w")
        }
        switch unit {
        case "s": return now + Int64(n)
        case "m": return now + Int64(n) * 60
        case "h": return now + Int64(n) * 3600
        case "d", "w":
            let days = unit == "d" ? n : n * 7
            // Far beyond the supported dates: refuse before any calendar arithmetic.
            guard days <= 4_000_000 else { return Instant(Int64.max / 4) }
            var local = zone.local(now)
            local.date = local.date.adding(days: days)
            return zone.instant(local)
        default:
            throw .usage(
                "'\(Validation.printable(raw))' has an unknown unit; use m (minutes), h (hours), d (days) or w (weeks)")
        }
    }

    /// For text shaped like a date that does not exist, why (e.g. "February 2026 has 28 days").
    static func impossibleDate(_ text: String) -> String? {
        let head = text.prefix(10)
        let parts = head.split(separator: "-")
        guard head.count == 10, parts.count == 3, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
        else { return nil }
        guard (1...12).contains(m) else { return "there is no month \(m)" }
        let dim = CivilDate.daysInMonth(year: y, month: m)
        guard (1...dim).contains(d) else {
            let name = CivilDate(year: y, month: m, day: 1).monthName
            return "\(name) \(y) has \(dim) days"
        }
        return text.count > 10 ? "the time of day is not HH:MM or HH:MM:SS" : nil
    }
}
