import TMinusCore
import TMinusIO
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
}
