import Foundation
import Glibc
import Testing
import TMinusCore

/// `show --follow` as a bar runs it: on the real clock, lines on the boundary, a change or a
/// click shows at once, a closed reader or SIGTERM ends it with 0. Timing bounds are generous
/// (shared machines); Benchmarks/follow.sh measures the real figures.
@Suite("CLI: --follow", .serialized)
struct CLIFollowTests {
    @Test func oneLineASecondOnTheBoundary() throws {
        let h = try TempHome()
        h.useRealClock()
        try h.ok("add", "Soon", "--due", "+5m")
        let f = try Follower(h, ["--format", "json"])
        let lines = f.waitForLines(4, timeout: 6)
        f.stop()
        try #require(lines.count >= 4)
        var previous: Instant?
        for (arrival, line) in lines.dropFirst() {
            let entry = try JSONParser.parse(line)
            let dateText = try #require(entry["date"]?.stringValue)
            let dueText = try #require(entry["deadline"]?["due"]?.stringValue)
            let date = try #require(RFC3339.parse(dateText))
            let due = try #require(RFC3339.parse(dueText))
            #expect(entry["deadline"]?["remaining"]?.intValue == Int(due - date))
            if let previous { #expect(date - previous == 1) }
            previous = date
            // Never before its second (how late after it: Benchmarks/follow.sh).
            let late = arrival.timeIntervalSince1970 - Double(date.seconds)
            #expect(late >= 0, "line for \(dateText) arrived \(Int(-late * 1000)) ms before its boundary")
        }
    }

    @Test func anEditShowsAtOnce() throws {
        let h = try TempHome()
        h.useRealClock()
        try h.ok("add", "Thesis", "--due", "+3d")
        let f = try Follower(h, ["--format", "plain"])
        try #require(f.waitFor("Thesis") != nil)
        try h.ok("edit", "1", "--title", "Dissertation")
        // (How soon: Benchmarks/follow.sh.)
        #expect(f.waitFor("Dissertation") != nil)
        f.stop()
    }

    @Test func aConfigChangeAndSIGUSR1Reload() throws {
        let h = try TempHome()
        h.useRealClock()
        let config = try h.writeConfig(#"{ "templates": { "medium": "A {title}" } }"#)
        try h.ok("add", "Thesis", "--due", "+3d")
        let f = try Follower(h, ["--format", "plain"])
        try #require(f.waitFor("A Thesis") != nil)
        // Written in place (no rename), as an editor might.
        try Data(#"{ "templates": { "medium": "B {title}" } }"#.utf8).write(to: config)
        #expect(f.waitFor("B Thesis", timeout: 3) != nil)
        f.stop()
    }

    @Test func sigusr1ReadsEverythingAgain() throws {
        // The summary is a symlink into a directory nobody watches, so only SIGUSR1 can tell.
        let h = try TempHome()
        h.useRealClock()
        let elsewhere = try TempHome()
        elsewhere.now = h.now
        try elsewhere.ok("add", "Before", "--due", "+3d")
        try FileManager.default.createDirectory(at: h.home, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: h.summaryPath, withDestinationPath: elsewhere.summaryPath)
        let f = try Follower(h, ["--format", "plain"])
        try #require(f.waitFor("Before") != nil)
        // What it watches: its home, not the folder the link leads to.
        try #require(f.waitUntilWatching())
        let inode = try #require(
            FileManager.default.attributesOfItem(atPath: elsewhere.home.path)[.systemFileNumber] as? UInt64)
        let watched = ProcessState.watchedInodes(f.process.processIdentifier)
        #expect(!watched.isEmpty && !watched.contains(inode), "inotify should not see a change there")
        try elsewhere.ok("edit", "1", "--title", "After")
        kill(f.process.processIdentifier, SIGUSR1)
        #expect(f.waitFor("After", timeout: 3) != nil)
        f.stop()
    }

    @Test func nextAndPrevReachARunningFollower() throws {
        let h = try TempHome()
        h.useRealClock()
        try h.ok("add", "First", "--due", "+2d")
        try h.ok("add", "Second", "--due", "+3d")
        let f = try Follower(h, ["--format", "plain"])
        try #require(f.waitFor("First") != nil)
        let n = f.lines.count
        try h.ok("next")
        #expect(f.waitFor("Second", after: n, timeout: 3) != nil)
        let m = f.lines.count
        try h.ok("prev")
        #expect(f.waitFor("First", after: m, timeout: 3) != nil)
        f.stop()
    }

    @Test func i3barClicksOnStdinCycle() throws {
        let h = try TempHome()
        h.useRealClock()
        try h.ok("add", "First", "--due", "+2d")
        try h.ok("add", "Second", "--due", "+3d")
        let f = try Follower(h, ["--format", "i3bar"])
        let header = f.waitForLines(3)
        try #require(header.count >= 3)
        #expect(header[0].1.contains("\"click_events\":true"))
        #expect(header[1].1 == "[")
        #expect(header[2].1.hasPrefix("[{") && header[2].1.contains("First"))
        f.stdin.fileHandleForWriting.write(Data("[\n{\"name\":\"tminus\",\"instance\":\"x\",\"button\":1}\n".utf8))
        #expect(f.waitFor("Second", after: 3, timeout: 3) != nil)
        #expect(f.lines.last?.1.hasPrefix(",[{") == true)
        f.stop()
    }

    @Test func minutePrecisionSleeps() throws {
        let h = try TempHome()
        h.useRealClock()
        try h.writeConfig(#"{ "precision": "minutes" }"#)
        try h.ok("add", "Thesis", "--due", "+30m", "--start", "2025-01-01")
        let f = try Follower(h, ["--format", "waybar"])
        // (Started: its first line; the next minute may already have turned.)
        let first = f.waitForLines(1)
        try #require(first.count >= 1, "\(first.map(\.1))")
        // Asleep until the countdown's next minute: its timer is armed more than a second ahead
        // (at second precision it never is). Within the last second of a minute it is armed for
        // that second; the next arming is a minute ahead.
        var remaining: Double?
        let armed = waitUntil {
            remaining = f.timerRemaining()
            return (remaining ?? 0) > 1.5
        }
        f.stop()
        #expect(armed, "the timer is armed \(remaining.map { "\($0) s" } ?? "nowhere") ahead at minute precision")
    }

    @Test func pipedIntoHeadItEndsWithZero() throws {
        let h = try TempHome()
        h.useRealClock()
        try h.ok("add", "Later", "--due", "+10d")
        // `| head -1` while the next entry is an hour off: tminus must notice the reader is gone
        // at once (pipefail makes the pipeline's status tminus's; timeout would give 124).
        let bash = Process()
        bash.executableURL = URL(fileURLWithPath: "/bin/bash")
        bash.arguments = [
            "-c", "set -o pipefail; timeout 5 \"$0\" --home \"$1\" show --follow --format waybar | head -1",
            TminusBinary.path, h.home.path
        ]
        bash.environment = h.environment(tz: nil, extra: [:])
        let out = Pipe()
        bash.standardOutput = out
        try bash.run()
        bash.waitUntilExit()
        let line = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(line.hasPrefix("{\"text\":\"Later"))
        #expect(bash.terminationStatus == 0)
    }

    @Test func sigtermEndsWithZeroAndStopContResumesRight() throws {
        let h = try TempHome()
        h.useRealClock()
        try h.ok("add", "Soon", "--due", "+10m")
        let f = try Follower(h, ["--format", "json"])
        // (Started: its first line. A second may follow at once when a second turns meanwhile.)
        try #require(f.waitForLines(1).count >= 1)
        kill(f.process.processIdentifier, SIGSTOP)
        // Stopped until what it printed last is stale: two seconds of the clock have turned.
        func date(_ line: String) throws -> Int64 {
            let text = try #require(try JSONParser.parse(line)["date"]?.stringValue)
            return try #require(RFC3339.parse(text)).seconds
        }
        let lastLine = try #require(f.lines.last)
        let last = try date(lastLine.1)
        waitUntil(every: 50_000) { Int64(Date().timeIntervalSince1970) >= last + 2 }
        let n = f.lines.count
        let continued = Int64(Date().timeIntervalSince1970)
        kill(f.process.processIdentifier, SIGCONT)
        let resumed = f.waitForLines(n + 1)
        try #require(resumed.count > n)
        // Its next entry is of the time it was continued, not of the time it was stopped.
        #expect(try date(resumed[n].1) >= continued, "a stale entry after SIGCONT")
        f.process.terminate()
        f.process.waitUntilExit()
        #expect(f.process.terminationReason == .exit && f.process.terminationStatus == 0)
    }

    @Test func oneShotI3blocksButtonCycles() throws {
        let h = try TempHome()
        h.useRealClock()
        try h.ok("add", "First", "--due", "+2d")
        try h.ok("add", "Second", "--due", "+3d")
        let r = try h.run("show", "--format", "i3blocks", env: ["BLOCK_BUTTON": "1"])
        #expect(r.stdout.hasPrefix("Second"))
        let back = try h.run("show", "--format", "i3blocks", env: ["button": "3"])
        #expect(back.stdout.hasPrefix("First"))
    }

    @Test func followRefusesFormatsThatDoNotStream() throws {
        let h = try TempHome()
        let r = try h.run("show", "--follow", "--format", "conky")
        #expect(r.status == 2 && r.stderr.hasPrefix("tminus: "))
    }
}
