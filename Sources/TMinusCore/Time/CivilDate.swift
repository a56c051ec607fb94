/// A calendar date with no time zone (proleptic Gregorian), e.g. a whole-day due.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, 1 to 9999 for a valid date.
    public var year: Int
    /// The month, 1 (January) to 12.
    public var month: Int
    /// The day of the month, from 1.
    public var day: Int

    /// The date as given, unchecked (`valid` checks one).
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Nil when the date does not exist (2026-02-30, month 13).
    public static func valid(year: Int, month: Int, day: Int) -> CivilDate? {
        guard (1...9999).contains(year), (1...12).contains(month),
            day >= 1, day <= daysInMonth(year: year, month: month)
        else { return nil }
        return CivilDate(year: year, month: month, day: day)
    }

    /// The dates tminus accepts anywhere (typed, or read from a file): years 1–9999 less two days
    /// at each end, so that any instant on them, shifted by any zone's offset (at most a day) or
    /// taken as a whole day's end, still falls in years 1–9999 and every date computation stays
    /// far from overflow.
    public static let supported = CivilDate(year: 1, month: 1, day: 3)...CivilDate(year: 9999, month: 12, day: 29)
    /// How error messages name the range.
    public static let supportedText = Deferred.render(supportedDeferred, .english)
    /// `supportedText` kept for the reader's language (`Deferred`).
    public static var supportedDeferred: String {
        deferred("the dates tminus handles (%s to %s)", "0001-01-03", "9999-12-29")
    }

    /// Whether `y` is a leap year in the proleptic Gregorian calendar.
    public static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    /// How many days `month` (1–12) of `year` has.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 (Howard Hinnant's days_from_civil).
    public var daysSinceEpoch: Int64 {
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let m = Int64(month)
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + Int64(day) - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date `days` days after 1970-01-01.
    public init(daysSinceEpoch days: Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(year: Int(yoe + era * 400 + (m <= 2 ? 1 : 0)), month: Int(m), day: Int(d))
    }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> CivilDate { CivilDate(daysSinceEpoch: daysSinceEpoch + Int64(days)) }

    /// 0 = Sunday … 6 = Saturday.
    public var weekday: Int {
        let w = (daysSinceEpoch + 4) % 7
        return Int(w < 0 ? w + 7 : w)
    }

    /// Whether `a` is the earlier date.
    public static func < (a: CivilDate, b: CivilDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// `YYYY-MM-DD`.
    public var description: String { "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))" }

    /// `description`'s bytes appended to `out` (a summary writes a date per whole-day item).
    public func write(into out: inout [UInt8]) {
        guard (0...9999).contains(year) else {
            out += description.utf8
            return
        }
        Digits.write(Int64(year), width: 4, into: &out)
        out.append(0x2D)
        Digits.write(Int64(month), width: 2, into: &out)
        out.append(0x2D)
        Digits.write(Int64(day), width: 2, into: &out)
    }
}

/// A wall-clock time on a civil date, in no particular zone.
public struct LocalDateTime: Hashable, Sendable {
    /// The calendar date.
    public var date: CivilDate
    /// The hour, 0 to 23.
    public var hour: Int
    /// The minute, 0 to 59.
    public var minute: Int
    /// The second, 0 to 59.
    public var second: Int

    /// The wall time `hour:minute:second` on `date`, unchecked; midnight by default.
    public init(date: CivilDate, hour: Int = 0, minute: Int = 0, second: Int = 0) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Seconds since the epoch if this wall time were UTC.
    public var secondsAsUTC: Int64 {
        date.daysSinceEpoch * 86_400 + Int64(hour * 3600 + minute * 60 + second)
    }

    /// The UTC wall time `s` seconds after 1970-01-01T00:00:00Z (the inverse of `secondsAsUTC`).
    public init(secondsAsUTC s: Int64) {
        let days = s >= 0 ? s / 86_400 : (s - 86_399) / 86_400
        let rest = Int(s - days * 86_400)
        self.init(date: CivilDate(daysSinceEpoch: days), hour: rest / 3600, minute: rest / 60 % 60, second: rest % 60)
    }
}

/// Zero-padded decimal, e.g. `pad(7, 2)` is "07".
@inlinable
public func pad(_ n: Int, _ width: Int) -> String { Digits.text(Int64(n), width: width) }

private let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
private let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

extension CivilDate {
    /// "Mon", "Tue", … (English, fixed: the bar output does not depend on the locale).
    public var weekdayName: String { weekdayNames[weekday] }
    /// "Jan", "Feb", …
    public var monthName: String { monthNames[month - 1] }
}
