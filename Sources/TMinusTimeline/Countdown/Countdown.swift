public import TMinusCore

/// Time left to a due instant, split the way people read it: whole calendar days (now + N days
/// at the same wall time is still not after due), then the rest in absolute seconds. So across a
/// DST change a day is 23 or 25 hours and `remaining` stays the true number of seconds.
public struct Countdown: Equatable, Sendable {
    /// True seconds to due (0 or less: over).
    public var remaining: Int64
    /// Whole calendar days left.
    public var days: Int
    /// Seconds left after the whole days.
    public var rest: Int64

    /// The time left from `now` to `due`, whole days counted on `zone`'s calendar.
    public init(now: Instant, due: Instant, zone: Zone) {
        remaining = due - now
        guard remaining > 0 else {
            days = 0
            rest = max(0, remaining)
            return
        }
        let local = zone.local(now)
        func anchor(_ n: Int) -> Instant {
            var l = local
            l.date = l.date.adding(days: n)
            return zone.instant(l)
        }
        var n = max(0, Int(remaining / 86_400) - 1)
        while anchor(n + 1) <= due { n += 1 }
        while n > 0 && anchor(n) > due { n -= 1 }
        days = n
        rest = due - anchor(n)
    }

    /// The same where the zone's offset cannot change from two days before now to two after due
    /// (`Zone.isSteady`): every calendar day is then 86,400 s, and the days are plain division.
    init(steadyRemaining r: Int64) {
        remaining = r
        days = r > 0 ? Int(r / 86_400) : 0
        rest = r > 0 ? r % 86_400 : 0
    }

    /// Whether the due instant has come (no time left).
    public var isOver: Bool { remaining <= 0 }

    /// Whole days, then the rest's hours, minutes and seconds.
    var fields: (days: Int, hours: Int, minutes: Int, seconds: Int) {
        (days, Int(rest / 3600), Int(rest / 60 % 60), Int(rest % 60))
    }

    /// The unit a precision shows last, in seconds (the calendar day counts as 0: it is handled apart).
    func smallestUnit(_ precision: Precision) -> Int64 {
        switch precision {
        case .seconds: 1
        case .minutes: 60
        case .hours: 3600
        case .days: 0
        case .auto: days >= 1 ? 3600 : (rest >= 3600 ? 60 : 1)
        }
    }

    /// Seconds until the text can next change (at least 1): the next unit boundary in the due
    /// instant's phase.
    func secondsToNextTick(_ precision: Precision) -> Int64 {
        guard remaining > 0 else { return 0 }
        let unit = smallestUnit(precision)
        if unit == 0 { return rest + 1 }
        // Also when the day count drops (rest runs out), which the modulo covers when unit divides it.
        return min(rest % unit + 1, rest + 1)
    }

    /// The short text: "2d 4h", "4h 05m", "04:09" (auto); forced precisions keep their unit
    /// (`CountdownWords.Short`, made for this one text).
    public func text(_ precision: Precision, over: String, words: Words = .english) -> String {
        CountdownWords.Short(words, precision, over: over).text(self)
    }

    /// The long text with words, singular and plural right: "2 days 4 hours", "1 hour 5 minutes",
    /// "4 minutes 9 seconds" (`CountdownWords.Long`, made for this one text).
    public func longText(_ precision: Precision, over: String, words: Words = .english) -> String {
        CountdownWords.Long(words, precision, over: over).text(self)
    }

    /// A unit of the long text.
    enum Unit: Int {
        case day, hour, minute, second

        /// "less than an hour".
        func lessThanOne(_ words: Words) -> String {
            switch self {
            case .day: words.tr("less than a day")
            case .hour: words.tr("less than an hour")
            case .minute: words.tr("less than a minute")
            case .second: words.tr("less than a second")
            }
        }
    }
}
