import Foundation
import Testing
import TMinusCore

/// A follower outlives what happens to its files: the home deleted, moved away or made only
/// after it started, the config's folder made later, a store replaced by garbage and fixed.
@Suite("CLI: --follow when its folders come and go", .serialized)
struct CLIFollowHomeTests {
    @Test func theHomeDeletedAndMadeAgain() throws {
        let h = try TempHome()
        h.useRealClock()
        try h.ok("add", "First", "--due", "+2d")
        let f = try Follower(h, ["--format", "plain"])
        try #require(f.waitFor("First") != nil)
        try FileManager.default.removeItem(at: h.home)
        #expect(f.waitFor("no deadlines", timeout: 3) != nil)
        try h.ok("add", "Second", "--due", "+3d")
        #expect(f.waitFor("Second", timeout: 3) != nil)
        f.stop()
    }

    @Test func theHomeMovedAwayAndAnotherMadeInItsPlace() throws {
        let h = try TempHome()
        h.useRealClock()
        try h.ok("add", "First", "--due", "+2d")
        let f = try Follower(h, ["--format", "plain"])
        try #require(f.waitFor("First") != nil)
        try FileManager.default.moveItem(at: h.home, to: h.root.appendingPathComponent("moved"))
        #expect(f.waitFor("no deadlines", timeout: 3) != nil)
        try h.ok("add", "Second", "--due", "+3d")
        #expect(f.waitFor("Second", timeout: 3) != nil)
        f.stop()
    }

    @Test func aHomeAndConfigFolderMadeAfterTheStart() throws {
        // Neither the home nor the config's folder (nor its parent) exists yet.
        let deep = try TempHome()
        deep.useRealClock()
        let f = try Follower(deep, ["--format", "plain"])
        try #require(f.waitFor("no deadlines") != nil)
        #expect(!FileManager.default.fileExists(atPath: deep.home.path), "a follower creates nothing")
        try deep.ok("add", "Later", "--due", "+2d")
        #expect(f.waitFor("Later", timeout: 3) != nil)
        try deep.writeConfig(#"{ "templates": { "medium": "Cfg {title}" } }"#)
        #expect(f.waitFor("Cfg Later", timeout: 3) != nil)
        f.stop()
    }

    @Test func aGarbageStoreShowsTheErrorUntilItIsFixed() throws {
        let h = try TempHome()
        h.useRealClock()
        try h.ok("add", "Thesis", "--due", "+2d")
        let good = try #require(h.bytes("store.json"))
        let f = try Follower(h, ["--format", "waybar"])
        try #require(f.waitFor("Thesis") != nil)
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: h.storePath))
        #expect(f.waitFor("⚠ tminus", timeout: 3) != nil)
        let errorLines = f.lines.count
        // Written back in place, as an editor might.
        try good.write(to: URL(fileURLWithPath: h.storePath))
        #expect(f.waitFor("Thesis", after: errorLines, timeout: 3) != nil)
        // And it is asleep again until the countdown's next minute, its timer armed more than a
        // second ahead (within a minute's last second: for that second, then a minute ahead).
        var remaining: Double?
        let asleep = waitUntil {
            remaining = f.timerRemaining()
            return (remaining ?? 0) > 1.5
        }
        #expect(asleep, "the timer is armed \(remaining.map { "\($0) s" } ?? "nowhere") ahead")
        f.stop()
    }
}
