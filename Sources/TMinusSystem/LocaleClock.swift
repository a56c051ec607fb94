import Glibc
public import TMinusCore

/// The clock style the user's locale writes times in (`LC_ALL`, else `LC_TIME`, else `LANG`), for
/// when the config does not say: 12-hour when the locale's time format uses `%I`, `%l` or `%r`
/// (en_US, en_CA, en_AU, hi_IN…), else 24-hour. The C and POSIX locales, and a locale this
/// system does not have, are 24-hour without loading anything.
public enum LocaleClock {
    /// The locale's clock style: 12-hour when its time format uses `%I`, `%l` or `%r`, else 24-hour.
    public static func preferred(environment: Environment) -> ClockStyle {
        let f = inTimeLocale(environment) { nl_langinfo(nl_item(T_FMT)).map { String(cString: $0) } } ?? nil
        guard let f else { return .h24 }
        return f.contains("%I") || f.contains("%l") || f.contains("%r") ? .h12 : .h24
    }

    /// `body` run with the user's LC_TIME as this thread's locale (nil for C, POSIX and a locale
    /// this system lacks, without running it). Not `setlocale`: that is the whole process's, and
    /// commands run in threads in-process (tests) must not change each other's. Not
    /// `nl_langinfo_l` either: in a statically linked program (the release build) it answers with
    /// the C locale's values for a locale `newlocale` made, while `nl_langinfo` under `uselocale`
    /// answers with the locale's own, as the dynamic build does for both.
    static func inTimeLocale<T>(_ environment: Environment, _ body: () -> T) -> T? {
        let name =
            [environment["LC_ALL"], environment["LC_TIME"], environment["LANG"]].lazy.compactMap { $0 }.first {
                !$0.isEmpty
            } ?? ""
        if name.isEmpty || name == "C" || name == "POSIX" || name.hasPrefix("C.") { return nil }
        guard let locale = newlocale(LC_TIME_MASK, name, nil) else { return nil }
        defer { freelocale(locale) }
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return body()
    }
}

extension LocaleClock {
    /// The weekday the user's locale starts weeks on (0 Sunday … 6 Saturday): glibc's
    /// `first_weekday`, counted from its `week` start date (LC_TIME). Monday (ISO 8601) for the C
    /// and POSIX locales and a locale this system does not have.
    public static func firstWeekday(environment: Environment) -> Int {
        let read = inTimeLocale(environment) { () -> (Int, Int)? in
            guard let first = nl_langinfo(nl_item(_NL_TIME_FIRST_WEEKDAY)),
                let start = nl_langinfo(nl_item(_NL_TIME_WEEK_1STDAY))
            else { return nil }
            // The start date is a number YYYYMMDD (19971130, a Sunday, in most locales), handed
            // over as the pointer's own bits.
            return (Int(UInt8(bitPattern: first.pointee)), Int(bitPattern: UInt(bitPattern: start)) & 0xFFFF_FFFF)
        }
        guard let (n, ymd) = read ?? nil, (1...7).contains(n), ymd > 19_000_000 else { return 1 }
        let date = CivilDate(year: ymd / 10_000, month: ymd / 100 % 100, day: ymd % 100)
        return (date.weekday + n - 1) % 7
    }
}

extension LocaleClock {
    /// The names the user's locale (LC_TIME) gives days, months and the day's halves, whether it
    /// writes the month before the day (its date format, `D_FMT`) and the half before the time
    /// (its 12-hour format, `T_FMT_AMPM`). English, day
    /// first, for C, POSIX and a locale this system lacks.
    public static func names(environment: Environment) -> TimeNames {
        let read = inTimeLocale(environment) { () -> TimeNames in
            func item(_ i: Int) -> String { nl_langinfo(nl_item(i)).map { String(cString: $0) } ?? "" }
            func items(_ first: Int, _ count: Int) -> [String] { (0..<count).map { item(first + $0) } }
            // The first of the date format's conversions that is a month (%m, %b) or a day (%d, %e).
            var monthFirst = false
            var percent = false
            for c in item(Int(D_FMT)).utf8 {
                if percent {
                    if c == UInt8(ascii: "m") || c == UInt8(ascii: "b") {
                        monthFirst = true
                        break
                    }
                    if c == UInt8(ascii: "d") || c == UInt8(ascii: "e") { break }
                }
                percent = c == UInt8(ascii: "%") && !percent
            }
            let half = TimeNames.halfOrder(item(Int(T_FMT_AMPM)))
            return TimeNames(
                abbreviatedDays: items(Int(ABDAY_1), 7), days: items(Int(DAY_1), 7),
                abbreviatedMonths: items(Int(ABMON_1), 12), months: items(Int(MON_1), 12),
                standaloneMonths: items(Int(__ALTMON_1), 12), am: item(Int(AM_STR)), pm: item(Int(PM_STR)),
                monthFirst: monthFirst, halfFirst: half?.first ?? false, halfGap: half?.gap ?? " ")
        }
        return read ?? .english
    }
}
