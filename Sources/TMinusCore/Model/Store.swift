/// The working set: open deadlines and todos, and the tags. Completed items live in the archive
/// (`archive.jsonl`), so history never makes `add`, `list` or the summary slower.
public struct Store: Equatable, Sendable, Codable {
    public static let currentVersion = 2

    public var version: Int
    /// The next short handle; handles are never reused, so `undo 3` always means the same item.
    public var nextHandle: Int
    public var tags: [Tag]
    public var deadlines: [Deadline]
    public var todos: [Todo]

    public init(version: Int = Store.currentVersion, nextHandle: Int = 1, tags: [Tag] = Tag.defaults,
                deadlines: [Deadline] = [], todos: [Todo] = []) {
        self.version = version
        self.nextHandle = nextHandle
        self.tags = tags
        self.deadlines = deadlines
        self.todos = todos
    }

    /// Every open item, deadlines first.
    public var items: [Item] { deadlines.map(Item.deadline) + todos.map(Item.todo) }

    public mutating func takeHandle() -> Int {
        defer { nextHandle += 1 }
        return nextHandle
    }

    public func tag(named name: String?) -> Tag? {
        guard let name else { return nil }
        return tags.first { $0.name.lowercased() == name.lowercased() }
    }

    /// Removes an open item by id; returns it.
    @discardableResult
    public mutating func remove(id: UUIDString) -> Item? {
        if let i = deadlines.firstIndex(where: { $0.id.uuidString.lowercased() == id }) {
            return .deadline(deadlines.remove(at: i))
        }
        if let i = todos.firstIndex(where: { $0.id.uuidString.lowercased() == id }) {
            return .todo(todos.remove(at: i))
        }
        return nil
    }

    /// Puts an item back in the working set (undo), keeping handles in order.
    public mutating func insert(_ item: Item) {
        switch item {
        case .deadline(let d):
            deadlines.append(d)
            deadlines.sort { $0.handle < $1.handle }
        case .todo(let t):
            todos.append(t)
            todos.sort { $0.handle < $1.handle }
        }
    }

    /// Replaces an open item with an edited copy.
    public mutating func replace(_ item: Item) {
        switch item {
        case .deadline(let d):
            if let i = deadlines.firstIndex(where: { $0.id == d.id }) { deadlines[i] = d }
        case .todo(let t):
            if let i = todos.firstIndex(where: { $0.id == t.id }) { todos[i] = t }
        }
    }
}

/// A lower-case UUID string, the form refs and the summary use.
public typealias UUIDString = String

/// One line of `archive.jsonl`: a completed item.
public struct ArchiveLine: Codable, Sendable, Equatable {
    public var deadline: Deadline?
    public var todo: Todo?

    public init(_ item: Item) {
        switch item {
        case .deadline(let d): deadline = d
        case .todo(let t): todo = t
        }
    }

    public var item: Item? {
        if let deadline { return .deadline(deadline) }
        if let todo { return .todo(todo) }
        return nil
    }
}
