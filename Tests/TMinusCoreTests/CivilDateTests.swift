import Testing
import TMinusCore

@Suite("CivilDate")
struct CivilDateTests {
    @Test(arguments: [
        (1900, false), (2000, true), (2023, false), (2024, true), (2026, false), (2028, true), (2100, false),
        (2400, true)
    ])
    func leapYears(year: Int, leap: Bool) {
        #expect(CivilDate.isLeap(year) == leap)
        #expect(CivilDate.daysInMonth(year: year, month: 2) == (leap ? 29 : 28))
    }

    @Test func daysInEveryMonth() {
        let expected = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        #expect((1...12).map { CivilDate.daysInMonth(year: 2026, month: $0) } == expected)
    }

    /// Days since 1970-01-01 and weekday (0 = Sunday), checked against Python's datetime.
    @Test(arguments: [
        (1970, 1, 1, 0, 4), (1969, 12, 31, -1, 3), (2000, 3, 1, 11017, 3), (2024, 2, 29, 19782, 4),
        (2026, 3, 10, 20522, 2), (1600, 1, 1, -135_140, 6), (9999, 12, 31, 2_932_896, 5), (1, 1, 1, -719_162, 1)
    ])
    func knownDays(y: Int, m: Int, d: Int, days: Int64, weekday: Int) {
        let date = CivilDate(year: y, month: m, day: d)
        #expect(date.daysSinceEpoch == days)
        #expect(CivilDate(daysSinceEpoch: days) == date)
        #expect(date.weekday == weekday)
    }

    @Test func daysSinceEpochRoundTripsOverSixCenturies() {
        var previous: CivilDate?
        var bad: [Int64] = []
        // Every day from 1800 to 2400 (crossing 1900, 2000, 2100: non-leap and leap centuries).
        for days in Int64(-62_091)...Int64(157_840) {
            let date = CivilDate(daysSinceEpoch: days)
            var ok =
                date.daysSinceEpoch == days
                && CivilDate.valid(year: date.year, month: date.month, day: date.day) == date
            if let previous { ok = ok && previous < date && previous.adding(days: 1) == date }
            if !ok { bad.append(days) }
            previous = date
        }
        #expect(bad.isEmpty, "first bad day: \(bad.first.map(String.init) ?? "")")
    }

    @Test(arguments: [
        (2026, 2, 29), (2026, 2, 30), (2100, 2, 29), (2026, 4, 31), (2026, 13, 1), (2026, 0, 1),
        (2026, 1, 0), (2026, 1, 32), (0, 1, 1), (10_000, 1, 1), (2026, -1, 1)
    ])
    func invalidDates(y: Int, m: Int, d: Int) {
        #expect(CivilDate.valid(year: y, month: m, day: d) == nil)
    }

    @Test(arguments: [(2024, 2, 29), (2000, 2, 29), (2026, 12, 31), (1, 1, 1), (9999, 12, 31)])
    func validDates(y: Int, m: Int, d: Int) {
        #expect(CivilDate.valid(year: y, month: m, day: d) == CivilDate(year: y, month: m, day: d))
    }

    @Test func addingDaysCrossesMonthsYearsAndLeapDays() {
        #expect(day(2024, 2, 28).adding(days: 1) == day(2024, 2, 29))
        #expect(day(2026, 2, 28).adding(days: 1) == day(2026, 3, 1))
        #expect(day(2026, 12, 31).adding(days: 1) == day(2027, 1, 1))
        #expect(day(2026, 1, 1).adding(days: -1) == day(2025, 12, 31))
        #expect(day(2026, 3, 10).adding(days: 365) == day(2027, 3, 10))
        #expect(day(2027, 3, 10).adding(days: 366) == day(2028, 3, 10))
    }

    @Test func descriptionIsISO() {
        #expect(day(2026, 3, 5).description == "2026-03-05")
        #expect(day(987, 1, 2).description == "0987-01-02")
        #expect(day(2026, 3, 10).weekdayName == "Tue")
        #expect(day(2026, 2, 1).monthName == "Feb")
    }

    @Test func localDateTimeRoundTripsThroughSeconds() {
        for s: Int64 in [0, 1, -1, 86_399, 86_400, -86_400, -86_401, 1_773_144_000, 4_102_444_799, -2_208_988_800] {
            let local = LocalDateTime(secondsAsUTC: s)
            #expect(local.secondsAsUTC == s)
            #expect((0..<24).contains(local.hour) && (0..<60).contains(local.minute) && (0..<60).contains(local.second))
        }
        #expect(LocalDateTime(secondsAsUTC: -1) == wall(1969, 12, 31, 23, 59, 59))
    }
}
