import Foundation
import Testing
import TMinusCore

/// Other sources through the command line, as a user meets them: calendars, todo.txt and another
/// program's summary listed and shown with the store's items, with handles that stay, and changes
/// written back into the user's files as the smallest edit.
@Suite("CLI: sources")
struct CLISourcesTests {
    @Test func everySourceShowsWithStableHandles() throws {
        let f = try SourcesFixture()
        try f.h.ok("add", "Thesis", "--due", "2026-12-01T17:00")
        let items = try f.items()
        #expect(
            Set(items.keys) == [
                "Thesis", "Write report", "Standup", "Water plants", "Easter Monday", "Call mom", "Buy milk", "Flight"
            ])
        #expect(items["Write report"]?["source"]?.stringValue == "cal")
        #expect(items["Write report"]?["due"]?.stringValue == "2026-03-11T17:00:00+01:00")
        #expect(items["Write report"]?["priority"]?.stringValue == "high")
        #expect(items["Write report"]?["color"]?.stringValue == "#5e81ac", "the store's tag colour wins")
        #expect(
            items["Standup"]?["due"]?.stringValue == "2026-03-11T09:30:00+01:00",
            "the next instance after Tuesday 13:00")
        #expect(items["Standup"]?["color"]?.stringValue == "#ff8800", "the collection's colour")
        #expect(items["Easter Monday"]?["due"]?.stringValue == "2026-04-06T00:00:00+02:00")
        #expect(
            items["Call mom"]?["due"]?.stringValue == "2026-03-12" && items["Call mom"]?["tag"]?.stringValue == "family"
        )
        #expect(items["Flight"]?["source"]?.stringValue == "phone")
        #expect(items["Old chore"] == nil && items["Old"] == nil, "completed items are not open")
        let handles = items.mapValues { $0["handle"]?.intValue ?? 0 }
        #expect(Set(handles.values).count == handles.count && !handles.values.contains(0))
        // Again, and after another file arrives: the same handles.
        try f.drop("calendars/home/new.ics", "BEGIN:VTODO\nUID:new-uid\nSUMMARY:Newcomer\nEND:VTODO\n")
        let again = try f.items().mapValues { $0["handle"]?.intValue ?? 0 }
        for (title, handle) in handles { #expect(again[title] == handle, "\(title)") }
        #expect((again["Newcomer"] ?? 0) > handles.values.max()!)
        // Plain list names the source.
        let plain = try f.h.ok("list").stdout
        #expect(plain.contains("Write report ✎  [work]  (cal)"), "a note marked, the tag, the source")
    }

    @Test func doneAndUndoWriteBackAsTheSmallestEdit() throws {
        let f = try SourcesFixture()
        let report = try #require(try f.items()["Write report"]?["handle"]?.intValue)
        let call = try #require(try f.items()["Call mom"]?["handle"]?.intValue)
        let out = try f.h.ok("done", String(report), String(call)).stdout
        #expect(out == "done #\(report) Write report (in cal)\ndone #\(call) Call mom (in txt)\n")
        let ics = f.text("calendars/work/report.ics")
        for line in SourcesFixture.report.components(separatedBy: "\r\n")
        where !line.isEmpty && !line.hasPrefix("SEQUENCE") {
            #expect(ics.contains(line + "\r\n"), "kept: \(line)")
        }
        #expect(ics.contains("\r\nSTATUS:COMPLETED\r\nCOMPLETED:20260310T120000Z\r\nPERCENT-COMPLETE:100\r\n"))
        #expect(ics.contains("\r\nSEQUENCE:3\r\n"))
        #expect(
            f.text("todo.txt")
                == "x 2026-03-10 2026-03-01 Call mom +family due:2026-03-12 pri:A\nx 2026-03-02 Old\nBuy milk @errands\n"
        )
        #expect(try f.items()["Write report"] == nil)
        // The history has them, with their sources; undo puts them back where they were.
        let all = try f.h.list(["--all"])
        #expect(
            all.contains {
                $0["title"]?.stringValue == "Write report" && $0["completed"]?.boolValue == true
                    && $0["source"]?.stringValue == "cal"
            })
        try f.h.ok("undo", String(report), String(call))
        #expect(f.text("todo.txt") == SourcesFixture.todoTxt)
        #expect(f.text("calendars/work/report.ics").contains("STATUS:NEEDS-ACTION"))
        let back = try f.items()
        #expect(back["Write report"]?["handle"]?.intValue == report && back["Call mom"]?["handle"]?.intValue == call)
        let undoAgain = try f.h.run("undo", String(report))
        #expect(undoAgain.status == 2)
    }

    @Test func editRemoveAndNewItemsGoToTheirSources() throws {
        let f = try SourcesFixture()
        var items = try f.items()
        let plants = try #require(items["Water plants"]?["handle"]?.intValue)
        let milk = try #require(items["Buy milk"]?["handle"]?.intValue)
        try f.h.ok(
            "edit", String(plants), "--title", "Water the plants", "--due", "2026-03-12", "--priority", "low", "--tag",
            "garden")
        let edited = f.text("calendars/home/random1.ics")
        #expect(
            edited.hasPrefix("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:plants-uid\nSUMMARY:Water the plants\n"),
            "the file keeps its name and LF line ends")
        #expect(
            edited.contains("DUE;VALUE=DATE:20260312\n") && edited.contains("PRIORITY:9\n")
                && edited.contains("CATEGORIES:garden\n"))
        try f.h.ok("edit", String(milk), "--title", "Buy oat milk", "--due", "2026-03-13")
        #expect(f.text("todo.txt").hasSuffix("\nBuy oat milk @errands due:2026-03-13\n"))
        items = try f.items()
        #expect(
            items["Water the plants"]?["handle"]?.intValue == plants
                && items["Buy oat milk"]?["handle"]?.intValue == milk,
            "an edited item keeps its handle, even a todo.txt line whose text changed")
        // New items: a VTODO file in the configured collection, a todo.txt line, a deadline (a VTODO too).
        let todo = try f.h.ok("todo", "Ship it", "--due", "2026-03-20T10:00", "--priority", "medium", "--to", "cal")
            .stdout
        #expect(todo.hasPrefix("added todo #") && todo.hasSuffix(" to cal\n"))
        let newFiles = try FileManager.default.contentsOfDirectory(atPath: f.vdir.appendingPathComponent("work").path)
            .filter { !["report.ics", "standup.ics", "color"].contains($0) }
        #expect(newFiles.count == 1 && newFiles[0].hasSuffix(".ics"))
        let created = f.text("calendars/work/" + newFiles[0])
        #expect(
            created.contains("\r\nBEGIN:VTODO\r\n") && created.contains("\r\nSUMMARY:Ship it\r\n")
                && created.contains("\r\nDUE:20260320T090000Z\r\n"))
        #expect(created.contains("\r\nUID:\(newFiles[0].dropLast(4))\r\n"), "named by its UID")
        try f.h.ok("todo", "Pick up parcel", "--to", "txt", "--priority", "high", "--tag", "errands")
        #expect(f.text("todo.txt").hasSuffix("\n(A) 2026-03-10 Pick up parcel +errands\n"))
        try f.h.ok("add", "Board meeting", "--due", "2026-03-25T14:00", "--to", "cal")
        items = try f.items()
        #expect(
            items["Ship it"]?["source"]?.stringValue == "cal"
                && items["Pick up parcel"]?["source"]?.stringValue == "txt")
        #expect(
            items["Board meeting"]?["kind"]?.stringValue == "deadline"
                && items["Board meeting"]?["due"]?.stringValue == "2026-03-25T14:00:00+01:00")
        // A deadline is written as a task with a due (X-TMINUS-KIND marks it), so it can be done
        // and undone like one, here and in every calendar client.
        let board = try #require(items["Board meeting"]?["handle"]?.intValue)
        let boardFile = try #require(
            try FileManager.default.contentsOfDirectory(atPath: f.vdir.appendingPathComponent("work").path)
                .first { f.text("calendars/work/" + $0).contains("SUMMARY:Board meeting") })
        let boardText = f.text("calendars/work/" + boardFile)
        #expect(
            boardText.contains("\r\nBEGIN:VTODO\r\n") && boardText.contains("\r\nDUE:20260325T130000Z\r\n")
                && boardText.contains("\r\nX-TMINUS-KIND:deadline\r\n"), "\(boardText)")
        try f.h.ok("done", String(board))
        #expect(f.text("calendars/work/" + boardFile).contains("\r\nSTATUS:COMPLETED\r\n"))
        #expect(try f.items()["Board meeting"] == nil)
        try f.h.ok("undo", String(board))
        #expect(try f.items()["Board meeting"]?["kind"]?.stringValue == "deadline")
        #expect(f.text("calendars/work/" + boardFile).contains("\r\nSTATUS:NEEDS-ACTION\r\n"))
        items = try f.items()
        // rm takes it out of its source.
        let parcel = try #require(items["Pick up parcel"]?["handle"]?.intValue)
        try f.h.ok("rm", String(parcel))
        #expect(!f.text("todo.txt").contains("parcel"))
        let ship = try #require(items["Ship it"]?["handle"]?.intValue)
        try f.h.ok("rm", String(ship))
        #expect(!FileManager.default.fileExists(atPath: f.vdir.appendingPathComponent("work/" + newFiles[0]).path))
    }

    @Test func readOnlySourcesAndWhatASourceCannotKeepAreRefusedWithNothingWritten() throws {
        let f = try SourcesFixture()
        let items = try f.items()
        let easter = try #require(items["Easter Monday"]?["handle"]?.intValue)
        let flight = try #require(items["Flight"]?["handle"]?.intValue)
        let standup = try #require(items["Standup"]?["handle"]?.intValue)
        let milk = try #require(items["Buy milk"]?["handle"]?.intValue)
        let before = f.h.bytes("store.json")
        let cases: [([String], String)] = [
            (["done", String(easter)], "read-only"),
            (["rm", String(flight)], "read-only"),
            (["edit", String(easter), "--title", "x"], "read-only"),
            (["todo", "X", "--to", "holidays"], "read-only"),
            (["todo", "X", "--to", "nowhere"], "there is no source 'nowhere'"),
            (["add", "X", "--due", "tomorrow", "--to", "txt"], "cannot be kept there"),
            (["todo", "X", "--due", "2026-03-12T10:00", "--to", "txt"], "todo.txt keeps a due day"),
            (["todo", "X", "--to", "txt", "--star"], "--star"),
            (["edit", String(milk), "--note", "n"], "--note"),
            (["done", String(standup)], "a calendar event cannot be done")
        ]
        for (args, message) in cases {
            let r = try f.h.run(args)
            #expect(r.status == 2, "\(args): \(r)")
            #expect(
                r.stderr.contains(message) && r.stderr.hasPrefix("tminus: ") && r.stderrLines.count == 1,
                "\(args): \(r)")
        }
        #expect(f.h.bytes("store.json") == before)
        #expect(f.text("todo.txt") == SourcesFixture.todoTxt && f.text("holidays.ics") == SourcesFixture.holidays)
        #expect(f.text("calendars/work/standup.ics") == SourcesFixture.standup)
    }

    @Test func aBadItemIsSkippedAndReportedWithFileLineAndProperty() throws {
        let f = try SourcesFixture()
        try f.write(
            "calendars/home/bad.ics",
            "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:bad\nSUMMARY:Broken\nDUE:2026-13-45\nEND:VTODO\nEND:VCALENDAR\n")
        try f.write(
            "calendars/home/zone.ics",
            "BEGIN:VEVENT\nUID:z\nSUMMARY:Odd zone\nDTSTART;TZID=Mars/Olympus:20260320T100000\nEND:VEVENT\n")
        let items = try f.items()
        #expect(items["Broken"] == nil && items["Water plants"] != nil)
        #expect(items["Odd zone"]?["due"]?.stringValue == "2026-03-20T10:00:00+01:00", "an unknown zone is local time")
        let sources = try f.h.ok("sources").stdout
        #expect(
            sources.contains("home/bad.ics line 5: DUE: '2026-13-45' is not a date or date-time; the todo is skipped"))
        #expect(sources.contains("home/zone.ics line 4: DTSTART: TZID=Mars/Olympus is not a time zone tminus knows"))
        let json = try #require(try f.h.ok("sources", "--json").json().arrayValue)
        #expect(json.map { $0["name"]?.stringValue } == ["cal", "holidays", "txt", "phone"])
        #expect(json.first?["items"]?.intValue == 4)
        #expect(json.first?["writable"]?.boolValue == true && json[1]["writable"]?.boolValue == false)
    }

    @Test func configErrorsForSourcesAreLineExact() throws {
        let h = try TempHome()
        let config = """
            {
              "sources": [
                { "name": "a", "kind": "vdir" },
                { "name": "b", "kind": "caldav", "path": "/x" },
                { "name": "c", "kind": "todotxt", "path": "/y" },
                { "name": "c", "kind": "ics", "path": "/z" },
                { "name": "d", "kind": "taskwarrior", "filter": "status:pending", "events": "ignore" },
              ]
            }
            """
        let path = h.root.appendingPathComponent("config/tminus/config.json")
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(config.utf8).write(to: path)
        let r = try h.run("config", "check")
        #expect(r.status == 2)
        #expect(
            r.stdout.contains("line 3: sources[0]: 'a' has no \"path\"")
                || r.stderr.contains("line 3: sources[0]: 'a' has no \"path\""), "\(r)")
        let text = r.stdout + r.stderr
        #expect(text.contains("line 4: sources[1].kind: 'caldav' is not a kind of source"))
        #expect(text.contains("line 6: sources[3].name: 'c' names another source already (line 5)"))
        #expect(text.contains("line 7: sources[4].events: applies to vdir and ics sources only"))
        // A widget with such a config says so, and lists nothing from sources.
        let show = try h.run("show", "--format", "waybar")
        #expect(show.status == 0 && show.stderr.contains("line 3"))
    }

    @Test func thePollPathReadsOnlyWhatChanged() throws {
        let f = try SourcesFixture()
        try f.age()
        try f.h.ok("show", "--format", "waybar")
        let first = try f.h.summary()
        // Written again would be a new file renamed over it (a new inode) or a new change time
        // (nanoseconds): neither, so not written.
        func identity() throws -> String {
            let a = try FileManager.default.attributesOfItem(atPath: f.h.summaryPath)
            return "\(a[.systemFileNumber] ?? "-") \((a[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
        }
        let written = try identity()
        try f.h.ok("show", "--format", "waybar")
        #expect(try identity() == written, "nothing changed: the summary is not written again")
        // A file renamed into one collection: that source is read again, the others are kept.
        try f.drop("calendars/home/more.ics", "BEGIN:VTODO\nUID:more\nSUMMARY:More\nEND:VTODO\n")
        try f.h.ok("show", "--format", "waybar", now: "2026-03-10T12:00:05Z")
        let second = try f.h.summary()
        func read(_ s: Summary, _ name: String) -> Instant? { s.sources.first { $0.name == name }?.stamp }
        #expect(read(second, "cal") == RFC3339.parse("2026-03-10T12:00:05Z"))
        #expect(read(second, "txt") == read(first, "txt") && read(second, "holidays") == read(first, "holidays"))
        #expect(second.todos.contains { $0.title == "More" })
    }

    @Test func aRecurringEventMovesOnWhenItsInstanceIsOverAndHeld() throws {
        let f = try SourcesFixture()
        // Wednesday 09:30–09:45 Berlin (08:30Z) is the next Standup; an hour after its end (overHold) it is Friday's.
        func standup(_ now: String) throws -> String? { try f.items(now: now)["Standup"]?["due"]?.stringValue }
        #expect(try standup("2026-03-11T08:00:00Z") == "2026-03-11T09:30:00+01:00")
        #expect(try standup("2026-03-11T08:40:00Z") == "2026-03-11T09:30:00+01:00", "in progress")
        #expect(
            try standup("2026-03-11T09:40:00Z") == "2026-03-11T09:30:00+01:00",
            "over, and held for an hour after its end")
        #expect(try standup("2026-03-11T09:45:01Z") == "2026-03-13T09:30:00+01:00")
        // Across the change to summer time the wall time stays 09:30.
        #expect(try standup("2026-03-28T12:00:00Z") == "2026-03-30T09:30:00+02:00")
        try f.writeConfig(overHold: "2h")
        #expect(try standup("2026-03-11T09:30:01Z") == "2026-03-11T09:30:00+01:00", "a longer hold keeps it")
    }

    @Test func itemsFollowTheZoneTheyAreReadIn() throws {
        let f = try SourcesFixture()
        try f.write(
            "calendars/home/floating.ics",
            "BEGIN:VEVENT\nUID:fl\nSUMMARY:Floating\nDTSTART:20260320T100000\nEND:VEVENT\n")
        let berlin = try f.h.start(["list", "--json"]).wait()
        let tokyo = try f.h.start(["list", "--json"], tz: "Asia/Tokyo").wait()
        func due(_ r: RunResult) throws -> String? {
            try #require(try r.json().arrayValue).first { $0["title"]?.stringValue == "Floating" }?["due"]?.stringValue
        }
        #expect(try due(berlin) == "2026-03-20T10:00:00+01:00")
        #expect(try due(tokyo) == "2026-03-20T10:00:00+09:00")
    }

    @Test func aSourceThatCannotBeReadDoesNotStopTheOthers() throws {
        let f = try SourcesFixture(
            extraSources:
                #"{ "name": "tw", "kind": "taskwarrior" }, { "name": "gone", "kind": "vdir", "path": "~/nowhere" },"#)
        let r = try f.h.run(["list"], env: ["PATH": "/nonexistent"])
        #expect(r.status == 0 && r.stdout.contains("Write report"), "\(r)")
        let sources = try f.h.run(["sources"], env: ["PATH": "/nonexistent"]).stdout
        #expect(
            sources.contains("cannot read it: source tw: the task command is not installed (apt install taskwarrior)"))
        #expect(sources.contains("cannot read it: ") && sources.contains("nowhere is not a folder"))
        let show = try f.h.run(["show", "--format", "waybar"], env: ["PATH": "/nonexistent"])
        #expect(show.status == 0 && show.stderr.isEmpty)
    }
}

