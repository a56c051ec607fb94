import Foundation
import Glibc
import Testing
import TMinusCore

/// The widget cache on the real binary at the real time (no `--now`: a poll with `--now` is never
/// cached): a cached poll prints what a full run prints, and every change of what it depends on
/// (the data, the config, the zone, the time, the binary) is seen at once.
@Suite("CLI: the widget cache")
struct CLIWidgetCacheTests {
    final class Poller: @unchecked Sendable {
        let h: TempHome
        let runtime: URL
        var config: URL { h.root.appendingPathComponent("config.json") }

        init() throws {
            h = try TempHome()
            runtime = h.root.appendingPathComponent("run")
            try FileManager.default.createDirectory(
                at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }

        /// Runs the binary as a bar would (the real clock), with the runtime folder, or with no
        /// folder to keep outputs in at all (a cache folder that cannot be made: the full run).
        func run(_ args: [String], cached: Bool = true, tz: String? = nil, env: [String: String] = [:]) throws -> (
            status: Int32, out: String
        ) {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: TminusBinary.path)
            p.arguments = ["--home", h.home.path, "--config", config.path] + args
            let folder = cached ? ["XDG_RUNTIME_DIR": runtime.path] : ["XDG_CACHE_HOME": "/dev/null"]
            p.environment = h.environment(tz: tz, extra: folder.merging(env) { $1 })
            p.currentDirectoryURL = h.root
            let out = Pipe()
            p.standardOutput = out
            p.standardError = FileHandle.nullDevice
            try p.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return (p.terminationStatus, String(decoding: data, as: UTF8.self))
        }

        func poll(_ format: String = "waybar", cached: Bool = true, tz: String? = nil) throws -> String {
            try run(["show", "--format", format], cached: cached, tz: tz).out
        }

        /// A poller on a home made by `commands`, with `config`, its files made old enough for
        /// the cache (files changed in the last 2 whole seconds are not trusted).
        static func ready(config: String = "{}", _ commands: [String]...) throws -> Poller {
            let p = try Poller()
            try config.write(to: p.config, atomically: false, encoding: .utf8)
            for c in commands { _ = try p.run(c) }
            try p.age()
            return p
        }

        /// A minute before the poller was made: where `age` moves its files' times.
        let past = Int(Date().timeIntervalSince1970) - 60

        /// Moves the times of the home's and the config's files into the past, as if they had
        /// been written a minute ago (what the 2-second rule looks at); the summary, which
        /// records the store's time, then catches up in a full run, and is moved too.
        func age() throws {
            try backdate(h.home, to: past)
            try backdate(config, to: past)
            _ = try poll(cached: false)
            try backdate(h.home, to: past)
        }

        /// Polls until the output differs from `shown` (the clock's second turned); the output.
        func pollUntilChanged(from shown: String, _ format: String = "plain") throws -> String {
            var now = shown
            try waitUntil(every: 50_000) {
                now = try poll(format)
                return now != shown
            }
            return now
        }

        var kept: [URL] {
            ((try? FileManager.default.contentsOfDirectory(
                at: runtime.appendingPathComponent("tminus"), includingPropertiesForKeys: nil)) ?? [])
                .filter { $0.lastPathComponent.hasPrefix("widget-") }
        }

        /// A cached poll and a full one agree (a second boundary may fall between: then the next
        /// cached one agrees with the full one).
        func agrees(_ format: String = "waybar", tz: String? = nil, sourceLocation: SourceLocation = #_sourceLocation)
            throws
        {
            let a = try poll(format, tz: tz)
            let b = try poll(format, cached: false, tz: tz)
            let c = try poll(format, tz: tz)
            #expect(a == b || b == c, "cached \(a) / full \(b) / cached \(c)", sourceLocation: sourceLocation)
        }
    }

