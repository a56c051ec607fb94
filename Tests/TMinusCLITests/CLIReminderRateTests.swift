import Foundation
import Testing
import TMinusCore

/// Another source's reminders over time (docs/reminders.md, "A flood from others"): a synced
/// summary that keeps bringing new due reminders gets a few notifications per ten minutes, one
/// ledger line per group, and a long-running notifier reads it again at most every few seconds.
@Suite("CLI: a source's notifications over time")
struct CLIReminderRateTests {
    /// A home with the stand-in notify-send and a summary source "laptop" at ~/phone.json.
    static func home() throws -> CLIRemindersTests.Notifying {
        let n = try CLIRemindersTests.Notifying()
        let config = n.h.root.appendingPathComponent("config/tminus")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try #"{"sources": [{"name": "laptop", "kind": "summary", "path": "~/phone.json"}]}"#.write(
            to: config.appendingPathComponent("config.json"), atomically: false, encoding: .utf8)
        return n
    }

    /// Rewrites ~/phone.json with `count` deadlines named `prefix`1… whose reminder is `remind`.
    static func sync(_ n: CLIRemindersTests.Notifying, _ prefix: String, count: Int, remind: String) throws {
        var deadlines: [String] = []
        for i in 1...count {
            deadlines.append(
                #"{"id":"\#(prefix)\#(i)","handle":\#(i),"title":"Spam \#(prefix)\#(i)","due":"2026-03-11T13:00:00Z","remind":"\#(remind)"}"#
            )
        }
        let phone =
            #"{"format":"tminus-summary","version":1,"generated":"2026-03-10T11:00:00Z","sources":[],"tags":[],"deadlines":["#
            + deadlines.joined(separator: ",") + #"],"todos":[]}"#
        let url = n.h.root.appendingPathComponent("phone.json")
        try phone.write(to: n.h.root.appendingPathComponent("phone.json.new"), atomically: false, encoding: .utf8)
        _ = rename(n.h.root.appendingPathComponent("phone.json.new").path, url.path)
    }

    func ledgerBytes(_ n: CLIRemindersTests.Notifying) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: n.h.home.appendingPathComponent("reminders.jsonl").path)[
            .size] as? Int) ?? 0
    }

    /// Fifteen `notify --once` runs, each finding 2,000 new due reminders of one source, made 90
    /// notifications and a 5.6 MB ledger. Now: six in ten minutes (five and "and N more"), the
    /// rest waits for the window and then comes as one; one ledger line per group; nothing twice.
    @Test func aSourceThatKeepsBringingNewRemindersStaysAtItsRate() throws {
        let n = try Self.home()
        try n.run("remind", "My own", "--in", "0m", now: "2026-03-10T12:00:00Z")
        for pass in 0..<15 {
            // Each pass's reminders are due five seconds before it.
            let time = "2026-03-10T12:0\(pass / 3):"
            try Self.sync(n, "p\(pass)-", count: 2000, remind: time + String(format: "%02dZ", 5 + 10 * (pass % 3)))
            let now = time + "\(10 + 10 * (pass % 3))Z"
            #expect(try n.run("notify", "--once", now: now).status == 0)
        }
        // My own and six of laptop's: five one by one, one for the rest of the first 2,000.
        #expect(n.summaries.count == 1 + 6, "\(n.summaries.count) notifications: \(n.summaries.suffix(3))")
        #expect(n.summaries.contains("My own") && n.summaries.contains("and 1995 more reminders from laptop"))
        #expect(ledgerBytes(n) < 8_000, "the ledger is \(ledgerBytes(n)) bytes")
        // Ten minutes after the first: the 2,000 now due come as five and one for the rest.
        #expect(try n.run("notify", "--once", now: "2026-03-10T12:10:11Z").status == 0)
        #expect(n.summaries.count == 1 + 6 + 6, "\(n.summaries.suffix(3))")
        #expect(n.summaries.last == "and 1995 more reminders from laptop")
        #expect(ledgerBytes(n) < 12_000, "the ledger is \(ledgerBytes(n)) bytes")
        // Nothing sent twice, also when the window frees again.
        #expect(try n.run("notify", "--once", now: "2026-03-10T12:30:00Z").status == 0)
        #expect(n.summaries.count == 13)
        let list = try n.run("list", "--reminders", now: "2026-03-10T12:30:00Z")
        #expect(list.stdout.contains("grouped") && list.stdout.contains("1995 reminders  (laptop)"), "\(list.stdout)")
        #expect(!list.stdout.contains(" due "), "\(list.stdout)")
    }

    /// Reminders too old to send (past catchUp) were one `missed` line each, every pass: now a
    /// few and one line for the rest.
    @Test func oldRemindersOfASourceAreOneMissedLine() throws {
        let n = try Self.home()
        for pass in 0..<5 {
            try Self.sync(n, "m\(pass)-", count: 2000, remind: "2026-03-08T12:00:0\(pass)Z")
            #expect(try n.run("notify", "--once", now: "2026-03-10T12:00:\(10 + pass)Z").status == 0)
        }
        #expect(n.summaries.isEmpty)
        #expect(ledgerBytes(n) < 4_000, "the ledger is \(ledgerBytes(n)) bytes")
    }

    /// A synced summary rewritten every 0.2 s with new due reminders: 504 notifications in a
    /// minute and 51 s of CPU. Now a few notifications, and a pass every two seconds at most:
    /// twenty rewrites, each once the notifier has woken for the one before, then asleep with
    /// nothing due soon.
    @Test func aSourceRewrittenEveryMomentCostsLittle() throws {
        let n = try Self.home()
        n.h.useRealClock()
        let err = n.h.root.appendingPathComponent("notify.err")
        let f = try Follower(n.h, [], extraEnv: n.env, command: ["notify"], stderr: err)
        defer { f.stop() }
        try #require(f.waitUntilWatching(), "the notifier did not start watching its files")
        let formatter = ISO8601DateFormatter()
        for round in 0..<20 {
            let woke = try f.wakeups()
            try Self.sync(n, "r\(round)-", count: 300, remind: formatter.string(from: Date()))
            try #require(try waitUntil { try f.wakeups() > woke }, "the notifier did not wake for rewrite \(round)")
        }
        var remaining: Double?
        let asleep = waitUntil {
            remaining = f.timerRemaining()
            return ProcessState.isPolling(f.process.processIdentifier) && (remaining ?? .infinity) > 3
        }
        #expect(asleep, "the notifier's timer is armed \(remaining.map { "\($0) s" } ?? "nowhere") ahead")
        #expect(n.summaries.count <= 6, "\(n.summaries.count) notifications for 20 rewrites")
        let stat = try String(contentsOfFile: "/proc/\(f.process.processIdentifier)/stat", encoding: .utf8)
        let fields = stat[stat.range(of: ") ")!.upperBound...].split(separator: " ")
        let ticks = (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
        #expect(ticks * 10 < 1500, "the notifier used \(ticks * 10) ms of CPU for 20 rewrites")
        #expect(ledgerBytes(n) < 8_000, "the ledger is \(ledgerBytes(n)) bytes")
    }
}
