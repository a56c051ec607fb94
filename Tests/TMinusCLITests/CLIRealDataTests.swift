import Foundation
import Testing
import TMinusCore
import TMinusTestSupport

/// Files other programs wrote, as users have them, on the built binary: each case here broke a
/// command before (a trap, a wrong time, a file changed that should not be).
@Suite("CLI: real data from other programs")
struct CLIRealDataTests {
    /// A VTODO at the top of SEQUENCE's range: `done` trapped (exit 132) after its promise was
    /// recorded, and from then on every command replayed it into the same trap.
    @Test func aMaximalSequenceNeitherTrapsNorPoisonsLaterCommands() throws {
        let f = try SourcesFixture()
        for sequence in ["9223372036854775807", "2147483647", "-5", "99999999999999999999999"] {
            try f.write(
                "calendars/work/report.ics",
                SourcesFixture.report.replacingOccurrences(of: "SEQUENCE:2", with: "SEQUENCE:\(sequence)"))
            let done = try f.h.run(["done", "Write report"])
            #expect(done.status == 0, "SEQUENCE:\(sequence): \(done)")
            #expect(f.text("calendars/work/report.ics").contains("STATUS:COMPLETED"))
            #expect(
                f.text("calendars/work/report.ics").contains("SEQUENCE:\(sequence == "-5" ? "1" : "2147483647")\r\n"))
            for args in [["show"], ["list"], ["doctor"]] {
                let r = try f.h.run(args)
                #expect(r.status == 0, "\(args) after SEQUENCE:\(sequence): \(r)")
            }
            #expect(try f.h.run(["undo", "Write report"]).status == 0)
        }
    }
}

@Suite("CLI: doctor after the commands that leave work for the next write")
struct CLIDoctorAfterUndoTests {
    /// `undo` and `rm` of a done item leave its archive record to be marked by the next write: a
    /// designed state, which doctor reported as a problem (exit 1) right after every such command.
    @Test func doctorIsCleanRightAfterUndoAndRm() throws {
        let h = try TempHome()
        try h.ok("todo", "Buy milk")
        try h.ok("todo", "Call mom")
        try h.ok("done", "1", "2")
        try h.ok("undo", "1")
        var doctor = try h.run("doctor")
        #expect(doctor.status == 0 && doctor.stdout.contains("note     1 removed record is not marked"), "\(doctor)")
        try h.ok("rm", "2")
        doctor = try h.run("doctor")
        #expect(doctor.status == 0, "\(doctor)")
    }
}

@Suite("CLI: a run at another time leaves nothing of it behind")
struct CLIMovingClockTests {
    /// One run with a future `--now` (or a clock stepped back after it) left that time's instances
    /// of a series in the summary: the bar showed "Standup 1650d 12h" until 2031.
    @Test func aFutureNowDoesNotStayInTheSummary() throws {
        let f = try SourcesFixture()
        try f.age()
        let before = try #require(try f.items()["Standup"]?["due"]?.stringValue)
        let future = try #require(try f.items(now: "2031-06-02T08:00:00Z")["Standup"]?["due"]?.stringValue)
        #expect(future.hasPrefix("2031-06-0"), "\(future)")
        #expect(try f.items()["Standup"]?["due"]?.stringValue == before)
        let show = try f.h.run("show", "--format", "json")
        #expect(show.status == 0 && !show.stdout.contains("2031"), "\(show)")
    }
}

@Suite("CLI: homes that read each other's summary")
struct CLIHomeCycleTests {
    static func config(_ h: TempHome, reading other: TempHome, name: String) throws {
        let dir = h.root.appendingPathComponent("config/tminus")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        // (Its todos are undated: counted in the bar's "· N todos" only with countUndated.)
        try Data(
            #"{"countUndated": true, "sources": [{"name": "\#(name)", "kind": "summary", "path": "\#(other.summaryPath)"}]}"#
                .utf8
        )
        .write(to: dir.appendingPathComponent("config.json"))
    }

    static func titles(_ h: TempHome) throws -> [String] {
        try h.list([]).compactMap { $0["title"]?.stringValue }.sorted()
    }

