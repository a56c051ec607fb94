import Foundation
import Testing
import TMinusCore

/// Reminders end to end on the built binary, with a stand-in `notify-send` on PATH that logs each
/// notification (one JSON-ish line: the arguments joined by a separator) and prints an id, as the
/// real one does. Tests/notify/run.sh does the same against a real server (dunst).
@Suite("CLI: reminders and the notifier")
struct CLIRemindersTests {
    /// A home whose PATH has the stand-in notify-send (`fail` makes it fail as with no server).
    final class Notifying: @unchecked Sendable {
        let h: TempHome
        let bin: URL
        var log: URL { h.root.appendingPathComponent("notifications.log") }

        init(fail: Bool = false) throws {
            h = try TempHome()
            bin = h.root.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try install(fail: fail)
        }

        func install(fail: Bool) throws {
            let script =
                fail
                ? "#!/bin/sh\necho 'Cannot connect to the notification server' >&2\nexit 1\n"
                : "#!/bin/sh\nsleep 0.05\nfor a in \"$@\"; do printf '%s\\037' \"$a\"; done >> '\(log.path)'\necho >> '\(log.path)'\necho 42\n"
            let url = bin.appendingPathComponent("notify-send")
            try? FileManager.default.removeItem(at: url)
            try script.write(to: url, atomically: false, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        }

        var env: [String: String] { ["PATH": bin.path + ":/usr/bin:/bin"] }

        @discardableResult
        func run(_ args: String..., now: String? = nil) throws -> RunResult { try h.run(args, now: now, env: env) }

        /// Each notification sent so far, as its arguments.
        var sent: [[String]] {
            guard let text = try? String(contentsOf: log, encoding: .utf8) else { return [] }
            return text.split(separator: "\n").map {
                $0.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init).dropLast()
            }
        }

        /// The summary (the argument after `--`) of each notification.
        var summaries: [String] { sent.compactMap { args in args.firstIndex(of: "--").map { args[$0 + 1] } } }
        var ledger: String {
            (try? String(contentsOf: h.home.appendingPathComponent("reminders.jsonl"), encoding: .utf8)) ?? ""
        }
    }

