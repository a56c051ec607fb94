import TMinusCore
import TMinusTestSupport
import TMinusTimeline
import Testing

/// A summary read for a bar at one moment (`Summary(bytes:path:near:)`, what `show` reads): the
/// items far from it are passed over, and until `completeUntil` every output and every change is
/// the one the whole summary gives, in the project's four zones across their changes of time.
struct SummaryNearTests {
    typealias Seeded = SeededGenerator
    /// The lead the default config's events hold the bar from (what `show` passes the read).
    static let lead = Config().nearEventLead

    /// A home of `count` items around `now`: deadlines (timed, whole days, calendar events with
    /// an end) from a week ago to months ahead, in due order as tminus writes them, and todos
    /// (timed, whole days, undated, some waiting for a reminder) from overdue to months ahead.
    /// `sparse`: no deadline within four days ahead (the next one shows from afar).
    static func summary(count: Int, around now: Instant, zone: Zone, seed: UInt64, sparse: Bool = false) -> Summary {
        var r = Seeded(state: seed)
        var deadlines: [Item] = []
        var todos: [Item] = []
        func due(_ r: inout Seeded) -> Due {
            // Mostly near (hours to days), some far (weeks, months), some past.
            let spans: [Int64] = [6 * 3_600, 3 * 86_400, 20 * 86_400, 120 * 86_400]
            let offset = Int64(r.next(Int(spans[r.next(spans.count)]))) - 86_400 * Int64(r.next(3))
            let t = now + offset
            return r.next(3) == 0 ? .day(zone.local(t).date) : .instant(Instant(t.seconds / 60 * 60))
        }
        for h in 1...count {
            if r.next(4) == 0 {
                var when = due(&r)
                if sparse, case let t = when.instant(in: zone), t > now, t < now + 4 * 86_400 {
                    let later = now + 4 * 86_400 + Int64(r.next(60 * 86_400))
                    when = r.next(2) == 0 ? .day(zone.local(later).date) : .instant(later)
                }
                var d = Fixtures.deadline("Deadline \(h)", due: when, start: now - 30 * 86_400, handle: h)
                if r.next(3) == 0, case .instant(let t) = d.due {
                    d.source = "cal"
                    d.end = t + Int64(1 + r.next(8)) * 900
                }
                deadlines.append(d)
            } else {
                var t = Fixtures.todo(
                    "Todo \(h)", due: r.next(5) == 0 ? nil : due(&r), handle: h, starred: r.next(4) == 0,
                    priority: r.next(3) == 0 ? .high : .none)
                if t.due == nil, r.next(3) == 0 { t.remind = now + Int64(r.next(3 * 86_400)) }
                todos.append(t)
            }
        }
        deadlines.sort { $0.deadlineOrder < $1.deadlineOrder }
        let sources = [
            Summary.Source(name: Item.ownSource, stamp: now, items: count),
            Summary.Source(name: "cal", stamp: now, items: 0, kind: "vdir")
        ]
        return Summary(generated: now, sources: sources, deadlines: deadlines, todos: todos)
    }

    /// What a bar shows at `t`: the entry's families, state and deadline, and the next change
    /// before `limit`.
    static func shown(_ p: TimelineProvider, at t: Instant, limit: Instant) -> String {
        let memo = TodayMemo()
        let e = p.entry(at: t, memo: memo)
        let next = p.nextChange(after: t, current: e, memo: memo, before: limit)
        return "\(e.state) \(e.deadline?.id ?? "-") \(e.small) | \(e.medium) | \(e.large) | next \(next?.seconds ?? -1)"
    }

    /// The first moment, every minute from `now` to `until` (and odd seconds, as `show`'s keep
    /// and a bar's polls see them), where `near` shows other than `whole`, and both outputs; nil
    /// when none.
    static func firstDifference(_ whole: Summary, _ near: Summary, zone: Zone, from now: Instant, until: Instant)
        -> String?
    {
        let a = TimelineProvider(summary: whole, zone: zone)
        let b = TimelineProvider(summary: near, zone: zone)
        var t = now
        while t < until {
            let wholeShows = shown(a, at: t, limit: until), nearShows = shown(b, at: t, limit: until)
            if wholeShows != nearShows { return "at \(t): \(wholeShows) / \(nearShows)" }
            t = t + 60 + Int64(t.seconds % 7)
        }
        return nil
    }