    /// The two-machine set-up (docs/sources.md, a summary source), both ways: each home reads the other's summary. Every
    /// write used to carry the other's copies of its own items back: after six writes a side, one
    /// todo showed 7 times. Now each item shows once, in both homes, and a third home reading both
    /// shows each once too.
    @Test func twoHomesReadingEachOtherShowEveryItemOnce() throws {
        let a = try TempHome(), b = try TempHome(), c = try TempHome()
        try Self.config(a, reading: b, name: "laptop")
        try Self.config(b, reading: a, name: "desktop")
        for i in 1...6 {
            try a.ok("todo", "A\(i)")
            try b.ok("todo", "B\(i)")
            try a.ok("list")
            try b.ok("list")
        }
        let all = (1...6).flatMap { ["A\($0)", "B\($0)"] }.sorted()
        #expect(try Self.titles(a) == all)
        #expect(try Self.titles(b) == all)
        // A third home reads both: every item reaches it twice, and shows once.
        let dir = c.root.appendingPathComponent("config/tminus")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(
            #"{"countUndated": true, "sources": [{"name": "a", "kind": "summary", "path": "\#(a.summaryPath)"}, {"name": "b", "kind": "summary", "path": "\#(b.summaryPath)"}]}"#
                .utf8
        )
        .write(to: dir.appendingPathComponent("config.json"))
        #expect(try Self.titles(c) == all)
        let show = try c.run("show", "--format", "plain")
        #expect(show.stdout == "no deadlines · 12 todos\n", "\(show)")
        #expect(try a.run("show", "--format", "plain").stdout == "no deadlines · 12 todos\n")
    }
}

@Suite("CLI: what tminus records the first time it sees an item")
struct CLIFirstSeenTests {
    static let meeting =
        "BEGIN:VCALENDAR\r\nPRODID:-//pimutils.org//khal//EN\r\nBEGIN:VEVENT\r\nUID:review\r\nSUMMARY:Review\r\nDTSTART:20260320T120000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"

    /// khal writes no CREATED: progress ran from the summary's last write, so any unrelated change
    /// to the folder reset "2% elapsed" to 0. It runs from when tminus first saw the event.
    @Test func progressOfAnEventWithoutCreatedRunsFromWhenItWasFirstSeen() throws {
        let f = try SourcesFixture()
        try f.write("calendars/work/review.ics", Self.meeting)
        try f.age()
        let first = try #require(try f.items(now: "2026-03-10T12:00:00Z")["Review"])
        #expect(first["start"]?.stringValue == "2026-03-10T13:00:00+01:00", "\(first)")
        // Five days later another file of the folder changes: the folder is read again.
        try f.drop(
            "calendars/work/other.ics", SourcesFixture.plants.replacingOccurrences(of: "plants-uid", with: "other"))
        let later = try #require(try f.items(now: "2026-03-15T12:00:00Z")["Review"])
        #expect(later["start"]?.stringValue == "2026-03-10T13:00:00+01:00", "\(later)")
        let show = try f.h.run(["show", "--format", "waybar", "--deadline", "Review"], now: "2026-03-15T12:00:00Z")
        #expect(show.stdout.contains("\"percentage\":50"), "\(show)")
    }

    /// An event that appears now (a sync, `khal new`) with alerts owed before now: they used to be
    /// sent as "missed at …"; nobody was owed them, since the event did not exist here then.
    @Test func noAlertIsOwedFromBeforeAnItemWasFirstSeen() throws {
        let f = try SourcesFixture()
        try f.writeConfig()
        var config = f.text("config/tminus/config.json")
        config = config.replacingOccurrences(
            of: "{\n", with: "{\n  \"alerts\": [\"1h\", \"0\"],\n", options: [], range: config.range(of: "{\n"))
        try f.write("config/tminus/config.json", config)
        try f.h.ok(["list"], now: "2026-03-20T11:30:00Z")
        try f.drop("calendars/work/review.ics", Self.meeting)
        // 11:30 UTC: the 1h alert (11:00) is from before the event was seen; the 0 alert is not due yet.
        let early = try f.h.run(["notify", "--once", "--dry-run"], now: "2026-03-20T11:30:00Z")
        #expect(early.status == 0 && !early.stdout.contains("Review"), "\(early)")
        let due = try f.h.run(["notify", "--once", "--dry-run"], now: "2026-03-20T12:00:10Z")
        #expect(due.stdout.split(separator: "\n").filter { $0.contains("Review") }.count == 1, "\(due)")
    }
}

