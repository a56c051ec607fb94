public import FoundationEssentials

/// The previous store format (version 1): one `items` list holding deadlines and todos, done ones
/// included, with tags as a name → colour map. `migrate` turns it into version 2 plus the
/// completed items for the archive.
public struct StoreV1: Codable, Sendable {
    public struct Record: Codable, Sendable {
        public var kind: String
        public var id: UUID
        public var handle: Int
        public var title: String
        public var note: String?
        public var due: Due?
        public var start: Instant?
        public var created: Instant
        public var tag: String?
        public var starred: Bool?
        public var done: Bool
        public var doneAt: Instant?
    }

    public var version: Int
    public var tags: [String: String]
    public var items: [Record]

    /// Version 2 and the completed items, which move to the archive.
    public func migrate() -> (Store, [Item]) {
        var store = Store(tags: tags.keys.sorted().map { Tag(name: $0, color: tags[$0]!) }, deadlines: [], todos: [])
        var archived: [Item] = []
        for old in items {
            let completed: Instant? = old.done ? (old.doneAt ?? old.created) : nil
            let item: Item
            if old.kind == "deadline", let due = old.due {
                item = .deadline(Deadline(id: old.id, handle: old.handle, title: old.title, note: old.note ?? "", due: due,
                                          start: old.start ?? old.created, created: old.created, tag: old.tag, completed: completed))
            } else {
                item = .todo(Todo(id: old.id, handle: old.handle, title: old.title, note: old.note ?? "", due: old.due,
                                  created: old.created, tag: old.tag, starred: old.starred ?? false, completed: completed))
            }
            store.nextHandle = max(store.nextHandle, old.handle + 1)
            if completed != nil { archived.append(item) } else { store.insert(item) }
        }
        return (store, archived)
    }
}
