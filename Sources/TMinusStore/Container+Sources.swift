public import TMinusCore
import TMinusSystem
import TMinusSourcing

/// Other sources in the summary (docs/sources.md): each configured source has a part (its
/// record and open items) that is read again only when it is not current: what it watched
/// changed, the config's entry, zone or hold changed, or an event's instance is over. Handles of
/// their items live in the store's links, so they are the same on every run.
extension Container {
    /// Whether a source's part is current: one `stat` per watched path (the poll path's cost).
    static func isCurrent(
        _ record: Summary.Source, _ config: SourceConfig, _ sourcing: Sourcing, now: Instant,
        justRead: Bool = false
    ) -> Bool {
        guard record.kind == config.kind.rawValue, record.key == config.key else { return false }
        if config.isCalendar, record.zone != sourcing.zone.name || record.hold != sourcing.hold { return false }
        if let refresh = record.refresh, now >= refresh { return false }
        // Read at a later time than now (a run with a future --now, a clock stepped back): what it
        // expanded (the next instances of a series) is not this moment's, so it is read again.
        if now < record.stamp { return false }
        return SourceReader.isUnchanged(record, racyToo: justRead, live: sourcing.live)
    }

    /// Whether every configured source has a current part in the summary and no other source
    /// has one. Without a readable config, yes (the parts stay as they are).
    func sourcesCurrent(_ summary: Summary, now: Instant) -> Bool {
        guard let sourcing else { return true }
        var managed = 0
        for record in summary.sources where record.kind != nil {
            managed += 1
            guard let config = sourcing.source(named: record.name), Self.isCurrent(record, config, sourcing, now: now)
            else { return false }
        }
        return managed == sourcing.sources.count
    }

    /// Under the lock: every configured source's part, kept when current (and not in `force`),
    /// else read again; new items get handles from the store, and the store's links become the
    /// handles of the items shown (a source that cannot be read keeps its links, so its items get
    /// their handles back when it can). Parts of sources that are not in the config go, except
    /// those without a kind (a summary another program wrote, taken as it is).
    ///
    /// `fresh`: parts read before the lock was taken (a bar's read never holds the home's lock
    /// while it reads a big folder); one whose files are still as it read them is used as read.
    func foldSources(
        _ store: inout Store, old: [Summary.Part], now: Instant, force: Set<String> = [],
        fresh: [Summary.Part] = []
    ) -> [Summary.Part] {
        guard let sourcing else { return old }
        var parts = old.filter { $0.source.kind == nil }
        // The store's links by source, then by id: each item's handle and first sight. (Per
        // source: no key made per item by joining its source's name and its id.)
        var known: [String: [String: Known]] = [:]
        let before = store.links
        let done = Set(before.filter(\.done).map(\.handle))
        for l in store.links { known[l.source, default: [:]][l.id] = Known(handle: l.handle, seen: l.seen) }
        var links: [SourceLink] = []
        // Items from other homes by their home and id: one reaching this home by two ways (two
        // homes' summaries that both carry a third's) is shown once, from the first source.
        var fromHomes = Set<String>()
        func firstTime(_ item: Item) -> Bool {
            guard let origin = item.origin else { return true }
            return fromHomes.insert(origin + "\u{1F}" + item.id).inserted
        }
        let myOrigin = home.origin
        for config in sourcing.sources {
            // (A part read without its items is read again, whatever its record says now: a
            // stamp racy at that read may be trusted by now.)
            if !force.contains(config.name),
                let kept = old.first(where: { $0.source.name == config.name && $0.source.kind != nil }),
                !kept.source.itemsPassedOver, Self.isCurrent(kept.source, config, sourcing, now: now)
            {
                for item in kept.items { _ = firstTime(item) }
                parts.append(kept)
                let mine = known[config.name] ?? [:]
                links += kept.items.filter { $0.handle > 0 }.map {
                    SourceLink(
                        source: config.name, id: $0.id, handle: $0.handle, seen: mine[$0.id]?.seen ?? now,
                        done: done.contains($0.handle))
                }
                continue
            }
            var part =
                fresh.first(where: {
                    $0.source.name == config.name && $0.source.error == nil
                        && Self.isCurrent($0.source, config, sourcing, now: now, justRead: true)
                })
                ?? SourceReader.read(config, sourcing, now: now, origin: myOrigin)
            part.items = part.items.filter(firstTime)
            part.source.items = part.items.count
            if part.source.error != nil {
                links += store.links.filter { $0.source == config.name }
            }
            var mine = known[config.name] ?? [:]
            for i in part.items.indices {
                let id = part.items[i].id
                let link = mine[id]
                let handle = link?.handle ?? ((try? store.takeHandle(now: now)) ?? 0)
                if link == nil { mine[id] = Known(handle: handle, seen: nil) }
                part.items[i].handle = handle
                // First seen now, unless seen before: recorded once, it never moves.
                let first = link?.seen ?? now
                Self.stamp(&part.items[i], seen: first)
                if handle > 0 {
                    links.append(
                        SourceLink(
                            source: config.name, id: part.items[i].id, handle: handle, seen: first,
                            done: done.contains(handle)))
                }
            }
            parts.append(part)
        }
        var unique: [SourceLink] = []
        for l in links.sorted(by: <) where unique.last.map({ $0.source != l.source || $0.id != l.id }) ?? true {
            unique.append(l)
        }
        store.links = unique
        // An item that went away without tminus completing it names nothing: its handle is free
        // (a day from now). Kept: handles of completed items (the history's), of changes still to
        // be made or set aside.
        let shown = Set(unique.map(\.handle))
        let waiting = Set((store.pending + store.setAside).map(\.item.handle))
        store.free(
            before.filter { !$0.done && !shown.contains($0.handle) && !waiting.contains($0.handle) }.map(\.handle),
            from: now + Store.handleRest)
        return parts
    }