@Suite("CLI: rm of another source's completed item")
struct CLIRemoveCompletedTests {
    /// `rm` of a done todo.txt line or calendar todo printed "removed" and left it in the file.
    @Test func rmOfACompletedSourceItemRemovesItFromTheSource() throws {
        let f = try SourcesFixture()
        try f.h.ok("done", "Buy milk", "Write report")
        #expect(f.text("todo.txt").contains("x 2026-03-10 Buy milk"))
        let rm = try f.h.ok("rm", "Buy milk", "Write report")
        #expect(
            rm.stdout.contains("removed") && rm.stdout.contains("(in txt)") && rm.stdout.contains("(in cal)"), "\(rm)")
        #expect(!f.text("todo.txt").contains("Buy milk"), "\(f.text("todo.txt"))")
        #expect(
            f.text("todo.txt").hasPrefix("(A) 2026-03-01 Call mom +family due:2026-03-12\nx 2026-03-02 Old\n"),
            "the other lines stay")
        #expect(!FileManager.default.fileExists(atPath: f.vdir.appendingPathComponent("work/report.ics").path))
        let all = try f.items("--all")
        #expect(all["Buy milk"] == nil && all["Write report"] == nil)
        #expect(try f.h.run("doctor").status == 0)
    }
}

@Suite("CLI: recurring calendar todos")
struct CLIRecurringTodoTests {
    /// `done` on a VTODO with an RRULE completed the whole series; now it completes this instance
    /// (a history record with its due) and the task moves on; `undo` brings the instance back.
    @Test func doneCompletesOneInstanceAndUndoBringsItBack() throws {
        let f = try SourcesFixture()
        try f.write(
            "calendars/work/bins.ics",
            "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:bins\r\nSUMMARY:Bins\r\nDUE;TZID=Europe/Berlin:20260309T200000\r\nRRULE:FREQ=WEEKLY\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        )
        try f.h.ok("done", "Bins")
        #expect(f.text("calendars/work/bins.ics").contains("DUE;TZID=Europe/Berlin:20260316T200000\r\n"))
        let all = try f.h.list(["--all"]).filter { $0["title"]?.stringValue == "Bins" }
        #expect(
            all.map { "\($0["due"]?.stringValue ?? "") \($0["completed"]?.boolValue == true)" }.sorted()
                == ["2026-03-09T20:00:00+01:00 true", "2026-03-16T20:00:00+01:00 false"])
        try f.h.ok("undo", "Bins")
        #expect(f.text("calendars/work/bins.ics").contains("DUE;TZID=Europe/Berlin:20260309T200000\r\n"))
        #expect(try f.h.list(["--all"]).filter { $0["title"]?.stringValue == "Bins" }.count == 1)
    }
}

@Suite("CLI: events in progress")
struct CLIOngoingEventTests {
    /// A meeting in progress disappeared or counted up; now it counts down to its end, in class
    /// `ongoing`, and an all-day event covers its day.
    @Test func aMeetingInProgressCountsDownToItsEnd() throws {
        let f = try SourcesFixture()
        // Wednesday's Standup, 09:30–09:45 Berlin: at 09:35 it has 10 minutes left.
        let show = try f.h.run(["show", "--format", "waybar", "--deadline", "Standup"], now: "2026-03-11T08:35:00Z")
        #expect(show.stdout.contains("\"text\":\"Standup ends in 10:00"), "\(show)")
        #expect(show.stdout.contains("\"class\":[\"ongoing\""), "\(show)")
        let item = try #require(try f.items(now: "2026-03-11T08:35:00Z")["Standup"])
        #expect(item["due"]?.stringValue == "2026-03-11T09:30:00+01:00")
        // Easter Monday (a whole day) is in progress all day.
        let easter = try f.h.run(
            ["show", "--format", "json", "--deadline", "Easter Monday"], now: "2026-04-06T20:00:00Z")
        // (Its icon and text say so; the state is `overdue`: the fixture's todos are overdue by then.)
        #expect(easter.stdout.contains("\"small\":\"▶ ends in 2h 00m\""), "\(easter)")
        #expect(easter.stdout.contains("\"state\":\"overdue\""), "\(easter)")
    }
}

