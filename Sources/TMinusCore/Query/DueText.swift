/// Short human text for a due date, relative to today: "today", "today 18:00", "tomorrow 09:00",
/// "Tue 2026-12-01 17:00". English and 24-hour, independent of the locale, as bars want.
public enum DueText {
    public static func describe(_ due: Due, now: Instant, zone: Zone) -> String {
        let today = zone.local(now).date
        switch due {
        case .day(let d):
            return dayName(d, today: today)
        case .instant(let t):
            let local = zone.local(t)
            return dayName(local.date, today: today) + " " + clock(local)
        }
    }

    static func dayName(_ d: CivilDate, today: CivilDate) -> String {
        if d == today { return "today" }
        if d == today.adding(days: 1) { return "tomorrow" }
        if d == today.adding(days: -1) { return "yesterday" }
        return "\(d.weekdayName) \(d)"
    }

    /// `HH:MM`, or `HH:MM:SS` when the seconds are not zero.
    public static func clock(_ l: LocalDateTime) -> String {
        "\(pad(l.hour, 2)):\(pad(l.minute, 2))" + (l.second == 0 ? "" : ":\(pad(l.second, 2))")
    }
}
