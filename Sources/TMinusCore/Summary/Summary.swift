/// The shared summary (`summary.json`, DESIGN §2): everything a widget needs and nothing more.
/// Written after every change; read by every bar process, so its reader is the hand-written
/// JSON parser (no Foundation). Schema: `docs/summary-format.md`.
public struct Summary: Equatable, Sendable {
    public static let format = "tminus-summary"
    public static let version = 1

    public struct Source: Equatable, Sendable {
        public var name: String
        public var stamp: Instant
        public var items: Int
        public init(name: String, stamp: Instant, items: Int) {
            self.name = name
            self.stamp = stamp
            self.items = items
        }
    }

    public struct DeadlineInfo: Equatable, Sendable {
        public var id: String
        public var handle: Int
        public var title: String
        public var note: String
        public var due: Due
        public var start: Instant
        public var tag: String?
        public var color: String?
        public var icon: String?
        public var source: String

        public init(id: String, handle: Int, title: String, note: String = "", due: Due, start: Instant,
                    tag: String? = nil, color: String? = nil, icon: String? = nil, source: String = "tminus") {
            self.id = id
            self.handle = handle
            self.title = title
            self.note = note
            self.due = due
            self.start = start
            self.tag = tag
            self.color = color
            self.icon = icon
            self.source = source
        }
    }

    public struct TodoInfo: Equatable, Sendable {
        public var id: String
        public var handle: Int
        public var title: String
        public var note: String
        public var due: Due?
        public var remind: Instant?
        public var tag: String?
        public var color: String?
        public var starred: Bool
        public var priority: Priority
        public var source: String

        public init(id: String, handle: Int, title: String, note: String = "", due: Due? = nil, remind: Instant? = nil,
                    tag: String? = nil, color: String? = nil, starred: Bool = false, priority: Priority = .none,
                    source: String = "tminus") {
            self.id = id
            self.handle = handle
            self.title = title
            self.note = note
            self.due = due
            self.remind = remind
            self.tag = tag
            self.color = color
            self.starred = starred
            self.priority = priority
            self.source = source
        }
    }

    public var generated: Instant
    public var sources: [Source]
    public var tags: [Tag]
    public var deadlines: [DeadlineInfo]
    public var todos: [TodoInfo]

    public init(generated: Instant, sources: [Source] = [], tags: [Tag] = [], deadlines: [DeadlineInfo] = [], todos: [TodoInfo] = []) {
        self.generated = generated
        self.sources = sources
        self.tags = tags
        self.deadlines = deadlines
        self.todos = todos
    }

    /// The summary of a store: open deadlines (sorted by due, then handle) and open todos, with
    /// tag colours resolved.
    public static func build(from store: Store, now: Instant) -> Summary {
        func color(_ tag: String?) -> String? { store.tag(named: tag)?.color }
        let deadlines = store.deadlines.map {
            DeadlineInfo(id: $0.id.uuidString.lowercased(), handle: $0.handle, title: $0.title, note: $0.note, due: $0.due,
                         start: $0.start, tag: store.tag(named: $0.tag)?.name ?? $0.tag, color: color($0.tag), icon: $0.icon)
        }.sorted { ($0.due.sortKey, $0.handle) < ($1.due.sortKey, $1.handle) }
        let todos = store.todos.map {
            TodoInfo(id: $0.id.uuidString.lowercased(), handle: $0.handle, title: $0.title, note: $0.note, due: $0.due,
                     remind: $0.remind, tag: store.tag(named: $0.tag)?.name ?? $0.tag, color: color($0.tag),
                     starred: $0.starred, priority: $0.priority)
        }
        return Summary(generated: now, sources: [Source(name: "tminus", stamp: now, items: store.deadlines.count + store.todos.count)],
                       tags: store.tags, deadlines: deadlines, todos: todos)
    }
}

extension Due {
    /// A zone-free ordering key: a whole day sorts at its UTC end (good enough to order a list).
    public var sortKey: Int64 {
        switch self {
        case .instant(let t): t.seconds
        case .day(let d): (d.daysSinceEpoch + 1) * 86_400
        }
    }
}
