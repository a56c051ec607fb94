import TMinusCore
import TMinusTimeline
import Testing

/// A calendar event with a length: in progress it counts down to its end ("ends in"), in state
/// `ongoing`, then it is over (held), then the next item takes over. In several zones, across DST.
struct OngoingEventTests {
    static func event(_ title: String, due: Instant, end: Instant, handle: Int = 1) -> Item {
        var item = Fixtures.deadline(title, due: .instant(due), start: due - 7 * 86_400, handle: handle)
        item.source = "cal"
        item.end = end
        return item
    }

    @Test(arguments: [
        ("Europe/Berlin", "2027-03-28T01:45", "2027-03-28T03:15"),  // across spring forward (75 real minutes… 30 here)
        ("America/Los_Angeles", "2026-11-01T01:30", "2026-11-01T01:50"),
        ("Australia/Lord_Howe", "2026-10-04T10:00", "2026-10-04T10:25"),
        ("Asia/Kathmandu", "2026-12-31T23:50", "2027-01-01T00:15")
    ])
    func inProgressItCountsDownToItsEnd(_ row: (String, String, String)) throws {
        let zone = Fixtures.zone(row.0)
        let start = Fixtures.at(row.1, zone), end = Fixtures.at(row.2, zone)
        let next = Self.event("Next", due: end + 3 * 3600, end: end + 4 * 3600, handle: 2)
        let p = Fixtures.provider([Self.event("Meeting", due: start, end: end), next], zone: zone)
        let during = p.entry(at: start + 60)
        #expect(during.state == .ongoing)
        #expect(during.deadline?.title == "Meeting")
        #expect(during.values[.ends] == Countdown(now: start + 60, due: end, zone: zone).text(.auto, over: "over"))
        #expect(during.medium.hasPrefix("Meeting ends in "), "\(during.medium)")
        // Progress over the event's length.
        let half = start + (end - start) / 2
        #expect(p.entry(at: half).values[.percent] == "50")
        // The entry at its end is over; the timeline has an entry exactly there.
        let t = p.timeline(from: start + 60, until: end + 3600)
        Fixtures.checkInvariants(t)
        #expect(t.entries.contains { $0.date == end && $0.state == .over && $0.deadline?.title == "Meeting" })
        #expect(t.entries.filter { $0.date < end }.allSatisfy { $0.state == .ongoing })
        // After the hold the next one shows, before it starts.
        #expect(p.entry(at: end + 3600 + 1).deadline?.title == "Next")
        #expect(p.entry(at: end + 3600 + 1).state != .ongoing)
    }

    /// An event that has not started is a deadline like any other: it counts down to its start.
    @Test func beforeItStartsItCountsDownToItsStart() {
        let zone = Fixtures.zone("Europe/Berlin")
        let start = Fixtures.at("2026-12-01T10:00", zone)
        let p = Fixtures.provider([Self.event("Talk", due: start, end: start + 1800)], zone: zone)
        let e = p.entry(at: start - 600)
        #expect(e.state == .critical && e.values[.ends] == nil && e.medium == "Talk 10:00")
    }
}
