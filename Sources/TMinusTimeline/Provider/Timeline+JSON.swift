public import TMinusCore

extension Entry {
    /// The entry as JSON (docs/timeline.md), dates with the local offset. `todos` lists at most
    /// `maxTodos` of today's todos (the ones the large family shows; `todoCount` has them all), and
    /// is left out with `withTodos: false` (a timeline leaves out a list the entry before had).
    public func json(zone: Zone, maxTodos: Int = Int.max, withTodos: Bool = true) -> JSON {
        func time(_ t: Instant) -> JSON { .string(RFC3339.format(t, offset: zone.offset(at: t))) }
        var deadlineJSON = JSON.null
        if let d = deadline {
            deadlineJSON = .object([
                "id": .string(d.id), "handle": .int(d.handle), "title": .string(d.title), "due": time(d.due),
                "source": .string(d.item.source),
                "remaining": .number(Double(d.remaining)),
                "progress": .number((d.progress * 10_000).rounded() / 10_000),
                "percent": .int(percent), "tag": .string(orNull: d.tag), "color": .string(orNull: d.color),
                "icon": .string(orNull: d.icon)
            ])
        }
        return .object([
            "date": time(date),
            "state": .string(state.rawValue),
            "deadline": deadlineJSON,
            "todoCount": .int(values[.todo_count].flatMap { Int($0) } ?? todos.count),
            "todos": !withTodos
                ? nil
                : .array(
                    todos.prefix(maxTodos).map { t in
                        .object([
                            "id": .string(t.id), "handle": .int(t.item.handle), "title": .string(t.title),
                            "due": .string(orNull: t.item.due?.rfc3339(in: zone)),
                            "overdue": .bool(t.overdue), "tag": .string(orNull: t.item.tag),
                            "color": .string(orNull: t.color),
                            "starred": .bool(t.item.starred), "priority": .string(t.item.priority.rawValue),
                            "source": .string(t.item.source)
                        ])
                    }),
            "small": .string(small),
            "medium": .string(medium),
            "large": .string(large),
            "error": .string(orNull: error)
        ])
    }
}

extension Timeline {
    /// The timeline as one JSON object; see `TimelineJSONWriter` for how entries are written.
    public func json(zone: Zone, maxTodos: Int = Int.max) -> JSON {
        var writer = TimelineJSONWriter(zone: zone, maxTodos: maxTodos)
        let entries = entries.map { writer.entry($0) }
        return .object([
            "entries": .array(entries), "policy": .string(TimelineJSONWriter.name(policy)),
            "reloadAt": TimelineJSONWriter.reloadAt(policy, zone: zone)
        ])
    }
}

/// Writes a timeline's JSON an entry at a time: `{"entries":[…],"policy":…,"reloadAt":…}`. An
/// entry whose todo list is the one before's leaves `todos` out, and lists hold at most
/// `maxTodos`, so a long timeline over many todos stays small (docs/timeline.md).
public struct TimelineJSONWriter {
    let zone: Zone
    let maxTodos: Int
    var previousTodos: [TodayTodo]?

    /// A writer for one timeline's entries: dates in `zone`, at most `maxTodos` todos in a list.
    public init(zone: Zone, maxTodos: Int) {
        self.zone = zone
        self.maxTodos = maxTodos
    }

    /// The JSON of the next entry.
    public mutating func entry(_ e: Entry) -> JSON {
        let shown = Array(e.todos.prefix(maxTodos))
        let same = previousTodos.map { $0 == shown && e.error == nil } ?? false
        previousTodos = shown
        return e.json(zone: zone, maxTodos: maxTodos, withTodos: !same)
    }

    /// The policy's name in the JSON: `atEnd`, `after` or `never`.
    public static func name(_ policy: ReloadPolicy) -> String {
        switch policy {
        case .atEnd: "atEnd"
        case .never: "never"
        case .after: "after"
        }
    }

    /// `reloadAt`: the date of an `.after` policy in RFC 3339 with the local offset, else null.
    public static func reloadAt(_ policy: ReloadPolicy, zone: Zone) -> JSON {
        guard case .after(let t) = policy else { return .null }
        return .string(RFC3339.format(t, offset: zone.offset(at: t)))
    }
}
