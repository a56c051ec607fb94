import TMinusCore
import TMinusTestSupport
import TMinusTimeline
import Testing

/// A read near a moment (`show`) in a home whose calendars are full of events and invitations: the
/// next deadline that can show (never an invitation; with the `lead` and `never` policies, never
/// an event) is read however far it is, and until `completeUntil` every output is the whole
/// summary's, for each policy. (Once the next deadline a calendar's first event past the two hours;
/// with two days of events after it, a thesis due in six days was passed over and the bar said
/// "no deadlines" between events.)
struct SummaryNearEventsTests {
    typealias Seeded = SeededGenerator

    /// A home around `now`: a calendar ("cal") with an event about every half hour for `days` days
    /// (a twentieth of them from midnight to midnight, a twelfth whole days, an eighth invitations,
    /// some invitations with no end), an Org file's deadline with an end (not an event: Org is no
    /// calendar) now and then, and the own deadlines: one due a day after the events, and some
    /// random ones when `seed` says so.
    static func summary(around now: Instant, zone: Zone, seed: UInt64, days: Int) -> Summary {
        var r = Seeded(state: seed)
        var deadlines: [Item] = []
        var handle = 0
        func next() -> Int {
            handle += 1
            return handle
        }
        let start = Instant(now.seconds / 900 * 900)
        for k in 0..<(days * 48) {
            let t = start + Int64(k) * 1_800 + Int64(r.next(3)) * 900
            let h = next()
            var d: Item
            switch r.next(40) {
            case 0, 1:
                let day = zone.local(t).date
                d = Fixtures.deadline("Day \(h)", due: .instant(zone.startOfDay(day)), start: now - 86_400, handle: h)
                d.end = zone.startOfDay(day.adding(days: 1))
            case 2, 3, 4:
                d = Fixtures.deadline("Whole \(h)", due: .day(zone.local(t).date), start: now - 86_400, handle: h)
                d.end = zone.startOfDay(zone.local(t).date.adding(days: 1))
            case 5:
                d = Fixtures.deadline("Org \(h)", due: .instant(t), start: now - 86_400, handle: h)
                d.end = t + 3_600
                d.source = "org"
                deadlines.append(d)
                continue
            default:
                d = Fixtures.deadline("Event \(h)", due: .instant(t), start: now - 86_400, handle: h)
                d.end = t + Int64(1 + r.next(4)) * 600
            }
            d.source = "cal"
            if r.next(8) == 0 {
                d.reply = ["invited", "tentative", "declined"][r.next(3)]
                if r.next(2) == 0 { d.end = nil }
            }
            deadlines.append(d)
        }
        let far = now + Int64(days + 1) * 86_400 + Int64(r.next(86_400))
        deadlines.append(Fixtures.deadline("Thesis", due: .instant(far), start: now - 30 * 86_400, handle: next()))
        if seed % 2 == 1 {
            for _ in 0..<5 {
                let t = now + Int64(r.next(Int(days + 3) * 86_400))
                deadlines.append(
                    Fixtures.deadline("Own \(handle)", due: .instant(t), start: now - 86_400, handle: next()))
            }
        }
        deadlines.sort { $0.deadlineOrder < $1.deadlineOrder }
        let sources = [
            Summary.Source(name: Item.ownSource, stamp: now, items: 6),
            Summary.Source(name: "cal", stamp: now, items: deadlines.count, kind: "vdir"),
            Summary.Source(name: "org", stamp: now, items: 0, kind: "org")
        ]
        return Summary(generated: now, sources: sources, deadlines: deadlines, todos: [])
    }

    static func config(_ events: Config.EventPolicy, lead: Int64) -> Config {
        var config = Config()
        config.events = events
        config.eventLead = lead
        return config
    }

    /// What a bar shows at `t` and the next change before `limit`.
    static func shown(_ p: TimelineProvider, at t: Instant, limit: Instant) -> String {
        let memo = TodayMemo()
        let e = p.entry(at: t, memo: memo)
        let next = p.nextChange(after: t, current: e, memo: memo, before: limit)
        return "\(e.state) \(e.deadline?.id ?? "-") \(e.small) | \(e.medium) | \(e.large) | next \(next?.seconds ?? -1)"
    }

