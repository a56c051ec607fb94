import Foundation
import Testing
@testable import TMinusCore

/// One offset check: in `zone` at the UTC instant `utc`, the offset is `offset` seconds (abbreviation `abbr`).
struct OffsetCase: Sendable, CustomTestStringConvertible {
    var zone: String
    var utc: String
    var offset: Int
    var abbr: String
    var testDescription: String { "\(zone) at \(utc)" }
}

/// A wall time in a zone and the instant `Zone.instant` must give for it.
struct WallCase: Sendable, CustomTestStringConvertible {
    var zone: String
    var local: LocalDateTime
    var utc: String
    var note: String
    var testDescription: String { "\(zone) \(note)" }
}

@Suite("Zone from TZif files")
struct ZoneTests {
    /// Both changes in 2026 and 2027, one second before and at each (values from zdump).
    static let transitions2026: [OffsetCase] = [
        .init(zone: "America/Los_Angeles", utc: "2026-03-08T09:59:59Z", offset: -28_800, abbr: "PST"),
        .init(zone: "America/Los_Angeles", utc: "2026-03-08T10:00:00Z", offset: -25_200, abbr: "PDT"),
        .init(zone: "America/Los_Angeles", utc: "2026-11-01T08:59:59Z", offset: -25_200, abbr: "PDT"),
        .init(zone: "America/Los_Angeles", utc: "2026-11-01T09:00:00Z", offset: -28_800, abbr: "PST"),
        .init(zone: "America/Los_Angeles", utc: "2027-03-14T09:59:59Z", offset: -28_800, abbr: "PST"),
        .init(zone: "America/Los_Angeles", utc: "2027-03-14T10:00:00Z", offset: -25_200, abbr: "PDT"),
        .init(zone: "America/Los_Angeles", utc: "2027-11-07T08:59:59Z", offset: -25_200, abbr: "PDT"),
        .init(zone: "America/Los_Angeles", utc: "2027-11-07T09:00:00Z", offset: -28_800, abbr: "PST"),
        .init(zone: "Europe/Berlin", utc: "2026-03-29T00:59:59Z", offset: 3600, abbr: "CET"),
        .init(zone: "Europe/Berlin", utc: "2026-03-29T01:00:00Z", offset: 7200, abbr: "CEST"),
        .init(zone: "Europe/Berlin", utc: "2026-10-25T00:59:59Z", offset: 7200, abbr: "CEST"),
        .init(zone: "Europe/Berlin", utc: "2026-10-25T01:00:00Z", offset: 3600, abbr: "CET"),
        .init(zone: "Europe/Berlin", utc: "2027-03-28T00:59:59Z", offset: 3600, abbr: "CET"),
        .init(zone: "Europe/Berlin", utc: "2027-03-28T01:00:00Z", offset: 7200, abbr: "CEST"),
        .init(zone: "Europe/Berlin", utc: "2027-10-31T00:59:59Z", offset: 7200, abbr: "CEST"),
        .init(zone: "Europe/Berlin", utc: "2027-10-31T01:00:00Z", offset: 3600, abbr: "CET"),
        // Lord Howe: +10:30 standard, +11 in summer (a 30-minute change), southern hemisphere.
        .init(zone: "Australia/Lord_Howe", utc: "2026-04-04T14:59:59Z", offset: 39_600, abbr: "+11"),
        .init(zone: "Australia/Lord_Howe", utc: "2026-04-04T15:00:00Z", offset: 37_800, abbr: "+1030"),
        .init(zone: "Australia/Lord_Howe", utc: "2026-10-03T15:29:59Z", offset: 37_800, abbr: "+1030"),
        .init(zone: "Australia/Lord_Howe", utc: "2026-10-03T15:30:00Z", offset: 39_600, abbr: "+11"),
        .init(zone: "Australia/Lord_Howe", utc: "2027-04-03T14:59:59Z", offset: 39_600, abbr: "+11"),
        .init(zone: "Australia/Lord_Howe", utc: "2027-04-03T15:00:00Z", offset: 37_800, abbr: "+1030"),
        .init(zone: "Australia/Lord_Howe", utc: "2027-10-02T15:29:59Z", offset: 37_800, abbr: "+1030"),
        .init(zone: "Australia/Lord_Howe", utc: "2027-10-02T15:30:00Z", offset: 39_600, abbr: "+11"),
        .init(zone: "Australia/Lord_Howe", utc: "2026-12-31T23:59:59Z", offset: 39_600, abbr: "+11"),
        // Kathmandu: +05:45 all year, +05:30 before 1986.
        .init(zone: "Asia/Kathmandu", utc: "2026-01-15T12:00:00Z", offset: 20_700, abbr: "+0545"),
        .init(zone: "Asia/Kathmandu", utc: "2026-07-15T12:00:00Z", offset: 20_700, abbr: "+0545"),
        .init(zone: "Asia/Kathmandu", utc: "1985-12-31T18:29:59Z", offset: 19_800, abbr: "+0530"),
        .init(zone: "Asia/Kathmandu", utc: "1985-12-31T18:30:00Z", offset: 20_700, abbr: "+0545")
    ]