@Suite("CLI: text from others is inert")
struct CLIInertTextTests {
    /// A synced summary's titles were not cleaned: `list`, `next` and JSON printed ESC]52 (a
    /// clipboard write), C1 controls and bidi overrides as they were.
    @Test func aSummarySourcesTitlesReachNoTerminalAsControls() throws {
        let f = try SourcesFixture()
        let hostile =
            "Invoice \u{202E}fdp.exe\u{202C} \u{1B}]52;c;cm0gLXJmIH4=\u{07} \u{9B}2J \u{9D}8;;http://evil\u{9C}"
        let summary = """
            {"format":"tminus-summary","version":1,"generated":"2026-03-10T11:00:00Z","sources":[],"tags":[],
             "deadlines":[{"id":"h1","handle":9,"title":\(JSONWriter.quote(hostile)),"note":\(JSONWriter.quote("a\u{1B}[2Jb")),"tag":\(JSONWriter.quote("x\u{9B}y")),"due":"2026-03-20T08:00:00Z"}],"todos":[]}
            """
        try f.write("phone.json", summary)
        for args in [
            ["list"], ["list", "--json"], ["next"], ["show", "--format", "json"],
            ["show", "--format", "plain", "--family", "large"]
        ] {
            let r = try f.h.run(args)
            #expect(r.status == 0, "\(args): \(r)")
            for bad: Unicode.Scalar in ["\u{1B}", "\u{07}", "\u{9B}", "\u{9C}", "\u{9D}", "\u{202E}", "\u{202C}"] {
                #expect(
                    !r.stdout.unicodeScalars.contains(bad) && !r.stderr.unicodeScalars.contains(bad),
                    "\(args) printed U+\(String(bad.value, radix: 16)): \(r.stdout.debugDescription)")
            }
        }
        let titles = try f.items().keys
        #expect(titles.contains("Invoice fdp.exe  ]52;c;cm0gLXJmIH4=   2J  8;;http://evil"), "\(titles)")
    }
}

@Suite("CLI: invitations wait for a yes")
struct CLIInvitationTests {
    /// Servers put every invitation into the calendar, declined ones too: with `me` set, a
    /// declined event is hidden, an unanswered or tentative one is listed with its mark but never
    /// the bar's countdown, and its alarm sends nothing; the user's own events are as before.
    static func event(_ uid: String, _ title: String, at time: String, attendee: String?, organizer: String? = nil)
        -> String
    {
        var lines = [
            "BEGIN:VCALENDAR", "PRODID:-//Google Inc//Google Calendar 70.9054//EN", "BEGIN:VEVENT", "UID:\(uid)",
            "SUMMARY:\(title)",
            "DTSTART:\(time)", "DTEND:\(time.replacingOccurrences(of: "T10", with: "T11"))"
        ]
        if let organizer { lines.append("ORGANIZER;CN=Boss:mailto:\(organizer)") }
        if let attendee { lines.append(attendee) }
        lines += [
            "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "DESCRIPTION:\(title)", "END:VALARM", "END:VEVENT",
            "END:VCALENDAR", ""
        ]
        return lines.joined(separator: "\r\n")
    }