    @Test(arguments: SummaryNearTests.zones)
    func everyPolicyShowsWhatTheWholeSummaryShows(_ zoneName: String) throws {
        let zone = Fixtures.zone(zoneName)
        let policies: [(Config.EventPolicy, Int64)] = [(.lead, 900), (.lead, 3 * 3_600), (.always, 900), (.never, 900)]
        for (i, text) in SummaryNearTests.moments.enumerated() {
            let now = Fixtures.at(text, zone)
            let summary = Self.summary(around: now, zone: zone, seed: UInt64(i) * 31 + 3, days: 3 + i % 3)
            let bytes = summary.bytes()
            let whole = try Summary(bytes: bytes)
            for (policy, lead) in policies {
                let config = Self.config(policy, lead: lead)
                let near = try Summary(bytes: bytes, near: now, zone: zone, eventLead: config.nearEventLead)
                let inOrder = try Summary(
                    bytes: bytes, near: now, zone: zone, eventLead: config.nearEventLead,
                    orderedDeadlinesEnd: SummaryNearTests.deadlinesEnd(bytes))
                #expect(inOrder == near, "\(zoneName) \(policy) in order")
                let what = "\(zoneName) \(text) \(policy) \(lead)"
                guard let until = near.completeUntil else {
                    Issue.record("\(what): nothing passed over")
                    continue
                }
                // Past `until`, what is read: with a lead, no timed event past it; and of the
                // timed deadlines that are not events there, only those due with the first.
                let timed = near.deadlines.filter { !$0.due!.isWholeDay && $0.due!.instant(in: zone) > until }
                let events = timed.filter { $0.source == "cal" && $0.end != nil && $0.reply == nil }
                if let eventLead = config.nearEventLead {
                    #expect(events.allSatisfy { $0.due!.instant(in: zone) <= until + eventLead }, "\(what)")
                }
                let held = Set(
                    timed.filter { !events.contains($0) && $0.reply == nil }.map { $0.due!.instant(in: zone) })
                #expect(held.count <= 1 + (config.nearEventLead == nil ? 0 : 1), "\(what): \(held)")
                let a = TimelineProvider(summary: whole, config: config, zone: zone)
                let b = TimelineProvider(summary: near, config: config, zone: zone)
                var t = now
                while t < until {
                    let w = Self.shown(a, at: t, limit: until), n = Self.shown(b, at: t, limit: until)
                    #expect(w == n, "\(what) at \(t)")
                    if w != n { return }
                    t = t + 60 + Int64(t.seconds % 7)
                }
            }
        }
    }

    /// What the bar said: between two events of a calendar dense for four days, the thesis due in
    /// six is the countdown (the `lead` policy, the default), not "no deadlines".
    @Test func theFarDeadlineShowsBetweenEvents() throws {
        let zone = Fixtures.zone("Europe/Berlin")
        let now = Fixtures.at("2026-11-29T07:30", zone)
        var deadlines: [Item] = []
        for h in 1..<(4 * 24) {
            var e = Fixtures.deadline(
                "Event \(h)", due: .instant(now + Int64(h) * 3_600 - 1_800), start: now, handle: h)
            e.end = now + Int64(h) * 3_600 - 600
            e.source = "cal"
            // Invitations with no end, in the stretch the first ones past the two hours.
            if (16...20).contains(h) {
                e.end = nil
                e.reply = "invited"
            }
            deadlines.append(e)
        }
        let thesis = Fixtures.deadline("Thesis", due: .instant(now + 6 * 86_400), start: now - 86_400, handle: 200)
        deadlines.append(thesis)
        let sources = [
            Summary.Source(name: Item.ownSource, stamp: now, items: 1),
            Summary.Source(name: "cal", stamp: now, items: deadlines.count - 1, kind: "vdir")
        ]
        let bytes = Summary(generated: now, sources: sources, deadlines: deadlines, todos: []).bytes()
        let config = Config()
        let near = try Summary(bytes: bytes, near: now, zone: zone, eventLead: config.nearEventLead)
        let provider = TimelineProvider(summary: near, config: config, zone: zone)
        // (At 07:30 the first event, 08:00 to 08:20, is not yet within its quarter hour.)
        #expect(provider.entry(at: now).deadline?.id == thesis.id)
        #expect(provider.entry(at: now + 3_000).deadline?.id == thesis.id)
        // Only the events up to the two hours and the lead are read, and the thesis.
        #expect(near.deadlines.count == 3, "\(near.deadlines.map(\.title))")
    }
}