/// Hostile text from a calendar is shown literally in every bar format, exactly as the same text
/// in the store's own items is (whose escaping the renderer conformance suite proves).
@Suite("CLI: hostile text from sources")
struct CLISourcesHostileTests {
    static let titles = [
        "<span foreground=\"red\">x</span> & \"q\" <b>bold",
        "%{A1:touch /tmp/tminus-pwned:}click%{A}",
        "${exec touch /tmp/tminus-pwned}",
        "$HOME #x 100% {A1:x}",
        "it's 'quoted', semi; colon: back\\slash"
    ]

    @Test(arguments: titles)
    func calendarTextRendersAsTheStoresOwn(title: String) throws {
        // The same deadline and todo: in a vdir (escaped as RFC 5545 TEXT), and in the store.
        let fromCalendar = try TempHome()
        let escaped = String(decoding: escapeText(title), as: UTF8.self)
        let ics =
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:d\r\nSUMMARY:\(escaped)\r\nCREATED:20260301T000000Z\r\nDTSTART:20260310T150000Z\r\nEND:VEVENT\r\n"
            + "BEGIN:VTODO\r\nUID:t\r\nSUMMARY:\(escaped)\r\nDUE:20260310T170000Z\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let dir = fromCalendar.root.appendingPathComponent("cal")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(ics.utf8).write(to: dir.appendingPathComponent("x.ics"))
        let config = fromCalendar.root.appendingPathComponent("config/tminus/config.json")
        try FileManager.default.createDirectory(
            at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{ "sources": [ { "name": "cal", "kind": "vdir", "path": "~/cal" } ] }"#.utf8).write(to: config)
        let fromStore = try TempHome()
        try fromStore.ok("add", title, "--due", "2026-03-10T15:00Z", now: "2026-03-01T00:00:00Z")
        try fromStore.ok("todo", title, "--due", "2026-03-10T17:00Z")
        for format in ["waybar", "i3blocks", "i3bar", "polybar", "conky", "pango", "plain"] {
            for family in ["small", "medium", "large"] {
                let args = ["show", "--format", format, "--family", family]
                let a = try fromCalendar.run(args), b = try fromStore.run(args)
                // (i3bar's `instance` is the item's id: the UID here, a UUID there.)
                func text(_ r: RunResult) -> String {
                    r.stdout.replacingOccurrences(of: #""instance":"[^"]*""#, with: "", options: .regularExpression)
                }
                #expect(
                    a.status == b.status && text(a) == text(b), "\(format) \(family):\n\(a.stdout)\nvs\n\(b.stdout)")
                #expect(a.stdout.contains("tminus-pwned") == b.stdout.contains("tminus-pwned"))
            }
        }
        let json = try #require(try fromCalendar.ok("show", "--format", "json").json()["deadline"])
        #expect(json["title"]?.stringValue == title)
    }

    func escapeText(_ s: String) -> [UInt8] {
        var out: [UInt8] = []
        for c in s.utf8 {
            switch c {
            case 0x5C: out += [0x5C, 0x5C]
            case 0x3B: out += [0x5C, 0x3B]
            case 0x2C: out += [0x5C, 0x2C]
            default: out.append(c)
            }
        }
        return out
    }

}

@Suite("CLI: following sources")
struct CLISourcesFollowTests {
    static func utc(_ d: Date) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: "UTC")
        f.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return f.string(from: d)
    }

    /// A vdirsyncer run renames files into a collection: the bar shows the change, each time
    /// (how soon: Benchmarks/README.md).
    @Test func aFileRenamedIntoAVdirReachesTheBarAtOnce() throws {
        let f = try SourcesFixture()
        let follower = try Follower(f.h, ["--format", "plain"])
        defer { follower.stop() }
        try #require(follower.waitForLines(1).count == 1)
        for round in 1...3 {
            let title = "Sync round \(round)"
            let start = Self.utc(Date().addingTimeInterval(Double(3600 - round * 60)))
            let lines = follower.lines.count
            try f.drop(
                "calendars/work/vdirsyncer-\(round).ics",
                "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:r\(round)\r\nSUMMARY:\(title)\r\nDTSTART:\(start)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            )
            try #require(follower.waitFor(title, after: lines) != nil, "round \(round) never shown")
        }
        // Another collection of the same vdir.
        let lines = follower.lines.count
        let soon = Self.utc(Date().addingTimeInterval(600))
        try f.drop(
            "calendars/home/soon.ics", "BEGIN:VEVENT\nUID:soon\nSUMMARY:Very soon\nDTSTART:\(soon)\nEND:VEVENT\n")
        #expect(follower.waitFor("Very soon", after: lines, timeout: 5) != nil)
    }
}