    static let zones = ["Europe/Berlin", "America/Los_Angeles", "Australia/Lord_Howe", "Asia/Kathmandu"]
    /// Moments on and around each zone's changes of time, and ordinary days.
    /// Where the deadlines' last line ends in bytes `Summary.bytes` wrote (before `\n],"todos":`).
    static func deadlinesEnd(_ bytes: [UInt8]) -> Int? {
        let marker = Array("\n],\"todos\":".utf8)
        guard bytes.count > marker.count else { return nil }
        return (0...(bytes.count - marker.count)).first { bytes[$0..<($0 + marker.count)].elementsEqual(marker) }
    }

    static let moments = [
        "2026-03-29T00:30", "2026-03-28T23:10", "2026-04-05T01:40", "2026-10-04T01:50", "2026-10-25T01:05",
        "2026-11-01T00:59", "2026-03-08T01:30", "2026-11-26T10:00", "2026-12-31T23:30"
    ]

    @Test(arguments: zones)
    func untilCompleteEveryOutputIsTheWholeSummarys(_ zoneName: String) throws {
        let zone = Fixtures.zone(zoneName)
        var skippedSomewhere = false
        for (i, text) in Self.moments.enumerated() {
            let now = Fixtures.at(text, zone)
            let summary = Self.summary(
                count: 400, around: now, zone: zone, seed: UInt64(i + 1) * 7_919, sparse: i % 2 == 1)
            let bytes = summary.bytes()
            let whole = try Summary(bytes: bytes)
            #expect(whole.completeUntil == nil)
            // Read without the outputs' zone (todos to a day after the two hours) and with it
            // (todos to the end of the two hours' last day there), which passes over more.
            let unzoned = try Summary(bytes: bytes, near: now, eventLead: Self.lead)
            let zoned = try Summary(bytes: bytes, near: now, zone: zone, eventLead: Self.lead)
            #expect(zoned.todos.count <= unzoned.todos.count, "\(zoneName) \(text)")
            // Known to be in order (a patched summary), the far deadlines passed by their lines:
            // the same read.
            for (read, z) in [(unzoned, nil), (zoned, zone)] {
                let inOrder = try Summary(
                    bytes: bytes, near: now, zone: z, eventLead: Self.lead,
                    orderedDeadlinesEnd: Self.deadlinesEnd(bytes))
                #expect(inOrder == read, "\(zoneName) \(text) in order")
            }
            for (near, how) in [(unzoned, "without the zone"), (zoned, "in the zone")] {
                guard let until = near.completeUntil else {
                    #expect(near == whole, "\(zoneName) \(text) \(how): nothing passed over, so everything read")
                    continue
                }
                skippedSomewhere = true
                // Two hours on; in the zone, not past the midnight after now.
                let midnight = zone.startOfDay(zone.local(now).date.adding(days: 1))
                let expected = how == "in the zone" && midnight < now + 7_200 ? midnight : now + 7_200
                #expect(until == expected, "\(zoneName) \(text) \(how)")
                #expect(near.todos.count + near.deadlines.count < whole.todos.count + whole.deadlines.count)
                let difference = Self.firstDifference(whole, near, zone: zone, from: now, until: until)
                #expect(difference == nil, "\(zoneName) \(text) \(how): \(difference ?? "")")
                if difference != nil { return }
            }
        }
        #expect(skippedSomewhere, "\(zoneName): no moment passed an item over")
    }

