import Testing
import TMinusCore

@Suite("WhenParser")
struct WhenParserTests {
    /// Tuesday 2026-03-10, 13:00 in Berlin (CET, +01:00).
    static let now = at("2026-03-10T12:00:00Z")

    @Test(arguments: [
        // A whole day.
        ("2026-12-01", When.day(day(2026, 12, 1))),
        ("2024-02-29", .day(day(2024, 2, 29))),
        // Local date-times, with and without seconds, 'T' or a space.
        ("2026-12-01T17:00", .instant(at("2026-12-01T16:00:00Z"))),
        ("2026-12-01T17:00:30", .instant(at("2026-12-01T16:00:30Z"))),
        ("2026-12-01 17:00", .instant(at("2026-12-01T16:00:00Z"))),
        ("2026-07-01T17:00", .instant(at("2026-07-01T15:00:00Z"))),
        // With Z or an offset.
        ("2026-12-01T17:00Z", .instant(at("2026-12-01T17:00:00Z"))),
        ("2026-12-01T17:00:00Z", .instant(at("2026-12-01T17:00:00Z"))),
        ("2026-12-01T17:00:00+05:45", .instant(at("2026-12-01T11:15:00Z"))),
        ("2026-12-01T17:00-0800", .instant(at("2026-12-02T01:00:00Z"))),
        // Words.
        ("today", .day(day(2026, 3, 10))),
        ("TODAY", .day(day(2026, 3, 10))),
        ("tomorrow", .day(day(2026, 3, 11))),
        ("  tomorrow  ", .day(day(2026, 3, 11))),
        // Weekdays: the coming one, today while it is not over (today is a Tuesday); `next`:
        // the first after today.
        ("fri", .day(day(2026, 3, 13))),
        ("Friday", .day(day(2026, 3, 13))),
        ("next friday", .day(day(2026, 3, 13))),
        ("tue", .day(day(2026, 3, 10))),
        ("next tue", .day(day(2026, 3, 17))),
        ("mon", .day(day(2026, 3, 16))),
        ("next week", .day(day(2026, 3, 16))),
        ("thurs", .day(day(2026, 3, 12))),
        // 12-hour times, with or without a space or minutes.
        ("5pm", .instant(at("2026-03-10T16:00:00Z"))),
        ("5 PM", .instant(at("2026-03-10T16:00:00Z"))),
        ("5:30 pm", .instant(at("2026-03-10T16:30:00Z"))),
        ("5:00 PM", .instant(at("2026-03-10T16:00:00Z"))),
        ("12am", .instant(at("2026-03-09T23:00:00Z"))),
        ("12pm", .instant(at("2026-03-10T11:00:00Z"))),
        ("9 a.m.", .instant(at("2026-03-10T08:00:00Z"))),
        // A day and a time.
        ("tomorrow 5pm", .instant(at("2026-03-11T16:00:00Z"))),
        ("fri 17:00", .instant(at("2026-03-13T16:00:00Z"))),
        ("next friday 9am", .instant(at("2026-03-13T08:00:00Z"))),
        ("2026-12-01 5:30 PM", .instant(at("2026-12-01T16:30:00Z"))),
        ("today 23:59", .instant(at("2026-03-10T22:59:00Z"))),
        // Today at a clock time.
        ("17:00", .instant(at("2026-03-10T16:00:00Z"))),
        ("9:05", .instant(at("2026-03-10T08:05:00Z"))),
        ("17:00:15", .instant(at("2026-03-10T16:00:15Z"))),
        ("00:00", .instant(at("2026-03-09T23:00:00Z"))),
        // Relative: minutes and hours absolute, days and weeks by the calendar.
        ("+90m", .instant(at("2026-03-10T13:30:00Z"))),
        ("+3h", .instant(at("2026-03-10T15:00:00Z"))),
        ("+45s", .instant(at("2026-03-10T12:00:45Z"))),
        ("+0m", .instant(at("2026-03-10T12:00:00Z"))),
        ("+2d", .instant(at("2026-03-12T12:00:00Z"))),
        ("+1w", .instant(at("2026-03-17T12:00:00Z"))),
        // Across the spring-forward night a calendar day is 23 hours: 13:00 CET → 13:00 CEST.
        ("+3w", .instant(at("2026-03-31T11:00:00Z")))
    ])
    func parsesEveryForm(text: String, expected: When) throws {
        let berlin = try systemZone("Europe/Berlin")
        #expect(try WhenParser.parse(text, now: Self.now, zone: berlin) == expected)
    }

