import Foundation
import Testing
import TMinusCore

/// Working time from the command line: `edit --working-time`, `{worktime}`, `workingHours` and a
/// holidays calendar source, run as a user would (in-process, against a temporary home).
@Suite("CLI: working time")
struct CLIWorkTimeTests {
    /// Friday 13 March 2026, 16:00 in Berlin.
    static let friday = "2026-03-13T15:00:00Z"

    func home() throws -> TempHome {
        let h = try TempHome()
        h.now = Self.friday
        try h.ok("add", "Report", "--due", "2026-03-16 10:00")
        return h
    }

    @Test func editWorkingTimeSwitchesTheCountdown() throws {
        let h = try home()
        #expect(h.inProcess(["show", "--format", "plain"]).stdout == "Report 2d 18h\n")
        let on = h.inProcess(["edit", "1", "--working-time", "on"])
        #expect(on.status == 0, "\(on.stderr)")
        #expect(h.inProcess(["show", "--format", "plain"]).stdout == "Report 2h 00m\n")
        #expect(try h.list().first?["worktime"]?.boolValue == true)
        // The weekend stands still; Monday's hour counts.
        #expect(h.inProcess(["show", "--format", "plain"], now: "2026-03-15T12:00:00Z").stdout == "Report 1h 00m\n")
        #expect(h.inProcess(["show", "--format", "plain"], now: "2026-03-16T08:30:00Z").stdout == "Report 30:00\n")
        // Another zone's working day: Friday 16:00 in Berlin is 20:45 in Kathmandu, after work;
        // Monday 10:00 Berlin is 14:45 there: 5 h 45 min of Monday's work.
        #expect(h.inProcess(["show", "--format", "plain"], env: ["TZ": "Asia/Kathmandu"]).stdout == "Report 5h 45m\n")
        _ = h.inProcess(["edit", "1", "--working-time", "off"])
        #expect(h.inProcess(["show", "--format", "plain"]).stdout == "Report 2d 18h\n")
        #expect(try h.list().first?["worktime"]?.boolValue == false)
    }

    @Test func badWorkingTimeWritesNothing() throws {
        let h = try home()
        _ = h.inProcess(["todo", "Milk"])
        let before = h.bytes("store.json")
        let bad = h.inProcess(["edit", "1", "--working-time", "maybe"])
        #expect(bad.status == 2 && bad.stderr.contains("--working-time takes on or off"), "\(bad.stderr)")
        let todo = h.inProcess(["edit", "2", "--working-time", "on"])
        #expect(todo.status == 2 && todo.stderr.contains("--working-time is for deadlines"), "\(todo.stderr)")
        #expect(h.bytes("store.json") == before)
    }

    @Test func workingHoursAndTheWorktimePlaceholder() throws {
        let h = try home()
        try h.writeConfig(
            #"{ "workingHours": "Mon-Fri 09:00-12:00,13:00-17:00; Sat 10:00-12:00", "templates": { "medium": "{title} {countdown} ({worktime} of work)" } }"#
        )
        // Friday 16-17, Saturday 10-12, Monday 9-10: 4 hours.
        #expect(h.inProcess(["show", "--format", "plain"]).stdout == "Report 2d 18h (4h 00m of work)\n")
    }

