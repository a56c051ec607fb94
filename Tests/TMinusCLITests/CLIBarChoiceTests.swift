import Foundation
import Testing
import TMinusCore

/// What the bar counts down to on a person's day (docs/countdown.md): deadlines first; a calendar
/// event only from its lead time to its end. Thursday 2026-11-26 in Berlin (UTC+1): a daily
/// 10:00-10:15 standup in a vdir, and "Thesis" due tomorrow 17:00.
@Suite("CLI: what the bar counts down to")
struct CLIBarChoiceTests {
    static let standup = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//pimutils.org//khal//EN\r
        BEGIN:VEVENT\r
        UID:daily-standup\r
        SUMMARY:Standup\r
        DTSTART;TZID=Europe/Berlin:20261102T100000\r
        DTEND;TZID=Europe/Berlin:20261102T101500\r
        RRULE:FREQ=DAILY\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    /// A home with the standup's calendar and the thesis; `settings` go into the config.
    static func day(_ settings: String = "") throws -> TempHome {
        let h = try TempHome()
        h.now = "2026-11-26T08:00:00Z"
        let cal = h.root.appendingPathComponent("calendars/work")
        try FileManager.default.createDirectory(at: cal, withIntermediateDirectories: true)
        try Data(standup.utf8).write(to: cal.appendingPathComponent("standup.ics"))
        try h.writeConfig(
            """
            {
              \(settings)
              "sources": [ { "name": "cal", "kind": "vdir", "path": "~/calendars", "collection": "work" } ]
            }
            """)
        try h.ok("add", "Thesis", "--due", "2026-11-27T17:00")
        return h
    }

    func bar(_ h: TempHome, at now: String) throws -> String {
        try h.ok(["show", "--format", "plain"], now: now).stdout
    }

    @Test func aDailyStandupTakesTheBarOnlyFromItsLeadTimeToItsEnd() throws {
        let h = try Self.day()
        #expect(try bar(h, at: "2026-11-26T08:00:00Z") == "Thesis 1d 8h\n")
        #expect(try bar(h, at: "2026-11-26T08:44:59Z").hasPrefix("Thesis "))
        #expect(try bar(h, at: "2026-11-26T08:45:00Z") == "Standup starts in 15:00\n")
        #expect(try bar(h, at: "2026-11-26T08:50:00Z") == "Standup starts in 10:00\n")
        #expect(try bar(h, at: "2026-11-26T09:05:00Z") == "Standup ends in 10:00\n")
        // Over: never held as over, the deadline again.
        #expect(try bar(h, at: "2026-11-26T09:15:00Z") == "Thesis 1d 6h\n")
        #expect(try bar(h, at: "2026-11-26T09:50:00Z") == "Thesis 1d 6h\n")
        #expect(try bar(h, at: "2026-11-26T15:00:00Z") == "Thesis 1d 1h\n")
        // The next day's standup, in its own lead time.
        #expect(try bar(h, at: "2026-11-27T08:50:00Z") == "Standup starts in 10:00\n")
    }

    @Test func aWholeDayEventDoesNotTakeTheBar() throws {
        let h = try Self.day()
        let birthday =
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:bday\r\nSUMMARY:Birthday\r\n"
            + "DTSTART;VALUE=DATE:20261126\r\nDTEND;VALUE=DATE:20261127\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        try Data(birthday.utf8).write(to: h.root.appendingPathComponent("calendars/work/bday.ics"))
        #expect(try bar(h, at: "2026-11-26T11:00:00Z") == "Thesis 1d 5h\n")
        #expect(try bar(h, at: "2026-11-25T22:50:00Z") == "Thesis 1d 17h\n")
    }

    @Test func theTimelineChangesAtTheLeadTimeAndAtTheEnd() throws {
        let h = try Self.day()
        let out = try h.ok(
            ["timeline", "--from", "2026-11-26T09:00", "--until", "2026-11-26T11:00"], now: "2026-11-26T08:00:00Z"
        )
        .stdout
        let entries = try #require(try JSONParser.parse(Array(out.utf8))["entries"]?.arrayValue)
        func title(at date: String) -> String? {
            // The entry shown at `date`: the last one dated at or before it.
            guard let at = RFC3339.parse(date) else { return nil }
            let shown = entries.last { e in
                (e["date"]?.stringValue).flatMap(RFC3339.parse).map { $0 <= at } ?? false
            }
            return shown?["deadline"]?["title"]?.stringValue
        }
        let dates = entries.compactMap { $0["date"]?.stringValue }
        #expect(dates.contains("2026-11-26T09:45:00+01:00"), "\(dates)")
        #expect(dates.contains("2026-11-26T10:15:00+01:00"), "\(dates)")
        #expect(title(at: "2026-11-26T08:44:59Z") == "Thesis")
        #expect(title(at: "2026-11-26T08:45:00Z") == "Standup")
        #expect(title(at: "2026-11-26T09:14:59Z") == "Standup")
        #expect(title(at: "2026-11-26T09:15:00Z") == "Thesis")
        #expect(title(at: "2026-11-26T09:59:00Z") == "Thesis")
    }

    @Test func theEventsKeyChoosesNeverOrAlways() throws {
        let never = try Self.day(#""events": "never","#)
        #expect(try bar(never, at: "2026-11-26T09:05:00Z") == "Thesis 1d 6h\n")
        let always = try Self.day(#""events": "always","#)
        #expect(try bar(always, at: "2026-11-26T08:00:00Z") == "Standup 1h 00m\n")
        let lead = try Self.day(#""eventLead": "1h","#)
        #expect(try bar(lead, at: "2026-11-26T08:00:00Z") == "Standup starts in 1h 00m\n")
        let bad = try Self.day()
        try bad.writeConfig(#"{ "events": "sometimes" }"#)
        let refused = try bad.run("show", "--format", "plain")
        #expect(refused.stdout.contains("events") || refused.stderr.contains("events"), "\(refused)")
    }
}
