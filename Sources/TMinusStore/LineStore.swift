import TMinusCore
import TMinusSystem

/// `store.json` and `summary.json` as a change found them, read only as far as it needs: the
/// store's header (tags, handles, history) and, by bisection, the lines of the items it names.
/// What the change does to items is kept as edits, and the two files are written back with only
/// those lines new and every other line copied as bytes, so `todo`, `add`, `done` and `edit` cost
/// about the same with 10 open items or 10,000 (docs/storage.md, "Changes that touch one line").
///
/// Taken only when the summary records the store's stamp as it is now: both files are then
/// exactly as a tminus change wrote them (every line read and checked then), and the summary is
/// the one built from this store. Anything else (another program's summary, a store edited by
/// hand, an older release's one-line summary, other sources) takes the whole read and rewrite.
struct LineStore {
    /// The store's header as read (its items are not: they stay in `items`).
    let header: Store
    let items: ItemLines
    let deadlines: ItemLines
    let todos: ItemLines
    /// How many items the summary says the store has.
    let count: Int
    /// What the change did, by item id: the item as the file has it (nil: new) and as it is now (nil: gone).
    private(set) var edits: [(old: Item?, new: Item?)] = []

    /// The two files, when they are laid out as this release writes them and the summary is the
    /// one built from this store.
    init?(store: [UInt8], stamp: FileStamp, summary: [UInt8], origin: String?) {
        // The store: a header, then `"items": ` and the list, then "\n}\n".
        let itemsKey = Array(",\n  \"items\": ".utf8)
        let storeEnd = store.count - 3
        guard storeEnd > 0, Bytes.has(Array("\n}\n".utf8), in: store, at: storeEnd),
            let key = Bytes.firstIndex(of: itemsKey, in: store)
        else { return nil }
        let open = key + itemsKey.count
        guard let items = ItemLines(store, list: StoreFile.itemList, open: open, bracket: storeEnd - 1) else {
            return nil
        }
        // (The header alone, as a store with no items: every field of it read and checked.)
        guard let loaded = try? StoreFile.read(Array(store[..<open]) + Array("[]}".utf8), path: "store.json"),
            loaded.version == Store.currentVersion, loaded.store.links.isEmpty, loaded.store.pending.isEmpty,
            loaded.store.setAside.isEmpty, loaded.store.freeHandles.isEmpty
        else { return nil }
        guard let lines = SummaryLines(summary), let head = try? Summary(bytes: lines.headerObject),
            head.sources.count == 1, let own = head.sources.first, own.name == Item.ownSource,
            own.file == "store.json", own.fileStamp == stamp.description,
            !head.pending, head.setAside == 0, head.origin == origin, head.tags == loaded.store.tags
        else { return nil }
        header = loaded.store
        self.items = items
        deadlines = lines.deadlines
        todos = lines.todos
        count = own.items
    }

    // MARK: Reading items

    /// The open item with this handle, as it is now in this change; nil when there is none, or
    /// when a line read on the way is not an item (the whole read then says what is wrong).
    func item(handle: Int) -> Item? {
        if let edit = edits.last(where: { ($0.new ?? $0.old)?.handle == handle }) { return edit.new }
        guard let s = items.first(where: { line in Self.read(line, kind: nil).map { $0.handle >= handle } }),
            s < items.end, let item = Self.read(items.bytes[items.line(at: s)], kind: nil), item.handle == handle
        else { return nil }
        // (An item this change took out or replaced is found above, by its handle.)
        return item
    }

    /// The item a line holds, read as the store or the summary reads it.
    static func read(_ line: ArraySlice<UInt8>, kind: Item.Kind?) -> Item? {
        var p = JSONParser(Array(line))
        return try? Item.read(&p, kind: kind, lowerCaseIDs: kind != nil).0
    }

    // MARK: Changing items

    /// Records that the item `old` (nil: a new one) is now `new` (nil: gone).
    mutating func record(old: Item?, new: Item?) {
        let id = (old ?? new)?.id
        if let i = edits.firstIndex(where: { ($0.old ?? $0.new)?.id == id }) {
            edits[i].new = new
            if edits[i].old == nil && new == nil { edits.remove(at: i) }
        } else {
            edits.append((old, new))
        }
    }

    /// The store's items as the change leaves them, applied to a whole store read from the file.
    func apply(to store: inout Store) {
        for (old, new) in edits {
            if let old { store.remove(id: old.id) }
            if let new { store.insert(new) }
        }
    }

    // MARK: Writing