    @Test(
        "a bad workingHours or holidays is one line that says what to do",
        arguments: [
            (#"{ "workingHours": "Mon-Fri 17:00-09:00" }"#, "workingHours: '17:00-09:00' ends before it starts"),
            (#"{ "workingHours": "weekdays 9-5" }"#, "is not a day or a range of days"),
            (#"{ "workingHours": 8 }"#, "expected a string"),
            (
                #"{ "holidays": "nope" }"#,
                "'nope' is not a calendar in sources; add the holidays calendar to sources first"
            )
        ])
    func badConfig(_ config: String, _ message: String) throws {
        let h = try home()
        try h.writeConfig(config)
        let out = h.inProcess(["config", "check"])
        #expect(out.status != 0 && out.stderr.contains(message), "\(out.stderr)")
        #expect(out.stderr.split(separator: "\n").count == 1, "\(out.stderr)")
    }

    /// A public-holidays calendar as a calendar program exports it: Monday 16 March a whole-day
    /// event; the report due Tuesday 10:00 then has Friday's hour and Tuesday's.
    @Test func aHolidaysCalendarSourceGivesDaysOff() throws {
        let h = try home()
        let ics = h.root.appendingPathComponent("holidays.ics")
        try """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//tminus tests//holidays//EN\r
        BEGIN:VEVENT\r
        UID:holiday-1\r
        DTSTAMP:20260101T000000Z\r
        SUMMARY:Founders' Day\r
        DTSTART;VALUE=DATE:20260316\r
        DTEND;VALUE=DATE:20260317\r
        TRANSP:TRANSPARENT\r
        END:VEVENT\r
        END:VCALENDAR\r

        """.write(to: ics, atomically: false, encoding: .utf8)
        try h.writeConfig(
            """
            { "sources": [ { "name": "holidays", "kind": "ics", "path": "\(ics.path)" } ], "holidays": "holidays",
              "deadline": "Report", "templates": { "medium": "{title} {worktime}" } }
            """)
        _ = h.inProcess(["edit", "1", "--due", "2026-03-17 10:00"])
        #expect(h.inProcess(["config", "check"]).status == 0)
        #expect(h.inProcess(["show", "--format", "plain"]).stdout == "Report 2h 00m\n")
        // Without the days off: Monday's 8 hours count.
        try h.writeConfig(
            """
            { "sources": [ { "name": "holidays", "kind": "ics", "path": "\(ics.path)" } ],
              "deadline": "Report", "templates": { "medium": "{title} {worktime}" } }
            """)
        #expect(h.inProcess(["show", "--format", "plain"]).stdout == "Report 10h 00m\n")
        // A holiday is a day off, not a countdown: with nothing pinned, the bar counts down to
        // the report, and to the holiday only where the calendar is not the holidays one (and
        // events count down as deadlines do: `events` "always"; docs/countdown.md).
        for (holidays, shown) in [(#""holidays": "holidays","#, "Report"), (#""events": "always","#, "Founders' Day")] {
            try h.writeConfig(
                """
                { "sources": [ { "name": "holidays", "kind": "ics", "path": "\(ics.path)" } ], \(holidays)
                  "templates": { "medium": "{title}" } }
                """)
            #expect(h.inProcess(["show", "--format", "plain"]).stdout == shown + "\n")
        }
    }

    /// One whole-day event of two years in the holidays calendar (a sabbatical): every day of it
    /// is off, not the first 366 alone.
    @Test func aHolidayOfTwoYearsTakesEveryDay() throws {
        let h = try home()
        let ics = h.root.appendingPathComponent("holidays.ics")
        try """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//tminus tests//holidays//EN\r
        BEGIN:VEVENT\r
        UID:sabbatical\r
        DTSTAMP:20260101T000000Z\r
        SUMMARY:Sabbatical\r
        DTSTART;VALUE=DATE:20260316\r
        DTEND;VALUE=DATE:20280316\r
        END:VEVENT\r
        END:VCALENDAR\r

        """.write(to: ics, atomically: false, encoding: .utf8)
        try h.writeConfig(
            """
            { "sources": [ { "name": "holidays", "kind": "ics", "path": "\(ics.path)" } ], "holidays": "holidays",
              "deadline": "Report", "templates": { "medium": "{title} {worktime}" } }
            """)
        // Friday 16-17, then nothing until Thursday 16 March 2028 (8 h) and Friday 9-10.
        _ = h.inProcess(["edit", "1", "--due", "2028-03-17 10:00"])
        #expect(h.inProcess(["show", "--format", "plain"]).stdout == "Report 10h 00m\n")
    }

    /// Holidays given as rules (a works closure of five days, a weekly day off, Christmas since
    /// 2020): every instance ahead is off, not the next one alone.
    @Test func aRecurringHolidayTakesEveryInstance() throws {
        let h = try home()
        let ics = h.root.appendingPathComponent("holidays.ics")
        func event(_ uid: String, _ start: String, _ rule: String) -> String {
            "BEGIN:VEVENT\r\nUID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:\(uid)\r\n"
                + "DTSTART;VALUE=DATE:\(start)\r\nRRULE:\(rule)\r\nEND:VEVENT\r\n"
        }
        func write(_ events: String...) throws {
            try
                ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//tminus tests//holidays//EN\r\n" + events.joined()
                + "END:VCALENDAR\r\n").write(to: ics, atomically: false, encoding: .utf8)
        }
        try h.writeConfig(
            """
            { "sources": [ { "name": "holidays", "kind": "ics", "path": "\(ics.path)" } ], "holidays": "holidays",
              "deadline": "Report", "templates": { "medium": "{title} {worktime}" } }
            """)
        // Closed Monday 16 to Friday 20 March: Friday 16-17 and Monday 23 9-10.
        try write(event("closure", "20260316", "FREQ=DAILY;COUNT=5"))
        _ = h.inProcess(["edit", "1", "--due", "2026-03-23 10:00"])
        #expect(h.inProcess(["show", "--format", "plain"]).stdout == "Report 2h 00m\n")
        // Every Wednesday off: to Thursday 26 March 10:00, Friday's hour, Monday, Tuesday,
        // Thursday, Friday, Monday, Tuesday (6 × 8 h) and Thursday's hour.
        try write(event("wednesdays", "20260318", "FREQ=WEEKLY;BYDAY=WE"))
        _ = h.inProcess(["edit", "1", "--due", "2026-03-26 10:00"])
        #expect(h.inProcess(["show", "--format", "plain"]).stdout == "Report 50h\n")
        // Christmas by a rule from 2020, to a deadline after three of them (2026 a Friday, 2028 a
        // Monday): the same as the three written out as single days.
        _ = h.inProcess(["edit", "1", "--due", "2028-12-28 10:00"])
        try write(event("christmas", "20201225", "FREQ=YEARLY"))
        let byRule = h.inProcess(["show", "--format", "plain"]).stdout
        try write(
            event("c26", "20261225", "COUNT=1;FREQ=DAILY"), event("c27", "20271225", "COUNT=1;FREQ=DAILY"),
            event("c28", "20281225", "COUNT=1;FREQ=DAILY"))
        #expect(h.inProcess(["show", "--format", "plain"]).stdout == byRule)
        try write(event("c26", "20261225", "COUNT=1;FREQ=DAILY"))
        #expect(h.inProcess(["show", "--format", "plain"]).stdout != byRule)
        #expect(h.inProcess(["config", "check"]).status == 0)
    }

    /// `timeline` for a deadline in 9999 with `{worktime}` (and one counting in working time): its
    /// entries come at once (each was a walk over the 8,000 years' clock changes, week by week).
    @Test func aTimelineTo9999IsQuick() throws {
        let h = try home()
        try h.writeConfig(
            #"{ "deadline": "Far", "templates": { "small": "{worktime}", "medium": "{title} {countdown}" } }"#)
        try h.ok("add", "Far", "--due", "9999-12-01 10:00")
        _ = h.inProcess(["edit", "2", "--working-time", "on"])
        let out = h.inProcess(["timeline", "--limit", "40"])
        #expect(out.status == 0, "\(out.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any]
        let entries = try #require(json?["entries"] as? [[String: Any]])
        #expect(entries.count == 40)
        // Friday 13 March 2026 16:00 in Berlin: the first entry shows whole working hours.
        #expect((entries.first?["small"] as? String)?.hasSuffix("h") == true)
    }
}