    @Test func aCachedPollPrintsWhatAFullRunPrints() throws {
        let p = try Poller.ready(["add", "Thesis", "--due", "+3d"], ["todo", "Buy milk", "--due", "+2h"])
        _ = try p.poll()
        #expect(p.kept.count == 1)
        let kept = try #require(p.kept.first)
        let attributes = try FileManager.default.attributesOfItem(atPath: kept.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        for format in ["waybar", "i3blocks", "polybar", "plain", "json"] { try p.agrees(format) }
        for zone in ["America/Los_Angeles", "Australia/Lord_Howe", "Asia/Kathmandu"] { try p.agrees(tz: zone) }
        #expect(p.kept.count == 8, "kept: \(p.kept.map(\.lastPathComponent))")
    }

    @Test func everyChangeIsSeenAtOnce() throws {
        let p = try Poller.ready(["add", "Thesis", "--due", "+3d"])
        var before = try p.poll()
        var again = try p.poll()
        // (A minute's boundary may fall between two polls on a loaded machine: then the next two
        // agree.)
        if again != before {
            before = again
            again = try p.poll()
        }
        #expect(again == before && p.kept.count == 1, "\(before) / \(again) / \(p.kept.map(\.lastPathComponent))")
        // The data: a new deadline that comes first.
        _ = try p.run(["add", "Exam", "--due", "+5h"])
        let data = try p.poll()
        let full = try p.poll(cached: false)
        // (A minute's boundary may fall between the two on a loaded machine: then the next cached
        // poll agrees with the full one.)
        let next = data == full ? data : try p.poll()
        #expect(data.contains("Exam") && (data == full || next == full), "\(data) / \(full) / \(next)")
        // The config: the text of an over deadline and the countdown's precision.
        try #"{ "precision": "seconds" }"#.write(to: p.config, atomically: false, encoding: .utf8)
        let config = try p.poll()
        #expect(
            config != data && config.range(of: #"Exam \d\d:\d\d:\d\d"#, options: .regularExpression) != nil, "\(config)"
        )
        // The time: with seconds shown, the output changes every second and stays right.
        try p.age()
        let first = try p.poll("plain")
        let later = try p.pollUntilChanged(from: first)
        #expect(first != later, "\(first) then \(later)")
        try p.agrees("plain")
        // A broken kept file is a full run (and kept again).
        for url in p.kept { try Data("tminus-widget-cache 2\ngarbage".utf8).write(to: url) }
        try p.agrees("plain")
    }

    @Test func theOutputsToComeAreKeptOnce() throws {
        let p = try Poller.ready(config: #"{ "precision": "seconds" }"#, ["add", "Exam", "--due", "+5h"])
        let first = try p.poll("plain")
        let kept = try #require(p.kept.first)
        let inode = try #require(
            try FileManager.default.attributesOfItem(atPath: kept.path)[.systemFileNumber] as? UInt64)
        // A second later the countdown says something else, and it still comes from the same
        // kept file (a full run would write a new one), as a full run prints it.
        let later = try p.pollUntilChanged(from: first)
        let full = try p.poll("plain", cached: false)
        let again = try #require(
            try FileManager.default.attributesOfItem(atPath: kept.path)[.systemFileNumber] as? UInt64)
        #expect(first != later, "\(first) then \(later)")
        #expect(later == full || later != first && full != first, "kept \(later) / full \(full)")
        #expect(again == inode, "the later poll ran in full")
        // json names the second itself: its output is kept for that second only.
        // json names the second itself: its output is kept for that second only, so each poll
        // names the second it ran in.
        func jsonPoll(after shown: String?) throws -> (text: String, date: Int64, from: Int64, to: Int64) {
            let from = Int64(Date().timeIntervalSince1970)
            let text = try shown.map { try p.pollUntilChanged(from: $0, "json") } ?? p.poll("json")
            let to = Int64(Date().timeIntervalSince1970)
            let dateText = try #require(try JSONParser.parse(text)["date"]?.stringValue)
            let date = try #require(RFC3339.parse(dateText))
            return (text, date.seconds, from, to)
        }
        let json = try jsonPoll(after: nil)
        let jsonLater = try jsonPoll(after: json.text)
        for j in [json, jsonLater] { #expect(j.from <= j.date && j.date <= j.to, "\(j)") }
    }

    /// Twenty minutes before midnight (a zone made for the moment: a POSIX TZ whose offset puts
    /// now at 23:40), the outputs are kept until midnight, not for the hour: what they show after
    /// it (the next day's todos) the first run after midnight reads. A todo due tomorrow is not in
    /// the kept tooltip, and the cached poll agrees with the full run.
    @Test func beforeMidnightTheOutputsAreKeptUntilMidnight() throws {
        let utc = Int64(Date().timeIntervalSince1970)
        // The offset (whole minutes, within a day) that makes now 23:40 local.
        var offset = ((86_400 - 20 * 60 - utc % 86_400) % 86_400 + 86_400) % 86_400 / 60 * 60
        if offset > 12 * 3_600 { offset -= 86_400 }
        let tz =
            "XYZ" + (offset >= 0 ? "-" : "+")
            + String(format: "%02d:%02d", abs(offset) / 3_600, abs(offset) % 3_600 / 60)
        let p = try Poller.ready(
            ["add", "Thesis", "--due", "+3d"], ["todo", "Buy milk", "--due", "+10m"],
            ["todo", "Tomorrow's errand", "--due", "+3h"])
        let first = try p.poll(tz: tz)
        #expect(first.contains("Buy milk") && !first.contains("errand"), "\(first)")
        let kept = try #require(p.kept.first)
        let lines = try String(contentsOf: kept, encoding: .utf8).split(separator: "\n")
        let span = lines[2].split(separator: " ").compactMap { Int64($0) }
        let midnight = (utc + offset) / 86_400 * 86_400 + 86_400 - offset
        #expect(span.count == 3 && span[1] == midnight, "kept \(lines[2]); midnight \(midnight), now \(utc) (\(tz))")
        try p.agrees(tz: tz)
    }

    /// Where a session has no runtime folder (cron, a bare ssh, some tmux servers), the outputs
    /// are kept in the user's cache folder instead: `$XDG_CACHE_HOME/tminus`, else
    /// `~/.cache/tminus`; the second poll is answered from there, as a full run prints it.
    @Test func withoutARuntimeFolderTheCacheFolderKeeps() throws {
        let p = try Poller.ready(["add", "Thesis", "--due", "+3d"], ["todo", "Buy milk", "--due", "+2h"])
        let home = p.h.root.appendingPathComponent("user")
        let cache = p.h.root.appendingPathComponent("cache")
        for (env, folder) in [
            (["HOME": home.path, "XDG_CACHE_HOME": ""], home.appendingPathComponent(".cache/tminus")),
            (["HOME": home.path, "XDG_CACHE_HOME": cache.path], cache.appendingPathComponent("tminus"))
        ] {
            func kept() -> [String] {
                ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
                    $0.hasPrefix("widget-")
                }
            }
            let first = try p.run(["show", "--format", "waybar"], cached: false, env: env).out
            let files = kept()
            #expect(files.count == 1, "\(env): \(files)")
            let file = try #require(files.first.map { folder.appendingPathComponent($0).path })
            let inode = try FileManager.default.attributesOfItem(atPath: file)[.systemFileNumber] as? UInt64
            let mode = try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int
            #expect(mode == 0o700)
            let second = try p.run(["show", "--format", "waybar"], cached: false, env: env).out
            let full = try p.poll(cached: false)
            #expect(second == first || second == full, "\(first) / \(second) / \(full)")
            // Answered from the kept file (a full run would have kept a new one).
            #expect(try FileManager.default.attributesOfItem(atPath: file)[.systemFileNumber] as? UInt64 == inode)
        }
        // A cache folder that cannot be made: nothing kept, the full run every time.
        let blocked = try p.run(["show", "--format", "waybar"], cached: false, env: ["HOME": "/dev/null"])
        #expect(blocked.status == 0 && blocked.out.contains("Thesis"))
    }

    @Test func aClickIsNeverAnsweredFromTheCache() throws {
        // (Half an hour past a whole hour: the hours shown stay the same however slow the machine;
        // due at +2d, the countdown's hour turned a minute after the add, and a loaded run saw
        // "2d 0h" clicked and "1d 23h" polled.)
        let p = try Poller.ready(["add", "First", "--due", "+1470m"], ["add", "Second", "--due", "+2910m"])
        let shown = try p.poll("i3blocks")
        #expect(shown.hasPrefix("First"))
        // i3blocks runs the command with the button set on a click: another deadline shows, and
        // the polls after it show that one.
        let clicked = try p.run(["show", "--format", "i3blocks"], env: ["BLOCK_BUTTON": "4"]).out
        #expect(clicked.hasPrefix("Second"), "\(clicked)")
        let after = try p.poll("i3blocks")
        #expect(after == clicked)
    }
}
