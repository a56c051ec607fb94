import Glibc
public import TMinusCore
import TMinusSystem
import TMinusSourcing

extension Container {
    /// Runs `body` on the store under the lock, then commits what it changed: the store, the
    /// history and the summary. Nothing is changed when `body` throws or a write fails; after an
    /// exit 0 the change is on disk.
    public func mutate<T>(now: Instant, _ body: (inout Change) throws(TMinusError) -> T) throws(TMinusError) -> T {
        try FileIO.makeDirectory(home.directory)
        // Stale sources are read before the lock (see refreshSummary): nobody waits for them.
        // The summary read for them is read again under the lock only if it changed meanwhile.
        let hasSources = sourcing.map { !$0.sources.isEmpty } ?? false
        let earlier = hasSources ? readPreviousSummary() : nil
        let fresh = hasSources ? readStaleSources(previous: earlier?.summary, now: now) : []
        return try FileIO.withLock(home.lockPath) { () throws(TMinusError) -> T in
            // Without other sources a change reads only the lines it touches (LineStore).
            var change = try begin(lazily: sourcing?.sources.isEmpty ?? true)
            change.now = now
            if sourcing != nil, change.lines == nil {
                var old = [Summary.Part]()
                if hasSources {
                    let previous = earlier?.ifCurrent(home.summaryPath) ?? readPreviousSummary()
                    old = previous.summary?.parts() ?? []
                    if let stamp = previous.stamp { change.previousTags = (previous.tags, stamp) }
                } else {
                    old = previousSummary()?.parts() ?? []
                }
                change.parts = foldSources(&change.store, old: old, now: now, fresh: fresh)
            }
            let result: T
            do throws(TMinusError) { result = try body(&change) } catch {
                change.migrated?.discard(home)
                throw error
            }
            try commit(change, now: now)
            return result
        }
    }

    /// Under the lock: cleans up after a killed writer (`recover`), then reads the store,
    /// migrating a home from before version 3 (its new history is written, not yet committed).
    func begin(lazily: Bool = false) throws(TMinusError) -> Change {
        // (Temp files go first, once: `recover` below takes them when no lines were read.)
        if lazily { removeTemps() }
        if lazily, let lines = readLines() {
            var header = lines.header
            header.history.removing = recoverHistory(header.history)
            var change = Change(store: header, history: History(home: home, meta: header.history))
            change.lines = lines
            return change
        }
        guard let loaded = try recover(removingTemps: !lazily) else {
            if orphanedArchiveSize() != nil { throw Self.orphanedArchiveError(home) }
            return Change(store: Store(), history: History(home: home, meta: HistoryMeta()))
        }
        if loaded.version == Store.currentVersion {
            var change = Change(store: loaded.store, history: History(home: home, meta: loaded.store.history))
            // A killed command's changes to other sources: this one makes them (and its commit
            // clears them). Without a readable config they wait for a command that has one.
            if sourcing != nil, !loaded.store.pending.isEmpty {
                change.sourceWork = loaded.store.pending
                change.recorded = loaded.store.pending.count
            }
            return change
        }
        // (recover has already kept, in `loaded`, only the removals it could not mark.)
        let (history, open, findings) = try Migration.legacyHistory(home, loaded)
        var store = loaded.store
        store.items = open
        store.nextHandle = max(store.nextHandle, (open + history).map(\.handle).max().map { $0 + 1 } ?? 1)
        let written = try Migration.writeHistory(history, home: home)
        store.history = written.meta
        // Until the commit the new archive is a temp file: the history reads it there.
        var change = Change(
            store: store, history: History(home: home, meta: store.history, archivePath: written.archive?.tempPath))
        change.migrated = written
        change.repairs = findings
        return change
    }

    /// Under the lock, before anything else: temp files go, and for a version-3 store the
    /// archive's uncommitted tail is cut, committed removals are marked, and index folders the
    /// store does not name are removed. All of it is idempotent. Returns the store as read.
    @discardableResult
    func recover(removingTemps: Bool = true) throws(TMinusError) -> StoreFile.Loaded? {
        if removingTemps { removeTemps() }
        let loaded = try FileIO.read(home.storePath).map { (bytes: [UInt8]) throws(TMinusError) in
            try StoreFile.read(bytes, path: home.storePath)
        }
        guard var loaded, loaded.version == Store.currentVersion else {
            for name in FileIO.names(in: home.directory) where name.hasPrefix("index.") {
                FileIO.removeDirectory(home.indexPath(name))
            }
            return loaded
        }
        loaded.store.history.removing = recoverHistory(loaded.store.history)
        return loaded
    }

