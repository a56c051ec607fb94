import TMinusCore
import TMinusSourcing
import TMinusSystem

/// summary.json after a sync into one big vdir, made from the summary as it is: the lines of the
/// items in the files the sync changed are taken out and their new lines put in where the
/// summary's order puts them; every other line is copied as bytes, never read (docs/sources.md,
/// "A sync patches the summary"). What comes out is byte for byte what the whole fold writes
/// (`foldSources`, `Summary.build`): the patch is made only when that is certain, else the
/// caller folds the whole source, and the tests compare the two on random syncs.
///
/// Certain when: the summary is the one tminus wrote for this store (the caller checks its
/// stamp), every other source's part is current (the caller), the read skipped no copy of a
/// UID and no item past `maxItems`, the store links as many items of the source as the record
/// counts (its links in their order), each item of a changed file has at most one line of the
/// source in the summary (by its id) and, when it has one, a link with its handle and first
/// sight (when not, no link: it is new, and takes a handle and a link as the fold gives them),
/// each item gone (from a file read now, or with its file) has exactly one line and one link,
/// and the record's count, with the new items and without the gone ones, is what the source
/// shows now. Then the lines not touched are the kept files' items as the fold would make them
/// again, and a todo without a due date keeps its place only in a file that holds the same ids
/// as before (such todos are listed in the files' order).
struct SourcePatch {
    let bytes: [UInt8]
    let lines: SummaryLines
    /// The summary's fields before its item lists.
    let head: Summary
    /// How many todos each record of `head` has in the todo list.
    let counts: [Int]

    /// At most this many items of changed files are patched in (more: a fold is cheaper).
    static let maxChanged = 32

    /// The summary's bytes, when laid out as `Summary.bytes` writes them.
    init?(_ bytes: [UInt8]) {
        guard let lines = SummaryLines(bytes), let head = try? Summary(bytes: lines.headerObject) else { return nil }
        self.bytes = bytes
        self.lines = lines
        self.head = head
        // (No record says: no other source has todos, so all are the store's.)
        let counts =
            Summary.recordedTodoCounts(lines.headerObject)
            ?? head.sources.map { $0.name == Item.ownSource ? lines.todos.lineCount() : 0 }
        guard counts.count == head.sources.count else { return nil }
        self.counts = counts
    }

