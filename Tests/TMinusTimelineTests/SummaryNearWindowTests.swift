import TMinusCore
import TMinusTestSupport
import TMinusTimeline
import Testing

/// Past `completeUntil`, a read near a moment keeps the first deadline that can be the next one
/// due and those listed after it that can still be due sooner in the outputs' zone: the summary
/// lists whole days by their UTC end, which in UTC+14 comes 14 hours after the day ends there and
/// in UTC-12 12 hours before. The extreme zones, where the window (15 hours) is nearly all used.
struct SummaryNearWindowTests {
    /// A summary of `deadlines` (the own source's), listed as tminus lists them.
    static func bytes(_ deadlines: [Item], at now: Instant) -> [UInt8] {
        let sorted = deadlines.sorted { $0.deadlineOrder < $1.deadlineOrder }
        let sources = [Summary.Source(name: Item.ownSource, stamp: now, items: sorted.count)]
        return Summary(generated: now, sources: sources, deadlines: sorted, todos: []).bytes()
    }

    /// That at `now` the countdown is `title`, from the whole summary and from the near read, with
    /// `two` deadlines and hourly ones from `farFrom` on (passed over).
    static func expectShown(
        _ title: String, _ two: [Item], farFrom: Instant, at now: Instant, zone: Zone
    ) throws {
        let far = (3...40).map { h in
            Fixtures.deadline("Far \(h)", due: .instant(farFrom + Int64(h) * 3_600), start: now, handle: h)
        }
        let bytes = bytes(two + far, at: now)
        let config = Config()
        let near = try Summary(bytes: bytes, near: now, zone: zone, eventLead: config.nearEventLead)
        #expect(near.completeUntil != nil, "something is passed over")
        func shown(_ s: Summary) -> String? {
            TimelineProvider(summary: s, config: config, zone: zone).entry(at: now).deadline?.title
        }
        #expect(shown(try Summary(bytes: bytes)) == title)
        #expect(shown(near) == title)
    }

    /// In UTC+14 a whole day listed 13 hours after a timed deadline (by its UTC end) is due an
    /// hour before it there: it is the countdown.
    @Test func aWholeDayListedAfterIsDueSoonerInUTCPlus14() throws {
        let zone = Fixtures.zone("Pacific/Kiritimati")
        let now = Fixtures.at("2026-11-29T09:00", zone)
        // Tomorrow there, and a deadline an hour after it ends.
        let day = zone.local(now).date.adding(days: 1)
        let timed = zone.startOfDay(day.adding(days: 1)) + 3_600
        #expect(Due.day(day).sortKey == timed.seconds + 13 * 3_600)
        let two = [
            Fixtures.deadline("Timed", due: .instant(timed), start: now - 86_400, handle: 1),
            Fixtures.deadline("Whole day", due: .day(day), start: now - 86_400, handle: 2)
        ]
        try Self.expectShown("Whole day", two, farFrom: timed, at: now, zone: zone)
    }

    /// In UTC-12 a whole day ends 12 hours after its UTC end: a timed deadline listed 11 hours
    /// after it is due sooner, and is the countdown.
    @Test func aTimedOneListedAfterIsDueSoonerInUTCMinus12() throws {
        let zone = Fixtures.zone("Etc/GMT+12")
        let now = Fixtures.at("2026-11-29T09:00", zone)
        let day = zone.local(now).date.adding(days: 1)
        let dayEnds = zone.startOfDay(day.adding(days: 1))
        let two = [
            Fixtures.deadline("Whole day", due: .day(day), start: now - 86_400, handle: 1),
            Fixtures.deadline("Timed", due: .instant(dayEnds - 3_600), start: now - 86_400, handle: 2)
        ]
        try Self.expectShown("Timed", two, farFrom: dayEnds, at: now, zone: zone)
    }

    /// After the first beyond, what cannot be due sooner is not read: a timed deadline after a
    /// timed one, or one past the window. A dense stretch of meetings after it costs one read.
    @Test func pastTheFirstBeyondOnlyWholeDaysAreRead() throws {
        let zone = Fixtures.zone("Europe/Berlin")
        let now = Fixtures.at("2026-11-29T09:00", zone)
        // (10:00 UTC: the day's UTC end is 14 hours on, in the window.)
        let first = now + 5 * 86_400 + 2 * 3_600
        var deadlines = (1...96).map { h in
            Fixtures.deadline("D \(h)", due: .instant(first + Int64(h - 1) * 1_800), start: now, handle: h)
        }
        // One due with the first (the handle orders them), and whole days: the day of the first
        // (in the window: in some zone it ends sooner), and the one after (past it).
        deadlines.append(Fixtures.deadline("Same", due: .instant(first), start: now, handle: 100))
        let day = zone.local(first).date
        deadlines.append(Fixtures.deadline("Day", due: .day(day), start: now, handle: 101))
        deadlines.append(Fixtures.deadline("Next day", due: .day(day.adding(days: 1)), start: now, handle: 102))
        let near = try Summary(bytes: Self.bytes(deadlines, at: now), near: now, zone: zone, eventLead: 900)
        #expect(near.deadlines.map(\.title) == ["D 1", "Same", "Day"])
    }
}