    /// Private mode: a notification shows the tag (or "busy"), never the title or the note.
    @Test func privateModeHidesTitlesInNotifications() throws {
        let n = try Notifying()
        #expect(
            try n.run("remind", "Secret call", "--in", "10m", "--note", "Secret note", now: "2026-03-10T12:00:00Z")
                .status == 0)
        #expect(try n.run("privacy", "on", now: "2026-03-10T12:00:00Z").status == 0)
        #expect(try n.run("notify", "--once", now: "2026-03-10T12:10:30Z").status == 0)
        #expect(n.summaries == ["busy"], "\(n.sent)")
        #expect(!n.sent.joined().contains { $0.contains("Secret") }, "\(n.sent)")
    }

    @Test func aReminderIsSentOnceAndRecorded() throws {
        let n = try Notifying()
        let added = try n.run(
            "remind", "Call Sam", "--in", "10m", "--note", "about <the> trip & more", now: "2026-03-10T12:00:00Z")
        #expect(added.status == 0 && added.stdout.contains("added todo #1 Call Sam, reminder today 13:10"))
        #expect(try n.run("notify", "--once", now: "2026-03-10T12:05:00Z").status == 0)
        #expect(n.sent.isEmpty)
        #expect(try n.run("notify", "--once", now: "2026-03-10T12:10:30Z").status == 0)
        #expect(try n.run("notify", "--once", now: "2026-03-10T12:11:00Z").status == 0)
        #expect(n.summaries == ["Call Sam"])
        let args = try #require(n.sent.first)
        #expect(args.contains("--urgency=normal") && args.contains("--app-name=tminus"))
        // Without gdbus's answer the body is escaped: markup shown literally is safe.
        #expect(args.last == "about &lt;the&gt; trip &amp; more")
        #expect(n.ledger.components(separatedBy: "\"state\":\"sending\"").count == 2)
        #expect(n.ledger.components(separatedBy: "\"state\":\"sent\"").count == 2)
        let list = try n.run("list", "--reminders", now: "2026-03-10T12:11:00Z")
        #expect(list.stdout.contains("sent") && list.stdout.contains("#1 Call Sam"))
    }

    @Test func notifiersRunningTogetherSendEachReminderOnce() throws {
        let n = try Notifying()
        for i in 1...8 { try n.run("remind", "R\(i)", "--in", "\(i)s", now: "2026-03-10T12:00:00Z") }
        let runs = try (0..<4).map { _ in try n.h.start(["notify", "--once"], now: "2026-03-10T12:01:00Z", env: n.env) }
        for r in runs { #expect(try r.wait().status == 0) }
        #expect(n.summaries.sorted() == (1...8).map { "R\($0)" }.sorted())
    }

    @Test func missedRemindersAreCaughtUpWithinCatchUpAndRecordedBeyondIt() throws {
        let n = try Notifying()
        try n.run("remind", "Two days ago", "--at", "2026-03-08T12:00", now: "2026-03-08T11:00:00Z")
        try n.run("remind", "An hour ago", "--at", "2026-03-10T12:00", now: "2026-03-08T11:00:00Z")
        #expect(try n.run("notify", "--once", now: "2026-03-10T12:00:00Z").status == 0)
        #expect(n.summaries == ["An hour ago"])
        #expect(n.sent.first?.last?.hasSuffix("missed at today 12:00") == true)
        let list = try n.run("list", "--reminders", "--json", now: "2026-03-10T12:00:00Z").json()
        #expect(list.arrayValue?.map { $0["state"]?.stringValue } == ["missed", "sent late"])
        #expect(
            try n.run("list", "--reminders", "--year", "2025", now: "2026-03-10T12:00:00Z").stdout.contains(
                "no reminders in 2025"))
    }

    @Test func aFailedSendIsTriedAgainAndThenSentOnce() throws {
        let n = try Notifying(fail: true)
        try n.run("remind", "Dentist", "--in", "1m", now: "2026-03-10T12:00:00Z")
        let failed = try n.run("notify", "--once", now: "2026-03-10T12:02:00Z")
        #expect(failed.status == 1)
        #expect(
            failed.stderrLines.count == 1 && failed.stderr.contains("could not reach the notification server"),
            "\(failed.stderr)")
        try n.install(fail: false)
        #expect(try n.run("notify", "--once", now: "2026-03-10T12:03:00Z").status == 0)
        #expect(try n.run("notify", "--once", now: "2026-03-10T12:04:00Z").status == 0)
        #expect(n.summaries == ["Dentist"])
    }

    @Test func withoutNotifySendTheNotifierSaysWhatToInstall() throws {
        let h = try TempHome()
        let r = try h.run(["notify", "--once"], env: ["PATH": "/nonexistent"])
        #expect(r.status == 1 && r.stderrLines.count == 1 && r.stderr.contains("libnotify-bin"))
    }

    @Test func againSendsNowOrArmsAgain() throws {
        let n = try Notifying()
        try n.run("todo", "Pay rent", "--remind", "12:30", now: "2026-03-10T11:00:00Z")
        try n.run("notify", "--once", now: "2026-03-10T11:31:00Z")
        let again = try n.run("remind", "--again", "Pay rent", now: "2026-03-10T11:40:00Z")
        #expect(again.status == 0 && again.stdout.contains("sent the reminder for #1 Pay rent again"))
        #expect(n.summaries == ["Pay rent", "Pay rent"])
        let armed = try n.run("remind", "--again", "1", "--in", "10m", now: "2026-03-10T11:45:00Z")
        #expect(armed.stdout.contains("armed again for today 12:55"))
        try n.run("notify", "--once", now: "2026-03-10T11:50:00Z")
        #expect(n.summaries.count == 2)
        try n.run("notify", "--once", now: "2026-03-10T11:56:00Z")
        #expect(n.summaries.count == 3)
        let bad = try n.run("remind", "--again", "99", now: "2026-03-10T11:56:00Z")
        #expect(bad.status == 2 && bad.stderrLines.count == 1)
    }

    @Test func deadlineAlertsComeBeforeAndWhenItIsOver() throws {
        let n = try Notifying()
        try n.h.writeConfig(#"{ "alerts": ["1h", "0"] }"#)
        try n.run("add", "Thesis", "--due", "2026-03-10T18:00", now: "2026-03-09T12:00:00Z")
        try n.run("notify", "--once", now: "2026-03-10T16:00:30Z")
        #expect(n.sent.last?.contains("--urgency=normal") == true)
        #expect(n.sent.last?.last == "due today 18:00 · in 59 minutes")
        try n.run("notify", "--once", now: "2026-03-10T17:00:10Z")
        #expect(n.summaries == ["Thesis", "Thesis"])
        #expect(n.sent.last?.contains("--urgency=critical") == true)
        #expect(n.sent.last?.last == "over · was due today 18:00")
    }

    @Test func dryRunPrintsJSONLinesAndRecordsNothing() throws {
        let n = try Notifying()
        try n.run("remind", "<b>Call</b>", "--in", "1m", now: "2026-03-10T12:00:00Z")
        let r = try n.h.run(
            ["notify", "--once", "--dry-run"], now: "2026-03-10T12:03:00Z", env: ["PATH": "/nonexistent"])
        #expect(r.status == 0)
        let line = try JSONParser.parse(r.stdout)
        #expect(line["summary"]?.stringValue == "<b>Call</b>" && line["urgency"]?.stringValue == "normal")
        #expect(line["late"]?.boolValue == true && line["handle"]?.intValue == 1)
        #expect(!FileManager.default.fileExists(atPath: n.h.home.appendingPathComponent("reminders.jsonl").path))
    }

    @Test func theLongRunningNotifierSendsWhenTheReminderIsDue() throws {
        let n = try Notifying()
        n.h.useRealClock()
        let f = try Follower(n.h, [], extraEnv: n.env, command: ["notify"])
        defer { f.stop() }
        try #require(f.waitUntilWatching(), "the notifier did not start watching its files")
        try n.h.ok("remind", "Kettle", "--in", "1s")
        waitUntil { !n.summaries.isEmpty }
        #expect(n.summaries == ["Kettle"])
        // Sent once: by the time a second reminder due a second later is sent (a pass or more
        // after the first), the first has not been sent again.
        try n.h.ok("remind", "Tea", "--in", "1s")
        waitUntil { n.summaries.contains("Tea") }
        #expect(n.summaries == ["Kettle", "Tea"])
    }

    /// Without a notification server (a tty, ssh, a session with no daemon) the notifier tried
    /// ~225 times a second, woke on its own ledger writes and grew the ledger by 56 KB/s. Now: one
    /// try, then one a minute; the promise (`sending`) is written once; one line on stderr.
    @Test func withoutAServerTheNotifierWaitsAMinuteAndWritesNothingMore() throws {
        let n = try Notifying(fail: true)
        n.h.useRealClock()
        // The stand-in counts its calls.
        let calls = n.h.root.appendingPathComponent("calls")
        let script =
            "#!/bin/sh\necho x >> '\(calls.path)'\necho 'Cannot connect to the notification server' >&2\nexit 1\n"
        try script.write(to: n.bin.appendingPathComponent("notify-send"), atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes(
            [.posixPermissions: 0o755], ofItemAtPath: n.bin.appendingPathComponent("notify-send").path)
        try n.h.ok("remind", "Kettle", "--in", "1s")
        let err = n.h.root.appendingPathComponent("notify.err")
        let f = try Follower(n.h, [], extraEnv: n.env, command: ["notify"], stderr: err)
        defer { f.stop() }
        try #require(f.waitUntilWatching(), "the notifier did not start watching its files")
        // Wait for the first try, then for the notifier to sleep until the next one: its timer
        // armed most of a minute ahead.
        waitUntil { !((try? String(contentsOf: calls, encoding: .utf8)) ?? "").isEmpty }
        var remaining: Double?
        let asleep = waitUntil {
            remaining = f.timerRemaining()
            return (remaining ?? 0) > 30
        }
        #expect(asleep, "the notifier's timer is armed \(remaining.map { "\($0) s" } ?? "nowhere") ahead")
        let tries = ((try? String(contentsOf: calls, encoding: .utf8)) ?? "").split(separator: "\n").count
        #expect(tries == 1, "notify-send was run \(tries) times")
        let ledger = n.ledger.split(separator: "\n")
        #expect(ledger.count == 1 && ledger.first?.contains("\"state\":\"sending\"") == true, "\(ledger)")
        let stderr = ((try? String(contentsOf: err, encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(
            stderr.count == 1 && stderr.first?.contains("Cannot connect to the notification server") == true
                && stderr.first?.contains("trying again every minute") == true, "\(stderr)")
        // Its CPU time (utime + stime in /proc/PID/stat, clock ticks of 10 ms): next to nothing.
        let stat = try String(contentsOfFile: "/proc/\(f.process.processIdentifier)/stat", encoding: .utf8)
        let fields = stat[stat.range(of: ") ")!.upperBound...].split(separator: " ")
        let ticks = (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
        #expect(ticks < 10, "the notifier used \(ticks * 10) ms of CPU")
    }

    @Test func aDryRunPrintsWhatIsDueAndExits() throws {
        let n = try Notifying()
        try n.run("remind", "Kettle", "--in", "1m", now: "2026-03-10T12:00:00Z")
        let r = try n.h.run(["notify", "--dry-run"], now: "2026-03-10T12:01:30Z", env: ["PATH": "/nonexistent"])
        #expect(r.status == 0 && r.stdout.contains("\"summary\":\"Kettle\""))
    }

    @Test func remindNeedsOneOfInOrAt() throws {
        let h = try TempHome()
        for args in [
            ["remind", "x"], ["remind", "x", "--in", "soon"], ["remind", "x", "--in", "1m", "--at", "12:00"],
            ["remind", "--again", "1", "--note", "n"]
        ] {
            let r = try h.run(args)
            #expect(r.status == 2 && r.stderrLines.count == 1, "\(args)")
        }
        #expect(!FileManager.default.fileExists(atPath: h.storePath))
    }
}

@Suite("CLI: a calendar's alarms are reminders")
struct CLICalendarAlarmTests {
    @Test func aVALARMIsSentOnceAndDoneWritesBack() throws {
        let f = try SourcesFixture()
        try f.write(
            "calendars/work/dentist.ics",
            """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//pimutils.org//todoman//EN\r
            BEGIN:VTODO\r
            UID:dentist-uid\r
            SUMMARY:Dentist <b>at 15:00</b>\r
            DUE;TZID=Europe/Berlin:20260310T150000\r
            BEGIN:VALARM\r
            ACTION:DISPLAY\r
            TRIGGER:-PT30M\r
            END:VALARM\r
            END:VTODO\r
            END:VCALENDAR\r

            """)
        // 14:29 in Berlin: not yet; 14:31: the alarm (30 minutes before the due time) is due.
        let before = try f.h.run(["notify", "--once", "--dry-run"], now: "2026-03-10T13:29:00Z")
        #expect(before.status == 0 && !before.stdout.contains("Dentist"))
        let at = try f.h.run(["notify", "--once", "--dry-run"], now: "2026-03-10T13:31:00Z")
        let line = try #require(at.stdout.split(separator: "\n").first { $0.contains("Dentist") })
        let json = try JSONParser.parse(String(line))
        #expect(json["summary"]?.stringValue == "Dentist <b>at 15:00</b>")
        #expect(json["source"]?.stringValue == "cal")
        #expect(json["at"]?.stringValue == "2026-03-10T14:30:00+01:00")
        #expect(json["body"]?.stringValue == "due today 15:00 · in 29 minutes\nfrom cal")
    }

    /// A synced summary with 2,000 reminders due at once became 2,000 notify-send calls (and, with
    /// buttons, 2,000 waiting processes until "Too many open files"). Now a source gets a few
    /// notifications a pass and one for the rest; every reminder is recorded sent, once.
    @Test func aFloodFromOneSourceIsAFewNotificationsAndOneForTheRest() throws {
        let n = try CLIRemindersTests.Notifying()
        var deadlines: [String] = []
        for i in 1...300 {
            deadlines.append(
                #"{"id":"f\#(i)","handle":\#(i),"title":"Spam \#(i) <b>","due":"2026-03-10T13:00:00Z","remind":"2026-03-10T12:00:00Z"}"#
            )
        }
        let phone =
            #"{"format":"tminus-summary","version":1,"generated":"2026-03-10T11:00:00Z","sources":[],"tags":[],"deadlines":["#
            + deadlines.joined(separator: ",") + #"],"todos":[]}"#
        try phone.write(to: n.h.root.appendingPathComponent("phone.json"), atomically: false, encoding: .utf8)
        let config = n.h.root.appendingPathComponent("config/tminus")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try #"{"sources": [{"name": "laptop", "kind": "summary", "path": "~/phone.json"}]}"#.write(
            to: config.appendingPathComponent("config.json"), atomically: false, encoding: .utf8)
        try n.run("remind", "My own", "--in", "0m", now: "2026-03-10T12:00:00Z")
        let r = try n.run("notify", "--once", now: "2026-03-10T12:00:20Z")
        #expect(r.status == 0, "\(r)")
        #expect(n.summaries.count == 5 + 1 + 1, "\(n.summaries.count) notifications: \(n.summaries.suffix(3))")
        #expect(n.summaries.contains("and 295 more reminders from laptop"), "\(n.summaries)")
        #expect(n.summaries.contains("My own"))
        // (The body has several lines: read from the log as it is. Titles in natural order: the
        // first five one by one were Spam 1 to 5.)
        let log = (try? String(contentsOf: n.log, encoding: .utf8)) ?? ""
        #expect(
            log.contains("and 295 more reminders from laptop\u{1F}• Spam 6 &lt;b&gt;\n• Spam 7"),
            "\(log.suffix(400))")
        #expect(log.contains("… and 290 more"))
        // Each is recorded once: the six one by one, the 295 as one line (docs/reminders.md).
        #expect(n.ledger.components(separatedBy: "\"state\":\"sent\"").count - 1 == 7)
        #expect(n.ledger.contains(#""key":"group/1773144020/laptop","state":"sent""#), "\(n.ledger)")
        // Nothing is sent twice.
        #expect(try n.run("notify", "--once", now: "2026-03-10T12:01:00Z").status == 0)
        #expect(n.summaries.count == 7)
    }

    /// The ledger grew ~400 bytes a reminder, forever. Past 1 MB it is trimmed to what can still
    /// matter (the last week's reminders): a reminder sent yesterday is still known as sent.
    @Test func theLedgerIsTrimmedAndKeepsWhatStillMatters() throws {
        let n = try CLIRemindersTests.Notifying()
        try n.run("remind", "Yesterday's", "--in", "1m", now: "2026-03-09T12:00:00Z")
        #expect(try n.run("notify", "--once", now: "2026-03-09T12:02:00Z").status == 0)
        #expect(n.summaries == ["Yesterday's"])
        // 7,000 old reminders of items long gone, as a year or two of use leaves them.
        var old = ""
        for i in 0..<7000 {
            old +=
                #"{"key":"remind/1741000000/laptop/old-\#(i)","state":"sent","at":"2025-03-03T11:06:40Z","time":"2025-03-03T11:06:41Z","item":"old-\#(i)","source":"laptop","title":"Old \#(i)"}"#
                + "\n"
        }
        let ledger = n.h.home.appendingPathComponent("reminders.jsonl")
        let handle = try FileHandle(forWritingTo: ledger)
        handle.seekToEndOfFile()
        handle.write(Data(old.utf8))
        try handle.close()
        #expect((try FileManager.default.attributesOfItem(atPath: ledger.path)[.size] as? Int ?? 0) > 1 << 20)
        try n.run("remind", "Today's", "--in", "1m", now: "2026-03-10T12:00:00Z")
        #expect(try n.run("notify", "--once", now: "2026-03-10T12:02:00Z").status == 0)
        #expect(n.summaries == ["Yesterday's", "Today's"], "nothing sent twice")
        let size = try FileManager.default.attributesOfItem(atPath: ledger.path)[.size] as? Int ?? 0
        #expect(size < 4096, "\(size) bytes")
        #expect(n.ledger.contains("Yesterday's") && !n.ledger.contains("Old 1"))
        #expect(try n.run("notify", "--once", now: "2026-03-10T12:03:00Z").status == 0)
        #expect(n.summaries.count == 2)
    }
}