    /// The summary with `deferred`'s source read again, as the fold makes it at `now` for this
    /// store; nil when that is not certain. An item new to the source (a sync's new file) takes
    /// a handle from `store` and a link in it, as the fold gives one (then the store is to be
    /// committed with the summary, `Container.patchSummary`).
    /// `links`: the store's links as its file has them (`StoreLinkLines`), `store` read without
    /// them; then the links new items take and gone ones leave are edits to their lines
    /// (`Patched.linkEdits`), and `store` has only its handles taken or freed.
    func apply(_ deferred: DeferredPart, store: inout Store, links: StoreLinkLines? = nil, now: Instant) -> Patched? {
        let name = deferred.part.source.name
        guard !deferred.capped, deferred.copies == 0, deferred.part.source.error == nil,
            deferred.part.items.count <= Self.maxChanged,
            let index = head.sources.firstIndex(where: { $0.name == name && $0.kind != nil }),
            (links.map { $0.count(of: name) } ?? Self.linksInOrder(store.links, counting: name))
                == head.sources[index].items,
            store.tags + head.tags.filter({ store.tag(named: $0.name) == nil }) == head.tags
        else { return nil }
        // The source's block of the todo list, and where its dated todos start.
        let blockStart = lines.todos.start(counts[..<index].reduce(0, +), after: lines.todos.start)
        let blockEnd = lines.todos.start(counts[index], after: blockStart)
        let block = lines.todos.lines(from: blockStart, to: blockEnd)
        func read(_ line: ArraySlice<UInt8>, _ kind: Item.Kind) -> Item? {
            LineStore.read(line, kind: kind).flatMap { $0.source == name ? $0 : nil }
        }
        guard let undatedEnd = block.first(where: { read($0, .todo).map { $0.due != nil } }) else { return nil }
        let dated = lines.todos.lines(from: undatedEnd == block.end ? blockEnd : undatedEnd, to: blockEnd)

        var deadlineEdits: [LineEdit] = [], todoEdits: [LineEdit] = []
        var newDeadlines: [(item: Item, line: [UInt8], at: Int)] = []
        var newTodos: [(item: Item, line: [UInt8], at: Int)] = []
        var todos = counts[index], added = 0
        var newLinks: [(link: SourceLink, at: Int)] = []
        var linkEdits: [LineEdit] = []
        for file in deferred.files {
            let sameIDs = Self.holdsOldIDs(file, of: deferred)
            for k in file.items {
                var item = deferred.part.items[k]
                guard let found = oldLines(of: item.id, source: name, block: (blockStart, blockEnd)), found.count <= 1
                else { return nil }
                let link: SourceLink?
                var linkPlace = 0
                if let links {
                    // (A line that is not a link as the writer writes it: the store is read whole.)
                    guard let looked = links.find(item.id, source: name) else { return nil }
                    link = looked.found?.link
                    linkPlace = looked.at
                } else {
                    link = Self.link(of: item.id, source: name, in: store.links)
                }
                let old = found.first
                if let old {
                    guard let link, let seen = link.seen, link.handle > 0, link.handle == old.item.handle else {
                        return nil
                    }
                    // As the fold makes it: its handle and first sight from its link.
                    item.handle = link.handle
                    Container.stamp(&item, seen: seen)
                    if old.item.isDeadline {
                        deadlineEdits.append(.remove(old.line))
                    } else {
                        todoEdits.append(.remove(old.line))
                        todos -= 1
                    }
                } else {
                    // New to the source: a handle and a link, first seen now.
                    guard link == nil, let handle = try? store.takeHandle(now: now) else { return nil }
                    item.handle = handle
                    Container.stamp(&item, seen: now)
                    newLinks.append((SourceLink(source: name, id: item.id, handle: handle, seen: now), linkPlace))
                    added += 1
                }
                // Its tag's colour from the store, no creation date unless it is a deadline's start.
                if let tag = store.tag(named: item.tag) { item.color = tag.color }
                if !item.isDeadline || item.start != nil { item.created = nil }
                var line: [UInt8] = []
                item.write(into: &line, withKind: false)
                if item.isDeadline {
                    guard let at = LineStore.place(of: item, in: lines.deadlines, kind: .deadline) else { return nil }
                    newDeadlines.append((item, line, at))
                    continue
                }
                todos += 1
                if item.due == nil {
                    // In the files' order: where it was, in a file that holds what it held.
                    guard let old, sameIDs, !old.item.isDeadline, old.item.due == nil else { return nil }
                    todoEdits.append(.insert(line, at: old.line.lowerBound, order: 0))
                    continue
                }
                guard let at = dated.first(where: { read($0, .todo).map { Self.todoOrder(item) < Self.todoOrder($0) } })
                else { return nil }
                newTodos.append((item, line, at == dated.end ? blockEnd : at))
            }
        }
        // Items gone from the source (from a file read now, or with their file): their lines go,
        // their links too, and their handles are free a day from now (not a completed one's, nor
        // one a change still to be made names), as the fold frees them. (An id that moved to
        // another file is there still.)
        let present = Set(deferred.part.items.map(\.id))
        var gone = deferred.goneIDs.filter { !present.contains($0) }
        for file in deferred.files { gone += (file.oldIDs ?? []).filter { !present.contains($0) } }
        if !gone.isEmpty {
            let goneSet = Set(gone)
            guard goneSet.count == gone.count else { return nil }
            for id in gone {
                guard let found = oldLines(of: id, source: name, block: (blockStart, blockEnd)), found.count == 1
                else { return nil }
                if found[0].item.isDeadline {
                    deadlineEdits.append(.remove(found[0].line))
                } else {
                    todoEdits.append(.remove(found[0].line))
                    todos -= 1
                }
            }
            let freed: [SourceLink]
            if let links {
                var found: [SourceLink] = []
                for id in gone {
                    guard let looked = links.find(id, source: name), let link = looked.found else { return nil }
                    found.append(link.link)
                    linkEdits.append(.remove(link.line))
                }
                freed = found
            } else {
                freed = store.links.filter { $0.source == name && goneSet.contains($0.id) }
                store.links.removeAll { $0.source == name && goneSet.contains($0.id) }
            }
            guard freed.count == gone.count else { return nil }
            let waiting = Set((store.pending + store.setAside).map(\.item.handle))
            store.free(
                freed.filter { !$0.done && !waiting.contains($0.handle) }.map(\.handle), from: now + Store.handleRest)
        }
        // Every line found is a line of the source read again: as many as it shows now.
        guard head.sources[index].items + added - gone.count == deferred.part.source.items else { return nil }
        // (New lines that go in at one place go in their list's order.)
        for (rank, new) in newDeadlines.sorted(by: { $0.item.deadlineOrder < $1.item.deadlineOrder }).enumerated() {
            deadlineEdits.append(.insert(new.line, at: new.at, order: rank))
        }
        for (rank, new) in newTodos.sorted(by: { Self.todoOrder($0.item) < Self.todoOrder($1.item) }).enumerated() {
            todoEdits.append(.insert(new.line, at: new.at, order: rank + 1))
        }
        if links != nil {
            // (New links that go in before one line go in their ids' order.)
            for (rank, new) in newLinks.sorted(by: { $0.link < $1.link }).enumerated() {
                var line: [UInt8] = []
                StoreFile.writeLink(new.link, into: &line)
                linkEdits.append(.insert(line, at: new.at, order: rank))
            }
        } else {
            for new in newLinks {
                store.links.insert(new.link, at: Self.place(of: new.link.id, source: new.link.source, in: store.links))
            }
        }
        var counts = counts
        counts[index] = todos
        var sources = head.sources
        sources[index] = deferred.part.source
        return Patched(
            lines: lines, deadlines: lines.deadlines.patched(deadlineEdits), todos: lines.todos.patched(todoEdits),
            sources: sources, counts: counts, tags: head.tags, storeItems: store.items.count, now: now,
            linkEdits: linkEdits)
    }