    @Test func clockTimesAndRelativeDaysFollowTheZone() throws {
        let la = try systemZone("America/Los_Angeles")
        let kathmandu = try systemZone("Asia/Kathmandu")
        // 12:00Z is 05:00 PDT and 17:45 +05:45 on the same date.
        #expect(try WhenParser.parse("17:00", now: Self.now, zone: la) == .instant(at("2026-03-11T00:00:00Z")))
        #expect(try WhenParser.parse("17:00", now: Self.now, zone: kathmandu) == .instant(at("2026-03-10T11:15:00Z")))
        // Today is the local date: 23:00Z on 03-10 is already 03-11 in Kathmandu.
        let late = at("2026-03-10T23:00:00Z")
        #expect(try WhenParser.parse("today", now: late, zone: kathmandu) == .day(day(2026, 3, 11)))
        #expect(try WhenParser.parse("today", now: late, zone: la) == .day(day(2026, 3, 10)))
        // A day across the LA spring-forward night: 10:00 PST → 10:00 PDT is 23 hours.
        let saturday = at("2026-03-07T18:00:00Z")
        #expect(try WhenParser.parse("+1d", now: saturday, zone: la) == .instant(at("2026-03-08T17:00:00Z")))
        // A clock time inside the gap is read with the offset before it.
        let sunday = at("2026-03-08T08:00:00Z")
        #expect(try WhenParser.parse("02:30", now: sunday, zone: la) == .instant(at("2026-03-08T10:30:00Z")))
    }

    /// Impossible dates name the month's length.
    @Test(arguments: [
        ("2026-02-30", "28 days"),
        ("2026-02-29", "28 days"),
        ("2024-02-30", "29 days"),
        ("2026-04-31", "30 days"),
        ("2026-02-30T10:00", "28 days"),
        ("2026-13-01", "no month 13"),
        ("2026-00-10", "no month 0")
    ])
    func impossibleDatesSayWhy(text: String, mention: String) throws {
        let berlin = try systemZone("Europe/Berlin")
        let message = usageMessage { _ = try WhenParser.parse(text, now: Self.now, zone: berlin) }
        let m = try #require(message, "'\(text)' should be a usage error")
        #expect(m.contains(mention), "\(m)")
        #expect(m.contains(text))
        #expect(!m.contains("\n"))
    }

    @Test(arguments: [
        "next blursday", "", "   ", "tomorow", "yesterday-ish", "+3x", "+h", "+", "+-2d", "+99999999d",
        "25:00", "12:60", "12:00:60", "1:2:3:4", "2026-1-1", "2026-12-01T25:00", "2026-12-01T17", "2026/12/1x",
        "2026-12-01T17:00+5", "17x", "noonish", "2026-12-01T17:00:00+24:00", "2026-12-01junk",
        "13pm", "0am", "5:60pm", "pm", "next", "next next friday", "fri 25:00", "friday junk", "5pm tomorrow",
        "fridays",
        "2026-02-30 5pm"
    ])
    func garbageIsAUsageError(text: String) throws {
        let berlin = try systemZone("Europe/Berlin")
        let message = usageMessage { _ = try WhenParser.parse(text, now: Self.now, zone: berlin) }
        let m = try #require(message, "'\(text)' should be a usage error")
        #expect(!m.isEmpty && !m.contains("\n"))
    }

    @Test func garbageMessageSaysWhatToTypeInstead() throws {
        let message = usageMessage { _ = try WhenParser.parse("next qqqqqqq", now: Self.now, zone: .utc) }
        let m = try #require(message)
        #expect(m.contains("'next qqqqqqq'"))
        #expect(m.contains("2026-12-01T17:00") && m.contains("tomorrow") && m.contains("+3h"))
    }

    @Test func controlCharactersAreNotEchoed() throws {
        let message = usageMessage { _ = try WhenParser.parse("to\u{1b}[31mday", now: Self.now, zone: .utc) }
        let m = try #require(message)
        #expect(!m.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test func startInstantOfADayIsItsMidnight() throws {
        let berlin = try systemZone("Europe/Berlin")
        #expect(When.day(day(2026, 3, 10)).startInstant(in: berlin) == at("2026-03-09T23:00:00Z"))
        #expect(When.instant(Self.now).startInstant(in: berlin) == Self.now)
        #expect(When.day(day(2026, 3, 10)).due == .day(day(2026, 3, 10)))
    }
}
