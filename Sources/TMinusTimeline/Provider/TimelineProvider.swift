public import TMinusCore

/// WidgetKit's `TimelineProvider` for a status bar: a pure function of (summary, config, state,
/// zone) that gives entries dated exactly where what a bar shows changes.
public struct TimelineProvider: Sendable {
    /// The deadlines and todos to show (the shared summary).
    public let summary: Summary
    /// The widget config: templates, thresholds, colours, icons.
    public let config: Config
    /// The widget state: the deadline clicked to, and the calendar's scrolled month.
    public let state: WidgetState
    /// The time zone of local dates, due times and midnights.
    public let zone: Zone
    /// The config's templates, parsed once: with a deadline, and without.
    let templates: FamilyTemplates
    let templatesNone: FamilyTemplates
    /// The deadlines with their due instants in `zone`, by due date, then handle and id: computed
    /// once, not in every entry's choice of deadline.
    let byDue: [DueDeadline]
    /// The deadlines that hold the bar (and go over): all of `byDue` but, with events `lead`,
    /// the timed calendar events, which are in `events`.
    let held: [DueDeadline]
    /// With events `lead`: the timed calendar events, which hold the bar from `eventLead`
    /// before their start to their end.
    let events: [DueDeadline]
    /// The configured REF's deadline, resolved once (nil: `next`, or a REF that names none).
    let configured: DueDeadline?
    /// Each todo's due instant in `zone` (nil: undated), computed once.
    let todoDueInstants: [Int64?]
    /// The due instants of dated todos, ascending: today's list changes only at these and at
    /// local midnight, so a timeline over hundreds of todos builds each list once.
    let todoDues: [Int64]

    /// A word on what it shows, below the large family (`{notice}`): the configured deadline is
    /// done or gone, so the next one shows.
    let notice: String?
    /// What `{agenda}` and `{calendar}` read; nil when no template uses them.
    let agenda: AgendaInput?
    /// Working time, when `{worktime}` or a deadline's countdown needs it.
    let work: WorkTime?

    /// A provider over `summary`; `notice` is a line shown below the large family (`{notice}`).
    public init(
        summary: Summary, config: Config = Config(), state: WidgetState = WidgetState(), zone: Zone,
        notice: String? = nil
    ) {
        self.summary = summary
        self.config = config
        self.state = state
        self.zone = zone
        self.notice = notice
        let t = config.templates
        // (Without a notice the config's templates as they are: no string built on the poll path.)
        func large(_ text: String) -> CompiledTemplate { CompiledTemplate(notice == nil ? text : text + "\n{notice}") }
        templates = FamilyTemplates(
            small: CompiledTemplate(t.small), medium: CompiledTemplate(t.medium), large: large(t.large))
        templatesNone = FamilyTemplates(
            small: CompiledTemplate(t.smallNone), medium: CompiledTemplate(t.mediumNone),
            large: large(t.largeNone))
        // An invitation not accepted is never the countdown, nor is a day off (an event of the
        // `holidays` calendar: it takes working time away, it is not a deadline).
        let holidays = config.holidays
        // A calendar event: a deadline of a calendar source (vdir, ics, gnome) with a length (a timed one; a
        // whole day marks the day, it does not take the bar in the `lead` policy).
        let calendars = summary.calendarSources
        func isEvent(_ item: Item) -> Bool {
            !calendars.isEmpty && item.end != nil && calendars.contains(item.source)
        }
        let never = config.events == .never
        let countable =
            summary.deadlines.contains {
                $0.reply != nil || (holidays != nil && $0.source == holidays) || (never && isEvent($0))
            }
            ? summary.deadlines.filter {
                $0.reply == nil && (holidays == nil || $0.source != holidays) && !(never && isEvent($0))
            }
            : summary.deadlines
        var byDue = countable.map { item in
            let due = item.due?.instant(in: zone) ?? summary.generated
            return DueDeadline(item: item, due: due, end: item.end.flatMap { $0 > due ? $0 : nil })
        }
        // The summary lists them in this order already (whole days aside): then no sort, which
        // moves every item (a bar process reads hundreds when calendars are sources).
        func less(_ a: DueDeadline, _ b: DueDeadline) -> Bool {
            (a.due, a.item.handle, a.item.id) < (b.due, b.item.handle, b.item.id)
        }
        var sorted = true
        var i = 1
        while i < byDue.count {
            if less(byDue[i], byDue[i - 1]) { sorted = false; break }
            i += 1
        }
        if !sorted { byDue.sort(by: less) }
        self.byDue = byDue
        // With the `lead` policy the timed events hold the bar only near and during them, and
        // whole-day ones (from midnight to a midnight: a birthday, a holiday) not at all.
        if config.events == .lead, byDue.contains(where: { isEvent($0.item) }) {
            func midnight(_ i: Instant) -> Bool {
                let l = zone.local(i)
                return l.hour == 0 && l.minute == 0 && l.second == 0
            }
            var events: [DueDeadline] = []
            var held: [DueDeadline] = []
            for d in byDue {
                guard isEvent(d.item) else { held.append(d); continue }
                if midnight(d.due), midnight(d.over) { continue }
                var e = d
                e.isEvent = true
                events.append(e)
            }
            self.events = events
            self.held = held
        } else {
            events = []
            held = byDue
        }
        if case .ref(let ref) = config.deadline,
            let item = try? RefResolver.resolve(ref, among: summary.deadlines, what: "deadline")
        {
            configured = byDue.first { $0.item.id == item.id }
        } else {
            configured = nil
        }
        todoDueInstants = summary.todos.map { $0.due?.instant(in: zone).seconds }
        // A todo waiting for its reminder joins today's list then: one more instant it changes at.
        var dues = todoDueInstants.compactMap { $0 }
        if config.remindersWait {
            // (By index: a todo taken whole is a copy of every string it holds.)
            for i in summary.todos.indices where todoDueInstants[i] == nil {
                if let r = summary.todos[i].remind { dues.append(r.seconds) }
            }
        }
        todoDues = dues.sorted()
        agenda = AgendaInput(summary: summary, templates: [templates, templatesNone], zone: zone)
        work = Self.workTime(
            summary: summary, config: config, templates: templates, none: templatesNone, deadlines: byDue, zone: zone)
    }

