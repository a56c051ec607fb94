import Foundation
import TMinusCore
import TMinusSystem
import TMinusTimeline
import Testing

/// Zones and summaries the timeline tests share.
enum Fixtures {
    static func zone(_ name: String) -> Zone {
        guard let z = ZoneLoader.named(name) else { fatalError("zone \(name) missing: install tzdata") }
        return z
    }

    /// A wall time in a zone.
    static func at(_ text: String, _ zone: Zone) -> Instant {
        guard let (local, offset) = DateTimeText.parse(text) else { fatalError("bad time \(text)") }
        if let offset { return Instant(local.secondsAsUTC - Int64(offset)) }
        return zone.instant(local)
    }

    static func deadline(_ title: String, due: Due, start: Instant, handle: Int = 1, tag: String? = nil) -> Item {
        Item(
            kind: .deadline, id: String(format: "00000000-0000-4000-8000-%012d", handle), handle: handle, title: title,
            due: due, start: start, tag: tag)
    }

    static func todo(_ title: String, due: Due? = nil, handle: Int, starred: Bool = false, priority: Priority = .none)
        -> Item
    {
        Item(
            kind: .todo, id: String(format: "00000000-0000-4000-8000-%012d", handle), handle: handle, title: title,
            due: due, starred: starred, priority: priority)
    }

    static func provider(_ deadlines: [Item], todos: [Item] = [], config: Config = Config(), zone: Zone)
        -> TimelineProvider
    {
        TimelineProvider(
            summary: Summary(generated: Instant(0), deadlines: deadlines, todos: todos), config: config, zone: zone)
    }

    /// Checks the invariants every timeline has: dates strictly rising, `remaining` the true
    /// seconds to due, and each entry's content different from the one before.
    static func checkInvariants(_ timeline: TMinusTimeline.Timeline, sourceLocation: SourceLocation = #_sourceLocation)
    {
        var previous: Entry?
        for e in timeline.entries {
            if let d = e.deadline {
                // In progress, what remains is the time to the event's end.
                let until = e.state == .ongoing ? (d.item.end ?? d.due) : d.due
                #expect(d.remaining == until - e.date, "remaining at \(e.date)", sourceLocation: sourceLocation)
            }
            if let p = previous {
                #expect(e.date > p.date, "dates rise at \(e.date)", sourceLocation: sourceLocation)
                #expect(
                    !(p.small == e.small && p.medium == e.medium && p.large == e.large && p.state == e.state
                        && p.percent == e.percent && p.todos == e.todos && p.deadline?.id == e.deadline?.id),
                    "entry at \(e.date) changes nothing", sourceLocation: sourceLocation)
            }
            previous = e
        }
    }
}