    /// Every placeholder but those that show far items (`agenda`, `calendar`: `show` reads every
    /// item for them, `WidgetInput.showsOnlyNear`) gives the same output from the near read: a new
    /// placeholder that shows items further away fails here until it is named there.
    @Test(arguments: Placeholder.allCases.filter { $0 != .agenda && $0 != .calendar })
    func everyPlaceholderShowsTheSameFromTheNearItems(_ placeholder: Placeholder) throws {
        let zone = Fixtures.zone("America/Los_Angeles")
        let template = "{\(placeholder.rawValue)}"
        let json = ["small", "medium", "large", "smallNone", "mediumNone", "largeNone"].map {
            "\"\($0)\": \"\(template)\""
        }
        let (config, problems) = Config.parse(Array("{\"templates\": {\(json.joined(separator: ", "))}}".utf8))
        #expect(problems.isEmpty, "\(problems)")
        for (i, text) in ["2026-11-01T00:59", "2026-11-26T10:00", "2026-03-08T01:30"].enumerated() {
            let now = Fixtures.at(text, zone)
            let summary = Self.summary(count: 300, around: now, zone: zone, seed: UInt64(i) + 77, sparse: i == 1)
            let bytes = summary.bytes()
            let near = try Summary(bytes: bytes, near: now, zone: zone, eventLead: config.nearEventLead)
            let a = TimelineProvider(summary: try Summary(bytes: bytes), config: config, zone: zone)
            let b = TimelineProvider(summary: near, config: config, zone: zone)
            var t = now
            while t < now + 7_200 {
                let whole = Self.shown(a, at: t, limit: now + 7_200)
                #expect(whole == Self.shown(b, at: t, limit: now + 7_200), "\(placeholder) \(text) at \(t)")
                t = t + 17 * 60 + 13
            }
        }
    }

    /// The items passed over are the far ones: no near todo or deadline is missing.
    @Test func onlyFarItemsArePassedOver() throws {
        let zone = Fixtures.zone("Europe/Berlin")
        let now = Fixtures.at("2026-11-26T10:00", zone)
        let whole = Self.summary(count: 1_000, around: now, zone: zone, seed: 42)
        let near = try Summary(bytes: whole.bytes(), near: now, eventLead: Self.lead)
        let kept = Set(near.todos.map(\.id) + near.deadlines.map(\.id))
        for item in whole.todos where !kept.contains(item.id) {
            #expect((item.due?.instant(in: zone)).map { $0 > now + 86_400 } ?? false, "\(item.title) \(item.due!)")
        }
        // A deadline passed over is due after the first one kept past `completeUntil`.
        let until = try #require(near.completeUntil)
        let after = near.deadlines.compactMap { $0.due?.instant(in: zone) }.filter { $0 > until }
        let next = try #require(after.min())
        for item in whole.deadlines where !kept.contains(item.id) {
            #expect((item.due?.instant(in: zone)).map { $0 > next } ?? false, "\(item.title) \(item.due!)")
        }
        // Most of a home of months is far.
        #expect(kept.count < 700, "\(kept.count) of 1,000 read")
    }

    /// Given the zone the outputs are drawn in, a todo due after the day of now there is passed
    /// over (no output before `completeUntil` shows it): at one in the afternoon tomorrow's todos
    /// are not made, nor at half past eleven at night, where the read is complete until midnight
    /// (not the two hours) and the first run after midnight makes them.
    @Test func tomorrowsTodosArePassedOverUntilMidnight() throws {
        let zone = Fixtures.zone("Europe/Berlin")
        func todos(at text: String) throws -> (zoned: [String], unzoned: [String]) {
            let now = Fixtures.at(text, zone)
            let today = zone.local(now).date
            let tomorrow = today.adding(days: 1)
            let list = [
                Fixtures.todo("today evening", due: .instant(zone.startOfDay(today) + 20 * 3_600), handle: 1),
                Fixtures.todo("today", due: .day(today), handle: 2),
                Fixtures.todo("tomorrow morning", due: .instant(zone.startOfDay(tomorrow) + 10 * 3_600), handle: 3),
                Fixtures.todo("tomorrow", due: .day(tomorrow), handle: 4),
                Fixtures.todo("undated", due: nil, handle: 5)
            ]
            let bytes = Summary(generated: now, deadlines: [], todos: list).bytes()
            let titles = { (s: Summary) in s.todos.map(\.title) }
            return (
                titles(try Summary(bytes: bytes, near: now, zone: zone, eventLead: Self.lead)),
                titles(try Summary(bytes: bytes, near: now, eventLead: Self.lead))
            )
        }
        let afternoon = try todos(at: "2026-11-26T13:00")
        #expect(afternoon.zoned == ["today evening", "today", "undated"])
        #expect(afternoon.unzoned == ["today evening", "today", "tomorrow morning", "tomorrow", "undated"])
        let night = try todos(at: "2026-11-26T23:30")
        #expect(night.zoned == ["today evening", "today", "undated"])
        #expect(night.unzoned == ["today evening", "today", "tomorrow morning", "tomorrow", "undated"])
        let now = Fixtures.at("2026-11-26T23:30", zone)
        let bytes = Summary(
            generated: now, deadlines: [],
            todos: [Fixtures.todo("far", due: .instant(now + 5 * 86_400), handle: 1)]
        ).bytes()
        #expect(try Summary(bytes: bytes, near: now, zone: zone, eventLead: Self.lead).completeUntil == now + 1_800)
        #expect(try Summary(bytes: bytes, near: now, eventLead: Self.lead).completeUntil == now + 7_200)
    }

