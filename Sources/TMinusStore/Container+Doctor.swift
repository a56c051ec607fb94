public import TMinusCore
import TMinusSystem

/// `tminus doctor`: checks every file of the home against the guarantees in
/// `docs/reliability.md` and says what it found; with `--repair`, fixes it under the lock.
extension Container {
    /// Checks the home without changing anything.
    public func check() throws(TMinusError) -> Report {
        var report = Report()
        let temps = FileIO.names(in: home.directory).filter { FileIO.tempPid($0) != nil }
        if !temps.isEmpty {
            report.found(
                .trn(
                    "%d temp file left by a killed writer (the next command removes them)",
                    "%d temp files left by a killed writer (the next command removes them)", temps.count))
        }
        guard let bytes = try FileIO.read(home.storePath) else {
            if let size = orphanedArchiveSize() {
                report.found(
                    .tr(
                        "store.json is missing but archive.jsonl holds %s bytes of completed items: writes refuse until tminus doctor --repair rebuilds the store from it (and from summary.json)",
                        "\(size)"))
            } else {
                report.ok(.tr("no store.json yet: nothing to check"))
            }
            return report
        }
        let loaded = try StoreFile.read(bytes, path: home.storePath)
        let diagnosis = try diagnose(loaded)
        report.findings += diagnosis.report.findings
        report.problems += diagnosis.report.problems
        for work in loaded.store.setAside {
            if let reason = work.reason {
                report.found(
                    .tr("set aside: %s: %s (tminus doctor --repair tries it once more)", Self.describe(work), reason))
            } else {
                report.found(
                    .tr("set aside: %s: it failed (tminus doctor --repair tries it once more)", Self.describe(work)))
            }
        }
        if !loaded.store.pending.isEmpty {
            report.note(
                .trn(
                    "%d change to other sources not made yet (a command was killed; the next command makes it)",
                    "%d changes to other sources not made yet (a command was killed; the next command makes them)",
                    loaded.store.pending.count))
        }
        if let summary = try? loadSummary() {
            if isCurrent(summary) {
                report.ok(.tr("summary.json matches the store"))
            } else {
                // (It heals itself: the next read, a bar's poll or any command, rebuilds it. After
                // an upgrade it is the earlier version's until then.)
                report.note(.tr("summary.json is older than the store: the next read rebuilds it (nothing to repair)"))
            }
        } else {
            report.found(.tr("summary.json is missing or unreadable (tminus summary --rebuild writes it)"))
        }
        return report
    }

