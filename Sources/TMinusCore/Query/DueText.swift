/// Short human text for a due date, relative to today: "today", "today 18:00", "tomorrow 09:00",
/// "Tue 2026-12-01 17:00". English, in the clock style given (24-hour unless the config or the
/// locale says 12), as bars want.
public enum DueText {
    /// `due` as short text relative to today in `zone`: "today", "tomorrow 09:00", "Tue 2026-12-01 17:00".
    public static func describe(
        _ due: Due, now: Instant, zone: Zone, clock style: ClockStyle = .h24, words: Words = .english
    ) -> String {
        let today = zone.local(now).date
        switch due {
        case .day(let d):
            return dayName(d, today: today, words)
        case .instant(let t):
            let local = zone.local(t)
            return Catalog.format(
                words.trc("a day and a time", "%s %s"),
                [dayName(local.date, today: today, words), clock(local, style, words: words)])
        }
    }

    static func dayName(_ d: CivilDate, today: CivilDate, _ words: Words) -> String {
        if d == today { return words.tr("today") }
        if d == today.adding(days: 1) { return words.tr("tomorrow") }
        if d == today.adding(days: -1) { return words.tr("yesterday") }
        return words.dayAndISODate(d)
    }

    /// `HH:MM` (`H:MM AM|PM` in 12-hour style, the half first where the locale puts it first),
    /// with `:SS` when the seconds are not zero.
    public static func clock(_ l: LocalDateTime, _ style: ClockStyle = .h24, words: Words = .english) -> String {
        let seconds = l.second == 0 ? "" : ":\(pad(l.second, 2))"
        switch style {
        case .h24: return "\(pad(l.hour, 2)):\(pad(l.minute, 2))" + seconds
        case .h12:
            let h = l.hour % 12 == 0 ? 12 : l.hour % 12
            // The locale's words for the day's halves (오전/오후), English's where it has none.
            let names = words.names
            let half = l.hour < 12 ? (names.am.isEmpty ? "AM" : names.am) : (names.pm.isEmpty ? "PM" : names.pm)
            let time = "\(h):\(pad(l.minute, 2))\(seconds)"
            // The locale's order: "5:00 PM", "오후 5:00", "午後5:00".
            return names.halfFirst ? half + names.halfGap + time : time + " " + half
        }
    }
}
