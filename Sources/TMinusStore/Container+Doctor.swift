public import TMinusCore
import TMinusSystem

/// `tminus doctor`: checks every file of the home against the guarantees in
/// `docs/reliability.md` and says what it found; with `--repair`, fixes it under the lock.
extension Container {
    /// What `doctor` found: a line per finding, and whether the home needs a repair.
    public struct Report: Sendable {
        /// What a finding is.
        public enum Kind: Sendable, CaseIterable {
            case ok, found, note, repaired
        }

        /// One finding: its kind and its message (a catalog's, with its values), so the command
        /// words it in the user's language; TMinusStore holds no language of its own.
        public struct Finding: Sendable {
            /// Its kind.
            public var kind: Kind
            /// The message.
            public var message: Message
        }

        /// A finding's message: a catalog's template (or a counted pair) and its values.
        public struct Message: Sendable {
            let singular: StaticString?
            let plural: StaticString?
            let count: Int
            let arguments: [String]
            /// The message in English.
            public let english: String

            /// `template` filled with `arguments`.
            static func tr(_ template: StaticString, _ arguments: String...) -> Message {
                Message(
                    singular: template, plural: nil, count: 0, arguments: arguments,
                    english: Catalog.format(template.description, arguments))
            }

            /// The form for `count` (the first conversion), the next conversions `more`.
            static func trn(_ singular: StaticString, _ plural: StaticString, _ count: Int, _ more: String...)
                -> Message
            {
                Message(
                    singular: singular, plural: plural, count: count, arguments: more,
                    english: Catalog.english.trn(singular, plural, count, more))
            }

            /// A text from elsewhere that has no catalog entry (a migration's own finding).
            static func untranslated(_ text: String) -> Message {
                Message(singular: nil, plural: nil, count: 0, arguments: [], english: text)
            }

            /// The message in `words`' language.
            public func text(_ words: Words) -> String {
                guard let singular else { return english }
                guard let plural else { return Catalog.format(words.tr(singular), arguments) }
                return words.messages.trn(singular, plural, count, arguments)
            }
        }

        /// The findings, in order.
        public var findings: [Finding] = []
        /// How many findings need a repair (the `found` lines).
        public var problems = 0
        /// The findings in English, one per line, each led by `ok`, `found`, `note` or `repaired`.
        public var lines: [String] {
            findings.map { f in
                (f.kind == .ok
                    ? "ok       " : f.kind == .found ? "found    " : f.kind == .note ? "note     " : "repaired ")
                    + f.message.english
            }
        }
        mutating func ok(_ m: Message) { findings.append(Finding(kind: .ok, message: m)) }
        mutating func found(_ m: Message) {
            findings.append(Finding(kind: .found, message: m))
            problems += 1
        }
        mutating func note(_ m: Message) { findings.append(Finding(kind: .note, message: m)) }
        mutating func fixed(_ m: Message) { findings.append(Finding(kind: .repaired, message: m)) }
    }

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
