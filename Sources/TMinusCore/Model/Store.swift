/// The working set in `store.json`: open deadlines and todos, the tags, the next handle, and the
/// bookkeeping of the history (`archive.jsonl`, completed items) that must change in the same
/// atomic step as the open items. `docs/storage.md` describes the file and why it is the commit
/// record of every change.
public struct Store: Equatable, Sendable {
    /// The `version` written to `store.json`; older files are migrated on their next write.
    public static let currentVersion = 3

    /// The next short handle; handles are never reused, so `undo 3` always means the same item.
    public var nextHandle: Int
    /// The user's tags, each with its colour, in the order kept.
    public var tags: [Tag]
    /// Open items of both kinds, by handle.
    public var items: [Item]
    /// What the store knows about `archive.jsonl` (the completed items).
    public var history: HistoryMeta
    /// The handles of other sources' open items, so `tminus done 12` names the same calendar todo
    /// on every run (sorted by source, then id).
    public var links: [SourceLink]
    /// Changes to other sources' items that a command committed to make and had not finished
    /// making (docs/storage.md, "Other sources"): the next command makes them, then clears them.
    public var pending: [PendingSourceChange]
    /// Pending changes that could not be made (one failed, or one whose making was cut short
    /// twice): kept with their reason, named by `doctor`, retried or dropped by `doctor --repair`,
    /// and never made by a read.
    public var setAside: [PendingSourceChange] = []
    /// Handles of other sources' items that went away (deleted or completed elsewhere), given to
    /// new items of other sources a day later (Store+Handles.swift).
    public var freeHandles: [HandleRange] = []

    /// A store with these parts; a new one has the default tags and nothing else.
    public init(
        nextHandle: Int = 1, tags: [Tag] = Tag.defaults, items: [Item] = [], history: HistoryMeta = HistoryMeta(),
        links: [SourceLink] = [], pending: [PendingSourceChange] = []
    ) {
        self.nextHandle = nextHandle
        self.tags = tags
        self.items = items
        self.history = history
        self.links = links
        self.pending = pending
    }

    /// The open deadlines, in handle order.
    public var deadlines: [Item] { items.filter(\.isDeadline) }
    /// The open todos, in handle order.
    public var todos: [Item] { items.filter { !$0.isDeadline } }

    /// The tag called `name`, compared case-insensitively; nil for a nil name or no such tag.
    public func tag(named name: String?) -> Tag? {
        guard let name else { return nil }
        let lower = name.lowercased()
        return tags.first { $0.name.lowercased() == lower }
    }

    /// Removes an open item by id; returns it.
    @discardableResult
    public mutating func remove(id: String) -> Item? {
        guard let i = items.firstIndex(where: { $0.id == id }) else { return nil }
        return items.remove(at: i)
    }

    /// Puts an item in the working set, keeping handles in order.
    public mutating func insert(_ item: Item) {
        let i = items.firstIndex { $0.handle > item.handle } ?? items.count
        items.insert(item, at: i)
    }

    /// Puts the items in handle order (a file edited by hand may not be): the store and the
    /// summary are written in that order, so a change that patches one line finds it by its handle.
    public mutating func keepHandleOrder() {
        if zip(items, items.dropFirst()).contains(where: { $0.handle > $1.handle }) {
            items.sort { $0.handle < $1.handle }
        }
    }

    /// Replaces an open item with an edited copy (same id).
    public mutating func replace(_ item: Item) {
        if let i = items.firstIndex(where: { $0.id == item.id }) { items[i] = item }
    }
}

/// What the store knows about the history: how many bytes of `archive.jsonl` are committed (a
/// crash may leave more; they are ignored and cut by the next write), how many completed items of
/// each kind it holds (so `stats` never reads it), the records being removed (marked in the
/// archive after the commit; readers skip them meanwhile) and the index folder.
public struct HistoryMeta: Equatable, Sendable {
    /// How many bytes of `archive.jsonl` are committed.
    public var bytes: Int64
    /// How many completed deadlines the archive holds.
    public var deadlines: Int
    /// How many completed todos the archive holds.
    public var todos: Int
    /// Offsets of archive records removed by a committed change, not yet marked in the file.
    public var removing: [Int64]
    /// The index folder's name in the home (`index.<tag>`), nil when there is no history yet.
    public var index: String?

