import TMinusCore
import TMinusFollow
import TMinusTimeline
import Testing

/// The follow loop with an injected clock and sleeper: one line per entry and nothing between,
/// a change becomes the next line, a closed reader ends the loop with exit 0.
struct FollowLoopTests {
    /// A fake world: time only moves when the loop waits; scripted events fire at given instants.
    struct FakeDriver: FollowDriver {
        var clock: Instant
        var lines: [(Instant, String)] = []
        var waits: [Instant?] = []
        /// (at, event): delivered by the first wait that would sleep past `at`.
        var script: [(Instant, FollowEvent)] = []
        var readerClosesAfter = Int.max
        var stopAt: Instant

        mutating func now() -> Instant { clock }

        mutating func wait(until: Instant?) -> [FollowEvent] {
            waits.append(until)
            if let (at, event) = script.first, until == nil || at < until! {
                script.removeFirst()
                clock = at
                return [event]
            }
            guard let until, until <= stopAt else { return [.exit] }
            clock = until
            return [.tick]
        }

        mutating func emit(_ line: String) -> Bool {
            guard lines.count < readerClosesAfter else { return false }
            lines.append((clock, line))
            return true
        }
    }

    static let start = Instant(1_800_000_000)

    static func provider(_ deadlines: [Item]) -> TimelineProvider {
        TimelineProvider(summary: Summary(generated: start, deadlines: deadlines), zone: .utc)
    }

    static func deadline(_ title: String, in seconds: Int64, handle: Int = 1) -> Item {
        Item(
            kind: .deadline, id: "id-\(handle)", handle: handle, title: title, due: .instant(start + seconds),
            start: start - 3600)
    }

    static func loop(_ provider: @escaping () -> TimelineProvider, click: @escaping (Int) -> Void = { _ in })
        -> FollowLoop
    {
        FollowLoop(
            load: {
                let p = provider()
                return { t in
                    let e = p.entry(at: t)
                    return (e.small, p.nextChange(after: t, current: e))
                }
            }, click: click)
    }

    @Test func oneLinePerEntryAndNothingBetween() {
        let p = Self.provider([Self.deadline("A", in: 5)])
        var driver = FakeDriver(clock: Self.start, stopAt: Self.start + 100)
        let code = Self.loop { p }.run(&driver)
        #expect(code == 0)
        #expect(driver.lines.map(\.1) == ["🔥 00:05", "🔥 00:04", "🔥 00:03", "🔥 00:02", "🔥 00:01", "🏁 over"])
        #expect(driver.lines.map(\.0) == (0...5).map { Self.start + Int64($0) })
        // It slept exactly until each next entry, and after the over entry only on events.
        #expect(driver.waits == (1...5).map { Self.start + Int64($0) } + [nil])
    }

    @Test func minutePrecisionSleepsAMinute() {
        var config = Config()
        config.precision = .minutes
        // Started 100 days ago, so a whole percent of progress takes a day: only minutes tick.
        let d = Item(
            kind: .deadline, id: "id-1", handle: 1, title: "A", due: .instant(Self.start + 600),
            start: Self.start - 8_640_000)
        let p = TimelineProvider(summary: Summary(generated: Self.start, deadlines: [d]), config: config, zone: .utc)
        var driver = FakeDriver(clock: Self.start, stopAt: Self.start + 130)
        _ = FollowLoop(load: {
            { t in
                let e = p.entry(at: t); return (e.small, p.nextChange(after: t, current: e))
            }
        }).run(&driver)
        #expect(driver.waits.compactMap { $0 }.map { $0 - Self.start } == [1, 61, 121, 181])
    }

    @Test func aChangeBecomesTheNextLine() {
        final class Box: @unchecked Sendable { var title = "Before" }
        let box = Box()
        var driver = FakeDriver(clock: Self.start, script: [(Self.start + 10, .reload)], stopAt: Self.start + 10)
        driver.script = [(Self.start + 10, .reload)]
        // The data changes just before the reload event arrives.
        let loop = FollowLoop(load: {
            let p = Self.provider([Self.deadline(box.title, in: 7259)])
            box.title = "After"
            return { t in
                let e = p.entry(at: t); return (e.medium, p.nextChange(after: t, current: e))
            }
        })
        _ = loop.run(&driver)
        #expect(driver.lines.map(\.1) == ["Before 2h 00m", "After 2h 00m"])
        #expect(driver.lines[1].0 == Self.start + 10)
    }

    @Test func aClickReloadsAtOnce() {
        final class Box: @unchecked Sendable { var clicks: [Int] = [] }
        let box = Box()
        var driver = FakeDriver(clock: Self.start, script: [(Self.start + 3, .click(1))], stopAt: Self.start + 3)
        let p1 = Self.provider([Self.deadline("A", in: 7259), Self.deadline("B", in: 9000, handle: 2)])
        let loop = FollowLoop(
            load: {
                let p =
                    box.clicks.isEmpty
                    ? p1
                    : TimelineProvider(
                        summary: p1.summary, config: p1.config,
                        state: WidgetState(selected: "id-2"), zone: p1.zone)
                return { t in
                    let e = p.entry(at: t); return (e.medium, p.nextChange(after: t, current: e))
                }
            }, click: { box.clicks.append($0) })
        _ = loop.run(&driver)
        #expect(box.clicks == [1])
        #expect(driver.lines.map(\.1) == ["A 2h 00m", "B 2h 29m"])
    }

    @Test func aClosedReaderEndsTheLoopWithZero() {
        let p = Self.provider([Self.deadline("A", in: 60)])
        var driver = FakeDriver(clock: Self.start, readerClosesAfter: 2, stopAt: Self.start + 1000)
        #expect(Self.loop { p }.run(&driver) == 0)
        #expect(driver.lines.count == 2)
    }

    @Test func headerAndFrameForI3bar() {
        let p = Self.provider([Self.deadline("A", in: 2)])
        var driver = FakeDriver(clock: Self.start, stopAt: Self.start + 10)
        let loop = FollowLoop(
            header: ["{\"version\":1}", "["], frame: { line, first in (first ? "[" : ",[") + line + "]" },
            load: {
                { t in
                    let e = p.entry(at: t); return (e.small, p.nextChange(after: t, current: e))
                }
            })
        _ = loop.run(&driver)
        #expect(driver.lines.map(\.1) == ["{\"version\":1}", "[", "[🔥 00:02]", ",[🔥 00:01]", ",[🏁 over]"])
    }

    @Test(
        arguments: [
            ("1", 1), ("3\n", 3), ("[", nil), ("{\"name\":\"tminus\",\"button\":1,\"x\":3}", 1),
            (",{\"name\":\"tminus\",\"button\":5,\"modifiers\":[\"Shift\"]}", 5), ("[{\"button\":4}", 4),
            ("garbage", nil), ("{\"name\":\"other\",\"button\":1}", nil)
        ] as [(String, Int?)])
    func clickLines(_ row: (String, Int?)) {
        #expect(ClickParser.button(row.0) == row.1)
    }

    @Test func clickSteps() {
        #expect(ClickParser.step(1) == 1 && ClickParser.step(5) == 1)
        #expect(ClickParser.step(3) == -1 && ClickParser.step(4) == -1)
        #expect(ClickParser.step(2) == 0, "middle: back to the one due next")
        #expect(ClickParser.step(6) == nil && ClickParser.step(0) == nil)
    }
}
