/// The `list --json` object of an item: dates with the local offset, the tag's colour resolved,
/// every field present (null when empty), as scripts expect (docs/summary-format.md lists them).
public enum ItemJSON {
    /// The `list --json` object of `item`: its tag's name and colour from `tags`, dates with `zone`'s offset.
    public static func json(_ item: Item, tags: [Tag], zone: Zone) -> JSON {
        func time(_ t: Instant?) -> JSON { .string(orNull: t.map { RFC3339.format($0, offset: zone.offset(at: $0)) }) }
        let lower = item.tag?.lowercased()
        let tag = lower.flatMap { l in tags.first { $0.name.lowercased() == l } }
        return .object([
            "handle": .int(item.handle),
            "id": .string(item.id),
            "kind": .string(item.kind.rawValue),
            "title": .string(item.title),
            "note": .string(item.note),
            "due": .string(orNull: item.due?.rfc3339(in: zone)),
            "allDay": .bool(item.due?.isWholeDay ?? false),
            "start": item.isDeadline ? time(item.start ?? item.created) : .null,
            "created": time(item.created),
            "completed": .bool(item.completed != nil),
            "completedAt": time(item.completed),
            "tag": .string(orNull: tag?.name ?? item.tag),
            "color": .string(orNull: tag?.color ?? item.color),
            "starred": .bool(item.starred),
            "priority": .string(item.priority.rawValue),
            "remind": time(item.remind),
            "icon": .string(orNull: item.icon),
            "source": .string(item.source),
            // A calendar event's end, and an invitation not accepted (invited, tentative, declined).
            "end": time(item.end),
            "reply": .string(orNull: item.reply),
            "via": .string(orNull: item.via),
            // A deadline whose countdown counts working time.
            "worktime": .bool(item.worktime),
            // An item of one's own that repeats: its RRULE (docs/commands.md, "Repeating items").
            "rrule": .string(orNull: item.rrule)
        ])
    }
}
