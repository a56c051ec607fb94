import Foundation
import TMinusCore
import Testing

/// The bar-facing commands as a user runs them: show, timeline, next/prev, config errors.
struct CLIWidgetTests {
    @Test func timelineAcceptanceInLosAngeles() throws {
        let h = try TempHome()
        h.tz = "America/Los_Angeles"
        h.now = "2027-03-12T10:00"
        try h.ok("add", "Thesis", "--due", "2027-03-15T16:30")
        let json = try h.ok("timeline", "--limit", "100000").json()
        let entries = try #require(json["entries"]?.arrayValue)
        #expect(json["policy"]?.stringValue == "never")
        #expect((4_900...5_300).contains(entries.count))
        var previous: Instant?
        for e in entries {
            let dateText = try #require(e["date"]?.stringValue)
            let dueText = try #require(e["deadline"]?["due"]?.stringValue)
            let date = try #require(RFC3339.parse(dateText))
            let due = try #require(RFC3339.parse(dueText))
            #expect(e["deadline"]?["remaining"]?.intValue == Int(due - date))
            if let previous { #expect(date > previous) }
            previous = date
        }
        #expect(entries.last?["date"]?.stringValue == "2027-03-15T16:30:00-07:00")
        #expect(entries.last?["state"]?.stringValue == "over")
    }

    @Test func showFamilies() throws {
        let h = try TempHome()
        h.tz = "America/Los_Angeles"
        h.now = "2027-03-12T10:00"
        try h.ok("add", "Thesis", "--due", "2027-03-15T16:30")
        try h.ok("todo", "Buy milk", "--due", "today")
        let small = try h.ok("show", "--format", "plain", "--family", "small").stdout
        #expect(small == "⏳ 3d 6h\n")
        let medium = try h.ok("show", "--format", "plain", "--family", "medium").stdout
        #expect(medium.contains("Thesis") && medium.split(separator: "\n").count == 1)
        let large = try h.ok("show", "--format", "plain", "--family", "large").stdout
        #expect(large.split(separator: "\n").count >= 3 && large.contains("Buy milk"))
    }

    @Test func wholeDayDeadlineCountsToTheEndOfThatDay() throws {
        let h = try TempHome()
        h.tz = "Asia/Kathmandu"
        h.now = "2026-11-29T20:00"
        try h.ok("add", "Tax", "--due", "2026-11-30")
        let entry = try h.ok("show", "--format", "json").json()
        #expect(entry["deadline"]?["remaining"]?.intValue == 28 * 3600)
        #expect(entry["deadline"]?["due"]?.stringValue == "2026-12-01T00:00:00+05:45")
    }

    @Test func brokenConfigShowsAnErrorEntry() throws {
        let h = try TempHome()
        let config = h.root.appendingPathComponent("bad.json")
        try "{\n  \"precision\": \"auto\",\n  \"warning\": 24h,\n}\n".write(
            to: config, atomically: false, encoding: .utf8)
        let check = try h.run("--config", config.path, "config", "check")
        #expect(check.status == 2)
        #expect(check.stderrLines.count == 1 && check.stderr.hasPrefix("tminus: ") && check.stderr.contains("line 3"))
        let show = try h.run("--config", config.path, "show", "--format", "json")
        #expect(show.status == 0)
        let entry = try show.json()
        #expect(entry["small"]?.stringValue == "⚠ tminus")
        #expect(entry["error"]?.stringValue?.contains("line 3") == true)
        let unknown = h.root.appendingPathComponent("unknown.json")
        try "{\"precison\": \"auto\"}".write(to: unknown, atomically: false, encoding: .utf8)
        let r = try h.run("--config", unknown.path, "config", "check")
        #expect(r.status == 2 && r.stderr.contains("did you mean \"precision\""))
    }

    @Test func configInitWritesAValidCommentedDefault() throws {
        let h = try TempHome()
        let path = h.root.appendingPathComponent("cfg/config.json").path
        try h.ok("--config", path, "config", "init")
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("//"))
        #expect(try h.ok("--config", path, "config", "check").stdout.contains("ok"))
        #expect(try h.run("--config", path, "config", "init").status == 2)
    }

    @Test func nextAndPrevCycle() throws {
        let h = try TempHome()
        try h.ok("add", "First", "--due", "+1d")
        try h.ok("add", "Second", "--due", "+2d")
        #expect(try h.ok("show").stdout.hasPrefix("First"))
        try h.ok("next")
        #expect(try h.ok("show").stdout.hasPrefix("Second"))
        try h.ok("prev")
        #expect(try h.ok("show").stdout.hasPrefix("First"))
        #expect(h.bytes("state.json") != nil)
    }

    /// A click pins a deadline; `next --reset` goes back to the one due next, also after the
    /// deadline due next changed meanwhile.
    @Test func nextResetGoesBackToTheDeadlineDueNext() throws {
        let h = try TempHome()
        try h.ok("add", "First", "--due", "+1d")
        try h.ok("add", "Second", "--due", "+2d")
        try h.ok("next")
        #expect(try h.ok("show").stdout.hasPrefix("Second"))
        try h.ok("add", "Sooner", "--due", "+2h")
        #expect(try h.ok("show").stdout.hasPrefix("Second"), "a click holds")
        #expect(try h.ok("next", "--reset").stdout == "showing #3 Sooner again\n")
        #expect(try h.ok("show").stdout.hasPrefix("Sooner"))
        // Nothing picked, no deadlines: it says so, and exits 0.
        let empty = try TempHome()
        #expect(try empty.ok("next", "--reset").stdout == "no deadline picked; the bar shows the one due next\n")
        #expect(try h.run("prev", "--reset").status == 2)
        // The middle button of an i3blocks block does the same.
        try h.ok("next")
        #expect(try h.ok("show").stdout.hasPrefix("First"))
        let middle = try h.run(["show", "--format", "i3blocks"], env: ["BLOCK_BUTTON": "2"])
        #expect(middle.status == 0 && middle.stdout.hasPrefix("Sooner"), "\(middle)")
        #expect(try h.ok("show").stdout.hasPrefix("Sooner"))
    }

    @Test func demoRunsWithoutAHome() throws {
        let h = try TempHome()
        let out = try h.ok("demo").stdout
        for format in ["waybar", "i3blocks", "i3bar", "polybar", "conky", "pango", "plain", "json"] {
            #expect(out.contains("== \(format) · small"))
        }
        #expect(!FileManager.default.fileExists(atPath: h.home.path))
    }

    @Test func hostileTitleInWaybarAndI3blocks() throws {
        let h = try TempHome()
        try h.ok("add", "Thesis <b>& \"draft\"", "--due", "+30m")
        let waybar = try h.ok("show", "--format", "waybar").json()
        #expect(waybar["text"]?.stringValue?.contains("Thesis &lt;b&gt;&amp; &quot;draft&quot;") == true)
        #expect(waybar["class"]?.arrayValue?.contains(.string("critical")) == true)
        let i3 = try h.run("show", "--format", "i3blocks")
        #expect(i3.status == 33)
    }
}