    /// Entries from `from`, cut at `until` (policy `.after`) or after `limit` entries (`.atEnd`);
    /// `.never` when nothing can change any more.
    public func timeline(from: Instant, until: Instant? = nil, limit: Int? = nil) -> Timeline {
        var entries: [Entry] = []
        let policy = timeline(from: from, until: until, limit: limit) { entries.append($0) }
        return Timeline(entries: entries, policy: policy)
    }

    /// The same timeline, handed over one entry at a time (so a long one is never held whole);
    /// returns its reload policy.
    public func timeline(from: Instant, until: Instant? = nil, limit: Int? = nil, _ each: (Entry) -> Void)
        -> ReloadPolicy
    {
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

    /// The deadline shown at `t` and its due instant: the clicked one while it lasts (`state`: a
    /// caller that pins a deadline on its command line passes no click); else the configured REF; else the one that
    /// went over less than `overHold` ago (unless the next is
    /// already critical); else the next one due; else the last one, held as over.
    func shownDeadline(at t: Instant) -> DueDeadline? {
        // A click (tminus next|prev) wins while the clicked deadline lasts.
        if let selected = state.selected,
            let chosen = byDue.first(where: { $0.item.id == selected && $0.over + config.overHold > t })
        {
            return chosen
        }
        if case .ref = config.deadline { return configured }
        let byDue = held
        let upcoming = byDue.first { $0.due > t && $0.due + config.overHold > t }
        // An event from its lead time to its end (the first to start), unless the next deadline
        // is critical; never held as over (docs/countdown.md).
        if let event = events.first(where: { $0.due - config.eventLead <= t && t < $0.over }) {
            if let upcoming, upcoming.due - t < config.critical { return upcoming }
            return event
        }
        // An event in progress (the first started) counts down to its end, unless the next is critical.
        if let ongoing = byDue.first(where: { $0.due <= t && $0.over > t }) {
            if let upcoming, upcoming.due - t < config.critical { return upcoming }
            return ongoing
        }
        // The last one over: the latest over instant at or before t, the lowest handle among equals.
        var lastOver: DueDeadline?
        for d in byDue where d.over <= t {
            if lastOver == nil || d.over > lastOver!.over { lastOver = d }
        }
        if let held = lastOver, held.over + config.overHold > t {
            if let upcoming, upcoming.due - t < config.critical { return upcoming }
            return held
        }
        if let upcoming { return upcoming }
        // Nothing else holds the bar: the next timed todo of today counts down.
        return nextTimedTodo(after: t) ?? lastOver
    }

    /// The open todo with a time of day due next after `t` and today; nil when there is none.
    func nextTimedTodo(after t: Instant) -> DueDeadline? {
        var best: (index: Int, due: Int64)?
        for (i, due) in todoDueInstants.enumerated() {
            guard let due, due > t.seconds, best.map({ due < $0.due }) ?? true,
                case .instant = summary.todos[i].due
            else { continue }
            best = (i, due)
        }
        guard let best, zone.local(Instant(best.due)).date == zone.local(t).date else { return nil }
        return DueDeadline(item: summary.todos[best.index], due: Instant(best.due), end: nil)
    }

    /// Resolves a configured REF among the summary's deadlines.
    public func resolve(_ ref: String, in deadlines: [Item]) throws(TMinusError) -> Item {
        try RefResolver.resolve(ref, among: deadlines, what: "deadline")
    }

    /// The deadlines in the order `next`/`prev` cycle through: ongoing ones by due date.
    public func cycleOrder(at t: Instant) -> [Item] {
        byDue.filter { $0.over + config.overHold > t }.map(\.item)
    }
}

/// A deadline and its due instant in the provider's zone.
struct DueDeadline: Sendable {
    var item: Item
    var due: Instant
    /// An event's end (after its due); nil for a deadline, which is over at its due.
    var end: Instant?
    /// A calendar event that holds the bar only from its lead time (events `lead`): before its
    /// start it counts down as "starts in".
    var isEvent = false
    /// When it is over: its end, else its due.
    var over: Instant { end ?? due }