    /// 2060: after every zone file's last table transition, so the POSIX footer rule answers.
    static let farFuture: [OffsetCase] = [
        .init(zone: "America/Los_Angeles", utc: "2060-01-15T12:00:00Z", offset: -28_800, abbr: "PST"),
        .init(zone: "America/Los_Angeles", utc: "2060-03-14T09:59:59Z", offset: -28_800, abbr: "PST"),
        .init(zone: "America/Los_Angeles", utc: "2060-03-14T10:00:00Z", offset: -25_200, abbr: "PDT"),
        .init(zone: "America/Los_Angeles", utc: "2060-11-07T08:59:59Z", offset: -25_200, abbr: "PDT"),
        .init(zone: "America/Los_Angeles", utc: "2060-11-07T09:00:00Z", offset: -28_800, abbr: "PST"),
        .init(zone: "Europe/Berlin", utc: "2060-03-28T00:59:59Z", offset: 3600, abbr: "CET"),
        .init(zone: "Europe/Berlin", utc: "2060-03-28T01:00:00Z", offset: 7200, abbr: "CEST"),
        .init(zone: "Europe/Berlin", utc: "2060-10-31T00:59:59Z", offset: 7200, abbr: "CEST"),
        .init(zone: "Europe/Berlin", utc: "2060-10-31T01:00:00Z", offset: 3600, abbr: "CET"),
        .init(zone: "Australia/Lord_Howe", utc: "2060-01-01T00:00:00Z", offset: 39_600, abbr: "+11"),
        .init(zone: "Australia/Lord_Howe", utc: "2060-04-03T14:59:59Z", offset: 39_600, abbr: "+11"),
        .init(zone: "Australia/Lord_Howe", utc: "2060-04-03T15:00:00Z", offset: 37_800, abbr: "+1030"),
        .init(zone: "Australia/Lord_Howe", utc: "2060-07-01T00:00:00Z", offset: 37_800, abbr: "+1030"),
        .init(zone: "Australia/Lord_Howe", utc: "2060-10-02T15:29:59Z", offset: 37_800, abbr: "+1030"),
        .init(zone: "Australia/Lord_Howe", utc: "2060-10-02T15:30:00Z", offset: 39_600, abbr: "+11"),
        .init(zone: "Australia/Lord_Howe", utc: "2060-12-31T23:59:59Z", offset: 39_600, abbr: "+11"),
        .init(zone: "Asia/Kathmandu", utc: "2060-06-01T00:00:00Z", offset: 20_700, abbr: "+0545")
    ]

    @Test(arguments: transitions2026)
    func offsetsAcrossBothChanges(c: OffsetCase) throws {
        let zone = try systemZone(c.zone)
        #expect(zone.offset(at: at(c.utc)) == c.offset)
        #expect(zone.abbreviation(at: at(c.utc)) == c.abbr)
    }

    @Test(arguments: farFuture)
    func farFutureOffsetsFollowTheFooterRule(c: OffsetCase) throws {
        let zone = try systemZone(c.zone)
        if let last = zone.transitions.last {
            #expect(last < at(c.utc).seconds, "2060 should be past the table in \(c.zone)")
        }
        #expect(zone.offset(at: at(c.utc)) == c.offset)
        #expect(zone.abbreviation(at: at(c.utc)) == c.abbr)
    }

