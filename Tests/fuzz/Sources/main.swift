// tminus-fuzz: a deterministic mutation fuzzer for the parsers that read what users and other
// programs write: the config, WHEN, the store, the summary, history lines, templates, zone files,
// TZ strings, iCalendar files (with recurrence rules and the writer's edits), todo.txt and
// Taskwarrior's export. Each target mutates seed inputs (byte flips, inserted tokens, cut, spliced and
// repeated pieces) with a seeded generator and checks that nothing traps, hangs or breaks a
// round trip. A crash prints the target and the input (hex) and exits 1: add it to the regression
// tests (Tests/TMinusCoreTests/FuzzRegressionTests.swift).
// Usage: tminus-fuzz [iterations per target] [seed] [target…]   (Tests/fuzz/run.sh builds and runs it)
import Glibc
import TMinusCore
import TMinusICal
import TMinusSystem
import TMinusSourcing
import TMinusSources
import TMinusTimeline

// MARK: crash reporting

/// The input being tried, where a signal handler can reach it without allocating.
nonisolated(unsafe) var current: UnsafeMutableBufferPointer<UInt8> = .allocate(capacity: 1 << 22)
nonisolated(unsafe) var currentCount = 0
nonisolated(unsafe) var currentTarget: UnsafeMutablePointer<CChar> = strdup("")

