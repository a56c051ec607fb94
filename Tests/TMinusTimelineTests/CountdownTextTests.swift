import TMinusCore
@testable import TMinusTimeline
import Testing

/// The countdown text: counts down, never up; a day unit; singular and plural right.
struct CountdownTextTests {
    static let utc = Zone.utc
    static let due = Instant(1_800_000_000)

    static let rows: [(Int64, Precision, String, String)] = [
        // remaining seconds, precision, short, long
        (2 * 86_400 + 4 * 3600 + 59 * 60, .auto, "2d 4h", "2 days 4 hours"),
        (86_400, .auto, "1d 0h", "1 day"),
        (86_399, .auto, "23h 59m", "23 hours 59 minutes"),
        (4 * 3600 + 5 * 60 + 30, .auto, "4h 05m", "4 hours 5 minutes"),
        (3600, .auto, "1h 00m", "1 hour"),
        (3599, .auto, "59:59", "59 minutes 59 seconds"),
        (249, .auto, "04:09", "4 minutes 9 seconds"),
        (61, .auto, "01:01", "1 minute 1 second"),
        (1, .auto, "00:01", "1 second"),
        (0, .auto, "over", "Deadline is over!"),
        (-500, .auto, "over", "Deadline is over!"),
        (2 * 86_400 + 3661, .seconds, "2d 01:01:01", "2 days 1 hour 1 minute 1 second"),
        (3661, .seconds, "01:01:01", "1 hour 1 minute 1 second"),
        (61, .seconds, "01:01", "1 minute 1 second"),
        (86_400 + 3600 + 300, .minutes, "1d 1h 05m", "1 day 1 hour 5 minutes"),
        (300, .minutes, "5m", "5 minutes"),
        (59, .minutes, "0m", "less than a minute"),
        (5 * 3600 + 59, .hours, "5h", "5 hours"),
        (1800, .hours, "<1h", "less than an hour"),
        (3 * 86_400 + 5, .days, "3d", "3 days"),
        (86_400, .days, "1d", "1 day"),
        (3600, .days, "<1d", "less than a day")
    ]

    @Test(arguments: rows)
    func text(_ row: (Int64, Precision, String, String)) {
        let (remaining, precision, short, long) = row
        let c = Countdown(now: Self.due - remaining, due: Self.due, zone: Self.utc)
        #expect(c.text(precision, over: "over") == short)
        #expect(c.longText(precision, over: "Deadline is over!") == long)
        #expect(c.remaining == remaining)
    }

    /// A join of two units that is the first, text, then the second (every catalog's today) is
    /// written in place; any other shape (the units the other way round, a `%%`) goes through the
    /// catalog's formatter, and both give what the formatter gives.
    @Test(
        arguments: [
            ("%s %s", " "), ("%s%s", ""), ("%s, %s", ", "), ("%s и %s", " и "), ("%2$s %1$s", nil), ("%s %% %s", nil),
            ("%s", nil), ("x%s %s", nil)
        ] as [(String, String?)])
    func aJoinOfTwoUnitsInOrderIsWrittenInPlace(_ row: (String, String?)) {
        let between = CountdownWords.Long.between(row.0).map { String(decoding: $0, as: UTF8.self) }
        #expect(between == row.1, "\(row.0)")
        if let between { #expect("2 days" + between + "4 hours" == Catalog.format(row.0, ["2 days", "4 hours"])) }
    }

    @Test func daysAreCalendarDaysAcrossDST() {
        let la = Fixtures.zone("America/Los_Angeles")
        // Fall back on 2026-11-01: the 31st 12:00 to the 2nd 12:00 is two days but 49 hours.
        let fall = Countdown(
            now: Fixtures.at("2026-10-31T12:00", la), due: Fixtures.at("2026-11-02T12:00", la), zone: la)
        #expect(fall.remaining == 49 * 3600)
        #expect(fall.text(.auto, over: "") == "2d 0h")
        // Spring forward on 2027-03-14: two days are 47 hours.
        let spring = Countdown(
            now: Fixtures.at("2027-03-13T12:00", la), due: Fixtures.at("2027-03-15T12:00", la), zone: la)
        #expect(spring.remaining == 47 * 3600)
        #expect(spring.text(.auto, over: "") == "2d 0h")
        // Within a day of a 23-hour day: 23 h before is already "1d".
        let short = Countdown(
            now: Fixtures.at("2027-03-13T13:00", la), due: Fixtures.at("2027-03-14T13:00", la), zone: la)
        #expect(short.remaining == 23 * 3600)
        #expect(short.text(.auto, over: "") == "1d 0h")
    }

    @Test func leapDay() {
        let z = Fixtures.zone("Europe/Berlin")
        let c = Countdown(now: Fixtures.at("2028-02-27T12:00", z), due: Fixtures.at("2028-03-01T12:00", z), zone: z)
        #expect(c.text(.auto, over: "") == "3d 0h")
    }

    @Test func englishPlurals() {
        let w = Words.english
        #expect(w.trn("%d todo", "%d todos", 1) == "1 todo")
        #expect(w.trn("%d todo", "%d todos", 0) == "0 todos")
        #expect(w.trn("%d todo", "%d todos", 3) == "3 todos")
    }
}
