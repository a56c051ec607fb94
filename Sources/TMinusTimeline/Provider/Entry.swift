public import TMinusCore

/// The deadline an entry shows: the item itself, and what the entry's date makes of it.
public struct ShownDeadline: Equatable, Sendable {
    /// The deadline as the summary has it.
    public var item: Item
    /// The due instant in the entry's zone (a whole day: its end).
    public var due: Instant
    /// True seconds to due at the entry's date (negative once over).
    public var remaining: Int64
    /// Time elapsed from start to due, 0…1.
    public var progress: Double
    /// The colour (the config's per-tag colour first, then the tag's own).
    public var color: String?
    /// The icon shown (the deadline's, its tag's, or the state's), cleaned and shortened.
    public var icon: String?

    /// The item's id (a UUID for tminus's own items).
    public var id: String { item.id }
    /// The item's short number, as `tminus list` shows it.
    public var handle: Int { item.handle }
    /// The item's full title (the families show it shortened).
    public var title: String { item.title }
    /// The item's tag, or nil.
    public var tag: String? { item.tag }
}

/// One of today's todos as an entry shows it: the item, and whether it is overdue then.
public struct TodayTodo: Equatable, Sendable {
    /// The todo as the summary has it.
    public var item: Item
    /// Whether it was due at or before the entry's date (overdue todos are listed first).
    public var overdue: Bool
    /// The colour (the config's per-tag colour first, then the tag's own).
    public var color: String?

    /// The item's id (a UUID for tminus's own items).
    public var id: String { item.id }
    /// The item's full title (the families show it shortened).
    public var title: String { item.title }
}

/// A timeline entry (WidgetKit's `TimelineEntry`): a date and what every family shows from then on.
public struct Entry: Equatable, Sendable {
    /// When the entry starts to hold (until the next entry's date).
    public var date: Instant
    /// The countdown's state then (`none` without a deadline): it picks the colour and icon.
    public var state: EntryState
    /// The deadline shown, or nil when there is none.
    public var deadline: ShownDeadline?
    /// Today's todos at the entry's date: overdue first, then by time, priority, star and title.
    public var todos: [TodayTodo]
    /// The small family's text (the countdown), plain and unescaped.
    public var small: String
    /// The medium family's text (a bar's text), plain and unescaped.
    public var medium: String
    /// The large family's text (a bar's tooltip, several lines), plain and unescaped.
    public var large: String
    /// Set on an error entry (a broken config or an unreadable summary): the message for tooltips.
    public var error: String?
    /// The templates of this entry's state and the (cleaned, shortened) data they were filled
    /// with, so a renderer can fill them again escaping the data, and only the data.
    public var templates: FamilyTemplates?
    /// The placeholder values `templates` were filled with.
    public var values: PlaceholderValues = [:]
    /// The month `{calendar}` shows, for a bar that draws it with its own markup
    /// (`escaping(_:calendar:)`).
    public var calendar: MonthGrid?

    /// A family's plain text, as rendered (no escaping).
    public func text(_ family: Family) -> String {
        switch family {
        case .small: small
        case .medium: medium
        case .large: large
        }
    }

    /// A family's text with every data value passed through `escape` (a bar's escaper); the
    /// template's own text is kept as written, so markup a user puts in a template still works.
    public func text(_ family: Family, escapingData escape: (String) -> String) -> String {
        guard templates != nil else { return Self.escapeLines(text(family), escape) }
        return escaping(escape).text(family)
    }

    /// The data values passed through `escape` once, for a renderer that prints several families
    /// (each value escaped once, not once per family).
    public func escaping(_ escape: (String) -> String) -> EscapedEntry {
        guard let templates else {
            return EscapedEntry(
                entry: self, values: nil, texts: [small, medium, large].map { Self.escapeLines($0, escape) })
        }
        // Most data needs no escaping: then the text already rendered is the answer (values nil).
        // Only what the templates show is escaped (a keeping run renders several entries, each
        // with a score of values, most of them shown by no template).
        return EscapedEntry(
            entry: self, values: values.mapValuesIfChanged(only: templates.used) { Self.escapeLines($0, escape) },
            texts: nil)
    }

    /// The same, with `{calendar}` drawn by `calendar` (a bar's markup for today and the marks)
    /// instead of escaped as text. The grid holds no user text: digits, month and day names.
    public func escaping(
        _ escape: (String) -> String, calendar style: MonthGrid.Style, wrap: (String) -> String = { $0 }
    )
        -> EscapedEntry
    {
        guard let grid = calendar, let templates else { return escaping(escape) }
        var escaped = values.mapValuesIfChanged(only: templates.used) { Self.escapeLines($0, escape) } ?? values
        escaped[.calendar] = wrap(ControlText.join(grid.lines(style: style), "\n"))
        return EscapedEntry(entry: self, values: escaped, texts: nil)
    }

    /// Multi-line values (the todo list) are escaped line by line; their line breaks are ours.
    static func escapeLines(_ v: String, _ escape: (String) -> String) -> String {
        ASCIIText.contains(v, byte: 0x0A) ? ControlText.join(ControlText.lines(v).map(escape), "\n") : escape(v)
    }

    /// Whole percent elapsed (what a bar shows); 0 without a deadline.
    public var percent: Int { deadline.map { Int(($0.progress * 100).rounded(.down)) } ?? 0 }

    /// Urgent for i3blocks and i3bar: critical or over.
    public var isUrgent: Bool { state == .critical || state == .over || state == .overdue }

    /// Equal for display: everything but the date and the ticking `remaining`.
    func sameContent(as other: Entry) -> Bool {
        state == other.state && small == other.small && medium == other.medium && large == other.large
            && deadline?.id == other.deadline?.id && percent == other.percent && todos == other.todos
            && error == other.error
            && values == other.values
    }

    /// The entry a bar shows when the config, store or summary is broken (docs/reliability.md).
    public static func error(_ message: String, at date: Instant) -> Entry {
        Entry(
            date: date, state: .none, deadline: nil, todos: [], small: "⚠ tminus", medium: "⚠ tminus",
            large: "tminus: " + message, error: message,
            templates: FamilyTemplates(
                small: CompiledTemplate("⚠ tminus"), medium: CompiledTemplate("⚠ tminus"),
                large: CompiledTemplate("tminus: {note}")),
            values: [.note: message])
    }
}

/// WidgetKit's reload policy: when a new timeline is owed.
public enum ReloadPolicy: Equatable, Sendable {
    /// Ask again after the last entry (the list was cut by a limit).
    case atEnd
    /// Ask again at this date.
    case after(Instant)
    /// Nothing can change any more until the data does.
    case never
}

/// A timeline: entries with strictly rising dates, and what to do after the last.
public struct Timeline: Equatable, Sendable {
    /// The entries, their dates strictly rising.
    public var entries: [Entry]
    /// When to ask for the next timeline.
    public var policy: ReloadPolicy
}

/// An entry's families with its data escaped for one bar (`Entry.escaping`).
public struct EscapedEntry {
    let entry: Entry
    /// The escaped values, nil when escaping changed none (then the entry's own text is the answer).
    let values: PlaceholderValues?
    /// An entry without templates: its three texts, escaped whole.
    let texts: [String]?

    /// A family's text with its data escaped for the bar.
    public func text(_ family: Family) -> String {
        if let texts { return texts[family == .small ? 0 : family == .medium ? 1 : 2] }
        guard let values, let templates = entry.templates else { return entry.text(family) }
        return templates[family].render(values)
    }
}