    /// The lists as the change leaves them; nil when a line is not where the files say it is
    /// (then the change reads and writes everything).
    func patched(tags: Store) -> (
        items: [ItemLines.Piece], deadlines: [ItemLines.Piece], todos: [ItemLines.Piece], count: Int
    )? {
        var inStore: [LineEdit] = [], inDeadlines: [LineEdit] = [], inTodos: [LineEdit] = []
        var count = count
        // (New items that go in at one place go in their list's order.)
        let added = edits.compactMap(\.new)
        let addedDeadlines = added.filter(\.isDeadline).sorted { $0.deadlineOrder < $1.deadlineOrder }
        let addedTodos = added.filter { !$0.isDeadline }.sorted { $0.handle < $1.handle }
        for (old, new) in edits {
            if let old {
                guard let line = Self.line(of: old, in: items, kind: nil),
                    let listed = Self.line(of: old, in: old.isDeadline ? deadlines : todos, kind: old.kind)
                else { return nil }
                inStore.append(.remove(line))
                if old.isDeadline { inDeadlines.append(.remove(listed)) } else { inTodos.append(.remove(listed)) }
                count -= 1
            }
            if let new, let rank = (new.isDeadline ? addedDeadlines : addedTodos).firstIndex(where: { $0.id == new.id })
            {
                var line: [UInt8] = []
                new.write(into: &line)
                var listed: [UInt8] = []
                Summary.own(new, tags: tags).write(into: &listed, withKind: false)
                guard let at = Self.place(of: new, in: items, kind: nil),
                    let listedAt = Self.place(of: new, in: new.isDeadline ? deadlines : todos, kind: new.kind)
                else { return nil }
                inStore.append(.insert(line, at: at, order: new.handle))
                if new.isDeadline {
                    inDeadlines.append(.insert(listed, at: listedAt, order: rank))
                } else {
                    inTodos.append(.insert(listed, at: listedAt, order: rank))
                }
                count += 1
            }
        }
        return (items.patched(inStore), deadlines.patched(inDeadlines), todos.patched(inTodos), count)
    }

    /// The line that holds `item` (found by its place in the list's order; its id must match).
    /// `kind`: the summary's list of that kind, or nil for the store's items.
    static func line(of item: Item, in list: ItemLines, kind: Item.Kind?) -> Range<Int>? {
        guard let s = list.first(where: { line in read(line, kind: kind).map { !precedes($0, item, in: kind) } }),
            s < list.end
        else { return nil }
        let line = list.line(at: s)
        guard let found = read(list.bytes[line], kind: kind), found.id == item.id else { return nil }
        return line
    }

    /// Where `item` goes in the list: before the first line that comes after it.
    static func place(of item: Item, in list: ItemLines, kind: Item.Kind?) -> Int? {
        list.first { line in read(line, kind: kind).map { precedes(item, $0, in: kind) } }
    }

    /// The order of a list: the summary's deadlines by due date, handle and id; the store's items
    /// and the summary's todos by handle.
    static func precedes(_ a: Item, _ b: Item, in kind: Item.Kind?) -> Bool {
        kind == .deadline ? a.deadlineOrder < b.deadlineOrder : a.handle < b.handle
    }
}

extension LineStore {
    /// store.json: the header anew, the items' list patched.
    func storeBytes(header: Store, items pieces: [ItemLines.Piece]) -> [UInt8] {
        var out = StoreFile.writeHeader(header)
        items.write(pieces, into: &out)
        out += "\n}\n".utf8
        return out
    }

    /// summary.json: the header anew, the lists patched.
    func summaryBytes(header: [UInt8], deadlines d: [ItemLines.Piece], todos t: [ItemLines.Piece]) -> [UInt8] {
        SummaryLines.write(header: header, deadlines: (deadlines, d), todos: (todos, t)).bytes
    }
}

/// summary.json's two item lists found in its bytes (a header, then `,"deadlines":` and its
/// list, `,"todos":` and its list, "}\n", as `Summary.bytes` writes it), the lines not read.
struct SummaryLines {
    /// Where the header ends: `,"deadlines":` starts there.
    let header: Int
    let deadlines: ItemLines
    let todos: ItemLines

    init?(_ summary: [UInt8]) {
        guard let dKey = Bytes.firstIndex(of: Summary.deadlinesKey, in: summary),
            let deadlines = ItemLines(summary, list: Summary.itemList, open: dKey + Summary.deadlinesKey.count),
            Bytes.has(Summary.todosKey, in: summary, at: deadlines.closeEnd)
        else { return nil }
        let todosOpen = deadlines.closeEnd + Summary.todosKey.count
        let summaryEnd = summary.count - 2
        guard summaryEnd > todosOpen, Bytes.has(Array("}\n".utf8), in: summary, at: summaryEnd),
            let todos = ItemLines(summary, list: Summary.itemList, open: todosOpen, bracket: summaryEnd - 1)
        else { return nil }
        header = dKey
        self.deadlines = deadlines
        self.todos = todos
    }

    /// The header as an object of its own (what `Summary(bytes:)` reads without items).
    var headerObject: [UInt8] { Array(deadlines.bytes[..<header]) + [0x7D] }

    /// summary.json: `header`, then each list's pieces; and where the deadlines' last line ends
    /// (nil when there are none), for a read that trusts their order
    /// (`Summary(bytes:near:orderedDeadlinesEnd:)`).
    static func write(
        header: [UInt8], deadlines: (ItemLines, [ItemLines.Piece]), todos: (ItemLines, [ItemLines.Piece])
    ) -> (bytes: [UInt8], deadlinesEnd: Int?) {
        var out = header
        out.reserveCapacity(deadlines.0.bytes.count + 4096)
        out += Summary.deadlinesKey
        deadlines.0.write(deadlines.1, into: &out)
        let deadlinesEnd = deadlines.1.isEmpty ? nil : out.count - Summary.itemList.closingBytes.count
        out += Summary.todosKey
        todos.0.write(todos.1, into: &out)
        out += "}\n".utf8
        return (out, deadlinesEnd)
    }
}
