import Foundation
import TMinusCore
import TMinusTimeline
import Testing

/// Golden files for `timeline` JSON. Re-record with RECORD_GOLDEN=1 swift test, and review the diff.
struct GoldenTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    func assertGolden(_ name: String, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = Self.directory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1" {
            try text.write(to: url, atomically: false, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(text == expected, "\(name) differs from its golden file", sourceLocation: sourceLocation)
    }

    static func sample(_ zone: Zone) -> TimelineProvider {
        let now = Fixtures.at("2026-11-22T23:58:30", zone)
        let summary = Summary(generated: now, deadlines: [
            Fixtures.deadline("Thesis <b>& \"draft\"", due: .instant(now + 150), start: now - 3600, tag: "school"),
        ], todos: [
            Fixtures.todo("Buy milk", due: .day(CivilDate(year: 2026, month: 11, day: 22)), handle: 2),
            Fixtures.todo("Call mom", due: .instant(now + 60), handle: 3, starred: true),
        ])
        return TimelineProvider(summary: summary, zone: zone)
    }

    @Test func timelineUTC() throws {
        let p = Self.sample(.utc)
        let now = Fixtures.at("2026-11-22T23:58:30", .utc)
        try assertGolden("timeline-utc.json", JSONWriter.pretty(p.timeline(from: now, limit: 8).json(zone: .utc)))
    }

    @Test func timelineKathmanduUntil() throws {
        let z = Fixtures.zone("Asia/Kathmandu")
        let p = Self.sample(z)
        let now = Fixtures.at("2026-11-22T23:58:30", z)
        try assertGolden("timeline-kathmandu-until.json", JSONWriter.pretty(p.timeline(from: now, until: now + 5).json(zone: z)))
    }
}