@Suite("CLI: a killed write-back is finished by the next command")
struct CLISourcesPendingTests {
    /// A store that promised a change to a source (a `done` killed before it wrote the file): the
    /// next command, even a read, makes it, records it, and clears the promise; made twice, a
    /// change is made once.
    @Test func thePromiseIsKept() throws {
        let f = try SourcesFixture()
        let report = try #require(try f.items()["Write report"]?["handle"]?.intValue)
        var store = String(decoding: try #require(f.h.bytes("store.json")), as: UTF8.self)
        let pending =
            #"  "pending": [{"kind":"complete","at":"2026-03-10T11:00:00Z","item":{"kind":"todo","id":"report-uid","handle":\#(report),"title":"Write report","source":"cal"}}],"#
        store = store.replacingOccurrences(of: "\n  \"items\":", with: "\n" + pending + "\n  \"items\":")
        try Data(store.utf8).write(to: URL(fileURLWithPath: f.h.storePath))
        // A bar reads first: it finishes the change before it shows anything.
        let show = try f.h.ok("show", "--format", "json")
        #expect(!show.stdout.contains("Write report"))
        let ics = f.text("calendars/work/report.ics")
        #expect(ics.contains("STATUS:COMPLETED\r\nCOMPLETED:20260310T110000Z\r\n") && ics.contains("SEQUENCE:3\r\n"))
        #expect(!String(decoding: try #require(f.h.bytes("store.json")), as: UTF8.self).contains("pending"))
        let all = try f.h.list(["--all"])
        #expect(all.filter { $0["title"]?.stringValue == "Write report" }.count == 1)
        #expect(
            all.contains {
                $0["title"]?.stringValue == "Write report" && $0["completed"]?.boolValue == true
                    && $0["handle"]?.intValue == report
            })
        // The same promise again (as if the commit that cleared it had been lost): no second edit.
        try Data(store.utf8).write(to: URL(fileURLWithPath: f.h.storePath))
        try f.h.ok("list")
        #expect(f.text("calendars/work/report.ics") == ics)
    }
}
