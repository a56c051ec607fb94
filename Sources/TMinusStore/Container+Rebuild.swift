import TMinusCore
import TMinusSystem

/// A home whose `store.json` is gone while `archive.jsonl` still holds history (deleted by hand,
/// a sync tool that carried one file and not the other): writes refuse until `doctor --repair`
/// rebuilds the store from what is left, so a new store never reuses handle 1 or writes its
/// first record over the old history.
extension Container {
    /// The archive's size when it holds history but there is no store to commit it; nil otherwise.
    func orphanedArchiveSize() -> Int64? {
        guard !FileIO.exists(home.storePath), let size = FileStamp.of(home.archivePath)?.size, size > 0 else {
            return nil
        }
        return size
    }

    static func orphanedArchiveError(_ home: Home) -> TMinusError {
        .failure(
            tr:
                "%s is missing but %s holds completed items; run tminus doctor --repair to rebuild the store from them (nothing was changed)",
            "\(home.storePath)", "\(home.archivePath)", path: home.storePath
        )
    }

    /// Under the lock: a store from the archive (every whole record, its handles kept) and from
    /// `summary.json` when it is readable (this home's open items, tags, and the handles of other
    /// sources' items), committed like any change. The archive is kept byte for byte.
    func rebuildStore(now: Instant, report: inout Report) throws(TMinusError) {
        var live: [HistoryRecord] = []
        var lineNumber = 0
        let end = try Archive.forEachLine(home.archivePath, limit: nil) {
            (offset: Int64, line: ArraySlice<UInt8>) throws(TMinusError) in
            lineNumber += 1
            let item: Item?
            do throws(ItemReadError) { item = try Archive.item(fromLine: line) } catch {
                throw .failure(
                    tr: "%s line %s: %s; move the line out of the file and run tminus doctor --repair again",
                    "\(home.archivePath)", "\(lineNumber)", "\(error.description)", path: home.archivePath,
                    line: lineNumber, cause: error
                )
            }
            if let item { live.append(HistoryRecord(offset: offset, item: item)) }
        }
        var store = Store()
        let summary = try? loadSummary()
        if let summary {
            let own = (summary.deadlines + summary.todos).filter { $0.source == Item.ownSource }
            store.items = Migration.repair(open: own, history: []).open
            if !summary.tags.isEmpty { store.tags = summary.tags }
            var taken = Set(store.items.map(\.handle))
            for item in (summary.deadlines + summary.todos)
            where item.source != Item.ownSource && item.handle > 0 && !taken.contains(item.handle) {
                taken.insert(item.handle)
                store.links.append(SourceLink(source: item.source, id: item.id, handle: item.handle))
            }
            store.links.sort(by: <)
        }
        let openIDs = Set(store.items.map(\.id))
        // An item both open (the summary) and completed (the archive) stays open, as doctor decides.
        let kept = live.filter { !openIDs.contains($0.item.id) }
        var meta = HistoryMeta()
        meta.bytes = end
        meta.removing = live.filter { openIDs.contains($0.item.id) }.map(\.offset)
        meta.deadlines = kept.filter(\.item.isDeadline).count
        meta.todos = kept.count - meta.deadlines
        if !kept.isEmpty { meta.index = try writeIndex(kept) }
        store.history = meta
        let handles = live.map(\.item.handle) + store.items.map(\.handle) + store.links.map(\.handle)
        store.nextHandle = min(Item.maxHandle + 1, (handles.max() ?? 0) + 1)
        var change = Change(store: store, history: History(home: home, meta: meta))
        if let sourcing, !sourcing.sources.isEmpty {
            change.parts = foldSources(
                &change.store, old: summary?.parts() ?? [], now: now, force: Set(sourcing.sources.map(\.name)))
        }
        try commitStore(change, now: now)
        let open = store.items.count
        let next = "\(store.nextHandle)"
        if summary == nil {
            report.fixed(
                .trn(
                    "rebuilt store.json: %d completed item from archive.jsonl (kept as it is), no open items (summary.json was unreadable); handles continue at %s",
                    "rebuilt store.json: %d completed items from archive.jsonl (kept as it is), no open items (summary.json was unreadable); handles continue at %s",
                    kept.count, next))
        } else if open == 1 {
            report.fixed(
                .trn(
                    "rebuilt store.json: %d completed item from archive.jsonl (kept as it is), %s open item from summary.json (without creation times, which it does not keep); handles continue at %s",
                    "rebuilt store.json: %d completed items from archive.jsonl (kept as it is), %s open item from summary.json (without creation times, which it does not keep); handles continue at %s",
                    kept.count, "\(open)", next))
        } else {
            report.fixed(
                .trn(
                    "rebuilt store.json: %d completed item from archive.jsonl (kept as it is), %s open items from summary.json (without creation times, which it does not keep); handles continue at %s",
                    "rebuilt store.json: %d completed items from archive.jsonl (kept as it is), %s open items from summary.json (without creation times, which it does not keep); handles continue at %s",
                    kept.count, "\(open)", next))
        }
    }
}