    /// The history's part of `recover` for a version-3 store: the archive's uncommitted tail is
    /// cut, committed removals are marked, index folders the store does not name are removed.
    /// Returns the removals it could not mark.
    func recoverHistory(_ meta: HistoryMeta) -> [Int64] {
        FileIO.truncate(home.archivePath, to: meta.bytes)
        let unmarked = markRemoved(meta.removing)
        for name in FileIO.names(in: home.directory) where name.hasPrefix("index.") && name != meta.index {
            FileIO.removeDirectory(home.indexPath(name))
        }
        return unmarked
    }

    /// Under the lock, for a change without other sources (temp files gone): the store and the
    /// summary read as lines (`LineStore`), when the summary was built from this store.
    func readLines() -> LineStore? {
        guard let (store, stamp) = try? FileIO.readStamped(home.storePath),
            let summary = try? FileIO.read(home.summaryPath)
        else { return nil }
        return LineStore(store: store, stamp: stamp, summary: summary, origin: home.origin)
    }

    /// Writes the change: archive lines and index entries for completed items, then the store
    /// and the summary as temp files, then the commit (the store's rename), then the rest.
    func commit(_ change: Change, now: Instant) throws(TMinusError) {
        var change = change
        // 0. A killed command's changes are started again, each at most once more: one whose
        //    making was cut short `maxTries` times (a crash, a kill) is set aside, never made
        //    by every later read into the same crash.
        let replaying = change.recorded > 0
        if replaying { Self.countTries(&change) }
        guard !change.sourceWork.isEmpty, let sourcing else {
            _ = try commitStore(change, now: now)
            return
        }
        // 1. The promise: the store lists the changes to other sources (with this command's own
        //    changes to the store, its history and summary), one atomic commit. Killed after
        //    it, the next command makes them; killed before it, nothing happened.
        if change.sourceWork.count > change.recorded || replaying {
            change.store.pending = change.sourceWork
            // The parts of the sources about to change are stale from now on.
            let changing = Set(change.sourceWork.map(\.item.source))
            if var parts = change.parts {
                for i in parts.indices where changing.contains(parts[i].source.name) {
                    parts[i].source.refresh = Instant(0)
                }
                change.parts = parts
            }
            change.store = try commitStore(change, now: now)
            change.completing = []
            change.removing = []
            change.migrated = nil
        }
        // 2. The sources, each change as its own atomic write (made again, a change is made once).
        //    One that fails stops the rest: they are dropped, and the error names what was done.
        var touched: Set<String> = []
        var applied: [String] = []
        var failure: TMinusError?
        for (i, work) in change.sourceWork.enumerated() {
            let item = work.item
            let id: String
            do throws(TMinusError) { id = try SourceWriter.apply(work, sourcing, again: i < change.recorded) } catch {
                // A killed command's change that fails is set aside with its reason (the command
                // running now, maybe a bar's read, is not the one that asked for it).
                if i < change.recorded {
                    var aside = work
                    aside.reason = ControlText.clean(
                        String(error.description.prefix(300)), replacement: "?", dropBidi: true)
                    change.store.setAside.append(aside)
                    continue
                }
                let before = applied.isEmpty ? "" : " (done before it: \(ControlText.join(applied, ", ")))"
                failure = error.withDetail(before)
                break
            }
            touched.insert(item.source)
            applied.append("#\(item.handle) in \(item.source)")
            // 3. What the store keeps of it: the history record of a done item, the handle of a
            //    new or reopened one, and the record an undo takes out.
            Self.relink(&change.store, work, id: id)
            switch work.kind {
            case .complete: change.completing.append(item.marked(completed: work.at))
            case .reopen, .remove:
                if let offset = work.record { change.forget(HistoryRecord(offset: offset, item: item)) }
            case .update, .create: break
            }
        }
        change.store.pending = []
        if !touched.isEmpty {
            change.parts = foldSources(
                &change.store, old: change.parts ?? previousSummary()?.parts() ?? [], now: now, force: touched)
        }
        _ = try commitStore(change, now: now)
        if let failure { throw failure }
    }

