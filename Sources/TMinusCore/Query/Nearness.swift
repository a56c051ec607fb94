/// How near now an item is, for a source's cap (`maxItems`): what is under way first (an event
/// between its start and its end), then every dated item by its due time (so the overdue, oldest
/// first, then the soonest ahead), then the undated ones. A cap keeps the nearest, never the first
/// in a file: the bar counts down to the soonest deadline whatever the file's order. The order
/// of two items does not change as time passes (the earlier due stays the nearer), except when
/// one starts or ends: a kept item stays kept until its source is read again.
public struct Nearness: Comparable, Sendable {
    /// 0 under way, 1 dated, 2 undated.
    public var tier: UInt8
    /// The due time in seconds (the start of an event under way); 0 for undated.
    public var time: Int64

    /// A nearness of this tier and time (as the ics cache keeps it).
    public init(tier: UInt8, time: Int64) {
        self.tier = tier
        self.time = time
    }

    /// How near `item` is at `now` (a due day in `zone`).
    public init(_ item: Item, now: Instant, zone: Zone) {
        guard let due = item.due else {
            self.init(tier: 2, time: 0)
            return
        }
        let start = due.startInstant(in: zone)
        if let end = item.end, start <= now, now < end {
            self.init(tier: 0, time: start.seconds)
        } else {
            self.init(tier: 1, time: due.instant(in: zone).seconds)
        }
    }

    /// Nearer first.
    public static func < (a: Nearness, b: Nearness) -> Bool { (a.tier, a.time) < (b.tier, b.time) }
}

/// Of the elements added one by one, the `limit` nearest now (equal ones: the first added), in
/// bounded memory: at most `2 × limit` are held at once, whatever the number added (a file of
/// millions of items costs what the cap shows, not its size).
public struct NearestKept<Element> {
    /// How many it keeps.
    public let limit: Int
    /// How many were added.
    public private(set) var added = 0
    /// The farthest one kept when some were left out (nil while none was): anything farther
    /// than this was not kept (and of equal ones, those of a higher order).
    public private(set) var cutoff: Nearness?
    private var held: [(key: Nearness, order: Int, element: Element)] = []

    /// Keeps at most `limit` (at least 0).
    public init(limit: Int) { self.limit = max(0, limit) }

    /// Considers one more element, `key` its nearness; of equal ones the lower `order` is kept
    /// (by default the order they are added in).
    public mutating func add(_ element: Element, _ key: Nearness, order: Int? = nil) {
        defer { added += 1 }
        if let cutoff, cutoff < key { return }
        held.append((key, order ?? added, element))
        if held.count >= 2 * limit + 16 { trim() }
    }

    /// Counts one more element as left out when its nearness alone (known before the element is
    /// made) is farther than the cutoff; false when it may be kept and must be `add`ed.
    public mutating func leaveOut(_ key: Nearness) -> Bool {
        guard let cutoff, cutoff < key else { return false }
        added += 1
        return true
    }

    /// How many added elements are not kept.
    public var leftOut: Int { added - min(added, limit) }

    /// The kept elements, in their order (`cutoff` is set from here on when some
    /// were left out).
    public mutating func kept() -> [Element] {
        trim()
        return held.sorted { $0.order < $1.order }.map(\.element)
    }

    private mutating func trim() {
        guard held.count > limit else { return }
        held.sort { ($0.key, $0.order) < ($1.key, $1.order) }
        held.removeSubrange(limit...)
        let last = held.last?.key ?? Nearness(tier: 0, time: .min)
        cutoff = cutoff.map { min($0, last) } ?? last
    }
}
