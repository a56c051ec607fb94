/// A deadline or a todo, wherever it comes from (tminus's own store, or another source such as a
/// calendar): the one item model. The store, the history, the summary, `list --json` and the
/// timeline all carry this value; kind-specific fields are simply unused by the other kind.
public struct Item: Equatable, Sendable {
    /// Which kind of item it is: a deadline counted down to, or a todo.
    public enum Kind: String, Sendable, CaseIterable {
        case deadline, todo
    }

    /// Whether it is a deadline or a todo.
    public var kind: Kind
    /// Lower-case: a UUID for tminus's own items, any unique text for other sources' items.
    public var id: String
    /// The short number `tminus list` shows; never reused (0 when a source has none).
    public var handle: Int
    /// What it is called: the text shown in the bar, the list and notifications.
    public var title: String
    /// Free text kept with it; empty when there is none.
    public var note: String
    /// When it is due. A deadline always has one; a todo may not.
    public var due: Due?
    /// Deadlines: where progress starts (the creation time unless given).
    public var start: Instant?
    /// When it was made; nil when not known.
    public var created: Instant?
    /// The name of its tag, if it has one.
    public var tag: String?
    /// The tag's resolved colour (filled in for the summary).
    public var color: String?
    /// Deadlines: the icon glyph.
    public var icon: String?
    /// Todos: starred, priority and the reminder.
    public var starred: Bool
    /// Todos: its priority (`.none` when not set).
    public var priority: Priority
    /// When its own reminder is due (a todo's, or a calendar alarm's); nil for none.
    public var remind: Instant?
    /// When it was completed; nil while open.
    public var completed: Instant?
    /// Where it came from: `tminus` for the store, else the source's name.
    public var source: String
    /// Facts only some items have (below), in one box: an Item stays as small as it was, and the
    /// poll path, which copies every item of the summary, pays nothing for them.
    var moreBox: ItemMoreBox?
    var more: ItemMore {
        get { if case .value(let m)? = moreBox { return m } else { return ItemMore() } }
        set { moreBox = newValue == ItemMore() ? nil : .value(newValue) }
    }
    /// The home that keeps it, when it came through another home's summary (that home's origin
    /// id, or the one it came from before): a home never imports its own items back, and an
    /// item reaching it by two ways is shown once.
    public var origin: String? {
        get { if case .value(let m)? = moreBox { m.origin } else { nil } }
        set { more.origin = newValue }
    }
    /// Another source's item: when tminus first saw it, when that is later than its start or
    /// creation (no alert is owed from before it).
    public var seen: Instant? {
        get { if case .value(let m)? = moreBox { m.seen } else { nil } }
        set { more.seen = newValue }
    }
    /// A calendar event with a length: when its instance ends (from DTEND or DURATION; a whole
    /// day ends at the next midnight). Between the due (its start) and this it is in progress.
    public var end: Instant? {
        get { if case .value(let m)? = moreBox { m.end } else { nil } }
        set { more.end = newValue }
    }
    /// An event the user was invited to and has not accepted: `invited` (no answer), `tentative`
    /// or `declined`. Listed with the mark, never the bar's countdown, and no alarm is sent.
    public var reply: String? {
        get { if case .value(let m)? = moreBox { m.reply } else { nil } }
        set { more.reply = newValue }
    }
    /// How it came: `link` for an item a `tminus://add` link made (marked in list and the tooltip).
    public var via: String? {
        get { if case .value(let m)? = moreBox { m.via } else { nil } }
        set { more.via = newValue }
    }
    /// A deadline whose `{countdown}` counts working time (`tminus edit REF --working-time on`).
    public var worktime: Bool {
        get { if case .value(let m)? = moreBox { m.worktime } else { false } }
        set { more.worktime = newValue }
    }
    /// A recurring whole-day event of the config's holidays calendar: the dates its instances
    /// cover from the read on (ten years at most), each a day off. Empty for every other item.
    public var daysOff: [ClosedRange<CivilDate>] {
        get { if case .value(let m)? = moreBox { m.daysOff } else { [] } }
        set { more.daysOff = newValue }
    }
    /// Its own repetition, an RRULE (RFC 5545 §3.3.10) such as `FREQ=WEEKLY;BYDAY=MO,WE`, anchored
    /// at its due date: `done` completes this instance and moves the due to the next
    /// (`docs/commands.md`, "Repeating items"). Nil for an item that does not repeat.
    public var rrule: String? {
        get { if case .value(let m)? = moreBox { m.rrule } else { nil } }
        set { more.rrule = newValue }
    }
    /// The `via` of an item that a `tminus://add` link made.
    public static let viaLink = "link"