    /// khal's own test file (../shared/corpus): six attendees with every PARTSTAT, one address
    /// folded across lines. Each attendee as `me`, in the four zones: declined and delegated
    /// hidden, tentative marked (the folded one too), accepted as the user's own event.
    @Test(
        .enabled(if: Corpus.available, Comment(rawValue: Corpus.skippedReason)),
        arguments: ["America/Los_Angeles", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu"])
    func invitationsInAFileKhalWrote(_ zone: String) throws {
        let corpus = Corpus.url("pimutils-khal/tests/ics/event_dt_partstat.ics")
        let bytes = try #require(FileManager.default.contents(atPath: corpus.path), "missing \(corpus.path)")
        let f = try SourcesFixture()
        f.h.tz = zone
        try f.write("calendars/work/partstat.ics", String(decoding: bytes, as: UTF8.self))
        let base = f.text("config/tminus/config.json")
        // 09:30 Berlin on 2014-04-09; an hour before.
        let now = "2014-04-09T06:30:00Z"
        for (me, reply) in [
            ("another@example.com", "hidden"), ("iamboss@example.com", "hidden"), ("TENT@example.com", "tentative"),
            ("hcabot@example.com", "tentative"), ("jdoe@example.com", "own"), ("nobody@example.com", "own")
        ] {
            try f.write(
                "config/tminus/config.json",
                base.replacingOccurrences(of: "\"sources\": [", with: "\"me\": [\"mailto:\(me)\"],\n  \"sources\": ["))
            let event = try f.items(now: now)["An Event"]
            switch reply {
            case "hidden": #expect(event == nil, "\(me) in \(zone)")
            case "own":
                #expect(event != nil && event?["reply"] == .null, "\(me) in \(zone): \(String(describing: event))")
            default: #expect(event?["reply"]?.stringValue == reply, "\(me) in \(zone): \(String(describing: event))")
            }
            if reply != "hidden" {
                #expect(event?["due"]?.stringValue.flatMap(RFC3339.parse)?.seconds == 1_397_028_600, "\(me) in \(zone)")
            }
        }
    }

    @Test func declinedIsHiddenAndUnansweredNeverCountsDown() throws {
        let f = try SourcesFixture()
        try f.write(
            "calendars/work/declined.ics",
            Self.event(
                "d", "Declined sync", at: "20260310T130000Z",
                attendee: "ATTENDEE;PARTSTAT=DECLINED;CN=Me:mailto:Me@Example.org", organizer: "boss@example.org"))
        try f.write(
            "calendars/work/invited.ics",
            Self.event(
                "i", "Vendor pitch", at: "20260310T133000Z",
                attendee: "ATTENDEE;RSVP=TRUE:MAILTO:me@example.org", organizer: "spam@example.net"))
        try f.write(
            "calendars/work/tentative.ics",
            Self.event(
                "t", "Maybe lunch", at: "20260310T140000Z",
                attendee: "ATTENDEE;PARTSTAT=TENTATIVE:mailto:me@example.org"))
        try f.write(
            "calendars/work/accepted.ics",
            Self.event(
                "a", "Team review", at: "20260310T150000Z",
                attendee: "ATTENDEE;PARTSTAT=ACCEPTED:mailto:me@example.org"))
        try f.write(
            "calendars/work/mine.ics",
            Self.event(
                "m", "My talk", at: "20260310T160000Z",
                attendee: "ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:other@example.org", organizer: "me@example.org"))
        // Without `me`, every one is an event like any other.
        #expect(try f.items()["Declined sync"] != nil)
        var config = f.text("config/tminus/config.json")
        config = config.replacingOccurrences(
            of: "\"sources\": [", with: "\"me\": [\"me@example.org\"],\n  \"sources\": [")
        try f.write("config/tminus/config.json", config)
        let items = try f.items()
        #expect(items["Declined sync"] == nil, "declined: hidden")
        #expect(items["Vendor pitch"]?["reply"]?.stringValue == "invited")
        #expect(items["Maybe lunch"]?["reply"]?.stringValue == "tentative")
        #expect(items["Team review"]?["reply"] == .null && items["My talk"]?["reply"] == .null)
        let list = try f.h.run("list")
        #expect(
            list.stdout.contains("Vendor pitch ⏰  (cal)  [invited]")
                && list.stdout.contains("Maybe lunch ⏰  (cal)  [tentative]"), "\(list)")
        // 13:20Z: the pitch (13:30) and lunch (14:00) come first, but the bar counts down to the review.
        let show = try f.h.run(["show", "--format", "json"], now: "2026-03-10T13:20:00Z")
        #expect(show.stdout.contains("\"title\":\"Team review\""), "\(show)")
        for (now, title, sent) in [
            ("2026-03-10T13:16:00Z", "Vendor pitch", false), ("2026-03-10T14:46:00Z", "Team review", true)
        ] {
            let r = try f.h.run(["notify", "--once", "--dry-run"], now: now)
            #expect(r.stdout.contains(title) == sent, "\(title) at \(now): \(r)")
        }
        // Choices: declined shown (marked), invitations hidden.
        try f.write(
            "config/tminus/config.json",
            config.replacingOccurrences(of: "\"me\":", with: "\"declined\": \"show\", \"invited\": \"hide\", \"me\":"))
        let chosen = try f.items()
        #expect(chosen["Declined sync"]?["reply"]?.stringValue == "declined")
        #expect(chosen["Vendor pitch"] == nil && chosen["Maybe lunch"] == nil)
        #expect(try f.h.run("config", "check").status == 0)
        for (value, says) in [
            ("[\"nobody\"]", "expected your e-mail addresses"),
            ("\"me@example.org\", \"invited\": \"maybe\"", "use \"dim\", \"show\" or \"hide\"")
        ] {
            try f.write(
                "config/tminus/config.json",
                config.replacingOccurrences(of: "\"me\": [\"me@example.org\"]", with: "\"me\": \(value)"))
            let bad = try f.h.run("config", "check")
            #expect(bad.status == 2 && bad.stderr.contains(says), "\(bad)")
        }
    }

    /// A forged invitation that names the user as its ORGANIZER and lists the user as an ATTENDEE
    /// who has not answered: both lines are the sender's text, so the user's own PARTSTAT decides.
    /// It was counted down and its alarm fired (ORGANIZER outranked NEEDS-ACTION); now it is an
    /// invitation like any other. The user's own event (organizer, not an attendee) is as before.
    @Test func organizerMeDoesNotAnswerForTheUser() throws {
        let f = try SourcesFixture()
        try f.write(
            "calendars/work/forged.ics",
            Self.event(
                "x", "Forged pitch", at: "20260310T133000Z",
                attendee: "ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:me@example.org", organizer: "me@example.org"))
        try f.write(
            "calendars/work/maybe.ics",
            Self.event(
                "y", "Forged maybe", at: "20260310T134000Z",
                attendee: "ATTENDEE;PARTSTAT=TENTATIVE:mailto:me@example.org", organizer: "ME@example.org"))
        try f.write(
            "calendars/work/mine.ics",
            Self.event(
                "m", "My talk", at: "20260310T150000Z",
                attendee: "ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:other@example.org", organizer: "me@example.org"))
        try f.write(
            "config/tminus/config.json",
            f.text("config/tminus/config.json").replacingOccurrences(
                of: "\"sources\": [", with: "\"me\": [\"me@example.org\"],\n  \"sources\": ["))
        let items = try f.items()
        #expect(items["Forged pitch"]?["reply"]?.stringValue == "invited", "\(items)")
        #expect(items["Forged maybe"]?["reply"]?.stringValue == "tentative", "\(items)")
        #expect(items["My talk"] != nil && items["My talk"]?["reply"] == .null, "\(items)")
        // 13:20Z: the forged events come first, but the bar counts down to the user's own talk.
        let show = try f.h.run(["show", "--format", "json"], now: "2026-03-10T13:20:00Z")
        #expect(show.stdout.contains("\"title\":\"My talk\""), "\(show)")
        // Its alarm (15 minutes before, 13:15Z) sends nothing; the user's own talk's does.
        for (now, title, sent) in [
            ("2026-03-10T13:16:00Z", "Forged pitch", false), ("2026-03-10T14:46:00Z", "My talk", true)
        ] {
            let r = try f.h.run(["notify", "--once", "--dry-run"], now: now)
            #expect(r.stdout.contains(title) == sent, "\(title) at \(now): \(r)")
        }
    }
}

@Suite("CLI: a slow source does not hold the home")
struct CLISlowSourceTests {
    /// A bar's read of a slow source (here a `task` whose first export takes 3 s) held the home's
    /// lock the whole time, so `tminus todo` waited behind it. Sources are read before the lock is
    /// taken now: the todo lands while the slow read is still going.
    @Test func aWriteDoesNotWaitForASlowRead() throws {
        let h = try TempHome()
        let bin = h.root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let task = bin.appendingPathComponent("task")
        let marker = h.root.appendingPathComponent("slow-once").path
        try "#!/bin/sh\nif [ ! -e '\(marker)' ]; then : > '\(marker)'; /bin/sleep 3; fi\necho '[]'\n".write(
            to: task, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: task.path)
        let config = h.root.appendingPathComponent("config/tminus")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try #"{"sources": [{"name": "tw", "kind": "taskwarrior", "data": "~/task"}]}"#.write(
            to: config.appendingPathComponent("config.json"), atomically: false, encoding: .utf8)
        let env = ["PATH": bin.path + ":/usr/bin:/bin"]
        #expect(try h.run(["todo", "First"], env: env).status == 0)
        try FileManager.default.removeItem(atPath: marker)
        // (A minute on, the source is read again by the next reader.)
        try FileManager.default.createDirectory(
            at: h.root.appendingPathComponent("task"), withIntermediateDirectories: true)
        let reader = try h.start(["show"], env: env)
        // (Ready when the slow export has begun: its marker is made.)
        waitUntil { FileManager.default.fileExists(atPath: marker) }
        try #require(FileManager.default.fileExists(atPath: marker), "the reader never ran task")
        let writer = try h.start(["todo", "Second"], env: ["PATH": bin.path + ":/usr/bin:/bin"])
        let wrote = try writer.wait()
        #expect(wrote.status == 0, "\(wrote)")
        #expect(reader.process.isRunning, "the write waited for the read to finish")
        #expect(try reader.wait().status == 0)
    }
}
