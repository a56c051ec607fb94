import Testing
import TMinusCore
@testable import TMinusICal

/// Recurring events keep their wall time across daylight-saving changes, in the zones the
/// project's time tests use; a wall time a change skips is read with the offset before it.
@Suite("Recurrence across daylight-saving changes")
struct RecurrenceZoneTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var zone: String
        var rule: String
        var start: String
        /// The instances, in UTC, that the event counts down to one after another.
        var instances: [String]
        var testDescription: String { zone }
    }

    static let cases: [Case] = [
        // Spring forward at 02:00: Sunday 02:30 does not exist on 8 March, so it is 03:30 PDT.
        Case(
            zone: "America/Los_Angeles", rule: "FREQ=WEEKLY;BYDAY=SU", start: "20260301T023000",
            instances: ["2026-03-01T10:30:00Z", "2026-03-08T10:30:00Z", "2026-03-15T09:30:00Z"]),
        // Fall back: 01:30 happens twice on 1 November; the earlier is the instance.
        Case(
            zone: "America/Los_Angeles", rule: "FREQ=DAILY", start: "20261031T013000",
            instances: ["2026-10-31T08:30:00Z", "2026-11-01T08:30:00Z", "2026-11-02T09:30:00Z"]),
        // Berlin's last Sunday of October: 09:30 stays 09:30.
        Case(
            zone: "Europe/Berlin", rule: "FREQ=WEEKLY;BYDAY=MO,WE,FR", start: "20261021T093000",
            instances: ["2026-10-21T07:30:00Z", "2026-10-23T07:30:00Z", "2026-10-26T08:30:00Z"]),
        // Lord Howe moves half an hour at 02:00 on the first Sunday of October.
        Case(
            zone: "Australia/Lord_Howe", rule: "FREQ=DAILY", start: "20261003T021500",
            instances: ["2026-10-02T15:45:00Z", "2026-10-03T15:45:00Z", "2026-10-04T15:15:00Z"]),
        // Kathmandu, +05:45 all year: the last Friday of each month.
        Case(
            zone: "Asia/Kathmandu", rule: "FREQ=MONTHLY;BYDAY=-1FR", start: "20261030T090000",
            instances: ["2026-10-30T03:15:00Z", "2026-11-27T03:15:00Z", "2026-12-25T03:15:00Z"])
    ]

    @Test(arguments: cases)
    func instancesInOrder(_ c: Case) throws {
        let ics =
            "BEGIN:VEVENT\r\nUID:x\r\nSUMMARY:x\r\nDTSTART;TZID=\(c.zone):\(c.start)\r\nRRULE:\(c.rule)\r\nEND:VEVENT\r\n"
        let zones = ICalZones(local: .utc, system: systemZone)
        var now = at(c.instances[0]) - 3600
        for expected in c.instances {
            let read = ICalRead.read(
                Array(ics.utf8), options: ICalOptions(now: now, hold: 0, events: true, source: "s"),
                zones: zones, fallbackID: "f")
            #expect(read.problems.isEmpty, "\(read.problems)")
            let due = try #require(read.entries.first?.item.due)
            #expect(due == .instant(at(expected)), "\(c.zone) after \(now)")
            now = at(expected) + 1
        }
    }
}