    /// Whether `file` holds the ids its record in the file cache held, in its order.
    static func holdsOldIDs(_ file: DeferredFile, of deferred: DeferredPart) -> Bool {
        file.oldIDs.map { $0.elementsEqual(deferred.part.items[file.items].lazy.map(\.id)) } ?? false
    }

    /// How many of `links` are of the source `name`, when all are in their order, one link an
    /// item (each after the one before), and each of that source's has its first sight (a link
    /// without one gets one from the fold, and its item's line with it); else nil. One pass over
    /// a vdir's ten thousand links, their Strings compared where they are.
    static func linksInOrder(_ links: [SourceLink], counting name: String) -> Int? {
        var count = 0
        return links.withUnsafeBufferPointer { l -> Int? in
            for k in l.indices {
                if k > 0, !(l[k - 1] < l[k]) { return nil }
                if l[k].source == name {
                    guard l[k].seen != nil else { return nil }
                    count += 1
                }
            }
            return count
        }
    }

    /// The link of the item `id` of `source` in `links` (in their order, `linksInOrder`).
    static func link(of id: String, source: String, in links: [SourceLink]) -> SourceLink? {
        let at = place(of: id, source: source, in: links)
        return at < links.count && links[at].source == source && links[at].id == id ? links[at] : nil
    }