    /// Repairs the home under the lock: what `check` finds, the next write's recovery and a
    /// migration of an old home, committed as one change. Returns what it did.
    public func repair(now: Instant) throws(TMinusError) -> Report {
        try FileIO.makeDirectory(home.directory)
        return try FileIO.withLock(home.lockPath) { () throws(TMinusError) -> Report in
            var report = Report()
            let temps = FileIO.names(in: home.directory).filter { FileIO.tempPid($0) != nil }
            if !temps.isEmpty {
                report.fixed(
                    .trn(
                        "removed %d temp file left by a killed writer", "removed %d temp files left by a killed writer",
                        temps.count))
            }
            guard
                let before = try FileIO.read(home.storePath).map({ (b: [UInt8]) throws(TMinusError) in
                    try StoreFile.read(b, path: home.storePath)
                })
            else {
                removeTemps()
                if orphanedArchiveSize() != nil {
                    try rebuildStore(now: now, report: &report)
                } else {
                    report.ok(.tr("no store.json yet: nothing to repair"))
                }
                return report
            }
            var change = try begin()
            var shortEnd: Int64?
            if before.version < Store.currentVersion {
                for f in change.repairs { report.fixed(.untranslated(f)) }
                report.fixed(
                    .tr("migrated store.json from version %s to %s", "\(before.version)", "\(Store.currentVersion)"))
            }
            if before.version == Store.currentVersion {
                let diagnosis = try diagnose(
                    StoreFile.Loaded(store: change.store, version: Store.currentVersion, legacyHistory: []))
                for f in diagnosis.report.findings where f.kind == .found { report.fixed(f.message) }
                change.store.items = diagnosis.open
                change.store.links = diagnosis.links
                change.store.freeHandles = diagnosis.freeHandles
                change.store.nextHandle = max(change.store.nextHandle, diagnosis.maxHandle + 1)
                change.store.history.deadlines = diagnosis.live.filter(\.item.isDeadline).count
                change.store.history.todos = diagnosis.live.count - change.store.history.deadlines
                for r in diagnosis.drop { change.forget(r) }
                shortEnd = diagnosis.shortEnd
                if let end = shortEnd {
                    // What is left is kept: the store now ends where the last whole record does.
                    change.store.history.bytes = end
                    change.store.history.removing.removeAll { $0 >= end }
                }
                if diagnosis.rebuildIndex {
                    let kept = diagnosis.live.filter { r in !diagnosis.drop.contains { $0.offset == r.offset } }
                    change.store.history.index = kept.isEmpty ? nil : try writeIndex(kept)
                }
            }
            // Every source is read again, so its items take the handles the repaired links give.
            if let sourcing, !sourcing.sources.isEmpty {
                change.parts = foldSources(&change.store, old: [], now: now, force: Set(sourcing.sources.map(\.name)))
            }
            // Set-aside changes are tried once more; one that fails again is dropped (and named).
            // (A killed command's pending ones are made too, however often they were tried.)
            var retrying: [PendingSourceChange] = []
            for var w in change.store.setAside + change.sourceWork.prefix(change.recorded)
            where !retrying.contains(where: { Self.same($0, w) }) {
                w.tries = 1
                w.reason = nil
                retrying.append(w)
            }
            if !retrying.isEmpty {
                change.store.setAside = []
                change.sourceWork = retrying + change.sourceWork.dropFirst(change.recorded)
                change.recorded = retrying.count
            }
            try commit(change, now: now)
            if let end = shortEnd, let size = FileStamp.of(home.archivePath)?.size, size > end {
                // The torn piece of a record the cut left at the end is not history: it goes now, as
                // a killed writer's tail would with the next write.
                FileIO.truncate(home.archivePath, to: end)
                report.fixed(.tr("cut the %s bytes of a torn record at the end of archive.jsonl", "\(size - end)"))
            }
            if !retrying.isEmpty, let loaded = try recover() {
                var store = loaded.store
                let failed = store.setAside.filter { w in retrying.contains { Self.same($0, w) } }
                store.setAside.removeAll { w in retrying.contains { Self.same($0, w) } }
                for w in retrying where !failed.contains(where: { Self.same($0, w) }) {
                    report.fixed(.tr("made the change %s", Self.describe(w)))
                }
                for w in failed {
                    if let reason = w.reason {
                        report.fixed(.tr("dropped %s (%s; make it again by hand)", Self.describe(w), reason))
                    } else {
                        report.fixed(.tr("dropped %s (it failed; make it again by hand)", Self.describe(w)))
                    }
                }
                if !failed.isEmpty {
                    var again = Change(store: store, history: History(home: home, meta: store.history))
                    again.parts = previousSummary()?.parts()
                    try commitStore(again, now: now)
                }
            }
            if report.findings.isEmpty { report.ok(.tr("nothing to repair")) }
            return report
        }
    }

    /// A change to another source's item, for a report: `done #4 "Title" in work`.
    static func describe(_ work: PendingSourceChange) -> String {
        let verb: String
        switch work.kind {
        case .complete: verb = "done"
        case .reopen: verb = "undo"
        case .remove: verb = "rm"
        case .update: verb = "edit"
        case .create: verb = "add"
        }
        let handle = work.item.handle > 0 ? " #\(work.item.handle)" : ""
        return "\(verb)\(handle) '\(Validation.printable(work.item.title))' in \(work.item.source)"
    }

    static func same(_ a: PendingSourceChange, _ b: PendingSourceChange) -> Bool {
        a.kind == b.kind && a.item.id == b.item.id && a.item.source == b.item.source && a.at == b.at
    }
}
