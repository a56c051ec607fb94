import Glibc
public import TMinusCore

/// The clock style the user's locale writes times in (`LC_ALL`, else `LC_TIME`, else `LANG`), for
/// when the config does not say: 12-hour when the locale's time format uses `%I`, `%l` or `%r`
/// (en_US, en_CA, en_AU, hi_IN…), else 24-hour. The C and POSIX locales, and a locale this
/// system does not have, are 24-hour without loading anything.
public enum LocaleClock {
    /// The locale's clock style: 12-hour when its time format uses `%I`, `%l` or `%r`, else 24-hour.
    public static func preferred(environment: Environment) -> ClockStyle {
        guard let locale = timeLocale(environment) else { return .h24 }
        defer { freelocale(locale) }
        guard let format = nl_langinfo_l(nl_item(T_FMT), locale) else { return .h24 }
        let f = String(cString: format)
        return f.contains("%I") || f.contains("%l") || f.contains("%r") ? .h12 : .h24
    }

    /// The user's LC_TIME as a locale object of its own (nil for C, POSIX and a locale this
    /// system lacks). Not `setlocale`: that is the whole process's, and commands run in threads
    /// in-process (tests) must not change each other's.
    static func timeLocale(_ environment: Environment) -> locale_t? {
        let name =
            [environment["LC_ALL"], environment["LC_TIME"], environment["LANG"]].lazy.compactMap { $0 }.first {
                !$0.isEmpty
            } ?? ""
        if name.isEmpty || name == "C" || name == "POSIX" || name.hasPrefix("C.") { return nil }
        return newlocale(LC_TIME_MASK, name, nil)
    }
}

extension LocaleClock {
    /// The weekday the user's locale starts weeks on (0 Sunday … 6 Saturday): glibc's
    /// `first_weekday`, counted from its `week` start date (LC_TIME). Monday (ISO 8601) for the C
    /// and POSIX locales and a locale this system does not have.
    public static func firstWeekday(environment: Environment) -> Int {
        guard let locale = timeLocale(environment) else { return 1 }
        defer { freelocale(locale) }
        guard let first = nl_langinfo_l(nl_item(_NL_TIME_FIRST_WEEKDAY), locale),
            let start = nl_langinfo_l(nl_item(_NL_TIME_WEEK_1STDAY), locale)
        else { return 1 }
        // The start date is a number YYYYMMDD (19971130, a Sunday, in most locales), handed over
        // as the pointer's own bits.
        let ymd = Int(bitPattern: UInt(bitPattern: start)) & 0xFFFF_FFFF
        let n = Int(UInt8(bitPattern: first.pointee))
        guard (1...7).contains(n), ymd > 19_000_000 else { return 1 }
        let date = CivilDate(year: ymd / 10_000, month: ymd / 100 % 100, day: ymd % 100)
        return (date.weekday + n - 1) % 7
    }
}