    /// Counts one more try of each replayed change, setting aside those tried enough.
    static func countTries(_ change: inout Change) {
        var again: [PendingSourceChange] = []
        for var work in change.sourceWork.prefix(change.recorded) {
            if work.tries >= PendingSourceChange.maxTries {
                work.reason = "making it was cut short \(work.tries) times (tminus crashed or was killed)"
                change.store.setAside.append(work)
            } else {
                work.tries += 1
                again.append(work)
            }
        }
        change.sourceWork = again + change.sourceWork.dropFirst(change.recorded)
        change.recorded = again.count
        change.store.pending = change.sourceWork
    }

    /// Keeps an item's handle across a write to its source: a new item takes the handle it was
    /// given, an edited todo.txt line (a new id) keeps its own, a reopened one gets its old one back.
    static func relink(_ store: inout Store, _ op: PendingSourceChange, id: String) {
        let item = op.item
        func link(_ id: String, _ handle: Int) {
            store.links.removeAll { $0.source == item.source && ($0.id == id || $0.handle == handle) }
            store.links.append(SourceLink(source: item.source, id: id, handle: handle))
            store.links.sort(by: <)
        }
        switch op.kind {
        case .create, .reopen: if item.handle > 0 { link(id, item.handle) }
        case .update: if id != item.id, item.handle > 0 { link(id, item.handle) }
        case .complete:
            // Its handle now names a history record: never given to another item.
            for i in store.links.indices where store.links[i].source == item.source && store.links[i].id == item.id {
                store.links[i].done = true
            }
        case .remove: break
        }
    }

    /// Writes the store's part of a change (see `commit`); returns the store as committed.
    /// `summary`: the summary's bytes made elsewhere (a patched one, `SourcePatch`), given the
    /// stamp of the store written.
    @discardableResult
    func commitStore(_ change: Change, now: Instant, summary made: ((String) -> [UInt8])? = nil)
        throws(TMinusError) -> Store
    {
        var change = change
        // A change that read lines writes lines, unless a line is not where it should be or the
        // tags changed (their colours are in the summary's lines): then everything is read.
        let patched = change.lines.flatMap {
            $0.header.tags == change.whole.tags ? $0.patched(tags: change.whole) : nil
        }
        if patched == nil { change.readWhole() }
        if let unreadable = change.unreadable { throw unreadable }
        var store = change.whole
        if patched == nil { store.keepHandleOrder() }
        var meta = store.history
        let committedBytes = meta.bytes
        var indexUndo = HistoryIndex.Undo()
        var madeArchive = false
        // Removals `recover` could not mark stay listed, and this change's own until marked.
        meta.removing += change.removing.map(\.offset)
        for r in change.removing { meta.count(r.item.kind, by: -1) }
        if !change.completing.isEmpty {
            if meta.index == nil { meta.index = "index." + String(UInt64.random(in: 0...UInt64.max), radix: 36) }
            var lines: [UInt8] = []
            var records: [HistoryRecord] = []
            for item in change.completing {
                records.append(HistoryRecord(offset: meta.bytes + Int64(lines.count), item: item))
                lines += Archive.line(item)
                meta.count(item.kind, by: 1)
            }
            // A new archive or index folder is a new name in the home: its directory is fsynced
            // before the store that refers to it is committed.
            let archivePath = change.migrated?.archive?.tempPath ?? home.archivePath
            // History lost outside tminus (the archive cut short or gone): appending at the
            // committed end would pad the gap with NULs; doctor --repair keeps what is left.
            if committedBytes > 0, (FileStamp.of(archivePath)?.size ?? 0) < committedBytes {
                throw .failure(
                    tr:
                        "%s is shorter than %s says (history was lost outside tminus); run tminus doctor --repair, which keeps what is left (nothing was changed)",
                    "\(archivePath)", "\(home.storePath)", path: archivePath
                )
            }
            madeArchive = !FileIO.exists(archivePath)
            let newNames = madeArchive || !FileIO.exists(home.indexPath(meta.index!))
            do throws(TMinusError) {
                meta.bytes = try FileIO.write(lines, to: archivePath, at: committedBytes)
                indexUndo = try HistoryIndex(directory: home.indexPath(meta.index!)).add(records)
            } catch {
                if change.migrated != nil {
                    change.migrated?.discard(home)
                } else if madeArchive {
                    FileIO.remove(archivePath)
                } else {
                    FileIO.truncate(archivePath, to: committedBytes)
                }
                throw error
            }
            if newNames { FileIO.syncDirectory(home.directory) }
        }
        store.history = meta
        // Until the commit, a failure takes back every write: the archive is cut back (or removed,
        // when this change made it) and the index lines go.
        func undoArchive() {
            indexUndo.run()
            if let migrated = change.migrated {
                migrated.discard(home)
            } else if madeArchive {
                FileIO.remove(home.archivePath)
            } else {
                FileIO.truncate(home.archivePath, to: committedBytes)
            }
        }
        let storeTemp: FileIO.Temp
        let storeBytes =
            patched.flatMap { p in change.lines?.storeBytes(header: store, items: p.items) }
            ?? change.linkLines.map { $0.lines.storeBytes(store, edits: $0.edits) } ?? StoreFile.write(store)
        do throws(TMinusError) { storeTemp = try FileIO.writeTemp(storeBytes, for: home.storePath) } catch {
            undoArchive()
            throw error
        }
        if let made {
            return try commitFiles(
                change, store: store, storeTemp: storeTemp, summaryBytes: made(storeTemp.stamp.description),
                undoArchive: undoArchive)
        }
        var summary: Summary
        if let patched, let lines = change.lines {
            // The header anew, the lists patched (a summary built from this store, as checked).
            var head = Summary(
                generated: now,
                sources: [.store(at: now, items: patched.count, fileStamp: storeTemp.stamp.description)],
                tags: store.tags)
            head.origin = home.origin
            let bytes = lines.summaryBytes(
                header: head.headerBytes(), deadlines: patched.deadlines, todos: patched.todos)
            return try commitFiles(
                change, store: store, storeTemp: storeTemp, summaryBytes: bytes, undoArchive: undoArchive)
        } else if let parts = change.parts {
            // (The tags read with the summary when the change began, while it is that file.)
            let kept =
                change.previousTags.flatMap { FileStamp.lookup(home.summaryPath) == $0.stamp ? $0.tags : nil }
                ?? previousSummaryToKeep()?.tags ?? []
            let extra = kept.filter { store.tag(named: $0.name) == nil }
            summary = Summary.build(
                from: store, now: now, storeStamp: storeTemp.stamp.description, parts: parts, extraTags: extra)
        } else {
            summary = Summary.build(
                from: store, now: now, storeStamp: storeTemp.stamp.description, keeping: previousSummaryToKeep())
        }
        summary.pending = !store.pending.isEmpty
        summary.setAside = store.setAside.count
        return try commitFiles(
            change, store: store, storeTemp: storeTemp, summaryBytes: summaryBytes(summary), undoArchive: undoArchive)
    }