func report(_ sig: Int32) {
    func say(_ s: String) { _ = s.withCString { write(2, $0, strlen($0)) } }
    say("\ntminus-fuzz: signal \(sig) in target ")
    _ = write(2, currentTarget, strlen(currentTarget))
    // The whole input goes to a file; the first bytes to stderr.
    let fd = open("tminus-fuzz-crash.bin", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    if fd >= 0 {
        _ = write(fd, current.baseAddress, currentCount)
        close(fd)
    }
    say(" on \(currentCount) bytes (all in ./tminus-fuzz-crash.bin; the first 256 in hex):\n")
    let hex: [UInt8] = Array("0123456789abcdef".utf8)
    var line = [UInt8]()
    for i in 0..<min(currentCount, 256) {
        line.append(hex[Int(current[i] >> 4)])
        line.append(hex[Int(current[i] & 15)])
    }
    line.append(0x0A)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    _exit(1)
}

for sig in [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGALRM] {
    signal(sig) { report($0) }
}

// MARK: a seeded generator and the mutations

struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

let tokens: [[UInt8]] = [
    "[", "]", "{", "}", "\"", "\\", ":", ",", "-", "+", "T", "Z", "w", "d", "h", "m", "s", "e", ".", "/", "#", "%", "$",
    "99999999999999999999", "9223372036854775807", "-9223372036854775808", "1e308", "-1", "0", "null", "true",
    "9999-12-31", "0001-01-01", "2026-02-30", "24:00", "+23:59", "-23:59", "\\u0000", "\\ud800", "\u{0}", "\u{7}",
    "\u{202E}", "🎓", "\u{FFFD}", "\"version\":", "\"items\":", "\"due\":", "\"handle\":", "{title}", "[ ", "\\[",
    "\"nextHandle\":", "\"history\":", "\"removing\":", "TZif", "M3.2.0", "<+0545>", ",J60/25"
].map { Array($0.utf8) }

func mutate(_ input: [UInt8], _ g: inout SplitMix) -> [UInt8] {
    var b = input
    for _ in 0..<Int.random(in: 1...4, using: &g) {
        let at = b.isEmpty ? 0 : Int.random(in: 0...b.count, using: &g)
        switch Int.random(in: 0..<8, using: &g) {
        case 0 where !b.isEmpty: b[min(at, b.count - 1)] ^= UInt8(1 << Int.random(in: 0..<8, using: &g))
        case 1: b.insert(contentsOf: tokens.randomElement(using: &g)!, at: at)
        case 2 where !b.isEmpty:
            let end = min(b.count, at + Int.random(in: 1...16, using: &g))
            b.removeSubrange(min(at, end)..<end)
        case 3 where !b.isEmpty:
            let from = Int.random(in: 0..<b.count, using: &g)
            let piece = b[from..<min(b.count, from + Int.random(in: 1...32, using: &g))]
            b.insert(contentsOf: piece, at: at)
        case 4:
            // Deep nesting and long runs: the inputs that broke recursion and counters.
            let piece = tokens.randomElement(using: &g)!
            let times = [10, 300, 5000, 60_000].randomElement(using: &g)!
            b.insert(contentsOf: Array([[UInt8]](repeating: piece, count: times).joined()), at: at)
        case 5: b = Array(b.prefix(at))
        case 6 where !b.isEmpty: b[min(at, b.count - 1)] = UInt8.random(in: 0...255, using: &g)
        default: b.insert(UInt8.random(in: 0x20...0x7E, using: &g), at: at)
        }
        if b.count > 1 << 21 { b = Array(b.prefix(1 << 21)) }
    }
    return b
}

// MARK: the targets

let now = Instant(1_795_428_000)
let zones: [Zone] =
    ["Europe/Berlin", "America/Los_Angeles", "Australia/Lord_Howe", "Asia/Kathmandu", "Pacific/Kiritimati"]
    .compactMap { ZoneLoader.named($0) } + [.utc]

func string(_ b: [UInt8]) -> String { String(decoding: b, as: UTF8.self) }

struct Target {
    var name: String
    var seeds: [String]
    var run: ([UInt8]) -> Void
}

func check(_ ok: Bool, _ what: @autoclosure () -> String) {
    if !ok {
        _ = ("tminus-fuzz: broken invariant: \(what())\n").withCString { write(2, $0, strlen($0)) }
        report(0)
    }
}

/// Calendar files as other programs write them (todoman, khal, a Windows zone, a custom zone,
/// recurrence with overrides), for the iCalendar targets.
let calendarSeeds = [
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nBEGIN:VTODO\r\nUID:t1\r\nSUMMARY:Pay rent\\, now\r\nDUE;TZID=Europe/Berlin:20261201T170000\r\nPRIORITY:1\r\nCATEGORIES:a\\,b,c\r\nDESCRIPTION:long\r\n  folded\r\nBEGIN:VALARM\r\nTRIGGER:-PT15M\r\nEND:VALARM\r\nEND:VTODO\r\nEND:VCALENDAR\r\n",
    "BEGIN:VEVENT\nUID:e1\nSUMMARY:Standup\nDTSTART;TZID=W. Europe Standard Time:20260105T093000\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;UNTIL=20271231T000000Z\nEXDATE;TZID=Europe/Berlin:20260107T093000\nEND:VEVENT\nBEGIN:VEVENT\nUID:e1\nRECURRENCE-ID;TZID=Europe/Berlin:20260109T093000\nDTSTART:20260109T120000Z\nSUMMARY:Moved\nEND:VEVENT\n",
    "BEGIN:VCALENDAR\nBEGIN:VTIMEZONE\nTZID:Custom\nBEGIN:STANDARD\nDTSTART:19701025T030000\nRRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU\nTZOFFSETFROM:+0200\nTZOFFSETTO:+0100\nEND:STANDARD\nBEGIN:DAYLIGHT\nDTSTART:19700329T020000\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU\nTZOFFSETFROM:+0100\nTZOFFSETTO:+0200\nEND:DAYLIGHT\nEND:VTIMEZONE\nBEGIN:VEVENT\nUID:b\nDTSTART;TZID=Custom:20261224T180000\nRRULE:FREQ=YEARLY;INTERVAL=2;BYMONTHDAY=-1;BYSETPOS=1\nRDATE;VALUE=PERIOD:20270101T000000Z/PT1H\nSUMMARY:x\nEND:VEVENT\nEND:VCALENDAR\n"
]

let calendarZones = ICalZones(local: zones[0], system: { ZoneLoader.named($0) })

let targets: [Target] = [
    Target(
        name: "config",
        seeds: [
            ##"{"deadline": "next", "precision": "auto", "warning": "24h", "critical": "1h", "overHold": "1h30m", "maxLength": 60, "templates": {"small": "{icon} {countdown}", "medium": "{title} {countdown}[ · {todos_text}]"}, "colors": {"normal": "#a3be8c"}, "icons": {"over": "🏁"}, "tags": {"school": {"color": "#ff5555", "icon": "🎓"}}, "signals": {"waybar": 8}, // c"##
                + "\n}",
            "// only a comment\n{ /* block */ \"maxTodos\": 10, }"
        ]
    ) { b in
        let (config, problems) = Config.parse(b)
        if problems.isEmpty {
            // A config that passes must be usable: build a provider and an entry with it.
            let summary = SampleData.summary(now: now, zone: .utc)
            let p = TimelineProvider(summary: summary, config: config, zone: .utc)
            _ = p.entry(at: now)
            _ = p.nextChange(after: now)
        }
    },
    Target(
        name: "when",
        seeds: [
            "2026-12-01", "2026-12-01T17:00", "2026-12-01T17:00:05Z", "2026-12-01 17:00+05:45",
            "17:00", "today", "tomorrow", "+90m", "+3h", "+2d", "+1w", "now"
        ]
    ) { b in
        for zone in zones {
            if let w = try? WhenParser.parse(string(b), now: now, zone: zone) {
                switch w {
                case .day(let d): check(CivilDate.supported.contains(d), "WHEN gave \(d)")
                case .instant(let t): check(t.isSupported, "WHEN gave \(t.seconds)")
                }
                // Whatever it gives can be stored, read back, shown and counted down to.
                let due = w.due
                check(Due(storage: due.description) == due, "\(due) does not read back")
                _ = due.rfc3339(in: zone)
                _ = DueText.describe(due, now: now, zone: zone)
            }
        }
    },
    Target(
        name: "when-words",
        seeds: [
            "in 3 days", "2h", "+2h", "in an hour", "10 minutes", "1h30m", "3mo", "2 days ago", "in 2 days at 5pm",
            "dec 24", "24 December 2027 17:00", "Dec 24 5pm", "24th of dec", "2026/12/24", "24.12.2026", "24.12.",
            "tomorrow at 5pm", "fri at 17:00", "this friday", "next fri 9am", "tomorrow morning", "tonight", "noon",
            "midnight", "end of the month", "eow", "5.30pm", "9 a.m.", "17h", "17h30", "+1M", "tomorow", "at 5"
        ]
    ) { b in
        let text = string(b)
        for zone in zones {
            guard let w = try? WhenParser.parse(text, now: now, zone: zone, firstWeekday: Int(b.count % 7)) else {
                continue
            }
            switch w {
            case .day(let d): check(CivilDate.supported.contains(d), "WHEN gave \(d)")
            case .instant(let t): check(t.isSupported, "WHEN gave \(t.seconds)")
            }
            // No silent wrong unit: `+N<unit>` moves by that unit (seconds, minutes and hours exact).
            var body = Substring(text)
            guard body.hasPrefix("+") else { continue }
            body = body.dropFirst()
            let digits = body.prefix { $0.isASCII && $0.isNumber }
            let letters = body.dropFirst(digits.count)
            guard let n = Int64(digits), let unit = WhenParser.Unit.named(letters.lowercased()) else { continue }
            let size: Int64? = [.second: 1, .minute: 60, .hour: 3600][unit]
            if let size { check(w == .instant(now + n * size), "'\(text)' is not \(n) \(unit)") }
            check(!letters.contains("M") || letters.lowercased() != "m", "'\(text)' took M as a unit")
        }
    },
    Target(
        name: "store",
        seeds: [
            ##"{"version": 3, "nextHandle": 4, "tags": [{"name": "work", "color": "#5e81ac"}], "history": {"bytes": 300, "deadlines": 1, "todos": 2, "removing": [0], "index": "index.ab12"}, "items": [{"kind": "deadline", "id": "11111111-1111-4111-8111-111111111111", "handle": 1, "title": "Thesis", "due": "2026-12-01T16:00:00Z", "start": "2026-11-01T00:00:00Z", "created": "2026-11-01T00:00:00Z", "tag": "work", "icon": "🎓"}, {"kind": "todo", "id": "2222", "handle": 2, "title": "Buy milk", "due": "2026-12-01", "starred": true, "priority": "high", "remind": "2026-12-01T08:00:00Z"}]}"##,
            ##"{"version": 2, "nextHandle": 6, "tags": [], "deadlines": [{"id": "A", "handle": 3, "title": "T", "note": "", "due": "2026-12-01", "start": "2026-01-05T08:00:00Z", "created": "2026-01-01T08:00:00Z"}], "todos": []}"##,
            ##"{"version": 1, "tags": {"school": "#ff0000"}, "items": [{"kind": "todo", "id": "3", "handle": 7, "title": "Old", "created": "2026-01-03T08:00:00Z", "done": true, "doneAt": "2026-01-04T10:00:00Z"}]}"##
        ]
    ) { b in
        // Read once (the version its first key) or twice (the version read past everything first): the same.
        check(StoreFile.readsAlike(b), "a store read once and twice differently")
        if let loaded = try? StoreFile.read(b, path: "store.json") {
            var store = loaded.store
            if loaded.version == Store.currentVersion {
                // What is read is written back the same.
                let again = try? StoreFile.read(StoreFile.write(store), path: "store.json")
                check(again?.store == store, "the store does not round-trip")
            }
            _ = try? store.takeHandle()
            _ = Summary.build(from: store, now: now, storeStamp: "1-2-3.4")
        }
    },
    Target(
        name: "summary",
        seeds: [
            ##"{"format":"tminus-summary","version":1,"generated":"2026-11-22T10:00:00Z","sources":[{"name":"tminus","stamp":"2026-11-22T10:00:00Z","items":2,"file":"store.json","fileStamp":"1-2-3.4"}],"tags":[{"name":"work","color":"#5e81ac"}],"deadlines":[{"id":"a","handle":1,"title":"Thesis <b>","due":"2026-11-22T12:00:00Z","start":"2026-11-20T00:00:00Z","tag":"work","color":"#5e81ac"}],"todos":[{"id":"b","handle":2,"title":"%{A1:x}","due":"2026-11-22"},{"id":"c","handle":3,"title":"${exec x}","due":"2026-11-22T11:00:00+05:45","starred":true}]}"##,
            ##"{"format":"tminus-summary","version":1,"generated":"2026-11-22T10:00:00Z","sources":[{"name":"tminus","stamp":"2026-11-22T10:00:00Z","items":1},{"name":"cal","stamp":"2026-11-22T10:00:00Z","items":3,"kind":"vdir"}],"deadlines":[\##n{"id":"e","handle":2,"title":"Event","due":"2026-11-23T12:00:00Z","source":"cal","end":"2026-11-23T13:00:00Z"},\##n{"id":"i","handle":3,"title":"Invite","due":"2026-11-24T12:00:00Z","source":"cal","reply":"invited"},\##n{"id":"f","handle":4,"title":"Late","due":"2026-11-25T12:00:00Z","source":"c\\u0061l","end":null},\##n{"id":"a","handle":1,"title":"Thesis","due":"2026-12-22T12:00:00Z"}\##n],"todos":[]}"##
        ]
    ) { b in
        // The read near a moment (`show`'s): its pass over far items' lines, events and invitations.
        for lead in [900, 0, nil] as [Int64?] { _ = try? Summary(bytes: b, near: now, zone: zones[0], eventLead: lead) }
        guard let summary = try? Summary(bytes: b) else { return }
        for zone in zones {
            let p = TimelineProvider(summary: summary, zone: zone)
            var count = 0
            _ = p.timeline(from: now, limit: 50) { _ in count += 1 }
        }
    },
    Target(
        name: "template",
        seeds: [
            "{icon} {countdown}", "{title} {countdown}[ · {todos_text}]",
            "{title} · due {due}\n{countdown_long}[ · {percent}% elapsed]\n{todos_list}", "\\[x\\] [[{tag}]]"
        ]
    ) { b in
        let text = string(b)
        if Template.check(text) == nil {
            var values = PlaceholderValues()
            for p in Placeholder.allCases { values[p] = p.isCountForFuzz ? "0" : "x" }
            _ = Template.render(text, values: values)
        } else {
            _ = CompiledTemplate(text).render(PlaceholderValues())
        }
    },
    Target(
        name: "json", seeds: [##"{"a": [1, 2.5e3, -0, "x\u00e9\ud83c\udf93", true, null, {"b": {}}]}"##, "[]", "\"s\""]
    ) { b in
        for relaxed in [false, true] {
            if let json = try? JSONParser.parse(b, relaxed: relaxed) {
                let text = JSONWriter.compact(json)
                check((try? JSONParser.parse(text)).map(JSONWriter.compact) == text, "JSON does not round-trip")
            }
        }
    },
    Target(name: "ical", seeds: calendarSeeds) { b in
        for at in [now, now + 400 * 86_400] {
            let read = ICalRead.read(
                b, options: ICalOptions(now: at, hold: 3600, events: true, source: "s"),
                zones: calendarZones, fallbackID: "f")
            for e in read.entries {
                check(e.item.due?.isSupported ?? true, "a calendar item is due outside the supported dates")
                check(e.item.title.count <= Validation.maxTitleLength, "a calendar title is too long")
                // Every change the writer makes leaves a file that reads back.
                var edited = e.item
                edited.title = "Edited; title, \\ with escapes"
                for change in [ICalChange.complete(at: at), .reopen(at: at), .update(from: e.item, to: edited, at: at)]
                {
                    if let out = try? ICalWriter.apply(change, to: b, uid: e.uid ?? "", isEvent: e.isEvent) {
                        _ = ICalRead.read(
                            out, options: ICalOptions(now: at, hold: 0, events: true, source: "s"),
                            zones: calendarZones, fallbackID: "f")
                    }
                }
                _ = try? ICalWriter.removing(b, uid: e.uid ?? "")
            }
        }
    },
    Target(
        name: "rrule",
        seeds: [
            "FREQ=WEEKLY;BYDAY=MO,WE,FR;INTERVAL=2;COUNT=30", "FREQ=MONTHLY;BYDAY=-1FR;BYSETPOS=-1",
            "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "FREQ=DAILY;UNTIL=20301231T000000Z;BYHOUR=9,17",
            "FREQ=YEARLY;BYYEARDAY=-1,100;WKST=SU"
        ]
    ) { b in
        guard let rule = try? RecurrenceRule.parse(string(b)) else { return }
        for start in [
            LocalDateTime(date: CivilDate(year: 2026, month: 1, day: 31), hour: 9),
            LocalDateTime(date: CivilDate(year: 9998, month: 12, day: 31))
        ] {
            var n = 0
            var last: Int64 = .min
            rule.forEach(start: start, notBefore: CivilDate(year: 2026, month: 11, day: 1)) { l in
                check(l.secondsAsUTC >= last, "instances out of order")
                last = l.secondsAsUTC
                n += 1
                return n < 200
            }
        }
    },
    Target(
        name: "todotxt",
        seeds: [
            "(A) 2026-03-01 Call mom +family @phone due:2026-03-12\nx 2026-03-02 Old pri:B\nBuy milk\r\n\n(B) t:2026-01-01 rec:1w x"
        ]
    ) { b in
        let entries = TodoTxt.parse(b, source: "t")
        // Edits on the first few lines (each edit reads the whole file again).
        for e in entries.prefix(b.count > 100_000 ? 1 : 3) {
            let day = CivilDate(year: 2026, month: 3, day: 10)
            if let done = try? TodoTxt.complete(b, id: e.item.id, source: "t", on: day) {
                // (A line with rec: brings its next one, as SimpleTask and topydo do: one more.)
                let grew = TodoTxt.parse(done, source: "t").count - entries.count
                let recurs =
                    b.count >= 4 && (0...(b.count - 4)).contains { b[$0..<($0 + 4)].elementsEqual("rec:".utf8) }
                check(grew == 0 || (grew == 1 && recurs), "completing a line changed the number of todos by \(grew)")
                _ = try? TodoTxt.reopen(done, id: e.item.id, source: "t")
            }
            var new = e.item
            new.title = "New title"
            new.due = .day(day)
            new.priority = .medium
            _ = try? TodoTxt.update(b, id: e.item.id, source: "t", from: e.item, to: new, zone: .utc)
            if let out = try? TodoTxt.remove(b, id: e.item.id, source: "t") {
                check(
                    TodoTxt.parse(out, source: "t").count == entries.count - 1, "removing a line removed another count")
            }
        }
    },
    Target(
        name: "org",
        seeds: [
            "#+TODO: NEXT | DONE CANCELLED\n#+STARTUP: logdone\n* NEXT [#A] Call mom :family:\nDEADLINE: <2026-03-12 Thu 10:00 ++1w -2d>\n:PROPERTIES:\n:ID: x\n:END:\nbody\r\n** DONE Old\nCLOSED: [2026-03-02 Mon 09:00]\n* Meeting <2026-03-11 Wed 09:00-10:00>--<2026-03-12 Thu>\n* TODO x\nSCHEDULED: <2026-01-31 Sat .+1m>"
        ]
    ) { b in
        let zone = Zone.utc, now = Instant(1_773_100_800)
        let entries = OrgFile.parse(b, source: "o", zone: zone, now: now)
        _ = OrgFile.nearest(b, source: "o", limit: 2, now: now, zone: zone)
        // Edits on the first few entries (each edit reads the whole file again): what is before
        // the entry stays, done leaves as many entries, rm one fewer.
        for e in entries.prefix(b.count > 100_000 ? 1 : 3) {
            let before = Array(b[..<e.heading.range.lowerBound])
            if let done = try? OrgFile.complete(b, id: e.item.id, source: "o", zone: zone, now: now) {
                check(done.starts(with: before), "done changed a byte before its entry")
                check(
                    OrgFile.parse(done, source: "o", zone: zone, now: now).count == entries.count,
                    "done changed the number of entries")
                _ = try? OrgFile.reopen(done, id: e.item.id, source: "o", zone: zone, now: now)
            }
            var new = e.item
            new.title = "New title"
            new.due = .day(CivilDate(year: 2026, month: 3, day: 10))
            new.priority = .medium
            _ = try? OrgFile.update(b, id: e.item.id, source: "o", from: e.item, to: new, zone: zone, now: now)
            if let out = try? OrgFile.remove(b, id: e.item.id, source: "o", zone: zone, now: now) {
                check(out.starts(with: before), "rm changed a byte before its entry")
            }
        }
        _ = OrgFile.append(b, item: Item(kind: .todo, id: "", handle: 0, title: "T", source: "o"), zone: zone, now: now)
    },
    Target(
        name: "logseq",
        seeds: [
            "title:: Week\n- TODO [#A] Call #[[my mom]] #family\n  id:: 63db\n  DEADLINE: <2026-03-12 Thu 10:00 .+1w -1d>\n  :LOGBOOK:\n  CLOCK: [2026-03-01 Sun 10:00:00]\n  :END:\n\t- DONE x\r\n- NOW y\n  SCHEDULED: <2026-01-31 Sat ++1m>\n-"
        ]
    ) { b in
        let zone = Zone.utc, now = Instant(1_773_100_800), file = "journals/2026_03_10.md"
        let entries = Logseq.parse(b, source: "l", file: file, zone: zone)
        for e in entries.prefix(b.count > 100_000 ? 1 : 3) {
            let before = Array(b[..<e.block.range.lowerBound])
            if let done = try? Logseq.complete(b, id: e.item.id, source: "l", file: file, zone: zone, now: now) {
                check(done.starts(with: before), "done changed a byte before its block")
                check(
                    Logseq.parse(done, source: "l", file: file, zone: zone).count == entries.count,
                    "done changed the number of tasks")
                _ = try? Logseq.reopen(done, id: e.item.id, source: "l", file: file, zone: zone)
            }
            var new = e.item
            new.title = "New title"
            new.due = .day(CivilDate(year: 2026, month: 3, day: 10))
            _ = try? Logseq.update(b, id: e.item.id, source: "l", file: file, from: e.item, to: new, zone: zone)
            _ = try? Logseq.remove(b, id: e.item.id, source: "l", file: file, zone: zone)
        }
        _ = Logseq.append(
            b, item: Item(kind: .todo, id: "", handle: 0, title: "T", source: "l"), file: file, zone: zone)
    },
    Target(
        name: "obsidian",
        seeds: [
            "---\na: b\n---\n- [ ] Pay #work ⏫ 🔁 every week when done ⏳ 2026-03-09 📅 2026-03-12 ^id\r\n  * [/] Report [priority:: high]  [due:: 2026-03-13]\n```\n- [ ] x\n```\n1. [x] Old ✅ 2026-03-02\n> - [-] c ❌ 2026-03-01 🔁 every month on the last"
        ]
    ) { b in
        let entries = ObsidianTasks.parse(b, note: "n.md", source: "o")
        for e in entries.prefix(b.count > 100_000 ? 1 : 3) {
            let prefix = b[..<e.range.lowerBound], suffix = b[e.range.upperBound...]
            func keepsTheRest(_ out: [UInt8], _ what: String) {
                check(
                    out.starts(with: prefix) && out.reversed().starts(with: suffix.reversed()),
                    "\(what) changed another line")
            }
            let day = CivilDate(year: 2026, month: 3, day: 10)
            if let done = try? ObsidianTasks.complete(b, note: "n.md", id: e.item.id, source: "o", on: day) {
                keepsTheRest(done, "done")
                // (A recurring task brings its next instance, as the plugin does: one more.)
                let grew = ObsidianTasks.parse(done, note: "n.md", source: "o").count - entries.count
                check(grew == 0 || grew == 1, "completing a task changed the number of tasks by \(grew)")
                _ = try? ObsidianTasks.reopen(done, note: "n.md", id: e.item.id, source: "o")
            }
            var new = e.item
            new.title = "New title"
            new.due = .day(day)
            new.priority = .medium
            new.tag = "t"
            if let out = try? ObsidianTasks.update(
                b, note: "n.md", id: e.item.id, source: "o", from: e.item, to: new, zone: .utc)
            {
                keepsTheRest(out, "edit")
            }
            if let out = try? ObsidianTasks.remove(b, note: "n.md", id: e.item.id, source: "o") {
                check(out.starts(with: prefix), "removing a task changed a line before it")
            }
        }
    },
    Target(
        name: "taskwarrior",
        seeds: [
            ##"[{"uuid":"a","status":"pending","description":"x","due":"20261201T170000Z","priority":"H","project":"p","tags":["t"],"annotations":[{"description":"n"}]},{"uuid":"b","status":"recurring"}]"##
        ]
    ) { b in
        _ = try? TaskwarriorExport.parse(b, source: "tw")
    },
    Target(
        name: "link",
        seeds: [
            "tminus://add?kind=todo&title=Tax%20%26%20%3Cforms%3E&due=2026-11-30T09%3A00%3A00%2B01%3A00&note=a%0Ab&tag=home&star=1",
            "tminus://show?date=2026-12-01", "tminus://item?id=0b226673"
        ]
    ) { b in
        // A link that parses is shared and parsed again to the same parameters.
        guard let text = String(validating: b, as: UTF8.self), case .add(let params)? = try? ItemLink.parse(text) else {
            return
        }
        let again =
            "tminus://add?" + params.map { ItemLink.encode($0.0) + "=" + ItemLink.encode($0.1) }.joined(separator: "&")
        guard case .add(let back)? = try? ItemLink.parse(again) else {
            check(again.utf8.count > ItemLink.maxLength, "a parsed link did not parse again once encoded: \(again)")
            return
        }
        check(
            back.count == params.count && zip(back, params).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 },
            "a link changed on its round trip")
    },
    Target(
        name: "ledger",
        seeds: [
            ##"{"key":"remind/1/tminus/a","state":"sent","at":"2026-11-24T15:45:00Z","time":"2026-11-24T15:45:00Z","item":"a","source":"tminus","title":"x","late":true}\##n{"key":"k","state":"armed"##
        ]
    ) { b in
        for r in LedgerRecord.parse(b) {
            check(LedgerRecord.parse(r.line) == [r], "a ledger record changed on its round trip")
        }
    },
    Target(
        name: "tz",
        seeds: [
            "EST5EDT,M3.2.0,M11.1.0", "<+0545>-5:45", "CET-1CEST,M3.5.0,M10.5.0/3",
            "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0",
            "AEST-10AEDT,M10.1.0,M4.1.0/3", "XXX3YYY,J60/25,J300/-1"
        ]
    ) { b in
        if let z = Zone.posix(string(b)) {
            for t in stride(from: Int64(-62_000_000_000), to: 250_000_000_000, by: 17_000_000_000) {
                let l = z.local(Instant(t))
                _ = z.instant(l)
            }
        }
    },
    // The widget cache's reader: whatever a cache file holds, a hit or nil, never a crash, and
    // a hit only when the key, the interval and every stamp hold (the seed's "/" is a directory
    // whose stamp changes, so only the seed with no stamps is a hit).
    Target(
        name: "widget-cache",
        seeds: [
            "tminus-widget-cache 2\nk\u{1F}show\n\(now.seconds - 5) \(now.seconds + 55) 2\n0\n"
                + "\(now.seconds - 5) \(now.seconds) 0 18\n{\"text\":\"7h 01m\"}\n\(now.seconds) \(now.seconds + 55) 0 18\n{\"text\":\"7h 00m\"}\n",
            "tminus-widget-cache 2\nk\u{1F}show\n\(now.seconds - 5) \(now.seconds + 55) 1\n2\n/nonexistent/x\t-\n/\t2-4096-1795428000.5\n"
                + "\(now.seconds - 5) \(now.seconds + 55) 33 4\nout\n"
        ]
    ) { b in
        if let hit = WidgetCache.parse(b, key: Array("k\u{1F}show".utf8), now: now) {
            check(string(b).hasPrefix("tminus-widget-cache 2\nk\u{1F}show\n"), "a hit from a file of another key")
            // Byte for byte a run of the file's bytes (nothing repaired or made up).
            let out = Array(hit.text.utf8)
            check(
                out.isEmpty || (0...(b.count - out.count)).contains { b[$0..<($0 + out.count)].elementsEqual(out) },
                "a hit whose output is not in the file")
        }
    },
    // The vdir file cache (VdirCache.swift): refused or read; what is read writes back the same.
    Target(
        name: "vdir-cache",
        seeds: [
            #"{"signature":"s","at":\#(now.seconds - 5),"unique":false,"files":["# + "\n"
                + #"["work/a.ics","12-345-1795428000.5",["line 3: DTSTART: bad"],[[true,\#(now.seconds + 60),"uid-a",true],[false,null,"uid-b",false]],[{"kind":"deadline","id":"uid-a","handle":0,"title":"Standup","due":"2026-12-01T09:30:00Z","source":"cal"}]],"#
                + "\n" + #"["b.ics","13-10-1795428000.0",[],[],[]]"# + "\n]}"
        ]
    ) { b in
        _ = VdirCache.roundTrip(b, signature: "s", now: now)
    },
    // The ics cache (IcsCache.swift): refused or read; what is read writes back the same.
    Target(
        name: "ics-cache",
        seeds: [
            #"{"signature":"s","at":\#(now.seconds - 5),"stamp":"1-2-3.4","total":9,"covered":9,"zones":[10,20],"problems":["line 3: bad"],"entries":["#
                + "\n"
                + #"[2,true,\#(now.seconds + 60),[2,30,90,5,200,260],{"kind":"deadline","id":"uid-a","handle":0,"title":"Standup","due":"2026-12-01T09:30:00Z","source":"cal"}]]}"#
        ]
    ) { b in
        _ = IcsCache.roundTrip(b, signature: "s", now: now)
    },
    Target(
        name: "tzif",
        seeds: ["Europe/Berlin", "Australia/Lord_Howe", "America/Los_Angeles"].compactMap {
            (try? FileIO.read("/usr/share/zoneinfo/\($0)")).flatMap { $0 }.map { String(decoding: $0, as: UTF8.self) }
        }
    ) { b in
        if let z = Zone.tzif(b, name: "fuzz") {
            for t in stride(from: Int64(-62_000_000_000), to: 250_000_000_000, by: 13_000_000_000) {
                _ = z.instant(z.local(Instant(t)))
            }
        }
    }
]

extension Placeholder {
    var isCountForFuzz: Bool { self == .todo_count || self == .overdue_count || self == .percent }
}

// MARK: the loop

let args = CommandLine.arguments.dropFirst()
let iterations = args.first.flatMap { Int($0) } ?? 20_000
let seed = args.dropFirst().first.flatMap { UInt64($0) } ?? 1
let chosen = Array(args.dropFirst(2))
var total = 0
for target in targets where chosen.isEmpty || chosen.contains(target.name) {
    free(currentTarget)
    currentTarget = strdup(target.name)
    var g = SplitMix(state: seed &+ UInt64(target.name.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }))
    var pool = target.seeds.map { Array($0.utf8) }
    let start = Instant(Int64(time(nil)))
    for i in 0..<iterations {
        let base = pool.randomElement(using: &g) ?? []
        let input = i < pool.count ? pool[i] : mutate(base, &g)
        currentCount = min(input.count, current.count)
        for k in 0..<currentCount { current[k] = input[k] }
        alarm(10)
        target.run(input)
        alarm(0)
        // Keep some mutants as bases for further mutation (a poor man's corpus).
        if i % 97 == 0 && input.count < 1 << 16 { pool.append(input) }
        if pool.count > 256 { pool.remove(at: target.seeds.count) }
    }
    total += iterations
    let took = Instant(Int64(time(nil))) - start
    print("tminus-fuzz: \(target.name): \(iterations) inputs, no crash (\(took) s)")
}
print("tminus-fuzz: \(total) inputs in all, seed \(seed): no trap, hang or broken round trip")
