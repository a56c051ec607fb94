import TMinusCore
import TMinusSystem

/// The checks of `tminus doctor` on the store and its history (`Container.check`, `repair`):
/// what holds and what does not, and what a repair writes.
extension Container {
    struct Diagnosis {
        var report = Report()
        /// The open items, an id open twice kept once.
        var open: [Item] = []
        /// The live history records.
        var live: [HistoryRecord] = []
        /// Records to remove: open too, or completed again later.
        var drop: [HistoryRecord] = []
        var maxHandle = 0
        var rebuildIndex = false
        /// The archive is shorter than the store says: where its last whole record ends.
        var shortEnd: Int64?
        /// Other sources' links that keep their handles (those sharing one with another item go).
        var links: [SourceLink] = []
        /// The free handles that really are (none in use), and for a home that ran out, every
        /// handle no item uses.
        var freeHandles: [HandleRange] = []
    }

    /// Reads a store and all of its history and says what does not hold.
    func diagnose(_ loaded: StoreFile.Loaded) throws(TMinusError) -> Diagnosis {
        var d = Diagnosis()
        let store = loaded.store
        if loaded.version < Store.currentVersion {
            let (history, open, findings) = try Migration.legacyHistory(home, loaded)
            // (An earlier version's store heals itself as the summary does: a note.)
            d.report.note(
                .tr(
                    "store.json is version %s; the next write migrates it to %s (nothing to repair)",
                    "\(loaded.version)",
                    "\(Store.currentVersion)")
            )
            for f in findings { d.report.found(.tr("%s (the migration repairs it)", f)) }
            d.report.ok(.tr("%s open items, %s completed", "\(open.count)", "\(history.count)"))
            return d
        }
        let meta = store.history
        let repaired = Migration.repair(open: store.items, history: [])
        d.open = repaired.open
        for f in repaired.findings { d.report.found(.untranslated(f)) }
        let size = FileStamp.of(home.archivePath)?.size ?? 0
        if size > meta.bytes {
            d.report.found(
                .tr(
                    "archive.jsonl has %s uncommitted bytes from a killed writer (the next write cuts them)",
                    "\(size - meta.bytes)")
            )
        }
        if size < meta.bytes {
            d.report.found(
                .tr(
                    "archive.jsonl is %s bytes shorter than the store says: history was lost outside tminus (a repair keeps the whole records left)",
                    "\(meta.bytes - size)")
            )
            d.rebuildIndex = true
        }
        // The designed state after `undo` or `rm` of a done item (marking the archive waits for the
        // next write), not a problem: doctor right after a successful undo must not exit 1.
        if !meta.removing.isEmpty {
            d.report.note(
                .trn(
                    "%d removed record is not marked in archive.jsonl yet (the next write marks them)",
                    "%d removed records are not marked in archive.jsonl yet (the next write marks them)",
                    meta.removing.count)
            )
        }
        var byID: [String: HistoryRecord] = [:]
        let openIDs = Set(d.open.map(\.id))
        var both: [Item] = []
        var twice: [Item] = []
        let end = try History(home: home, meta: meta).forEach(short: true) { (r: HistoryRecord) throws(TMinusError) in
            d.maxHandle = max(d.maxHandle, r.item.handle)
            // A done instance of a repeating item of one's own shares the id of its series, which
            // may be open and done before: not a crash's leftover.
            if r.item.rrule != nil && r.item.source == Item.ownSource {
                d.live.append(r)
                return
            }
            if openIDs.contains(r.item.id) {
                both.append(r.item)
                d.drop.append(r)
            } else if let earlier = byID[r.item.id] {
                twice.append(r.item)
                d.drop.append(earlier)
            }
            byID[r.item.id] = r
            d.live.append(r)
        }
        if size < meta.bytes { d.shortEnd = end }
        if !both.isEmpty { d.report.found(.tr("%s both open and completed: kept open", Migration.describe(both))) }
        if !twice.isEmpty { d.report.found(.tr("%s completed twice: kept the latest", Migration.describe(twice))) }
        d.maxHandle = max(d.maxHandle, d.open.map(\.handle).max() ?? 0, store.links.map(\.handle).max() ?? 0)
        // A handle names one item: a link sharing one with an open item (or another link) goes,
        // and the next read of its source gives that item a new handle.
        var taken = Set(d.open.map(\.handle))
        var clashing = 0
        for l in store.links {
            if taken.contains(l.handle) { clashing += 1; continue }
            taken.insert(l.handle)
            d.links.append(l)
        }
        if clashing > 0 {
            d.report.found(
                .trn(
                    "%d other source item shares its handle with another item (they get new ones)",
                    "%d other source items share their handles with another item (they get new ones)", clashing)
            )
        }
        if store.nextHandle <= d.maxHandle {
            d.report.found(
                .tr("nextHandle %s is not above the highest handle %s", "\(store.nextHandle)", "\(d.maxHandle)"))
        }
        let used = Set(d.open.map(\.handle) + d.links.map(\.handle) + d.live.map(\.item.handle))
        d.freeHandles = Store.subtract(used, from: store.freeHandles)
        let inUse = store.freeHandles.map(\.count).reduce(0, +) - d.freeHandles.map(\.count).reduce(0, +)
        if inUse > 0 {
            d.report.found(
                .trn(
                    "%d handle listed as free names a completed item (not given out again)",
                    "%d handles listed as free name a completed item (not given out again)", inUse)
            )
        }
        if store.nextHandle > Item.maxHandle && d.freeHandles.isEmpty {
            // Every handle was given out once (a source minted new ids on every read, for years):
            // those no item holds now, open or completed, are free at once.
            var gaps: [HandleRange] = []
            var previous = 0
            for h in used.sorted() + [Item.maxHandle + 1] {
                if h > previous + 1 { gaps.append(HandleRange(low: previous + 1, high: h - 1, from: Instant(0))) }
                previous = h
            }
            d.freeHandles = Store.normalized(gaps)
            let count = d.freeHandles.map(\.count).reduce(0, +)
            d.report.found(
                .tr(
                    "no handles left (nextHandle is %s); %s no item holds can be given out again",
                    "\(store.nextHandle)",
                    "\(count)"))
        } else if store.nextHandle > Item.maxHandle {
            d.report.note(
                .tr("handles: all given out once; %s free ones left", "\(d.freeHandles.map(\.count).reduce(0, +))"))
        }
        let deadlines = d.live.filter(\.item.isDeadline).count
        if deadlines != meta.deadlines || d.live.count - deadlines != meta.todos {
            d.report.found(
                .tr(
                    "the completed counts (%s deadlines, %s todos) should be %s and %s", "\(meta.deadlines)",
                    "\(meta.todos)", "\(deadlines)", "\(d.live.count - deadlines)")
            )
        }
        if !d.live.isEmpty {
            if let name = meta.index, FileIO.exists(home.indexPath(name)) {
                let missing = try missingIndexEntries(d.live, in: home.indexPath(name))
                if missing > 0 {
                    d.report.found(.trn("the index lacks %d entry", "the index lacks %d entries", missing))
                    d.rebuildIndex = true
                }
            } else {
                d.report.found(.tr("the history's index is missing"))
                d.rebuildIndex = true
            }
        }
        if d.report.problems == 0 {
            d.report.ok(
                .tr(
                    "store.json: %s open items; archive.jsonl: %s completed, all indexed", "\(d.open.count)",
                    "\(d.live.count)"))
        }
        return d
    }

    /// How many of the records' index lines are not in the index.
    func missingIndexEntries(_ records: [HistoryRecord], in directory: String) throws(TMinusError) -> Int {
        var present = Set<String>()
        for name in FileIO.names(in: directory) {
            guard let bytes = try FileIO.read(directory + "/" + name) else { continue }
            for line in bytes.split(separator: 0x0A) {
                present.insert(name + ":" + String(decoding: line, as: UTF8.self))
            }
        }
        var missing = 0
        for r in records {
            for (bucket, key) in HistoryIndex.keys(r.item)
            where !present.contains("\(HistoryIndex.bucketName(bucket)):\(key)\t\(r.offset)") {
                missing += 1
            }
        }
        return missing
    }

    /// A new index folder for these records; the store commit that names it makes it current.
    func writeIndex(_ records: [HistoryRecord]) throws(TMinusError) -> String {
        let name = "index." + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        _ = try HistoryIndex(directory: home.indexPath(name)).add(records)
        return name
    }
}
