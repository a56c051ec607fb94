public import TMinusCore
public import TMinusTimeline

/// A reminder as a desktop notification (the freedesktop Desktop Notifications spec): the summary
/// is the title as plain text (the spec does not parse it, and servers that show markup there,
/// like dunst, escape it themselves); the body says when it is due, the note, and "missed at"
/// for a late one, escaped for the body markup (`<b>`, `<i>`, `<a href>`…) when the server has it.
public enum NotificationText {
    /// One notification: its summary, its body, and its urgency.
    public struct Message: Equatable, Sendable {
        /// The title on one line, as plain text.
        public var summary: String
        /// The lines below the summary, escaped for body markup when the server has it.
        public var body: String
        /// Whether it is sent with critical urgency (the item is over or overdue).
        public var critical: Bool
    }

    /// A reminder's notification at `now`: `late` adds "missed at"; `markup` escapes the body for
    /// the server; `escalating` (a notification updated in place each minute) counts on past the
    /// due in minutes ("due now", "2 min late") and is critical from the due (or the reminder's
    /// time, for an item with none) on.
    public static func make(
        _ r: Reminder, now: Instant, zone: Zone, late: Bool, markup: Bool, clock: ClockStyle = .h24,
        escalating: Bool = false, words: Words = .english
    ) -> Message {
        func describe(_ due: Due) -> String { DueText.describe(due, now: now, zone: zone, clock: clock, words: words) }
        let item = r.item
        var lines: [String] = []
        let target = Escalation.target(r, zone: zone)
        if escalating && now >= target {
            let minutes = (now - target) / 60
            let was = item.due.map { Catalog.format(words.tr(" · was due %s"), [describe($0)]) } ?? ""
            // (Counted to the item's due, or, without one, to the reminder's own time.)
            switch (item.due?.instant(in: zone) == target, item.isDeadline) {
            case (true, true):
                lines.append(
                    (minutes == 0
                        ? words.tr("over now") : words.trn("over %d min ago", "over %d min ago", Int(minutes)))
                        + was)
            case (true, false):
                lines.append(
                    (minutes == 0 ? words.tr("due now") : words.trn("%d min late", "%d min late", Int(minutes))) + was)
            default: lines.append(minutes == 0 ? words.tr("now") : words.trn("%d min ago", "%d min ago", Int(minutes)))
            }
        } else if let due = item.due {
            let when = describe(due)
            if now >= due.instant(in: zone) {
                lines.append(
                    Catalog.format(
                        item.isDeadline ? words.tr("over · was due %s") : words.tr("overdue · was due %s"), [when]))
            } else {
                let left = Countdown(now: now, due: due.instant(in: zone), zone: zone).longText(
                    .minutes, over: "", words: words)
                lines.append(Catalog.format(words.tr("due %s · in %s"), [when, left]))
            }
        }
        let note = Escape.stripControls(item.note, keepNewlines: true)
        if !note.isEmpty { lines.append(note) }
        if late { lines.append(Catalog.format(words.tr("missed at %s"), [describe(.instant(r.at))])) }
        if item.source != Item.ownSource { lines.append(Catalog.format(words.tr("from %s"), [item.source])) }
        let body = lines.joined(separator: "\n")
        return Message(
            summary: Escape.oneLine(item.title), body: markup ? Escape.pango(body) : body,
            critical: r.isUrgent(at: now, zone: zone) || (escalating && now >= target))
    }

    /// One notification for the reminders of a source beyond the few sent one by one in a pass
    /// (a synced summary with 2,000 due at once is not 2,000 notifications): "and 1,995 more
    /// from laptop", the first titles in the body.
    public static func more(_ rs: [Reminder], from source: String, markup: Bool, words: Words = .english) -> Message {
        let shown = rs.prefix(5).map { "• " + Escape.oneLine($0.item.title) }
        let rest = rs.count > 5 ? [words.trn("… and %d more", "… and %d more", rs.count - 5)] : []
        let body = (shown + rest).joined(separator: "\n")
        let summary =
            source == Item.ownSource
            ? words.trn("and %d more reminder", "and %d more reminders", rs.count)
            : words.trn(
                "and %d more reminder from %s", "and %d more reminders from %s", rs.count, Escape.oneLine(source))
        return Message(summary: summary, body: markup ? Escape.pango(body) : body, critical: false)
    }

    /// `--dry-run`'s line: what would be sent, as JSON.
    public static func json(_ r: Reminder, _ m: Message, late: Bool, zone: Zone) -> JSON {
        .object([
            JSON.Member("key", .string(r.key)),
            JSON.Member("at", .string(RFC3339.format(r.at, offset: zone.offset(at: r.at)))),
            JSON.Member("item", .string(r.item.id)),
            JSON.Member("handle", .int(r.item.handle)),
            JSON.Member("source", .string(r.item.source)),
            JSON.Member("summary", .string(m.summary)),
            JSON.Member("body", .string(m.body)),
            JSON.Member("urgency", .string(m.critical ? "critical" : "normal")),
            JSON.Member("late", .bool(late))
        ])
    }
}
