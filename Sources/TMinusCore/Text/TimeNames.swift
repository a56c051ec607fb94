/// The names the user's locale (LC_TIME) gives days, months and the halves of the day, and the
/// order it writes a day and its month in. Read by TMinusSystem (`LocaleClock.names`); English for C.
public struct TimeNames: Sendable, Equatable {
    /// Abbreviated weekday names, Sunday first ("Sun").
    public var abbreviatedDays: [String]
    /// Weekday names, Sunday first ("Sunday").
    public var days: [String]
    /// Abbreviated month names as a date writes them, January first ("Jan").
    public var abbreviatedMonths: [String]
    /// Month names as a date writes them ("November"; Russian's and Polish's genitive).
    public var months: [String]
    /// Month names standing alone, as a calendar's title (Russian's and Polish's nominative).
    public var standaloneMonths: [String]
    /// The morning's and the afternoon's words for a 12-hour clock ("AM", "PM"); empty in
    /// locales that have none.
    public var am: String
    /// The afternoon's word.
    public var pm: String
    /// Whether the locale writes the month before the day (en_US: "Nov 27").
    public var monthFirst: Bool
    /// Whether a 12-hour time starts with the day's half (`t_fmt_ampm`'s `%p` before the hour:
    /// ja "午後5:00", ko "오후 5:00", zh "下午 5:00"); else it ends with it ("5:00 PM").
    public var halfFirst: Bool
    /// What stands between the day's half and the time: a space, or nothing (ja's `%p%I`).
    public var halfGap: String

    /// English, day first: the C locale's (and the output's without a locale).
    public static let english = TimeNames(
        abbreviatedDays: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"],
        days: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
        abbreviatedMonths: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
        months: [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December"
        ],
        standaloneMonths: [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December"
        ], am: "AM", pm: "PM", monthFirst: false)

    /// Names as given; a list of the wrong length is taken as English's.
    public init(
        abbreviatedDays: [String], days: [String], abbreviatedMonths: [String], months: [String],
        standaloneMonths: [String], am: String, pm: String, monthFirst: Bool, halfFirst: Bool = false,
        halfGap: String = " "
    ) {
        func checked(_ list: [String], _ count: Int, _ fallback: @autoclosure () -> [String]) -> [String] {
            list.count == count && !list.contains(where: \.isEmpty) ? list : fallback()
        }
        self.abbreviatedDays = checked(abbreviatedDays, 7, TimeNames.english.abbreviatedDays)
        self.days = checked(days, 7, TimeNames.english.days)
        self.abbreviatedMonths = checked(abbreviatedMonths, 12, TimeNames.english.abbreviatedMonths)
        self.months = checked(months, 12, TimeNames.english.months)
        self.standaloneMonths = checked(standaloneMonths, 12, self.months)
        self.am = am
        self.pm = pm
        self.monthFirst = monthFirst
        self.halfFirst = halfFirst
        self.halfGap = halfGap
    }

    /// Where a 12-hour time format (`t_fmt_ampm`: "%p%I時%M分%S秒", "%I:%M:%S %p") puts the day's
    /// half, and the gap after it when it comes first. Nil when the format names no half or no hour.
    public static func halfOrder(_ format: String) -> (first: Bool, gap: String)? {
        let u = Array(format.utf8)
        var half: Int?
        var hour: Int?
        var i = 0
        while i + 1 < u.count {
            guard u[i] == 0x25 else {
                i += 1
                continue
            }
            let c = u[i + 1]
            if half == nil, c == UInt8(ascii: "p") || c == UInt8(ascii: "P") { half = i }
            if hour == nil, [UInt8(ascii: "I"), UInt8(ascii: "l"), UInt8(ascii: "r")].contains(c) { hour = i }
            i += 2
        }
        guard let half, let hour else { return nil }
        guard half < hour else { return (false, " ") }
        let between = u[(half + 2)..<hour]
        return (true, !between.isEmpty && between.allSatisfy { $0 == 0x20 } ? " " : "")
    }

    /// `date` written by `pattern`, strftime's way for the conversions a date needs: `%a` `%A`
    /// (weekday), `%b` `%B` (month; `%OB` standing alone, as a title), `%d` (two digits) `%e` `%-d` (day), `%m` `%-m` (month's
    /// number), `%Y` `%y` (year), `%%`.
    public func format(_ date: CivilDate, _ pattern: String) -> String {
        var out = ""
        var percent = false, unpadded = false, standalone = false
        var literal: [UInt8] = []
        for c in pattern.utf8 {
            guard percent else {
                if c == 0x25 {
                    percent = true
                    if !literal.isEmpty {
                        out += String(decoding: literal, as: UTF8.self)
                        literal.removeAll(keepingCapacity: true)
                    }
                } else {
                    literal.append(c)
                }
                continue
            }
            if c == UInt8(ascii: "-") || c == UInt8(ascii: "O") {
                if c == UInt8(ascii: "-") { unpadded = true } else { standalone = true }
                continue
            }
            percent = false
            defer { (unpadded, standalone) = (false, false) }
            switch c {
            case UInt8(ascii: "a"): out += abbreviatedDays[date.weekday]
            case UInt8(ascii: "A"): out += days[date.weekday]
            case UInt8(ascii: "b"): out += abbreviatedMonths[date.month - 1]
            case UInt8(ascii: "B"): out += (standalone ? standaloneMonths : months)[date.month - 1]
            case UInt8(ascii: "d"): out += unpadded ? String(date.day) : pad(date.day, 2)
            case UInt8(ascii: "e"): out += unpadded ? String(date.day) : (date.day < 10 ? " " : "") + String(date.day)
            case UInt8(ascii: "m"): out += unpadded ? String(date.month) : pad(date.month, 2)
            case UInt8(ascii: "Y"): out += String(date.year)
            case UInt8(ascii: "y"): out += pad(date.year % 100, 2)
            case UInt8(ascii: "%"): out += "%"
            default: literal += [0x25, c]
            }
        }
        if !literal.isEmpty { out += String(decoding: literal, as: UTF8.self) }
        return out
    }
}
