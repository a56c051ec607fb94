public import FoundationEssentials

/// A tag with a colour (`#rrggbb`).
public struct Tag: Hashable, Sendable, Codable {
    public var name: String
    public var color: String

    public init(name: String, color: String) {
        self.name = name
        self.color = color
    }

    /// Prefilled on first use, like the seed apps' categories.
    public static let defaults: [Tag] = [
        Tag(name: "work", color: "#5e81ac"),
        Tag(name: "personal", color: "#a3be8c"),
        Tag(name: "study", color: "#ebcb8b"),
        Tag(name: "errand", color: "#d08770"),
    ]
}

/// A deadline: something with a due date the bar counts down to.
public struct Deadline: Hashable, Sendable, Codable, Identifiable {
    public var id: UUID
    public var handle: Int
    public var title: String
    public var note: String
    public var due: Due
    /// Progress runs from `start` to `due`; the creation time unless given.
    public var start: Instant
    public var created: Instant
    public var tag: String?
    public var icon: String?
    public var completed: Instant?

    public init(id: UUID = UUID(), handle: Int, title: String, note: String = "", due: Due, start: Instant,
                created: Instant, tag: String? = nil, icon: String? = nil, completed: Instant? = nil) {
        self.id = id
        self.handle = handle
        self.title = title
        self.note = note
        self.due = due
        self.start = start
        self.created = created
        self.tag = tag
        self.icon = icon
        self.completed = completed
    }
}

/// A todo: a task, optionally due, optionally with a reminder.
public struct Todo: Hashable, Sendable, Codable, Identifiable {
    public var id: UUID
    public var handle: Int
    public var title: String
    public var note: String
    public var due: Due?
    public var remind: Instant?
    public var created: Instant
    public var tag: String?
    public var starred: Bool
    public var priority: Priority
    public var completed: Instant?

    public init(id: UUID = UUID(), handle: Int, title: String, note: String = "", due: Due? = nil,
                remind: Instant? = nil, created: Instant, tag: String? = nil, starred: Bool = false,
                priority: Priority = .none, completed: Instant? = nil) {
        self.id = id
        self.handle = handle
        self.title = title
        self.note = note
        self.due = due
        self.remind = remind
        self.created = created
        self.tag = tag
        self.starred = starred
        self.priority = priority
        self.completed = completed
    }
}

/// Either kind of item, for commands that act on both (list, done, rm).
public enum Item: Hashable, Sendable {
    case deadline(Deadline)
    case todo(Todo)

    public var id: UUID {
        switch self {
        case .deadline(let d): d.id
        case .todo(let t): t.id
        }
    }

    public var handle: Int {
        switch self {
        case .deadline(let d): d.handle
        case .todo(let t): t.handle
        }
    }

    public var title: String {
        switch self {
        case .deadline(let d): d.title
        case .todo(let t): t.title
        }
    }

    public var note: String {
        switch self {
        case .deadline(let d): d.note
        case .todo(let t): t.note
        }
    }

    public var due: Due? {
        switch self {
        case .deadline(let d): d.due
        case .todo(let t): t.due
        }
    }

    public var tag: String? {
        switch self {
        case .deadline(let d): d.tag
        case .todo(let t): t.tag
        }
    }

    public var created: Instant {
        switch self {
        case .deadline(let d): d.created
        case .todo(let t): t.created
        }
    }

    public var completed: Instant? {
        switch self {
        case .deadline(let d): d.completed
        case .todo(let t): t.completed
        }
    }

    public var kind: String {
        switch self {
        case .deadline: "deadline"
        case .todo: "todo"
        }
    }

    public var priority: Priority {
        if case .todo(let t) = self { return t.priority }
        return .none
    }

    public var starred: Bool {
        if case .todo(let t) = self { return t.starred }
        return false
    }

    /// The id in the lower-case form refs match against.
    public var idString: String { id.uuidString.lowercased() }
}