    /// An item's handle and when it was first seen, as the store's links have them.
    struct Known {
        var handle: Int
        var seen: Instant?
    }

    /// What the first sight of an item gives it: progress from there when it has neither start nor
    /// creation time (it used to run from the summary's last write, reset by any change), and no
    /// alert from before it.
    static func stamp(_ item: inout Item, seen: Instant) {
        guard item.isDeadline else { return }
        if item.start == nil && item.created == nil {
            item.start = seen
        } else if let since = item.start ?? item.created, seen > since {
            item.seen = seen
        }
    }

    /// Outside the lock: the parts a fold would read again (stale in `previous`), read now.
    func readStaleSources(previous: Summary?, now: Instant) -> [Summary.Part] {
        guard let sourcing else { return [] }
        let old = previous?.parts() ?? []
        let origin = home.origin
        return sourcing.sources.compactMap { config in
            if let kept = old.first(where: { $0.source.name == config.name && $0.source.kind != nil }),
                !kept.source.itemsPassedOver, Self.isCurrent(kept.source, config, sourcing, now: now)
            {
                return nil
            }
            return SourceReader.read(config, sourcing, now: now, origin: origin)
        }
    }

    /// The sources whose parts in `summary` a fold would read again (not current), or drop (no
    /// longer configured): their old items are not needed, and a read for the fold passes over
    /// them (`Summary(bytes:near:wholeIf:)`).
    func sourcesToReadAgain(_ summary: Summary, now: Instant) -> Set<String> {
        guard let sourcing else { return [] }
        var names = Set<String>()
        for record in summary.sources where record.kind != nil {
            if let config = sourcing.source(named: record.name), Self.isCurrent(record, config, sourcing, now: now) {
                continue
            }
            names.insert(record.name)
        }
        return names
    }

    /// The summary as it is, read once for a change: its parse (`previousSummary`'s, in a home
    /// with sources), the stamp of the file read (taken before it is read) and the tags a commit
    /// keeps from it (`previousSummaryToKeep`'s). A summary of a big source costs its parse: a
    /// change reads it once, not once before the lock, again under it, and again for its tags.
    struct PreviousSummary {
        var summary: Summary?
        var stamp: FileStamp?
        var tags: [Tag]

        /// This reading while the file is the one read; nil once it changed.
        func ifCurrent(_ path: String) -> PreviousSummary? {
            guard let stamp, FileStamp.lookup(path) == stamp else { return nil }
            return self
        }
    }

    func readPreviousSummary() -> PreviousSummary {
        let stamp = FileStamp.lookup(home.summaryPath)
        guard let bytes = try? FileIO.read(home.summaryPath) else {
            return PreviousSummary(summary: nil, stamp: stamp, tags: [])
        }
        let summary = try? parseSummary(bytes)
        return PreviousSummary(
            summary: summary, stamp: stamp, tags: Self.holdsOtherSources(bytes) ? summary?.tags ?? [] : [])
    }

    /// The summary as it is, for a fold (parsed when there are sources; else only when it has
    /// other sources' items, which the common store-only home never parses).
    func previousSummary() -> Summary? {
        guard let sourcing, !sourcing.sources.isEmpty else { return previousSummaryToKeep() }
        guard let bytes = try? FileIO.read(home.summaryPath) else { return nil }
        return try? parseSummary(bytes)
    }

    /// Open items of other sources, as current as the summary for widgets (read again if stale).
    public func sourceItems(now: Instant) throws(TMinusError) -> [Item] { try sourceReading(now: now).items }

    /// The same, and why a pending change could not be made on this read (a full disk: the
    /// items are then as committed before it, and a listing says so).
    public func sourceReading(now: Instant) throws(TMinusError) -> (items: [Item], waiting: String?) {
        guard let sourcing, !sourcing.sources.isEmpty else { return ([], nil) }
        let summary = try summaryForWidgets(now: now)
        return ((summary.deadlines + summary.todos).filter { $0.source != Item.ownSource }, summary.waiting)
    }

    /// The records of other sources (for `tminus sources`), read again when stale.
    public func sourceRecords(now: Instant) throws(TMinusError) -> [Summary.Source] {
        try summaryForWidgets(now: now).sources.filter { $0.name != Item.ownSource }
    }
}
