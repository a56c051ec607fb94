import TMinusCore
import TMinusSystem
import TMinusRender
import TMinusTimeline
import Testing
@testable import TMinusCLI

/// The outputs a full `show` keeps for the hour to come are, at every second of their interval,
/// what a full run at that second prints: in every format, around the changes a bar sees (the
/// last hour's seconds, a threshold, a todo's due time, midnight, a DST jump, an event's end).
struct WidgetCacheSegmentsTests {
    struct Case: Sendable, CustomStringConvertible {
        var zone: String
        var now: String
        var precision: Precision
        var description: String { "\(zone) \(now) \(precision)" }
    }

    static let cases = [
        Case(zone: "Europe/Berlin", now: "2027-03-28T01:40", precision: .auto),  // spring forward in the hour
        Case(zone: "America/Los_Angeles", now: "2026-11-01T01:30", precision: .minutes),  // fall back (the first 01:30)
        Case(zone: "Australia/Lord_Howe", now: "2026-10-04T01:45", precision: .auto),  // a 30-minute jump
        Case(zone: "Asia/Kathmandu", now: "2026-12-31T23:20", precision: .seconds),  // midnight and a new year
        Case(zone: "Europe/Berlin", now: "2026-11-25T16:30", precision: .auto)  // the last hour, per second
    ]

    func item(_ kind: Item.Kind, _ title: String, due: Instant, handle: Int, start: Instant? = nil) -> Item {
        Item(
            kind: kind, id: "00000000-0000-4000-8000-\(String(100_000_000_000 + handle).dropFirst())", handle: handle,
            title: title, due: .instant(due), start: start)
    }