    /// History bookkeeping with these values; the default is no history yet.
    public init(bytes: Int64 = 0, deadlines: Int = 0, todos: Int = 0, removing: [Int64] = [], index: String? = nil) {
        self.bytes = bytes
        self.deadlines = deadlines
        self.todos = todos
        self.removing = removing
        self.index = index
    }

    /// How many completed items of both kinds the archive holds.
    public var completed: Int { deadlines + todos }

    /// Adds `delta` (negative to subtract) to the count of completed items of `kind`.
    public mutating func count(_ kind: Item.Kind, by delta: Int) {
        switch kind {
        case .deadline: deadlines += delta
        case .todo: todos += delta
        }
    }
}

/// The handle tminus gave an item of another source (a calendar todo, a todo.txt line).
public struct SourceLink: Equatable, Sendable {
    /// The name of the source the item comes from.
    public var source: String
    /// The item's id in that source.
    public var id: String
    /// The handle tminus gave the item.
    public var handle: Int
    /// When tminus first saw the item (recorded once, kept across re-reads): progress of an item
    /// with neither start nor creation time runs from here, and no alert is owed from before it.
    public var seen: Instant?
    /// Completed through tminus: its handle names a history record (`undo`), so it is never given
    /// to another item.
    public var done = false

    /// The handle `handle` of the item `id` in `source`.
    public init(source: String, id: String, handle: Int, seen: Instant? = nil, done: Bool = false) {
        self.source = source
        self.id = id
        self.handle = handle
        self.seen = seen
        self.done = done
    }

    /// Whether `a` sorts before `b`: by source, then id (the order `links` is kept in).
    public static func < (a: SourceLink, b: SourceLink) -> Bool { (a.source, a.id) < (b.source, b.id) }
}

/// A change to another source's item (`done`, `undo`, `rm`, `edit`, `--to`). Making it twice
/// is making it once: a killed command's change is made again by the next.
public struct PendingSourceChange: Equatable, Sendable {
    /// What is done to the item in its source: completed, reopened, removed, updated or created.
    public enum Kind: String, Sendable, CaseIterable {
        case complete, reopen, remove, update, create
    }

    /// What the change does to the item in its source.
    public var kind: Kind
    /// The item as it was read (for `create`, the new item, with the id it will have).
    public var item: Item
    /// `update`: the item as edited.
    public var to: Item?
    /// When the change was asked for (the completion time, LAST-MODIFIED).
    public var at: Instant
    /// `reopen`: the archive offset of the history record that goes once the source has the item open.
    public var record: Int64?
    /// How many commands started making it (the one that asked is the first).
    public var tries = 1
    /// Set aside: why it could not be made.
    public var reason: String?

    /// Started this many times and never finished, a change is set aside instead of started again.
    public static let maxTries = 2

    /// A change asked for at `at`, not yet tried by another command (`tries` is 1).
    public init(kind: Kind, item: Item, to: Item? = nil, at: Instant, record: Int64? = nil) {
        self.kind = kind
        self.item = item
        self.to = to
        self.at = at
        self.record = record
    }
}

/// A tag with a colour (`#rrggbb`).
public struct Tag: Hashable, Sendable {
    /// The tag's name, as the user gave it (compared case-insensitively).
    public var name: String
    /// The tag's colour, `#rrggbb`.
    public var color: String

    /// A tag called `name` with colour `color` (`#rrggbb`).
    public init(name: String, color: String) {
        self.name = name
        self.color = color
    }

    /// Prefilled on first use, so a new user has a few categories to pick from.
    public static let defaults: [Tag] = [
        Tag(name: "work", color: "#5e81ac"),
        Tag(name: "personal", color: "#a3be8c"),
        Tag(name: "study", color: "#ebcb8b"),
        Tag(name: "errand", color: "#d08770")
    ]
}
