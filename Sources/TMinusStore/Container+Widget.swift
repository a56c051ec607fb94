public import TMinusCore
public import TMinusTimeline
import TMinusSystem
import TMinusSourcing

/// What bar-facing commands read: the config (a missing one means defaults), the widget state,
/// and the summary, which is rebuilt when its store stamp says it is stale.
extension Container {
    /// The config and its problems; defaults when the file does not exist.
    public func loadConfig() throws(TMinusError) -> (Config, [ConfigProblem]) {
        guard let bytes = try FileIO.read(home.configPath, limit: 16 << 20) else { return (Config(), []) }
        return Config.parse(bytes)
    }

    /// The widget state; empty when there is none or it cannot be read (it is only a preference).
    public func loadState() -> WidgetState {
        guard let bytes = try? FileIO.read(home.statePath), let json = try? JSONParser.parse(bytes) else {
            return WidgetState()
        }
        return WidgetState(json: json)
    }

    /// Writes the widget state (`state.json`) atomically under the lock; makes the home when missing.
    public func saveState(_ state: WidgetState) throws(TMinusError) {
        try updateState { $0 = state }
    }

    /// Changes the widget state read and written under the lock, so a change made meanwhile by
    /// another process (a click, `privacy`) is kept; returns the state written.
    @discardableResult
    public func updateState(_ change: (inout WidgetState) -> Void) throws(TMinusError) -> WidgetState {
        try FileIO.makeDirectory(home.directory)
        return try FileIO.withLock(home.lockPath) { () throws(TMinusError) -> WidgetState in
            removeTemps()
            var state = loadState()
            change(&state)
            try FileIO.writeAtomically(Array(JSONWriter.pretty(state.json()).utf8), to: home.statePath)
            return state
        }
    }

    // MARK: summary

    func summaryBytes(_ summary: Summary) -> [UInt8] {
        // Compact: every bar process parses it; `tminus summary` prints it indented for people.
        var summary = summary
        summary.origin = home.origin
        return summary.bytes() + [0x0A]
    }

    /// The summary as it is on disk, parsed (nil when there is none).
    public func loadSummary() throws(TMinusError) -> Summary? {
        guard let bytes = try FileIO.read(home.summaryPath) else { return nil }
        return try parseSummary(bytes)
    }

    func parseSummary(_ bytes: [UInt8]) throws(TMinusError) -> Summary {
        try Summary(bytes: bytes, path: home.summaryPath)
    }