    /// Where the link of `id` of `source` is in `links`, or goes (in their order), found by halves.
    static func place(of id: String, source: String, in links: [SourceLink]) -> Int {
        var low = 0, high = links.count
        while low < high {
            let mid = (low + high) / 2
            if (links[mid].source, links[mid].id) < (source, id) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// A patched summary before its header's store stamp is known (a store committed with it
    /// has the stamp of its temp file).
    struct Patched {
        let lines: SummaryLines
        let deadlines: [ItemLines.Piece]
        let todos: [ItemLines.Piece]
        let sources: [Summary.Source]
        let counts: [Int]
        let tags: [Tag]
        let storeItems: Int
        let now: Instant
        /// With the store's links left as lines: the lines new items' links put in and gone
        /// items' links take out.
        let linkEdits: [LineEdit]

        /// summary.json, the store's record stamped `storeStamp`, in the home `origin` (`setAside`:
        /// the store's set-aside changes, which a commit's summary counts).
        func bytes(storeStamp: String?, origin: String?, setAside: Int = 0) -> (bytes: [UInt8], deadlinesEnd: Int?) {
            var sources = sources
            for i in sources.indices where sources[i].name == Item.ownSource {
                sources[i] = .store(at: now, items: storeItems, fileStamp: storeStamp)
            }
            var header = Summary(generated: now, sources: sources, tags: tags)
            header.origin = origin
            header.setAside = setAside
            return SummaryLines.write(
                header: header.headerBytes(counted: header.builtTodoBlocks(counts: counts)),
                deadlines: (lines.deadlines, deadlines), todos: (lines.todos, todos))
        }
    }

    /// The lines of source `name` that hold the item `id`: among the deadlines, or in the
    /// source's block of the todos (`block`: its first line's start and the start after its
    /// last). Nil when a line found is not an item, or is the source's outside its block.
    func oldLines(of id: String, source name: String, block: (Int, Int)) -> [(line: Range<Int>, item: Item)]? {
        var prefix = Array(#"{"id":"#.utf8)
        JSONWriter.quote(id, into: &prefix)
        prefix.append(0x2C)
        var found: [(line: Range<Int>, item: Item)] = []
        for (list, kind) in [(lines.deadlines, Item.Kind.deadline), (lines.todos, .todo)] {
            for s in list.starts(of: prefix) {
                let line = list.line(at: s)
                guard let item = LineStore.read(bytes[line], kind: kind) else { return nil }
                guard item.source == name, item.id == id else { continue }
                if kind == .todo { guard s >= block.0, s < block.1 else { return nil } }
                found.append((line, item))
            }
        }
        return found
    }

    /// The order of another source's dated todos (`Summary.todoBlockOrder`): by due date, then
    /// handle, then id, as deadlines are.
    static func todoOrder(_ item: Item) -> DeadlineOrder { item.deadlineOrder }
}

extension Container {
    /// Outside the lock: when the one source of `previous` that is not current is a vdir (a sync
    /// into it), its read with the kept files' items left in the file cache, for `patchSummary`;
    /// nil otherwise (the stale sources are then read whole, `readStaleSources`).
    func readDeferredSource(previous: Summary?, now: Instant) -> DeferredPart? {
        guard let sourcing, let stale = deferredSource(previous: previous, now: now) else { return nil }
        return SourceReader.readDeferred(stale, sourcing, now: now)
    }

    /// The source `readDeferredSource` reads (by the summary's fields before its items alone).
    func deferredSource(previous: Summary?, now: Instant) -> SourceConfig? {
        guard let sourcing, let previous, !previous.pending else { return nil }
        var stale: SourceConfig?
        for config in sourcing.sources {
            guard let record = previous.sources.first(where: { $0.name == config.name && $0.kind != nil }) else {
                return nil
            }
            if Self.isCurrent(record, config, sourcing, now: now) { continue }
            guard stale == nil else { return nil }
            stale = config
        }
        guard let stale, stale.kind == .vdir else { return nil }
        return stale
    }

    /// Under the lock: the summary patched with a sync's deferred read (`SourcePatch`), written
    /// (a home that cannot be written still gets it, unwritten) and read for the bar (`near`, as
    /// `summaryForWidgets` reads it); with new items, the store committed with their links and
    /// the summary with it, as the fold commits them. Nil when the patch is not certain to be what
    /// the fold writes, the files changed since the read, or the commit failed (then the caller
    /// folds, and commits or says why).
    /// (A `change` whose store's links are left as lines, `change.linkLines`, holding the rest:
    /// `patchSummaryLinksAsLines`; its commit writes them.)
    func patchSummary(_ deferred: DeferredPart, change: Change, now: Instant, near: Summary.NearOutputs?) -> Summary? {
        guard let sourcing, let config = sourcing.source(named: deferred.part.source.name),
            Self.isCurrent(deferred.part.source, config, sourcing, now: now, justRead: true),
            let bytes = (try? FileIO.read(home.summaryPath)).flatMap({ $0 }), let patch = SourcePatch(bytes),
            !patch.head.pending
        else { return nil }
        // The summary built from this store, its records in the fold's order (the store's, those
        // of no kind, the config's), every other source's current.
        let storeStamp = FileStamp.of(home.storePath)?.description
        let order =
            [Item.ownSource] + patch.head.sources.filter { $0.kind == nil && $0.name != Item.ownSource }.map(\.name)
            + sourcing.sources.map(\.name)
        guard patch.head.storeStamp == storeStamp, patch.head.sources.map(\.name) == order else { return nil }
        for record in patch.head.sources where record.kind != nil && record.name != config.name {
            guard let other = sourcing.source(named: record.name), Self.isCurrent(record, other, sourcing, now: now)
            else { return nil }
        }
        var change = change
        var store = change.store
        let links = change.linkLines?.lines
        guard let patched = patch.apply(deferred, store: &store, links: links, now: now) else { return nil }
        let out: (bytes: [UInt8], deadlinesEnd: Int?)
        if store == change.store, patched.linkEdits.isEmpty {
            out = patched.bytes(storeStamp: storeStamp, origin: home.origin)
            try? FileIO.writeAtomically(out.bytes, to: home.summaryPath)
        } else {
            // New items' handles and links: a commit, the summary stamped with the store it wrote.
            change.store = store
            change.linkLines?.edits = patched.linkEdits
            let origin = home.origin
            let setAside = store.setAside.count
            var made: (bytes: [UInt8], deadlinesEnd: Int?)?
            guard
                (try? commitStore(
                    change, now: now,
                    summary: {
                        made = patched.bytes(storeStamp: $0, origin: origin, setAside: setAside)
                        return made?.bytes ?? []
                    })) != nil, let made
            else { return nil }
            out = made
        }
        if let near {
            return try? Summary(
                bytes: out.bytes, path: home.summaryPath, near: now, zone: near.zone, eventLead: near.eventLead,
                orderedDeadlinesEnd: out.deadlinesEnd)
        }
        return try? parseSummary(out.bytes)
    }
}
