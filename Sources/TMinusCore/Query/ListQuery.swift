/// `tminus list`'s filters and sort, as a pure function of the items, `now` and the zone.
public struct ListQuery: Equatable, Sendable {
    /// Which kinds of item to list.
    public enum Kind: Sendable { case all, deadlines, todos }
    /// Orders: by due time (undated last), creation time, title (case folded), or priority (then starred, due time).
    public enum Sort: String, CaseIterable, Sendable { case due, created, title, priority }

    /// Which kinds of item pass.
    public var kind: Kind = .all
    /// Only today's: todos due today, overdue or undated, and deadlines due today.
    public var today = false
    /// With `today`: a todo that only has a reminder to come waits out of the list (config
    /// `remindersWait`, as the bar).
    public var remindersWait = false
    /// Only items due in the seven local days from today (undated ones fail).
    public var week = false
    /// Only open items past their due instant.
    public var overdue = false
    /// Only starred items.
    public var starred = false
    /// Include completed items.
    public var includeCompleted = false
    /// Only items with this tag (compared case-insensitively).
    public var tag: String?
    /// Only items whose title or note contains this text (compared case-insensitively).
    public var search: String?
    /// Only items due in this local year, or, when undated, created in it.
    public var year: Int?
    /// The order of the result.
    public var sort: Sort = .due

    /// No filters: every open item of both kinds, by due time.
    public init() {}

    /// The items that pass the filters, in the query's order.
    public func apply(to items: [Item], now: Instant, zone: Zone) -> [Item] {
        sorted(items.filter { matches($0, now: now, zone: zone) }, zone: zone)
    }

    /// Whether one item passes the filters.
    public func matches(_ item: Item, now: Instant, zone: Zone) -> Bool {
        switch kind {
        case .all: break
        case .deadlines: if !item.isDeadline { return false }
        case .todos: if item.isDeadline { return false }
        }
        if !includeCompleted && item.completed != nil { return false }
        let todayDate = zone.local(now).date
        if today {
            // What the bar's tooltip lists as today's: a todo due today, overdue or undated; a
            // deadline due today.
            if let due = item.due {
                let overdueTodo = !item.isDeadline && item.completed == nil && due.instant(in: zone) <= now
                guard overdueTodo || due.localDate(in: zone) == todayDate else { return false }
            } else if item.isDeadline || (remindersWait && item.waitsForReminder(at: now)) {
                return false
            }
        }
        if week {
            guard let due = item.due else { return false }
            let d = due.localDate(in: zone)
            guard d >= todayDate && d < todayDate.adding(days: 7) else { return false }
        }
        if overdue && !Self.isOverdue(item, now: now, zone: zone) { return false }
        if starred && !item.starred { return false }
        if let tag, item.tag?.lowercased() != tag.lowercased() { return false }
        if let needle = search?.lowercased(),
            !item.title.lowercased().contains(needle) && !item.note.lowercased().contains(needle)
        {
            return false
        }
        if let year {
            let y = item.due?.localDate(in: zone).year ?? item.created.map { zone.local($0).date.year }
            if y != year { return false }
        }
        return true
    }

    /// Items in the query's order.
    public func sorted(_ items: [Item], zone: Zone) -> [Item] {
        items.sorted { a, b in Self.less(a, b, by: sort, zone: zone) }
    }

    /// Open and past its due instant.
    public static func isOverdue(_ item: Item, now: Instant, zone: Zone) -> Bool {
        guard item.completed == nil, let due = item.due else { return false }
        return due.instant(in: zone) <= now
    }

    static func less(_ a: Item, _ b: Item, by sort: Sort, zone: Zone) -> Bool {
        let dueA = a.due?.instant(in: zone).seconds ?? Int64.max
        let dueB = b.due?.instant(in: zone).seconds ?? Int64.max
        switch sort {
        case .due:
            return (dueA, a.priority.rank, a.handle) < (dueB, b.priority.rank, b.handle)
        case .created:
            return (a.created?.seconds ?? 0, a.handle) < (b.created?.seconds ?? 0, b.handle)
        case .title:
            let c = NaturalOrder.compare(a.title, b.title)
            return c != 0 ? c < 0 : a.handle < b.handle
        case .priority:
            return (a.priority.rank, a.starred ? 0 : 1, dueA, a.handle) < (
                b.priority.rank, b.starred ? 0 : 1, dueB, b.handle
            )
        }
    }
}

/// `tminus stats`: completed, pending and overdue, in all and per kind.
public struct Stats: Equatable, Sendable {
    /// How many items are completed, open and overdue.
    public struct Counts: Equatable, Sendable {
        /// How many are completed (as the store counts them).
        public var completed = 0
        /// How many are open.
        public var pending = 0
        /// How many open ones are past their due instant.
        public var overdue = 0
    }

    /// The counts over both kinds.
    public var all = Counts()
    /// The counts of deadlines.
    public var deadlines = Counts()
    /// The counts of todos.
    public var todos = Counts()
    /// How many open items are starred.
    public var starred = 0

    /// Counts the open items, and takes the completed ones as counted (the history is never read
    /// for this: the store keeps its counts).
    public init(open: [Item], completedDeadlines: Int, completedTodos: Int, now: Instant, zone: Zone) {
        deadlines.completed = completedDeadlines
        todos.completed = completedTodos
        all.completed = completedDeadlines + completedTodos
        for item in open {
            let late = ListQuery.isOverdue(item, now: now, zone: zone)
            all.pending += 1
            if late { all.overdue += 1 }
            if item.starred { starred += 1 }
            if item.isDeadline {
                deadlines.pending += 1
                if late { deadlines.overdue += 1 }
            } else {
                todos.pending += 1
                if late { todos.overdue += 1 }
            }
        }
    }

    /// The `stats --json` object: the totals, `starred`, and a `deadlines` and a `todos` object of counts.
    public func json() -> JSON {
        func counts(_ c: Counts) -> JSON {
            .object(["completed": .int(c.completed), "pending": .int(c.pending), "overdue": .int(c.overdue)])
        }
        return .object([
            "completed": .int(all.completed), "pending": .int(all.pending), "overdue": .int(all.overdue),
            "starred": .int(starred), "deadlines": counts(deadlines), "todos": counts(todos)
        ])
    }
}