    /// The end of `commitStore`: the summary's temp, then the commit (the store's rename), then the rest.
    private func commitFiles(
        _ change: Change, store: Store, storeTemp: FileIO.Temp, summaryBytes: [UInt8],
        undoArchive: () -> Void
    ) throws(TMinusError) -> Store {
        let meta = store.history
        let summaryTemp: FileIO.Temp
        do throws(TMinusError) { summaryTemp = try FileIO.writeTemp(summaryBytes, for: home.summaryPath) } catch {
            FileIO.discard(storeTemp)
            undoArchive()
            throw error
        }
        do throws(TMinusError) {
            // A migrated archive goes in place first: until the store is renamed too, the old store
            // reads it as it read the old one (the same items, repaired).
            if let archive = change.migrated?.archive { try FileIO.commit(archive) }
            try FileIO.commit(storeTemp)
        } catch {
            FileIO.discard(summaryTemp)
            FileIO.discard(storeTemp)
            undoArchive()
            throw error
        }
        // Committed. What follows cannot lose the change: a summary left behind is noticed by its
        // readers (its store stamp no longer matches), and unmarked removals are listed in the store.
        if (try? FileIO.commit(summaryTemp)) == nil { FileIO.discard(summaryTemp) }
        _ = markRemoved(meta.removing)
        FileIO.syncDirectory(home.directory)
        return store
    }

    /// Marks archive records removed (idempotent), fsyncs the archive, and returns the offsets
    /// it could not mark (they stay listed in the store, and readers skip them).
    func markRemoved(_ offsets: [Int64]) -> [Int64] {
        guard !offsets.isEmpty else { return [] }
        let fd = open(home.archivePath, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return offsets }
        defer { close(fd) }
        let failed = offsets.filter { !Archive.markRemoved(fd: fd, at: $0) }
        return fsync(fd) == 0 ? failed : offsets
    }
}