    @Test(arguments: ["America/Los_Angeles", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu"])
    func readsTheFooterRule(name: String) throws {
        #expect(try systemZone(name).rule != nil)
        #expect(try systemZone(name).name == name)
    }

    static let wallTimes: [WallCase] = [
        // Gaps: the skipped wall time is read with the offset before the gap (as mktime does).
        .init(
            zone: "America/Los_Angeles", local: wall(2026, 3, 8, 2, 30), utc: "2026-03-08T10:30:00Z",
            note: "gap 02:30 → 03:30 PDT"),
        .init(
            zone: "Europe/Berlin", local: wall(2026, 3, 29, 2, 30), utc: "2026-03-29T01:30:00Z",
            note: "gap 02:30 → 03:30 CEST"),
        .init(
            zone: "Australia/Lord_Howe", local: wall(2026, 10, 4, 2, 15), utc: "2026-10-03T15:45:00Z",
            note: "30-minute gap 02:15 → 02:45"),
        .init(
            zone: "America/Los_Angeles", local: wall(2060, 3, 14, 2, 30), utc: "2060-03-14T10:30:00Z",
            note: "2060 gap (footer)"),
        .init(
            zone: "Australia/Lord_Howe", local: wall(2060, 10, 3, 2, 15), utc: "2060-10-02T15:45:00Z",
            note: "2060 gap (footer)"),
        // Overlaps: the earlier of the two instants.
        .init(
            zone: "America/Los_Angeles", local: wall(2026, 11, 1, 1, 30), utc: "2026-11-01T08:30:00Z",
            note: "overlap 01:30 → PDT"),
        .init(
            zone: "Europe/Berlin", local: wall(2026, 10, 25, 2, 30), utc: "2026-10-25T00:30:00Z",
            note: "overlap 02:30 → CEST"),
        .init(
            zone: "Australia/Lord_Howe", local: wall(2026, 4, 5, 1, 45), utc: "2026-04-04T14:45:00Z",
            note: "30-minute overlap 01:45 → +11"),
        .init(
            zone: "America/Los_Angeles", local: wall(2060, 11, 7, 1, 30), utc: "2060-11-07T08:30:00Z",
            note: "2060 overlap (footer)"),
        .init(
            zone: "Australia/Lord_Howe", local: wall(2060, 4, 4, 1, 45), utc: "2060-04-03T14:45:00Z",
            note: "2060 overlap (footer)"),
        // Ordinary times next to the changes.
        .init(
            zone: "America/Los_Angeles", local: wall(2026, 3, 8, 1, 59, 59), utc: "2026-03-08T09:59:59Z",
            note: "just before the gap"),
        .init(
            zone: "America/Los_Angeles", local: wall(2026, 3, 8, 3, 0), utc: "2026-03-08T10:00:00Z",
            note: "just after the gap"),
        .init(
            zone: "America/Los_Angeles", local: wall(2026, 11, 1, 2, 0), utc: "2026-11-01T10:00:00Z",
            note: "just after the overlap"),
        .init(zone: "Europe/Berlin", local: wall(2026, 7, 1, 17, 0), utc: "2026-07-01T15:00:00Z", note: "summer"),
        .init(zone: "Asia/Kathmandu", local: wall(2026, 3, 10, 17, 0), utc: "2026-03-10T11:15:00Z", note: "+05:45"),
        .init(
            zone: "Asia/Kathmandu", local: wall(2026, 1, 1, 0, 0), utc: "2025-12-31T18:15:00Z", note: "midnight +05:45"),
        .init(
            zone: "Australia/Lord_Howe", local: wall(2026, 7, 1, 9, 0), utc: "2026-06-30T22:30:00Z",
            note: "winter +10:30")
    ]

    @Test(arguments: wallTimes)
    func instantResolvesGapsAndOverlaps(c: WallCase) throws {
        let zone = try systemZone(c.zone)
        #expect(zone.instant(c.local) == at(c.utc))
    }

    @Test func bothInstantsOfAnOverlapShowTheSameWallTime() throws {
        let la = try systemZone("America/Los_Angeles")
        #expect(la.local(at("2026-11-01T08:30:00Z")) == wall(2026, 11, 1, 1, 30))
        #expect(la.local(at("2026-11-01T09:30:00Z")) == wall(2026, 11, 1, 1, 30))
        let howe = try systemZone("Australia/Lord_Howe")
        #expect(howe.local(at("2026-04-04T14:45:00Z")) == wall(2026, 4, 5, 1, 45))
        #expect(howe.local(at("2026-04-04T15:15:00Z")) == wall(2026, 4, 5, 1, 45))
    }

    @Test(arguments: ["America/Los_Angeles", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu"])
    func localAndInstantAgreeAllYear(name: String) throws {
        let zone = try systemZone(name)
        var bad: [String] = []
        for year in [2026, 2027, 2060] {
            var t = zone.startOfDay(day(year, 1, 1))
            let end = zone.startOfDay(day(year + 1, 1, 1))
            while t < end {
                let local = zone.local(t)
                let back = zone.instant(local)
                // The same wall time, and never later (overlaps give the earlier instant).
                if zone.local(back) != local || back > t || t - back > 3600 { bad.append(t.description) }
                t = t + 900
            }
        }
        #expect(bad.isEmpty, "first bad instant: \(bad.first ?? "")")
    }

    @Test func startOfDayIsLocalMidnight() throws {
        let berlin = try systemZone("Europe/Berlin")
        #expect(berlin.startOfDay(day(2026, 3, 29)) == at("2026-03-28T23:00:00Z"))
        #expect(berlin.startOfDay(day(2026, 3, 30)) == at("2026-03-29T22:00:00Z"))
        let kathmandu = try systemZone("Asia/Kathmandu")
        #expect(kathmandu.startOfDay(day(2026, 3, 10)) == at("2026-03-09T18:15:00Z"))
        // On the day clocks spring forward, the day has 23 hours.
        #expect(berlin.startOfDay(day(2026, 3, 30)) - berlin.startOfDay(day(2026, 3, 29)) == 23 * 3600)
        #expect(berlin.startOfDay(day(2026, 10, 26)) - berlin.startOfDay(day(2026, 10, 25)) == 25 * 3600)
    }

    @Test func startOfDayWhenMidnightIsSkippedIsTheFirstInstantOfTheDay() throws {
        // Santiago springs forward at midnight: 2026-09-06 starts at 01:00 -03.
        let santiago = try systemZone("America/Santiago")
        let start = santiago.startOfDay(day(2026, 9, 6))
        #expect(start == at("2026-09-06T04:00:00Z"))
        #expect(santiago.local(start) == wall(2026, 9, 6, 1, 0))
        // A whole day due on the Saturday before is due then, and that Sunday has 23 hours.
        #expect(Due.day(day(2026, 9, 5)).instant(in: santiago) == start)
        #expect(start - santiago.startOfDay(day(2026, 9, 5)) == 24 * 3600)
        #expect(santiago.startOfDay(day(2026, 9, 7)) - start == 23 * 3600)
        // Falling back at midnight repeats 23:00-24:00 of the Saturday, so Sunday's midnight is unique.
        #expect(santiago.startOfDay(day(2026, 4, 5)) == at("2026-04-05T04:00:00Z"))
    }

    @Test func rejectsFilesThatAreNotTZif() {
        #expect(Zone.tzif([], name: "x") == nil)
        #expect(Zone.tzif(Array("not a zone file at all, just some text........".utf8), name: "x") == nil)
        var truncated = Array(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Berlin") ?? Data())
        truncated = Array(truncated.prefix(100))
        #expect(Zone.tzif(truncated, name: "x") == nil)
    }

    @Test func utcAndFixedZones() {
        #expect(Zone.utc.offset(at: at("2026-07-01T00:00:00Z")) == 0)
        let plus = Zone.fixed(19_800, name: "+0530")
        #expect(plus.offset(at: at("2060-07-01T00:00:00Z")) == 19_800)
        #expect(plus.instant(wall(2026, 1, 1, 5, 30)) == at("2026-01-01T00:00:00Z"))
    }
}
