/// The `list --json` object of an item (DESIGN §4's fields).
public enum ItemJSON {
    public static func json(_ item: Item, store: Store, zone: Zone) -> JSON {
        let tag = store.tag(named: item.tag)
        var start: String?
        var remind: String?
        var icon: String?
        if case .deadline(let d) = item {
            start = RFC3339.format(d.start, offset: zone.offset(at: d.start))
            icon = d.icon
        }
        if case .todo(let t) = item, let r = t.remind { remind = RFC3339.format(r, offset: zone.offset(at: r)) }
        let completedAt = item.completed.map { RFC3339.format($0, offset: zone.offset(at: $0)) }
        return .object([
            "handle": .int(item.handle),
            "id": .string(item.idString),
            "kind": .string(item.kind),
            "title": .string(item.title),
            "note": .string(item.note),
            "due": .string(orNull: item.due?.rfc3339(in: zone)),
            "allDay": .bool(item.due?.isWholeDay ?? false),
            "start": .string(orNull: start),
            "created": .string(RFC3339.format(item.created, offset: zone.offset(at: item.created))),
            "completed": .bool(item.completed != nil),
            "completedAt": .string(orNull: completedAt),
            "tag": .string(orNull: tag?.name ?? item.tag),
            "color": .string(orNull: tag?.color),
            "starred": .bool(item.starred),
            "priority": .string(item.priority.rawValue),
            "remind": .string(orNull: remind),
            "icon": .string(orNull: icon),
            "source": .string("tminus"),
        ])
    }
}
