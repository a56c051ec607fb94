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

/// Parses WHEN, the one grammar of every option that takes a time (docs/when.md has every form
/// in a table its tests check): ISO dates and times; `in 3 days`, `+2h`, `2h`, `in a week`;
/// day words (`today`, `tomorrow`, `fri`, `this fri`, `next fri`, `next week`, `eod`…`eoy`,
/// `end of month`); dates (`dec 24`, `24 December 2027`, `2026/12/24`, `24.12.2026`, `24.12.`,
/// `24th`); times (`17:00`, `5pm`, `5.30pm`, `17h`, `17h30`, `noon`, `midnight`, `morning`,
/// `evening`, `tonight`), alone (today at) or after a day, with or without `at`.
/// Pure: a function of the text, `now`, the zone and the week's first day. The text is at most
/// `maxLength` bytes and is read in one pass of small word tables: no backtracking.
public enum WhenParser {
    /// No date or time is longer than this; a longer argument is refused before any work on it.
    public static let maxLength = 64

    /// `raw` read as WHEN at `now` in `zone`, weeks starting on `firstWeekday` (0 Sunday … 6
    /// Saturday; `eow`, `next week`); a usage error when it is none or falls outside the
    /// supported dates.
    public static func parse(
        _ raw: String, now: Instant, zone: Zone, firstWeekday: Int = 1, words: Words = .english
    ) throws(TMinusError) -> When {
        let when: When
        do {
            when = try parseUnchecked(raw, now: now, zone: zone, firstWeekday: firstWeekday)
        } catch {
            // In the user's words (WhenParser+Language): the English reading's error stands when
            // the language's does not read it either.
            guard words != .english, raw.utf8.count <= maxLength, let english = inEnglish(raw, words),
                let read = try? parseUnchecked(english, now: now, zone: zone, firstWeekday: firstWeekday)
            else { throw error }
            when = read
        }
        let supported: Bool
        switch when {
        case .day(let d): supported = CivilDate.supported.contains(d)
        case .instant(let t): supported = t.isSupported
        }
        guard supported else {
            throw .usage(
                tr: "'%s' is outside the dates tminus handles (0001-01-03 to 9999-12-29); give a date in between",
                "\(Validation.printable(Validation.trimmed(raw)))"
            )
        }
        return when
    }

    static func parseUnchecked(
        _ raw: String, now: Instant, zone: Zone, firstWeekday: Int = 1
    ) throws(TMinusError) -> When {
        guard raw.utf8.count <= maxLength else {
            throw .usage(
                tr:
                    "'%s' is longer than any date or time; use e.g. 2026-12-24, 2026-12-01T17:00, dec 24, 24.12., fri 5pm, tomorrow at 17:00, in 3 days, +3h or eom (docs/when.md lists every form)",
                Validation.printable(raw))
        }
        let text = Validation.trimmed(raw)
        let moment = Moment(now: now, zone: zone, firstWeekday: firstWeekday)
        if let when = try read(text, moment) { return when }
        if let why = impossibleDate(text) {
            throw .usage(tr: "'%s' is not a date: %s", "\(Validation.printable(text))", "\(why)")
        }
        throw refusal(text, moment)
    }

    /// The clock a phrase is read at.
    struct Moment {
        var now: Instant
        var zone: Zone
        var firstWeekday: Int
        var local: LocalDateTime
        var today: CivilDate { local.date }

        init(now: Instant, zone: Zone, firstWeekday: Int) {
            self.now = now
            self.zone = zone
            self.firstWeekday = ((firstWeekday % 7) + 7) % 7
            self.local = zone.local(now)
        }

        /// `date` at `time`: an instant (midnight: the day's end, the next day's first moment).
        func at(_ date: CivilDate, _ time: TimeOfDay) -> When {
            switch time {
            case .clock(let h, let m, let s):
                .instant(zone.instant(LocalDateTime(date: date, hour: h, minute: m, second: s)))
            case .endOfDay: .instant(zone.startOfDay(date.adding(days: 1)))
            }
        }
    }

    /// A phrase's words: split at spaces and commas, each with its case kept (for `M`) and lowered.
    struct Word {
        var original: String
        var lower: String
    }

    static func words(_ text: String) -> [Word] {
        text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map {
            let w = String($0)
            return Word(original: w, lower: w == "@" ? "at" : w.lowercased())
        }
    }

    /// `text` read as WHEN; nil when it is no form at all (the caller explains), an error when it
    /// is one but names something impossible (Feb 30, an ambiguous unit, a time after a short unit).
    static func read(_ text: String, _ m: Moment) throws(TMinusError) -> When? {
        guard !text.isEmpty else { return nil }
        if text.lowercased() == "now" { return .instant(m.now) }
        // A date first (what `--now` and scripts give): no word list is built for it.
        if let (local, offset) = DateTimeText.parse(text) {
            if text.count == 10 { return .day(local.date) }
            if let offset { return .instant(Instant(local.secondsAsUTC - Int64(offset))) }
            return .instant(m.zone.instant(local))
        }
        let words = words(text)
        guard !words.isEmpty, words.count <= 16 else { return nil }
        if let when = try relative(words, m) { return when }
        return try absolute(words, m)
    }

    /// For text shaped like a date that does not exist, why (e.g. "February 2026 has 28 days").
    static func impossibleDate(_ text: String) -> String? {
        let head = text.prefix(10)
        let parts = head.split(separator: "-")
        guard head.count == 10, parts.count == 3, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
        else { return nil }
        if let why = impossible(year: y, month: m, day: d) { return why }
        return text.count > 10 ? "the time of day is not HH:MM or HH:MM:SS" : nil
    }

    /// Why year-month-day is no date (month 13, Feb 30), or nil.
    static func impossible(year y: Int, month m: Int, day d: Int) -> String? {
        guard (1...12).contains(m) else { return "there is no month \(m)" }
        let dim = CivilDate.daysInMonth(year: y, month: m)
        guard (1...dim).contains(d) else {
            let name = CivilDate(year: y, month: m, day: 1).monthName
            return "\(name) \(y) has \(dim) days"
        }
        return nil
    }
}
