public import TMinusCore

/// WidgetKit's `TimelineProvider` for a status bar: a pure function of (summary, config, state,
/// zone) that gives entries dated exactly where what a bar shows changes.
public struct TimelineProvider: Sendable {
    public let summary: Summary
    public let config: Config
    public let state: WidgetState
    public let zone: Zone
    /// The config's templates, parsed once: with a deadline, and without.
    let templates: FamilyTemplates
    let templatesNone: FamilyTemplates
    /// Each todo's due instant in `zone` (nil: undated), computed once.
    let todoDueInstants: [Int64?]
    /// The due instants of dated todos, ascending: today's list changes only at these and at
    /// local midnight, so a timeline over hundreds of todos builds each list once.
    let todoDues: [Int64]

    public init(summary: Summary, config: Config = Config(), state: WidgetState = WidgetState(), zone: Zone) {
        self.summary = summary
        self.config = config
        self.state = state
        self.zone = zone
        let t = config.templates
        templates = FamilyTemplates(small: CompiledTemplate(t.small), medium: CompiledTemplate(t.medium), large: CompiledTemplate(t.large))
        templatesNone = FamilyTemplates(small: CompiledTemplate(t.smallNone), medium: CompiledTemplate(t.mediumNone),
                                        large: CompiledTemplate(t.largeNone))
        todoDueInstants = summary.todos.map { $0.due?.instant(in: zone).seconds }
        todoDues = todoDueInstants.compactMap { $0 }.sorted()
    }

    /// A generic entry on sample data, for a first display (WidgetKit's `placeholder(in:)`).
    public static func placeholder(now: Instant, zone: Zone) -> Entry {
        TimelineProvider(summary: SampleData.summary(now: now, zone: zone), zone: zone).entry(at: now)
    }

    /// The entry for now (WidgetKit's `getSnapshot`).
    public func snapshot(at now: Instant) -> Entry { entry(at: now) }

    /// Entries from `from`, cut at `until` (policy `.after`) or after `limit` entries (`.atEnd`);
    /// `.never` when nothing can change any more.
    public func timeline(from: Instant, until: Instant? = nil, limit: Int? = nil) -> Timeline {
        var entries: [Entry] = []
        let policy = timeline(from: from, until: until, limit: limit) { entries.append($0) }
        return Timeline(entries: entries, policy: policy)
    }

    /// The same timeline, handed over one entry at a time (so a long one is never held whole);
    /// returns its reload policy.
    public func timeline(from: Instant, until: Instant? = nil, limit: Int? = nil, _ each: (Entry) -> Void) -> ReloadPolicy {
        var count = 0
        var iterator = EntrySequence(provider: self, start: from).makeIterator()
        while let e = iterator.next() {
            if let until, e.date > until { return .after(e.date) }
            each(e)
            count += 1
            if let limit, count >= limit { return iterator.upcoming == nil ? .never : .atEnd }
        }
        return .never
    }

    /// All entries from `start`, produced lazily: a per-second countdown over weeks costs nothing
    /// until read.
    public func entries(from start: Instant) -> EntrySequence { EntrySequence(provider: self, start: start) }

    // MARK: which deadline

    /// The deadline shown at `t`: the configured REF; else the clicked one while it lasts; else
    /// the one that went over less than `overHold` ago (unless the next is already critical);
    /// else the next one due; else the last one, held as over.
    func shownDeadline(at t: Instant) -> Item? {
        let all = summary.deadlines
        let live = cycleOrder(at: t)
        // A click (tminus next|prev) wins while the clicked deadline lasts.
        if let selected = state.selected, let chosen = live.first(where: { $0.id == selected }) { return chosen }
        if case .ref(let ref) = config.deadline {
            return try? resolve(ref, in: all)
        }
        let upcoming = live.first { dueInstant($0) > t }
        let lastOver = all.filter { dueInstant($0) <= t }
            .max { (dueInstant($0), -$0.handle) < (dueInstant($1), -$1.handle) }
        if let held = lastOver, dueInstant(held) + config.overHold > t {
            if let upcoming, dueInstant(upcoming) - t < config.critical { return upcoming }
            return held
        }
        return upcoming ?? lastOver
    }

    /// A deadline's due instant in the provider's zone (a summary's deadlines always have one).
    func dueInstant(_ d: Item) -> Instant { d.due?.instant(in: zone) ?? summary.generated }

    /// Resolves a configured REF among the summary's deadlines.
    public func resolve(_ ref: String, in deadlines: [Item]) throws(TMinusError) -> Item {
        try RefResolver.resolve(ref, among: deadlines, what: "deadline")
    }

    /// The deadlines in the order `next`/`prev` cycle through: ongoing ones by due date.
    public func cycleOrder(at t: Instant) -> [Item] {
        summary.deadlines.filter { dueInstant($0) + config.overHold > t }
            .sorted { (dueInstant($0), $0.handle, $0.id) < (dueInstant($1), $1.handle, $1.id) }
    }
}

/// The lazy sequence of a provider's entries.
public struct EntrySequence: Sequence, Sendable {
    let provider: TimelineProvider
    let start: Instant

    public struct Iterator: IteratorProtocol {
        let provider: TimelineProvider
        public internal(set) var upcoming: Instant?
        let memo = TodayMemo()

        public mutating func next() -> Entry? {
            guard let t = upcoming else { return nil }
            let e = provider.entry(at: t, memo: memo)
            upcoming = provider.nextChange(after: t, current: e, memo: memo)
            return e
        }
    }

    public func makeIterator() -> Iterator { Iterator(provider: provider, upcoming: start) }
}

/// Today's todos and their placeholder values for the stretch of time they hold: the same local
/// date and the same number of todo due instants passed.
final class TodayMemo {
    var date: CivilDate?
    var passed = -1
    var todos: [TodayTodo] = []
    var values: PlaceholderValues = [:]
}