    /// A read near a moment asks, once it has the records and before the items, whether to read
    /// every item after all (a stale summary, made again from every item): then it is the whole
    /// read, made once; else the near one.
    @Test func aReadNearCanTurnWholeBeforeTheItems() throws {
        let zone = Fixtures.zone("Europe/Berlin")
        let now = Fixtures.at("2026-11-26T10:00", zone)
        let bytes = Self.summary(count: 300, around: now, zone: zone, seed: 4).bytes()
        let whole = try Summary(bytes: bytes)
        var asked: [Summary] = []
        let turned = try Summary(
            bytes: bytes, near: now, eventLead: Self.lead,
            wholeIf: {
                asked.append($0)
                return []
            })
        #expect(turned == whole)
        #expect(turned.completeUntil == nil)
        #expect(asked.count == 1)
        #expect(asked.first?.sources == whole.sources && asked.first?.tags == whole.tags)
        #expect(asked.first.map { $0.deadlines.isEmpty && $0.todos.isEmpty } == true)
        let kept = try Summary(bytes: bytes, near: now, eventLead: Self.lead, wholeIf: { _ in nil })
        #expect(kept == (try Summary(bytes: bytes, near: now, eventLead: Self.lead)))
        #expect(kept.completeUntil == now + 7_200)
    }

    /// Read whole for a fold that reads a source again, the summary passes over that source's
    /// items (found by their `"source"`), marks its record, and reads every other item.
    @Test func aReadForAFoldPassesOverTheSourcesItReadsAgain() throws {
        let zone = Fixtures.zone("Europe/Berlin")
        let now = Fixtures.at("2026-11-26T10:00", zone)
        let summary = Self.summary(count: 300, around: now, zone: zone, seed: 5)
        #expect(summary.deadlines.contains { $0.source == "cal" })
        let bytes = summary.bytes()
        let whole = try Summary(bytes: bytes)
        let passed = try Summary(bytes: bytes, near: now, eventLead: Self.lead, wholeIf: { _ in ["cal"] })
        #expect(passed.deadlines == whole.deadlines.filter { $0.source != "cal" })
        #expect(passed.todos == whole.todos.filter { $0.source != "cal" })
        #expect(passed.sources.map(\.itemsPassedOver) == whole.sources.map { $0.name == "cal" })
        #expect(passed.completeUntil == nil)
        // A name no item has, or the store's own: nothing passed over but what is named.
        let none = try Summary(bytes: bytes, near: now, eventLead: Self.lead, wholeIf: { _ in ["other"] })
        #expect(none.deadlines == whole.deadlines && none.todos == whole.todos)
    }

