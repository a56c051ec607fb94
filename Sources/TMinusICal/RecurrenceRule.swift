import TMinusCore

/// An RRULE (RFC 5545 §3.3.10) in the subset tminus expands: FREQ DAILY, WEEKLY, MONTHLY or
/// YEARLY; INTERVAL, COUNT, UNTIL; BYMONTH, BYMONTHDAY (negative too), BYYEARDAY, BYDAY (with
/// ordinals such as `-1FR`), BYHOUR, BYMINUTE, BYSECOND, BYSETPOS and WKST. Anything else
/// (sub-daily frequencies, BYWEEKNO, RSCALE) is refused by name, so the item can say why it
/// shows only its first date.
public struct RecurrenceRule: Equatable, Sendable {
    /// FREQ: the period the rule repeats by (sub-daily ones are not supported).
    public enum Frequency: String, Sendable {
        case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"
    }

    /// A BYDAY entry: a weekday (0 Sunday … 6 Saturday) and an ordinal (0: every one).
    public struct WeekdayNum: Equatable, Sendable {
        /// Which one in the month or year (negative: from the end, `-1` the last); 0 for every one.
        public var ordinal: Int
        /// 0 Sunday … 6 Saturday.
        public var weekday: Int
    }

    /// FREQ: the period it repeats by.
    public var frequency: Frequency
    /// INTERVAL: every how many periods (1 and up).
    public var interval = 1
    /// COUNT: how many instances in all; nil for no limit.
    public var count: Int?
    /// UNTIL as written (a date, or a UTC or floating time); nil for none.
    public var until: ICalTime?
    /// BYMONTH: months, 1–12 (empty: not given).
    public var byMonth: [Int] = []
    /// BYMONTHDAY: days of the month, 1–31 or -31…-1 from the end.
    public var byMonthDay: [Int] = []
    /// BYYEARDAY: days of the year, 1–366 or -366…-1 from the end.
    public var byYearDay: [Int] = []
    /// BYDAY: weekdays, each with its ordinal.
    public var byDay: [WeekdayNum] = []
    /// BYHOUR: hours, 0–23.
    public var byHour: [Int] = []
    /// BYMINUTE: minutes, 0–59.
    public var byMinute: [Int] = []
    /// BYSECOND: seconds, 0–60.
    public var bySecond: [Int] = []
    /// BYSETPOS: which of each period's instances are kept (from 1, or negative from the end).
    public var bySetPos: [Int] = []
    /// The day weeks start on (0 Sunday … 6 Saturday); Monday unless WKST says otherwise.
    public var weekStart = 1

    /// A rule of this frequency, every period, with no other parts.
    public init(frequency: Frequency) { self.frequency = frequency }

    static let weekdays = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

    /// Reads `FREQ=…;…` (a trailing `;` and any case accepted). The error names the part.
    public static func parse(_ text: String) throws(RecurrenceError) -> RecurrenceRule {
        var notes: [String] = []
        return try parse(text, notes: &notes)
    }