    /// In progress at `t`: started and not ended.
    func isOngoing(at t: Instant) -> Bool { end.map { due <= t && t < $0 } ?? false }
}

/// The lazy sequence of a provider's entries.
public struct EntrySequence: Sequence, Sendable {
    let provider: TimelineProvider
    let start: Instant

    /// Produces the entries one change at a time.
    public struct Iterator: IteratorProtocol {
        let provider: TimelineProvider
        public internal(set) var upcoming: Instant?
        let memo = TodayMemo()

        /// The entry at `upcoming`, which then moves to the next change; nil once nothing changes any more.
        public mutating func next() -> Entry? {
            guard let t = upcoming else { return nil }
            let e = provider.entry(at: t, memo: memo)
            upcoming = provider.nextChange(after: t, current: e, memo: memo)
            return e
        }
    }

    /// An iterator whose first entry is at the sequence's start.
    public func makeIterator() -> Iterator { Iterator(provider: provider, upcoming: start) }
}

/// Today's todos and their placeholder values for the stretch of time they hold: the same local
/// date and the same number of todo due instants passed. A follower keeps one across its ticks
/// (one provider's: a memo is only ever used with the provider it was filled by), so a tick in the
/// last hour computes the countdown, not the day's todos again.
public final class TodayMemo {
    /// An empty memo, filled by the first entry it is used for.
    public init() {}

    /// Today's todos and their values as worked out for a local date with `passed` todo due
    /// instants behind it.
    struct Today {
        var date: CivilDate
        var passed: Int
        var todos: [TodayTodo]
        var values: PlaceholderValues
    }
    /// The last two worked out, the latest last: a search for the next change looks at the next
    /// midnight between the minutes of today, and one would have it work today's out each time.
    var days: [Today] = []
    /// How many times today's todos were worked out on this memo (each costs a pass over every todo).
    public internal(set) var madeToday = 0
    /// The entry at the change `nextChange` found last.
    var found: Entry?
    /// The agenda and calendar values, and what they were made for.
    var agendaKey: AgendaKey?
    var agendaValues: PlaceholderValues = [:]
    var grid: MonthGrid?
    /// The shown deadline's due and its text (the same for every entry it is shown in).
    var dueText: (Due, String)?
    /// The countdown's words, looked up once for the stretches of a run that keeps an hour.
    var countdownWords: CountdownWords?
}