    /// Whether a summary's text holds items of other sources (only they carry a "source" key):
    /// what a store change keeps of the summary is decided by it, without parsing.
    static func holdsOtherSources(_ bytes: [UInt8]) -> Bool { Bytes.contains(bytes, Array(#""source":"#.utf8)) }

    /// The current summary's items from other sources, which a store change must keep; nil when
    /// it has none (the common case, seen without parsing: the store's items carry no "source").
    /// A source the config no longer names goes with it (its items leave the bar at the next
    /// read): only the config's sources and those without a kind (a summary another program
    /// wrote, taken as it is) are kept.
    func previousSummaryToKeep() -> Summary? {
        guard let bytes = try? FileIO.read(home.summaryPath), Self.holdsOtherSources(bytes),
            var summary = try? parseSummary(bytes)
        else {
            return nil
        }
        if let sourcing {
            let gone = Set(
                summary.sources.filter { $0.kind != nil && sourcing.source(named: $0.name) == nil }.map(\.name))
            if !gone.isEmpty {
                summary.sources.removeAll { gone.contains($0.name) }
                summary.deadlines.removeAll { gone.contains($0.source) }
                summary.todos.removeAll { gone.contains($0.source) }
            }
        }
        return summary
    }

    /// The summary built from the store as it is now (a store from before version 3 read as is).
    func summaryFromStore(now: Instant, keeping previous: Summary?) throws(TMinusError) -> Summary {
        let stamp = FileStamp.of(home.storePath)?.description
        guard let bytes = try FileIO.read(home.storePath) else {
            return Summary.build(from: Store(tags: []), now: now, storeStamp: nil, keeping: previous)
        }
        var store = try StoreFile.read(bytes, path: home.storePath).store
        store.items = Migration.repair(open: store.items, history: []).open
        return Summary.build(from: store, now: now, storeStamp: stamp, keeping: previous)
    }

    /// Rebuilds the summary from the store (no store: an empty one) and writes it; every source
    /// is read again, every file of it (the kept readings of big sources go first).
    public func rebuildSummary(now: Instant) throws(TMinusError) {
        if let sourcing, !sourcing.sources.isEmpty {
            for name in FileIO.names(in: home.cacheDirectory) { FileIO.remove(home.cacheDirectory + "/" + name) }
            try mutate(now: now) { (change: inout Change) throws(TMinusError) in
                change.parts = foldSources(
                    &change.store, old: change.parts ?? [], now: now, force: Set(sourcing.sources.map(\.name)))
            }
            return
        }
        try FileIO.makeDirectory(home.directory)
        try FileIO.withLock(home.lockPath) { () throws(TMinusError) in
            if orphanedArchiveSize() != nil { throw Self.orphanedArchiveError(home) }
            try recover()
            try FileIO.writeAtomically(
                summaryBytes(try summaryFromStore(now: now, keeping: previousSummaryToKeep())), to: home.summaryPath)
        }
    }

    /// The summary for widgets: the file when it is current. When the store has changed since
    /// it was written (a writer killed between its two renames, or a store edited by hand) or
    /// there is none yet, it is rebuilt under the lock; when it cannot be written (a read-only
    /// home), the rebuilt one is used without writing it. The usual cost is one `stat`. `near`:
    /// a current file is read without the items far from `now` for these outputs
    /// (`Summary(bytes:path:near:zone:eventLead:)`).
    public func summaryForWidgets(now: Instant, near: Summary.NearOutputs? = nil) throws(TMinusError) -> Summary {
        // Stamped before it is read: the refresh below takes this parse again only while the
        // file still has this stamp (a big summary is parsed once per run, not three times).
        let stamp = FileStamp.lookup(home.summaryPath)
        var parsed: ParsedSummary?
        if let bytes = try FileIO.read(home.summaryPath) {
            // A stale one is read whole at once (it is made again from every item), seen from
            // its records before its items are.
            // (Asked once: what decides it is all before the items, so the answer given to the
            // read holds for the summary it makes; the records' stats are not made twice.)
            let current = { (s: Summary) in self.isCurrent(s) && !s.pending && self.sourcesCurrent(s, now: now) }
            var answered: Bool?
            var summary =
                try near != nil
                ? Summary(
                    bytes: bytes, path: home.summaryPath, near: now, zone: near?.zone, eventLead: near?.eventLead,
                    wholeIf: { header in
                        // (Read whole for the fold, but for the items of the sources it will
                        // read again: a sync into a big calendar does not decode its old items.)
                        answered == false ? self.sourcesToReadAgain(header, now: now) : nil
                    },
                    headerOnlyIf: { header in
                        answered = current(header)
                        // A sync into one vdir: the patch reads the summary's bytes itself; the
                        // items are read only if it cannot be patched (`refreshSources`).
                        return answered == false && self.deferredSource(previous: header, now: now) != nil
                    })
                : parseSummary(bytes)
            if answered ?? current(summary) { return summary }
            // What is written is made from every item: a read without some is made again, once.
            if summary.completeUntil != nil { summary = try parseSummary(bytes) }
            if let stamp { parsed = ParsedSummary(stamp: stamp, summary: summary) }
        } else if !FileIO.exists(home.storePath) && (sourcing?.sources.isEmpty ?? true) {
            return Summary(generated: now)
        }
        return try refreshSummary(now: now, parsed: parsed, near: near)
    }

    /// A summary as parsed, with the stamp its file had.
    struct ParsedSummary {
        var stamp: FileStamp
        var summary: Summary
    }

    /// The summary on disk, parsed; `parsed` when the file still has its stamp.
    func currentSummary(_ parsed: ParsedSummary?) -> Summary? {
        if let parsed, FileStamp.lookup(home.summaryPath) == parsed.stamp { return parsed.summary }
        return (try? FileIO.read(home.summaryPath)).flatMap { $0 }.flatMap { try? parseSummary($0) }
    }

    /// `summary` with its items: the file read whole now when only its header was read
    /// (`Summary.headerOnly`; a fold from it would read every source again).
    func whole(_ summary: Summary?) -> Summary? {
        summary?.headerOnly == true ? currentSummary(nil) : summary
    }

    /// Whether a summary shows the store as it is now: the store stamp it records is the store's.
    /// Without a store there is nothing to compare (a summary another program wrote, or linked
    /// from elsewhere, is taken as it is); one from an older tminus, without a stamp, is stale.
    func isCurrent(_ summary: Summary) -> Bool {
        guard let current = FileStamp.of(home.storePath) else { return true }
        return summary.storeStamp.map { $0 == current.description } ?? !summary.hasOwnSource
    }

    func refreshSummary(now: Instant, parsed: ParsedSummary? = nil, near: Summary.NearOutputs? = nil)
        throws(TMinusError) -> Summary
    {
        // Stale sources are read before the lock is taken: a command that writes waits only for
        // the fold and the commit, never for a big folder being read. (A sync into one vdir is
        // read without the kept files' items, for a patch of the summary.)
        let before = currentSummary(parsed)
        let hasSources = sourcing.map { $0.sources.isEmpty } == false
        let deferred = hasSources ? readDeferredSource(previous: before, now: now) : nil
        let fresh = hasSources && deferred == nil ? readStaleSources(previous: before, now: now) : []
        let rebuild = { () throws(TMinusError) -> Summary in
            self.removeTemps()
            let previous = self.currentSummary(parsed)
            // (A summary read without some source's items is never the one shown.)
            if let s = previous, self.isCurrent(s), !s.pending, !s.sources.contains(where: \.itemsPassedOver),
                self.sourcesCurrent(s, now: now)
            {
                return s
            }
            if let sourcing = self.sourcing, !sourcing.sources.isEmpty {
                return try self.refreshSources(
                    now: now, previous: previous, fresh: fresh, deferred: deferred, near: near)
            }
            let summary = try self.summaryFromStore(now: now, keeping: self.previousSummaryToKeep())
            try? FileIO.writeAtomically(self.summaryBytes(summary), to: self.home.summaryPath)
            return summary
        }
        guard FileIO.exists(home.directory) || !(sourcing?.sources.isEmpty ?? true) else { return try rebuild() }
        if !FileIO.exists(home.directory) { try? FileIO.makeDirectory(home.directory) }
        guard FileIO.exists(home.directory) else { return try rebuild() }
        return try FileIO.withLock(home.lockPath) { () throws(TMinusError) -> Summary in try rebuild() }
    }

    /// Under the lock: the summary with stale sources read again. When that gives items new
    /// handles the store is committed with its links (a change like any other); else only the
    /// summary is written. A home that cannot be written still gets the summary, unwritten.
    func refreshSources(
        now: Instant, previous: Summary?, fresh: [Summary.Part] = [], deferred: DeferredPart? = nil,
        near: Summary.NearOutputs? = nil
    ) throws(TMinusError) -> Summary {
        if let deferred, let summary = patchSummaryLinksAsLines(deferred, now: now, near: near) { return summary }
        var change = try begin()
        change.now = now
        if let deferred, change.sourceWork.isEmpty, change.migrated == nil {
            if let summary = patchSummary(deferred, change: change, now: now, near: near) { return summary }
        }
        // (Not patched: the fold takes the items of the summary read before.)
        let previous = whole(previous)
        // A killed command's changes to other sources are made now (a commit like any other).
        // When the system refuses them (a full disk, a read-only file system), the read goes on
        // with what was committed, marked pending: a bar keeps its countdown, and the change is
        // made by the first read or command once there is room.
        if !change.sourceWork.isEmpty {
            change.parts = foldSources(&change.store, old: previous?.parts() ?? [], now: now)
            do throws(TMinusError) {
                try commit(change, now: now)
                if let bytes = try FileIO.read(home.summaryPath) { return try parseSummary(bytes) }
            } catch  where error.errno != nil {
                var summary = Summary.build(
                    from: change.store, now: now, storeStamp: FileStamp.of(home.storePath)?.description,
                    parts: change.parts ?? [], extraTags: [])
                summary.pending = true
                summary.waiting = ControlText.oneLine(error.message)
                return summary
            }
        }
        let legacy = change.migrated != nil
        if legacy { change.migrated?.discard(home) }
        let before = change.store
        // (Not patched: the deferred read made whole, the part a fold takes as read.)
        let fresh = fresh + (deferred?.whole().map { [$0] } ?? [])
        change.parts = foldSources(&change.store, old: previous?.parts() ?? [], now: now, fresh: fresh)
        let extra = (previous?.tags ?? []).filter { change.store.tag(named: $0.name) == nil }
        if !legacy, change.store.links != before.links || change.store.nextHandle != before.nextHandle {
            // The tags the commit keeps from the summary: `previous` is the file as it is (read
            // under this lock), its header whole; whether the commit keeps them at all is
            // whether the file has other sources' items (`previousSummaryToKeep`), a search of
            // its bytes rather than a parse of every item.
            if let previous, let stamp = FileStamp.lookup(home.summaryPath),
                let bytes = (try? FileIO.read(home.summaryPath)).flatMap({ $0 })
            {
                change.previousTags = (Self.holdsOtherSources(bytes) ? previous.tags : [], stamp)
            }
            if (try? commitStore(change, now: now)) != nil, let bytes = try? FileIO.read(home.summaryPath),
                let s = try? parseSummary(bytes)
            {
                return s
            }
        }
        let stamp = FileStamp.of(home.storePath)?.description
        var store = change.store
        if legacy { store.items = Migration.repair(open: store.items, history: []).open }
        let summary = Summary.build(
            from: store, now: now, storeStamp: stamp, parts: change.parts ?? [], extraTags: extra)
        try? FileIO.writeAtomically(summaryBytes(summary), to: home.summaryPath)
        return summary
    }
}