    /// The same, with what was left out of a rule that is still used in `notes`: a COUNT that is
    /// not a count next to an UNTIL (Confluence Team Calendars writes `COUNT=-1;UNTIL=…`; RFC 5545
    /// forbids both, and other readers keep the UNTIL, as this does).
    public static func parse(_ text: String, notes: inout [String]) throws(RecurrenceError) -> RecurrenceRule {
        var rule: RecurrenceRule?
        var badCount: String?
        var parts: [(String, String)] = []
        for part in text.split(separator: ";", omittingEmptySubsequences: true) {
            let kv = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard kv.count == 2 else { throw RecurrenceError(deferred("'%s' is not NAME=VALUE", String(part))) }
            let name = kv[0].uppercased().trimmingSpaces
            let value = kv[1].uppercased().trimmingSpaces
            if name == "FREQ" {
                guard let f = Frequency(rawValue: value) else {
                    if ["HOURLY", "MINUTELY", "SECONDLY"].contains(value) {
                        throw RecurrenceError(
                            deferred("FREQ=%s (repeating within a day) is not supported", String(value)))
                    }
                    throw RecurrenceError(deferred("FREQ=%s is not a frequency", String(value.prefix(20))))
                }
                rule = RecurrenceRule(frequency: f)
            } else {
                parts.append((name, value))
            }
        }
        guard var rule else { throw RecurrenceError(deferred("FREQ is missing")) }
        func ints(_ name: String, _ value: String, _ range: ClosedRange<Int>, nonZero: Bool = false)
            throws(RecurrenceError) -> [Int]
        {
            var out: [Int] = []
            for v in value.split(separator: ",") {
                guard let n = Int(v.trimmingSpaces), range.contains(n), !(nonZero && n == 0) else {
                    throw RecurrenceError(
                        deferred(
                            "%s=%s is not a list of numbers in %s…%s", name, String(value.prefix(40)),
                            String(range.lowerBound), String(range.upperBound)))
                }
                out.append(n)
            }
            guard !out.isEmpty, out.count <= 400 else {
                throw RecurrenceError(deferred("%s is empty or too long", name))
            }
            return out
        }
        for (name, value) in parts {
            switch name {
            case "INTERVAL":
                guard let n = Int(value), n >= 1, n <= 10_000 else {
                    throw RecurrenceError(
                        deferred("INTERVAL=%s must be a whole number from 1", String(value.prefix(20))))
                }
                rule.interval = n
            case "COUNT":
                guard let n = Int(value), n >= 1, n <= 1_000_000 else {
                    badCount = deferred("COUNT=%s must be a whole number from 1", String(value.prefix(20)))
                    continue
                }
                rule.count = n
            case "UNTIL":
                guard let t = ICalTime.parse(Array(value.utf8)[...], tzid: nil) else {
                    throw RecurrenceError(deferred("UNTIL=%s is not a date", String(value.prefix(20))))
                }
                rule.until = t
            case "BYMONTH": rule.byMonth = try ints(name, value, 1...12)
            case "BYMONTHDAY": rule.byMonthDay = try ints(name, value, -31...31, nonZero: true)
            case "BYYEARDAY": rule.byYearDay = try ints(name, value, -366...366, nonZero: true)
            case "BYHOUR": rule.byHour = try ints(name, value, 0...23)
            case "BYMINUTE": rule.byMinute = try ints(name, value, 0...59)
            case "BYSECOND": rule.bySecond = try ints(name, value, 0...60)
            case "BYSETPOS": rule.bySetPos = try ints(name, value, -366...366, nonZero: true)
            case "WKST":
                guard let d = weekdays.firstIndex(of: value) else {
                    throw RecurrenceError(deferred("WKST=%s is not a weekday", String(value.prefix(20))))
                }
                rule.weekStart = d
            case "BYDAY":
                for v in value.split(separator: ",") {
                    let s = v.trimmingSpaces
                    guard s.count >= 2, let d = weekdays.firstIndex(of: String(s.suffix(2))) else {
                        throw RecurrenceError(
                            deferred("BYDAY=%s is not a list of weekdays such as MO or -1FR", String(value.prefix(40))))
                    }
                    let prefix = s.dropLast(2)
                    var ordinal = 0
                    if !prefix.isEmpty {
                        guard let n = Int(prefix), n != 0, (-53...53).contains(n) else {
                            throw RecurrenceError(
                                deferred("BYDAY=%s: '%s' has a bad ordinal", String(value.prefix(40)), String(s)))
                        }
                        ordinal = n
                    }
                    rule.byDay.append(WeekdayNum(ordinal: ordinal, weekday: d))
                }
            case "BYWEEKNO", "RSCALE", "SKIP":
                throw RecurrenceError(deferred("%s is not supported", name))
            default:
                // X- parts and unknown names are ignored, as RFC 5545 allows for extensions.
                if !name.hasPrefix("X-") && !name.isEmpty {
                    throw RecurrenceError(deferred("%s is not a rule part", String(name.prefix(20))))
                }
            }
        }
        if let badCount {
            guard rule.until != nil else { throw RecurrenceError(badCount) }
            notes.append(badCount + deferred("; the rule ends at its UNTIL"))
        }
        if rule.count != nil, rule.until != nil { throw RecurrenceError(deferred("COUNT and UNTIL together")) }
        return rule
    }
}

/// Why an RRULE cannot be read: the part at fault, for the user.
public struct RecurrenceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The reason, naming the part (`COUNT and UNTIL together`), kept for the reader's language
    /// (`Deferred`).
    public var text: String
    /// An error with this reason, made with `deferred`.
    public init(_ text: String) { self.text = text }
    /// The reason in English.
    public var message: String { Deferred.render(text, .english) }
    /// The reason in English.
    public var description: String { message }
}

extension StringProtocol {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