    /// The `source` of tminus's own items (those in its store).
    public static let ownSource = "tminus"

    /// An item with these fields; the rarely set ones (`origin`, `seen`, `end`, `reply`, `via`) start nil.
    public init(
        kind: Kind, id: String, handle: Int, title: String, note: String = "", due: Due? = nil,
        start: Instant? = nil, created: Instant? = nil, tag: String? = nil, color: String? = nil,
        icon: String? = nil, starred: Bool = false, priority: Priority = .none, remind: Instant? = nil,
        completed: Instant? = nil, source: String = Item.ownSource
    ) {
        self.kind = kind
        self.id = id
        self.handle = handle
        self.title = title
        self.note = note
        self.due = due
        self.start = start
        self.created = created
        self.tag = tag
        self.color = color
        self.icon = icon
        self.starred = starred
        self.priority = priority
        self.remind = remind
        self.completed = completed
        self.source = source
    }

    /// A new deadline of tminus's own, with a fresh id.
    public static func deadline(
        handle: Int, title: String, note: String = "", due: Due, start: Instant, created: Instant,
        tag: String? = nil, icon: String? = nil
    ) -> Item {
        Item(
            kind: .deadline, id: UUIDText.random(), handle: handle, title: title, note: note, due: due, start: start,
            created: created, tag: tag, icon: icon)
    }

    /// A new todo of tminus's own, with a fresh id.
    public static func todo(
        handle: Int, title: String, note: String = "", due: Due? = nil, remind: Instant? = nil,
        created: Instant, tag: String? = nil, starred: Bool = false, priority: Priority = .none
    ) -> Item {
        Item(
            kind: .todo, id: UUIDText.random(), handle: handle, title: title, note: note, due: due, created: created,
            tag: tag, starred: starred, priority: priority, remind: remind)
    }

    /// Whether it is a deadline (not a todo).
    public var isDeadline: Bool { kind == .deadline }

    /// A todo with a reminder and no due date, its reminder still to come at `now`: it waits out
    /// of today's list until then (Boomerang's "out of sight until it comes back").
    public func waitsForReminder(at now: Instant) -> Bool {
        kind == .todo && due == nil && completed == nil && (remind.map { $0 > now } ?? false)
    }
    /// Whether it is not completed yet.
    public var isOpen: Bool { completed == nil }

    /// Where a deadline's progress starts: `start`, else the creation time, else `fallback`.
    public func progressStart(or fallback: Instant) -> Instant { start ?? created ?? fallback }

    /// A copy with `completed` set (or cleared).
    public func marked(completed: Instant?) -> Item {
        var copy = self
        copy.completed = completed
        return copy
    }
}

/// Random (version 4) UUIDs as lower-case text, without Foundation.
public enum UUIDText {
    /// A fresh random UUID: 36 characters of lower-case hex digits and hyphens.
    public static func random() -> String {
        var g = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &g) }
        bytes[6] = bytes[6] & 0x0F | 0x40
        bytes[8] = bytes[8] & 0x3F | 0x80
        let hex: [Character] = Array("0123456789abcdef")
        var out = ""
        for (i, b) in bytes.enumerated() {
            if i == 4 || i == 6 || i == 8 || i == 10 { out.append("-") }
            out.append(hex[Int(b >> 4)])
            out.append(hex[Int(b & 0xF)])
        }
        return out
    }
}

extension Item {
    /// An origin id: 1 to 32 lower-case letters or digits.
    public static func isOrigin(_ s: String) -> Bool {
        let u = s.utf8
        return (1...32).contains(u.count) && u.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A) }
    }
}

/// The rarely set fields of an item (see `Item.moreBox`).
struct ItemMore: Equatable, Sendable {
    var origin: String?
    var seen: Instant?
    var end: Instant?
    var reply: String?
    var via: String?
    var worktime = false
    var daysOff: [ClosedRange<CivilDate>] = []
    var rrule: String?
}

/// `ItemMore` behind one reference (an indirect enum: value semantics, one pointer wide; not
/// generic, so no runtime metadata is made for it on the poll path).
indirect enum ItemMoreBox: Equatable, Sendable {
    case value(ItemMore)
}