    /// A summary whose deadlines are not in due order (another program wrote it) is read whole,
    /// and so is an item this reading does not follow: two "due" keys, an object inside, a line
    /// break; braces and escaped quotes inside strings are followed.
    @Test func whatItCannotFollowIsReadWhole() throws {
        let zone = Fixtures.zone("Europe/Berlin")
        let now = Fixtures.at("2026-11-26T10:00", zone)
        var whole = Self.summary(count: 300, around: now, zone: zone, seed: 9)
        whole.deadlines.reverse()
        let reversed = whole.bytes()
        #expect(try Summary(bytes: reversed, near: now, eventLead: Self.lead) == Summary(bytes: reversed))
        // Said to be in order, it is taken so once past the first far one: the next deadline put
        // after far ones is passed over with them (the patch says so only of bytes it made in order).
        whole.deadlines.reverse()
        let near = whole.deadlines.first { $0.due!.instant(in: zone) > now }!
        whole.deadlines.removeAll { $0.id == near.id }
        whole.deadlines.append(near)
        let misplaced = whole.bytes()
        let trusted = try Summary(
            bytes: misplaced, near: now, eventLead: Self.lead, orderedDeadlinesEnd: Self.deadlinesEnd(misplaced))
        #expect(!trusted.deadlines.contains { $0.id == near.id })
        #expect(try Summary(bytes: misplaced, near: now, eventLead: Self.lead).deadlines.contains { $0.id == near.id })

        func todos(_ lines: [String]) -> [UInt8] {
            Array(
                (#"{"format":"tminus-summary","version":1,"generated":"2026-11-26T09:00:00Z","deadlines":[],"todos":[\#n"#
                    + lines.joined(separator: ",\n") + "\n]}\n").utf8)
        }
        let far = "2027-06-01"
        let cases = [
            #"{"id":"a","title":"x","due":"\#(far)","due":"2026-11-26"}"#,
            #"{"id":"b","title":"x","due":"\#(far)","x":{"y":1}}"#,
            #"{"id":"c","title":"x",\#n"due":"\#(far)"}"#
        ]
        for line in cases {
            let bytes = todos([line])
            let read = try Summary(bytes: bytes, near: now, eventLead: Self.lead)
            #expect(read == (try Summary(bytes: bytes)), "\(line)")
            #expect(read.completeUntil == nil, "\(line)")
        }
        let followed = [
            #"{"id":"d","title":"a \"due\":\"2026-11-26\" {brace}","due":"\#(far)"}"#,
            #"{"id":"e","title":"} \\","due":"\#(far)","tag":"{"}"#,
            #"{"id":"f","title":"near","due":"2026-11-26"}"#
        ]
        let read = try Summary(bytes: todos(followed), near: now, eventLead: Self.lead)
        #expect(read.todos.map(\.id) == ["f"], "\(read.todos.map(\.title))")
        #expect(read.completeUntil == now + 7_200)
        // A quote, a backslash or a control character at every place of an eight-byte word, after
        // ASCII and after two-byte letters: the far todo is passed over, the near one read.
        for k in 0..<20 {
            for filler in ["a", "é"] {
                let pad = String(repeating: filler, count: k)
                for special in [#"\""#, #"\\"#, #"\n"#, #"\u0022"#] {
                    let title = pad + special + pad
                    let lines = [
                        #"{"id":"far","title":"\#(title)","due":"\#(far)","note":"\#(title)"}"#,
                        #"{"id":"near","title":"\#(title)","due":"2026-11-26"}"#
                    ]
                    let read = try Summary(bytes: todos(lines), near: now, eventLead: Self.lead)
                    let whole = try Summary(bytes: todos(lines))
                    #expect(read.todos == [whole.todos[1]], "\(title)")
                }
            }
        }
        let raw = #"{"id":"far","title":"tab\#tin","due":"\#(far)"}"#
        #expect(throws: TMinusError.self) { try Summary(bytes: todos([raw]), near: now, eventLead: Self.lead) }
        // A broken line is still an error when it is read.
        #expect(throws: TMinusError.self) {
            try Summary(bytes: todos([#"{"id":"g","due":"2026-11-26"}"#]), near: now, eventLead: Self.lead)
        }
    }
}
