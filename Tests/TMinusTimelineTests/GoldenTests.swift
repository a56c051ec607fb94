import Foundation
import TMinusCore
import TMinusTimeline
import Testing
import TMinusTestSupport

/// Golden files for `timeline` JSON. Re-record with RECORD_GOLDEN=1 swift test, and review the diff.
struct GoldenTests {
    static let directory = Golden.folder("Golden", besides: #filePath)

    func assertGolden(_ name: String, _ text: String) throws {
        try Golden.check(name, text, in: Self.directory)
    }

    static func sample(_ zone: Zone) -> TimelineProvider {
        let now = Fixtures.at("2026-11-22T23:58:30", zone)
        let summary = Summary(
            generated: now,
            deadlines: [
                Fixtures.deadline("Thesis <b>& \"draft\"", due: .instant(now + 150), start: now - 3600, tag: "school")
            ],
            todos: [
                Fixtures.todo("Buy milk", due: .day(CivilDate(year: 2026, month: 11, day: 22)), handle: 2),
                Fixtures.todo("Call mom", due: .instant(now + 60), handle: 3, starred: true)
            ])
        return TimelineProvider(summary: summary, zone: zone)
    }

    @Test func timelineUTC() throws {
        let p = Self.sample(.utc)
        let now = Fixtures.at("2026-11-22T23:58:30", .utc)
        try assertGolden("timeline-utc.json", JSONWriter.pretty(p.timeline(from: now, limit: 8).json(zone: .utc)))
    }

    /// Working time over a weekend the clocks change on (Berlin, Los Angeles; the same dates in
    /// Lord Howe and Kathmandu): a deadline in working time, minutes precision, Friday 16:58 to
    /// Monday 09:03 — the entries are Friday's last minutes, the warning, Monday's first ones.
    @Test(arguments: ["America/Los_Angeles", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu"])
    func timelineWorkingTime(_ name: String) throws {
        let z = Fixtures.zone(name)
        let monday =
            name == "America/Los_Angeles" ? "2027-03-15" : name == "Australia/Lord_Howe" ? "2026-10-05" : "2027-03-29"
        let friday =
            name == "America/Los_Angeles" ? "2027-03-12" : name == "Australia/Lord_Howe" ? "2026-10-02" : "2027-03-26"
        let due = Fixtures.at("\(monday)T10:00", z)
        var report = Fixtures.deadline("Report", due: .instant(due), start: due - 10_000 * 86_400)
        report.worktime = true
        var config = Config()
        config.precision = .minutes
        config.templates.small = "{countdown}|{worktime}|{countdown_long}"
        let p = TimelineProvider(
            summary: Summary(generated: due - 30 * 86_400, deadlines: [report], todos: []), config: config, zone: z)
        let from = Fixtures.at("\(friday)T16:58", z)
        let file = "timeline-worktime-" + name.replacingOccurrences(of: "/", with: "-").lowercased() + ".json"
        try assertGolden(
            file, JSONWriter.pretty(p.timeline(from: from, until: Fixtures.at("\(monday)T09:03", z)).json(zone: z)))
    }

    @Test func timelineKathmanduUntil() throws {
        let z = Fixtures.zone("Asia/Kathmandu")
        let p = Self.sample(z)
        let now = Fixtures.at("2026-11-22T23:58:30", z)
        try assertGolden(
            "timeline-kathmandu-until.json", JSONWriter.pretty(p.timeline(from: now, until: now + 5).json(zone: z)))
    }
}
