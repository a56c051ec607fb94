import Testing
import TMinusCore

/// Times of day in both clock styles (config `clock`), and the relative day names.
struct DueTextTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var hour: Int, minute: Int, second: Int
        var h24: String, h12: String
        var testDescription: String { h24 }
    }

    static let cases: [Case] = [
        Case(hour: 0, minute: 0, second: 0, h24: "00:00", h12: "12:00 AM"),
        Case(hour: 0, minute: 30, second: 0, h24: "00:30", h12: "12:30 AM"),
        Case(hour: 9, minute: 5, second: 0, h24: "09:05", h12: "9:05 AM"),
        Case(hour: 11, minute: 59, second: 59, h24: "11:59:59", h12: "11:59:59 AM"),
        Case(hour: 12, minute: 0, second: 0, h24: "12:00", h12: "12:00 PM"),
        Case(hour: 12, minute: 45, second: 0, h24: "12:45", h12: "12:45 PM"),
        Case(hour: 13, minute: 5, second: 0, h24: "13:05", h12: "1:05 PM"),
        Case(hour: 23, minute: 59, second: 30, h24: "23:59:30", h12: "11:59:30 PM")
    ]

    @Test(arguments: cases)
    func clock(_ c: Case) throws {
        let l = LocalDateTime(
            date: try #require(CivilDate.valid(year: 2026, month: 11, day: 24)), hour: c.hour, minute: c.minute,
            second: c.second)
        #expect(DueText.clock(l) == c.h24)
        #expect(DueText.clock(l, .h24) == c.h24)
        #expect(DueText.clock(l, .h12) == c.h12)
    }

    @Test func describeUsesTheStyleAndDayNames() throws {
        let zone = Zone.utc
        let now = try #require(RFC3339.parse("2026-11-24T10:00:00Z"))
        let at = { (s: String) throws -> Due in .instant(try #require(RFC3339.parse(s))) }
        #expect(DueText.describe(try at("2026-11-24T17:45:00Z"), now: now, zone: zone, clock: .h12) == "today 5:45 PM")
        #expect(
            DueText.describe(try at("2026-11-25T00:15:00Z"), now: now, zone: zone, clock: .h12) == "tomorrow 12:15 AM")
        #expect(DueText.describe(try at("2026-11-23T08:00:00Z"), now: now, zone: zone) == "yesterday 08:00")
        #expect(
            DueText.describe(try at("2026-12-01T17:00:00Z"), now: now, zone: zone, clock: .h12)
                == "Tue 2026-12-01 5:00 PM")
    }
}

extension DueTextTests {
    /// Where `t_fmt_ampm` puts the day's half, and the gap after it when it comes first.
    @Test func theHalfOrderOfALocalesTwelveHourFormat() {
        #expect(TimeNames.halfOrder("%p%I時%M分%S秒")! == (true, ""))
        #expect(TimeNames.halfOrder("%p %I시 %M분 %S초")! == (true, " "))
        #expect(TimeNames.halfOrder("%I:%M:%S %p")! == (false, " "))
        #expect(TimeNames.halfOrder("%l:%M:%S %P %Z")! == (false, " "))
        #expect(TimeNames.halfOrder("") == nil)
        #expect(TimeNames.halfOrder("%H:%M") == nil)
        var korean = TimeNames.english
        (korean.am, korean.pm, korean.halfFirst) = ("오전", "오후", true)
        let words = Words(messages: .english, names: korean)
        let evening = LocalDateTime(date: CivilDate(year: 2026, month: 3, day: 12), hour: 17, minute: 5, second: 0)
        #expect(DueText.clock(evening, .h12, words: words) == "오후 5:05")
        korean.halfGap = ""
        #expect(DueText.clock(evening, .h12, words: Words(messages: .english, names: korean)) == "오후5:05")
    }
}