    @Test(arguments: cases)
    func keptOutputsAreWhatAFullRunPrints(_ c: Case) throws {
        let zone = try #require(ZoneLoader.named(c.zone))
        guard let (local, _) = DateTimeText.parse(c.now) else { Issue.record("bad time"); return }
        let now = zone.instant(local)
        var config = Config()
        config.precision = c.precision
        let summary = Summary(
            generated: now - 86_400,
            deadlines: [
                item(.deadline, "Report <b>&amp; #[fg=red]", due: now + 47 * 60 + 13, handle: 1, start: now - 7_200),
                item(.deadline, "Thesis", due: now + 3 * 86_400, handle: 2, start: now - 86_400)
            ],
            todos: [
                item(.todo, "Call | bash=rm", due: now + 20 * 60, handle: 3),
                item(.todo, "Buy milk", due: now + 50 * 60, handle: 4)
            ])
        let provider = TimelineProvider(summary: summary, config: config, zone: zone)
        for renderer in Renderers.all {
            for family in [nil, Family.small] {
                let options = RenderOptions(family: family, config: config, zone: zone)
                let memo = TodayMemo()
                let first = provider.entry(at: now, memo: memo)
                let segments = ShowCommand.outputsToCome(
                    provider, from: first, renderer.render(first, options), memo: memo,
                    refresh: nil, now: now, showsSeconds: renderer.showsSeconds
                ) {
                    renderer.render($0, options)
                }
                #expect(segments.first?.from == now)
                #expect(segments.count <= WidgetCache.maxSegments)
                #expect(!renderer.showsSeconds || segments.count == 1 && segments[0].until == now + 1)
                var t = now
                for s in segments {
                    #expect(s.from == t, "\(renderer.format): segments follow one another")
                    // Every second of a short interval; the ends and a few inside a long one.
                    let length = s.until - s.from
                    var inside: [Instant] = [s.from, s.from + length / 2, s.until - 1]
                    if length <= 90 { inside = (0..<length).map { s.from + $0 } }
                    for u in inside {
                        let full = renderer.render(provider.entry(at: u), options)
                        #expect(
                            full == Rendered(s.text, exitCode: s.exitCode),
                            "\(renderer.format) \(family?.rawValue ?? "-") at +\(u - now) s: kept \(s.text) / full \(full.text)"
                        )
                    }
                    t = s.until
                }
                // An hour is kept unless the outputs ran out first (then the next full run keeps on).
                #expect(t <= now + 3_600)
                #expect(
                    renderer.showsSeconds || segments.count == WidgetCache.maxSegments || t == now + 3_600,
                    "\(renderer.format): \(segments.count) outputs until +\(t - now) s")
            }
        }
    }

    @Test func aRefreshEndsWhatIsKept() throws {
        let zone = try #require(ZoneLoader.named("UTC"))
        let now = Instant(1_795_428_000)
        let summary = Summary(
            generated: now, deadlines: [item(.deadline, "Exam", due: now + 5 * 86_400 + 1_800, handle: 1, start: now)])
        let provider = TimelineProvider(summary: summary, zone: zone)
        let renderer = PlainRenderer()
        let options = RenderOptions(zone: zone)
        let memo = TodayMemo()
        let first = provider.entry(at: now, memo: memo)
        let segments = ShowCommand.outputsToCome(
            provider, from: first, renderer.render(first, options), memo: memo,
            refresh: now + 90, now: now, showsSeconds: false
        ) { renderer.render($0, options) }
        #expect(
            segments.count == 1 && segments[0].until == now + 90,
            "\(segments.map { ($0.from.seconds, $0.until.seconds) })")
    }

    /// Kept outputs at random moments (across DST changes in four zones, in English and German):
    /// an event in progress, a calendar event ahead (its lead time), deadlines whose percent
    /// ticks every few minutes and todos due within the hour. Each output a stretch fills in
    /// (`OutputPattern`) is checked at its ends and middle against a full run.
    @Test(arguments: ["America/Los_Angeles", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu"])
    func keptOutputsAtRandomMomentsAreWhatAFullRunPrints(_ zoneName: String) throws {
        let zone = try #require(ZoneLoader.named(zoneName))
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(zoneName.utf8.count)
        func random(_ n: Int64) -> Int64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int64((seed >> 33) % UInt64(n))
        }
        // Around the DST changes of 2026 and 2027, and any time of year.
        let anchors = [Int64(1_774_746_000), 1_792_890_000, 1_775_350_800, 1_791_766_800, 1_795_428_000].map {
            Instant($0)
        }
        for round in 0..<6 {
            let now = anchors[round % anchors.count] + random(4 * 86_400) - 2 * 86_400
            var config = Config()
            config.precision = [Precision.auto, .minutes, .seconds][Int(random(3))]
            // Every other round in a language with a catalog (the kept outputs' words are looked
            // up once a run, a full run's each time): German, and Russian's three plural forms.
            if round % 2 == 1 {
                // (LANG, not LANGUAGE alone: gettext reads LANGUAGE only under a locale, and these
                // rounds were English while they said LANGUAGE=de.)
                let language = round % 4 == 1 ? "de" : "ru"
                let locale = language == "de" ? "de_DE.UTF-8" : "ru_RU.UTF-8"
                config.words = Words(messages: Catalog.chosen(by: ["LANG": locale]), names: .english)
                #expect(config.words.messages.code == language)
            }
            var meeting = item(.deadline, "Meeting", due: now - random(3_000), handle: 5)
            meeting.end = now + 600 + random(3_000)
            meeting.source = "work"
            let callDue = now + 1_200 + random(2_000)
            var call = item(.deadline, "Call", due: callDue, handle: 6)
            call.end = callDue + 1_800
            call.source = "work"
            let summary = Summary(
                generated: now - 86_400,
                sources: [Summary.Source(name: "work", stamp: now - 86_400, items: 2, kind: "vdir")],
                deadlines: [
                    item(.deadline, "Report", due: now + 3_000 + random(20_000), handle: 1, start: now - random(9_000)),
                    item(.deadline, "Thesis", due: now + random(9 * 86_400), handle: 2, start: now - 86_400),
                    meeting, call
                ],
                todos: [item(.todo, "Buy milk", due: now + random(3_600), handle: 3)])
            for deadline in [Config.Selection.next, .ref("1"), .ref("5")] {
                config.deadline = deadline
                let provider = TimelineProvider(summary: summary, config: config, zone: zone)
                for renderer in Renderers.all where !renderer.showsSeconds {
                    let options = RenderOptions(config: config, zone: zone)
                    let memo = TodayMemo()
                    let first = provider.entry(at: now, memo: memo)
                    let segments = ShowCommand.outputsToCome(
                        provider, from: first, renderer.render(first, options), memo: memo,
                        refresh: nil, now: now, showsSeconds: false
                    ) { renderer.render($0, options) }
                    var t = now
                    for s in segments {
                        #expect(s.from == t)
                        for u in [s.from, s.from + (s.until - s.from) / 2, s.until - 1] {
                            let full = renderer.render(provider.entry(at: u), options)
                            #expect(
                                full == Rendered(s.text, exitCode: s.exitCode),
                                "\(zoneName) \(now.seconds) \(renderer.format) at +\(u - now) s: kept \(s.text) / full \(full.text)"
                            )
                        }
                        t = s.until
                    }
                }
            }
        }
    }

    /// The keeping run renders each distinct state once: a deadline hours away, minutes shown, is
    /// an hour of outputs (one a minute, its percent ticking) from one full rendering and one
    /// with marks, in every bar whose output shows the countdown as text.
    @Test(arguments: [Int64(3_600), 0])
    func aStretchOfTicksIsRenderedOnce(_ startedAgo: Int64) throws {
        let zone = try #require(ZoneLoader.named("Europe/Berlin"))
        let now = Instant(1_795_428_000)
        let summary = Summary(
            generated: now - 3_600,
            deadlines: [
                item(.deadline, "Report", due: now + 5 * 3_600 + 17, handle: 1, start: now - startedAgo)
            ],
            todos: [item(.todo, "Buy milk", due: now + 4 * 3_600, handle: 3)])
        let provider = TimelineProvider(summary: summary, zone: zone)
        for renderer in [WaybarRenderer(), PlainRenderer(), TmuxRenderer(), I3blocksRenderer()] as [any Renderer] {
            let options = RenderOptions(config: Config(), zone: zone)
            let memo = TodayMemo()
            let first = provider.entry(at: now, memo: memo)
            var renders = 0
            let segments = ShowCommand.outputsToCome(
                provider, from: first, renderer.render(first, options), memo: memo,
                refresh: nil, now: now, showsSeconds: false
            ) {
                renders += 1
                return renderer.render($0, options)
            }
            #expect(segments.count == WidgetCache.maxSegments, "\(renderer.format)")
            // At 0 % ("· 0% elapsed" hidden) the first stretch ends at 1 %: two more renderings.
            #expect(
                renders <= (startedAgo == 0 ? 5 : 2),
                "\(renderer.format): \(renders) renderings for \(segments.count) outputs")
            for s in segments {
                #expect(renderer.render(provider.entry(at: s.from), options) == Rendered(s.text, exitCode: s.exitCode))
            }
        }
    }
}
