import Foundation
import Testing
import TMinusCore

@Suite("CLI: time zones")
struct CLITimeZoneTests {
    /// The same `--due 17:00` at the same instant (12:00Z) is a different instant per zone.
    @Test(arguments: [
        ("America/Los_Angeles", "2026-03-11T00:00:00Z", "2026-03-10T17:00:00-07:00"),
        ("Asia/Kathmandu", "2026-03-10T11:15:00Z", "2026-03-10T17:00:00+05:45"),
        ("Europe/Berlin", "2026-03-10T16:00:00Z", "2026-03-10T17:00:00+01:00"),
        ("Australia/Lord_Howe", "2026-03-10T06:00:00Z", "2026-03-10T17:00:00+11:00"),
        ("UTC", "2026-03-10T17:00:00Z", "2026-03-10T17:00:00Z"),
        // A POSIX rule instead of a zone name.
        ("EST5EDT,M3.2.0,M11.1.0", "2026-03-10T21:00:00Z", "2026-03-10T17:00:00-04:00")
    ])
    func tzChangesHowAClockTimeIsStored(tz: String, stored: String, listed: String) throws {
        let h = try TempHome()
        h.tz = tz
        try h.ok("todo", "Call", "--due", "17:00")
        let store = try JSONParser.parse(Array(try #require(h.bytes("store.json"))))
        #expect(store["items"]?.arrayValue?.first?["due"]?.stringValue == stored)
        #expect(try h.list().first?["due"]?.stringValue == listed)
        #expect(try h.summary().todos.first?.due == .instant(try #require(RFC3339.parse(stored))))
    }

    @Test func losAngelesAndKathmanduDisagreeAboutTheSameInput() throws {
        let la = try TempHome(), kathmandu = try TempHome()
        la.tz = "America/Los_Angeles"
        kathmandu.tz = "Asia/Kathmandu"
        for h in [la, kathmandu] { try h.ok("add", "Deadline", "--due", "17:00", now: "2026-03-09T22:00:00Z") }
        let a = try #require(try la.summary().deadlines.first?.due)
        let b = try #require(try kathmandu.summary().deadlines.first?.due)
        #expect(a != b)
        // At 22:00Z it is still March 9 in Los Angeles (15:00), already March 10 in Kathmandu (03:45).
        #expect(a == .instant(RFC3339.parse("2026-03-10T00:00:00Z")!))
        #expect(b == .instant(RFC3339.parse("2026-03-10T11:15:00Z")!))
    }

    @Test func todayFollowsTheLocalDate() throws {
        let la = try TempHome(), kathmandu = try TempHome()
        la.tz = "America/Los_Angeles"
        kathmandu.tz = "Asia/Kathmandu"
        for h in [la, kathmandu] { try h.ok("todo", "Milk", "--due", "today", now: "2026-03-10T20:00:00Z") }
        #expect(try la.list().first?["due"]?.stringValue == "2026-03-10")
        #expect(try kathmandu.list().first?["due"]?.stringValue == "2026-03-11")
    }

    @Test func wholeDayOverdueAtLocalMidnight() throws {
        let h = try TempHome()
        h.tz = "Asia/Kathmandu"
        try h.ok("todo", "Milk", "--due", "2026-03-10")
        // Midnight in Kathmandu is 18:15Z.
        #expect(try h.handles("--overdue", now: "2026-03-10T18:14:59Z") == [])
        #expect(try h.handles("--overdue", now: "2026-03-10T18:15:00Z") == [1])
    }

    @Test func aClockTimeInTheSpringForwardGap() throws {
        let h = try TempHome()
        h.tz = "America/Los_Angeles"
        try h.ok("todo", "Gap", "--due", "02:30", now: "2026-03-08T09:00:00Z")
        #expect(try h.list().first?["due"]?.stringValue == "2026-03-08T03:30:00-07:00")
    }
}

@Suite("CLI: long-running processes follow a changed time zone")
struct CLIZoneChangeTests {
    /// The user travels (or `timedatectl set-timezone` runs): the zone file is replaced, and a
    /// follower started in the old zone shows the new one within a second. `TZ=:/path` names the
    /// zone file here, the same watch as `/etc/localtime` without `TZ`.
    @Test func aFollowerUsesTheNewZoneWithinASecond() throws {
        let h = try TempHome()
        let dir = h.root.appendingPathComponent("etc")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let localtime = dir.appendingPathComponent("localtime").path
        #expect(symlink("/usr/share/zoneinfo/Europe/Berlin", localtime) == 0)
        try h.ok("add", "Flight", "--due", "2090-01-01T12:00Z")
        let f = try Follower(h, ["--format", "plain", "--family", "large"], extraEnv: ["TZ": ":" + localtime])
        defer { f.process.terminate() }
        #expect(f.waitFor("13:00") != nil, "\(f.lines)")
        #expect(f.waitUntilWatching())
        let seen = f.lines.count
        // As `ln -sf` does: a new link renamed over the old one.
        let temp = dir.appendingPathComponent("localtime.new").path
        #expect(symlink("/usr/share/zoneinfo/Asia/Kathmandu", temp) == 0)
        #expect(rename(temp, localtime) == 0)
        #expect(f.waitFor("17:45", after: seen) != nil, "no update in Kathmandu's time: \(f.lines)")
    }
}
