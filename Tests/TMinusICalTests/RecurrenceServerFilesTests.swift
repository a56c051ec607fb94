import Testing
import TMinusCore
@testable import TMinusICal

/// Recurring events as servers write them (Exchange, Cyrus, Apple, Google), where tminus differed
/// from RFC 5545 and from an independent implementation (Python's recurring-ical-events): the
/// instances an event counts down to, one after another.
@Suite("Recurrence in files servers write")
struct RecurrenceServerFilesTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var body: String
        /// The instances in order (UTC), from before the first to after the last.
        var instances: [String]
        var problems = 0
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "all-day series, override named by a date-time (Exchange 2010)", body: """
            BEGIN:VEVENT\r\nUID:a\r\nSUMMARY:Bins\r\nDTSTART;VALUE=DATE:20260303\r\nRRULE:FREQ=WEEKLY;COUNT=3\r\nEND:VEVENT\r
            BEGIN:VEVENT\r\nUID:a\r\nSUMMARY:Bins (moved)\r\nRECURRENCE-ID;TZID=W. Europe Standard Time:20260310T000000\r
            DTSTART;VALUE=DATE:20260312\r\nEND:VEVENT\r\n
            """, instances: ["2026-03-03T00:00:00Z", "2026-03-12T00:00:00Z", "2026-03-17T00:00:00Z"]),
        Case(name: "RANGE=THISANDFUTURE moves this and every later instance", body: """
            BEGIN:VEVENT\r\nUID:b\r\nSUMMARY:Standup\r\nDTSTART:20260301T090000Z\r\nRRULE:FREQ=DAILY;COUNT=5\r\nEND:VEVENT\r
            BEGIN:VEVENT\r\nUID:b\r\nSUMMARY:Standup\r\nRECURRENCE-ID;RANGE=THISANDFUTURE:20260303T090000Z\r
            DTSTART:20260303T100000Z\r\nEND:VEVENT\r\n
            """, instances: ["2026-03-01T09:00:00Z", "2026-03-02T09:00:00Z", "2026-03-03T10:00:00Z", "2026-03-04T10:00:00Z",
                             "2026-03-05T10:00:00Z"]),
        Case(name: "an override of an EXDATEd instance overrides nothing", body: """
            BEGIN:VEVENT\r\nUID:c\r\nSUMMARY:Gym\r\nDTSTART:20260301T090000Z\r\nRRULE:FREQ=DAILY;COUNT=3\r
            EXDATE:20260302T090000Z\r\nEND:VEVENT\r
            BEGIN:VEVENT\r\nUID:c\r\nSUMMARY:Gym\r\nRECURRENCE-ID:20260302T090000Z\r\nDTSTART:20260302T120000Z\r\nEND:VEVENT\r\n
            """, instances: ["2026-03-01T09:00:00Z", "2026-03-03T09:00:00Z"]),
        Case(name: "an override past UNTIL overrides nothing", body: """
            BEGIN:VEVENT\r\nUID:d\r\nSUMMARY:Course\r\nDTSTART:20260301T090000Z\r\nRRULE:FREQ=DAILY;UNTIL=20260302T090000Z\r\nEND:VEVENT\r
            BEGIN:VEVENT\r\nUID:d\r\nSUMMARY:Course\r\nRECURRENCE-ID:20260305T090000Z\r\nDTSTART:20260305T100000Z\r\nEND:VEVENT\r\n
            """, instances: ["2026-03-01T09:00:00Z", "2026-03-02T09:00:00Z"]),
        Case(name: "EXDATE;VALUE=DATE on a timed series takes out that day", body: """
            BEGIN:VEVENT\r\nUID:e\r\nSUMMARY:Walk\r\nDTSTART;TZID=Europe/Berlin:20260301T090000\r\nRRULE:FREQ=DAILY;COUNT=3\r
            EXDATE;VALUE=DATE:20260302\r\nEND:VEVENT\r\n
            """, instances: ["2026-03-01T08:00:00Z", "2026-03-03T08:00:00Z"]),
        Case(name: "two RRULEs are their union (Cyrus)", body: """
            BEGIN:VEVENT\r\nUID:f\r\nSUMMARY:Class\r\nDTSTART:20260302T090000Z\r\nRRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=2\r
            RRULE:FREQ=WEEKLY;BYDAY=TH;COUNT=2\r\nEND:VEVENT\r\n
            """, instances: ["2026-03-02T09:00:00Z", "2026-03-05T09:00:00Z", "2026-03-09T09:00:00Z", "2026-03-12T09:00:00Z"]),
        Case(name: "TZID with a bare leading slash", body: """
            BEGIN:VEVENT\r\nUID:g\r\nSUMMARY:Fika\r\nDTSTART;TZID=/Europe/Stockholm:20260302T150000\r\nEND:VEVENT\r\n
            """, instances: ["2026-03-02T14:00:00Z"]),
        Case(name: "an unreadable override is skipped; the series stays", body: """
            BEGIN:VEVENT\r\nUID:h\r\nSUMMARY:Review\r\nDTSTART:20260301T090000Z\r\nRRULE:FREQ=DAILY;COUNT=2\r\nEND:VEVENT\r
            BEGIN:VEVENT\r\nUID:h\r\nSUMMARY:Review\r\nRECURRENCE-ID:2026XX02T090000Z\r\nDTSTART:20260302T100000Z\r\nEND:VEVENT\r\n
            """, instances: ["2026-03-01T09:00:00Z", "2026-03-02T09:00:00Z"], problems: 1),
    ]

    @Test(arguments: cases)
    func instancesInOrder(_ c: Case) throws {
        let ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + c.body + "END:VCALENDAR\r\n"
        let zones = ICalZones(local: .utc, system: systemZone)
        var now = at(c.instances[0]) - 86_400
        var seen: [Instant] = []
        var problems = 0
        while seen.count <= c.instances.count {
            let read = ICalRead.read(Array(ics.utf8), options: ICalOptions(now: now, hold: 0, events: true, source: "s"),
                                     zones: zones, fallbackID: "f")
            problems = max(problems, read.problems.count)
            guard case .instant(let due)? = read.entries.first?.item.due else { break }
            seen.append(due)
            now = due + 1
        }
        #expect(seen == c.instances.map(at), "\(c.name)")
        #expect(problems == c.problems, "\(c.name)")
    }
}

@Suite("A calendar file with a broken structure")
struct ICalStructureTests {
    /// A typo'd `END:VTOOD` left the VTODO open, and the next ones became its children: every
    /// todo after it was gone, with no problem reported.
    @Test func aMistypedEndSwallowsNothing() {
        let ics = """
        BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:a\r\nSUMMARY:First\r\nEND:VTOOD\r
        BEGIN:VTODO\r\nUID:b\r\nSUMMARY:Second\r\nEND:VTODO\r
        BEGIN:VTODO\r\nUID:c\r\nSUMMARY:Third\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT5M\r\nEND:VALARM\r\nEND:VTODO\r
        END:VCALENDAR\r\n
        """
        let read = ICalRead.read(Array(ics.utf8), options: ICalOptions(now: at("2026-03-01T00:00:00Z"), hold: 0, events: true, source: "s"),
                                 zones: ICalZones(local: .utc, system: systemZone), fallbackID: "f")
        #expect(read.entries.map(\.item.title) == ["First", "Second", "Third"])
        #expect(read.problems.map(\.line) == [5, 2], "\(read.problems)")
    }
}
