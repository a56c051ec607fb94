public import TMinusCore

extension Entry {
    /// The entry as JSON (DESIGN §5), dates with the local offset.
    public func json(zone: Zone) -> JSON {
        func time(_ t: Instant) -> JSON { .string(RFC3339.format(t, offset: zone.offset(at: t))) }
        var deadlineJSON = JSON.null
        if let d = deadline {
            deadlineJSON = .object([
                "id": .string(d.id), "handle": .int(d.handle), "title": .string(d.title), "due": time(d.due),
                "source": .string(d.item.source),
                "remaining": .number(Double(d.remaining)), "progress": .number((d.progress * 10_000).rounded() / 10_000),
                "percent": .int(percent), "tag": .string(orNull: d.tag), "color": .string(orNull: d.color),
                "icon": .string(orNull: d.icon),
            ])
        }
        return .object([
            "date": time(date),
            "state": .string(state.rawValue),
            "deadline": deadlineJSON,
            "todos": .array(todos.map { t in
                .object([
                    "id": .string(t.id), "title": .string(t.title), "due": .string(orNull: t.item.due?.rfc3339(in: zone)),
                    "overdue": .bool(t.overdue), "tag": .string(orNull: t.item.tag), "color": .string(orNull: t.color),
                    "starred": .bool(t.item.starred), "priority": .string(t.item.priority.rawValue),
                    "source": .string(t.item.source),
                ])
            }),
            "small": .string(small),
            "medium": .string(medium),
            "large": .string(large),
            "error": .string(orNull: error),
        ])
    }
}

extension Timeline {
    public func json(zone: Zone) -> JSON {
        var policyName = "never"
        var reloadAt = JSON.null
        switch policy {
        case .atEnd: policyName = "atEnd"
        case .never: break
        case .after(let t):
            policyName = "after"
            reloadAt = .string(RFC3339.format(t, offset: zone.offset(at: t)))
        }
        return .object(["entries": .array(entries.map { $0.json(zone: zone) }), "policy": .string(policyName), "reloadAt": reloadAt])
    }
}
