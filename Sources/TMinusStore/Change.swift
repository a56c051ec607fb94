public import TMinusCore
import TMinusSystem

/// A change to the store and the history, made by one command under the lock and committed in
/// one atomic step (the rename of `store.json`). `docs/storage.md` walks through why every crash
/// point leaves either the old state or the new one.
public struct Change: Sendable {
    /// The store: whole, or while `lines` is set only its header (the items stay in the file).
    var whole: Store
    /// The store and summary read only as far as this change needs them (`LineStore`); nil once
    /// something asks for the whole store.
    var lines: LineStore?
    /// The store's links left as its file's lines, with what the change does to them
    /// (`StoreLinkLines`, a sync's patch): `whole` then has no links, and a commit writes these.
    var linkLines: (lines: StoreLinkLines, edits: [LineEdit])?
    /// Why the whole store could not be read when something asked for it (the commit says so).
    var unreadable: TMinusError?
    /// The history as committed, to find what `undo` and `rm` name.
    public let history: History
    var completing: [Item] = []
    var removing: [HistoryRecord] = []
    /// A migrated history waiting for this change's commit, and what its repair found.
    var migrated: Migration.Written?
    var repairs: [String] = []
    /// Other sources' parts, as read (when stale) when the change began; nil without sources.
    var parts: [Summary.Part]?
    /// The tags a commit keeps from the summary (`previousSummaryToKeep`'s), found when the
    /// summary was read for the change, with the stamp of the file they are of: used while the
    /// file is that one, so that a commit does not read the whole summary once more for them.
    var previousTags: (tags: [Tag], stamp: FileStamp)?
    /// Changes to other sources' items: the first `recorded` are the store's pending ones (a
    /// killed command's, made again), the rest this command's own.
    var sourceWork: [PendingSourceChange] = []
    var recorded = 0
    /// When the command runs (a change to another source's item is stamped with it).
    var now = Instant(0)

    /// A change starting from the whole `store` and the committed `history`.
    public init(store: Store, history: History) {
        whole = store
        self.history = history
    }

    /// The whole store (read now when the change had only read its header).
    public var store: Store {
        mutating get {
            readWhole()
            return whole
        }
        set {
            lines = nil
            whole = newValue
        }
        _modify {
            readWhole()
            yield &whole
        }
    }

    /// Reads every item of a store the change had read only the header of, and applies to them
    /// what the change did so far.
    mutating func readWhole() {
        guard let lines else { return }
        self.lines = nil
        do throws(TMinusError) {
            whole.items = try StoreFile.read(lines.items.bytes, path: history.home.storePath).store.items
            lines.apply(to: &whole)
        } catch {
            unreadable = error
        }
    }

    /// The tags (without reading the items).
    public var tags: [Tag] {
        get { whole.tags }
        set { whole.tags = newValue }
    }

    /// The tag with this name, in any case (without reading the items).
    public func tag(named name: String?) -> Tag? { whole.tag(named: name) }

    /// A new item's handle (without reading the items).
    public mutating func takeHandle() throws(TMinusError) -> Int { try whole.takeHandle() }

    /// The open item a REF names: one line of the store for a handle it has; else every open item.
    public mutating func openItem(_ ref: RefQuery) throws(TMinusError) -> Item {
        if let lines, let n = ref.handle, let item = lines.item(handle: n) { return item }
        return try RefResolver.resolve(ref, among: openItems)
    }

    /// Open items of other sources, with their handles.
    public var sourceItems: [Item] { parts?.flatMap(\.items) ?? [] }

    /// Every open item a REF may name: the store's, then other sources'.
    public var openItems: [Item] {
        mutating get { store.items + sourceItems }
    }

    /// Completes an open item: it leaves the store (or is marked done in its source) and joins the history.
    public mutating func complete(_ item: Item, at t: Instant) {
        guard item.source == Item.ownSource else {
            sourceWork.append(PendingSourceChange(kind: .complete, item: item, at: t))
            return
        }
        if lines != nil {
            guard !completing.contains(where: { $0.id == item.id }) else { return }
            lines?.record(old: item, new: nil)
        } else {
            guard store.remove(id: item.id) != nil else { return }
        }
        completing.append(item.marked(completed: t))
    }

    /// Completes this instance of a repeating item of one's own: the instance joins the history
    /// (with the id it shares with its series) and the item stays open as `next`.
    public mutating func completeInstance(_ item: Item, next: Item, at t: Instant) {
        if lines != nil { lines?.record(old: item, new: next) } else { store.replace(next) }
        completing.append(item.marked(completed: t))
    }

    /// Reopens a completed item: its record leaves the history and the item is open again (in its
    /// source). An instance of a repeating item whose series is open puts the series back to it.
    public mutating func reopen(_ record: HistoryRecord) {
        guard record.item.source == Item.ownSource else {
            sourceWork.append(PendingSourceChange(kind: .reopen, item: record.item, at: now, record: record.offset))
            return
        }
        forget(record)
        let back = record.item.marked(completed: nil)
        if store.items.contains(where: { $0.id == back.id }) { store.replace(back) } else { store.insert(back) }
    }

    /// Removes an open item (from its source, for another source's).
    public mutating func remove(_ item: Item) {
        guard item.source == Item.ownSource else {
            sourceWork.append(PendingSourceChange(kind: .remove, item: item, at: now))
            return
        }
        if lines != nil { lines?.record(old: item, new: nil) } else { store.remove(id: item.id) }
    }

    /// Replaces an open item with an edited copy (written into its source, for another source's).
    public mutating func update(from old: Item, to new: Item) {
        guard old.source == Item.ownSource else {
            sourceWork.append(PendingSourceChange(kind: .update, item: old, to: new, at: now))
            return
        }
        if lines != nil { lines?.record(old: old, new: new) } else { store.replace(new) }
    }

    /// Adds a new item: to the store, or (with `source` set) to that source, with a UID chosen now
    /// (so the change made again makes the same item); it has a handle already.
    public mutating func add(_ item: Item) {
        guard item.source == Item.ownSource else {
            var new = item
            new.id = UUIDText.random()
            sourceWork.append(PendingSourceChange(kind: .create, item: new, at: now))
            return
        }
        if lines != nil { lines?.record(old: nil, new: item) } else { store.insert(item) }
    }

    /// Removes a completed item for good: from the history, and another source's from its source
    /// too (its record goes once the source no longer has it).
    public mutating func removeCompleted(_ record: HistoryRecord) {
        guard record.item.source == Item.ownSource else {
            sourceWork.append(PendingSourceChange(kind: .remove, item: record.item, at: now, record: record.offset))
            return
        }
        forget(record)
    }

    /// Takes a completed item's record out of the history.
    public mutating func forget(_ record: HistoryRecord) {
        guard !removing.contains(where: { $0.offset == record.offset }) else { return }
        removing.append(record)
    }
}
