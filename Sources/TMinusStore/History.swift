import Glibc
public import TMinusCore
import TMinusSystem

/// The completed items, as of one committed store: read through the index when a REF names them,
/// streamed when a command lists them. Homes from before version 3 keep their history in the old
/// places (version 1: the store; version 2: all of `archive.jsonl`); they are read whole, with
/// the repairs the migration will make, until the next write migrates them.
public struct History: Sendable {
    enum Source: Sendable {
        /// Version 3: the archive's committed bytes and the index.
        case indexed
        /// Before version 3: read whole (and repaired) when asked.
        case legacy(StoreFile.Loaded)
    }

    let home: Home
    /// The store's record of the history: committed archive bytes, counts, pending removals, index.
    public let meta: HistoryMeta
    let source: Source
    /// The archive's path: the home's, or a migration's temp file before its commit.
    let archivePath: String

    init(home: Home, meta: HistoryMeta, source: Source = .indexed, archivePath: String? = nil) {
        self.home = home
        self.meta = meta
        self.source = source
        self.archivePath = archivePath ?? home.archivePath
    }

    /// Completed deadlines and todos: the store's counts, never a read of the history (but for a
    /// home not yet migrated, whose next write stores them).
    public func counts() throws(TMinusError) -> (deadlines: Int, todos: Int) {
        switch source {
        case .indexed: return (meta.deadlines, meta.todos)
        case .legacy:
            let items = try legacyItems()
            let deadlines = items.filter(\.isDeadline).count
            return (deadlines, items.count - deadlines)
        }
    }

    func legacyItems() throws(TMinusError) -> [Item] {
        guard case .legacy(let loaded) = source else { return [] }
        return try Migration.legacyHistory(home, loaded).history
    }

    /// Every record a REF could mean (its handle, id prefix or title match); the caller resolves
    /// among them with `RefResolver`, as for open items.
    public func candidates(for q: RefQuery) throws(TMinusError) -> [HistoryRecord] {
        func matches(_ item: Item) -> Bool {
            item.handle == q.handle || RefQuery.fold(item.title) == q.title
                || q.idPrefix.map { RefQuery.compact(id: item.id).hasPrefix($0) } == true
        }
        switch source {
        case .legacy:
            return try legacyItems().enumerated().filter { matches($0.element) }.map {
                HistoryRecord(offset: Int64($0.offset), item: $0.element)
            }
        case .indexed:
            guard meta.bytes > 0 else { return [] }
            guard let name = meta.index, FileIO.exists(home.indexPath(name)) else {
                // No index (deleted by hand?): read it all; `tminus doctor --repair` rebuilds it.
                var out: [HistoryRecord] = []
                try forEach { r throws(TMinusError) in if matches(r.item) { out.append(r) } }
                return out
            }
            let offsets = try HistoryIndex(directory: home.indexPath(name)).offsets(for: q)
            guard !offsets.isEmpty else { return [] }
            let fd = open(archivePath, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw FileIO.failure(tr: "cannot read %s: %s", home.archivePath) }
            defer { close(fd) }
            var out: [HistoryRecord] = []
            for offset in offsets.sorted() where offset >= 0 && offset < meta.bytes && !meta.removing.contains(offset) {
                guard let line = Archive.line(in: fd, at: offset, limit: meta.bytes),
                    let item = try? Archive.item(fromLine: line[...]), matches(item)
                else { continue }
                out.append(HistoryRecord(offset: offset, item: item))
            }
            return out
        }
    }

    /// Calls `body` with every completed item, oldest first, reading the archive a piece at a time.
    /// With `short`, an archive shorter than the store says is read to its last whole record (for
    /// `doctor`); else that is an error. Returns where the last whole record read ends.
    @discardableResult
    public func forEach(short: Bool = false, _ body: (HistoryRecord) throws(TMinusError) -> Void) throws(TMinusError)
        -> Int64
    {
        switch source {
        case .legacy:
            for (i, item) in try legacyItems().enumerated() { try body(HistoryRecord(offset: Int64(i), item: item)) }
            return meta.bytes
        case .indexed:
            guard meta.bytes > 0 else { return 0 }
            let path = archivePath
            var lineNumber = 0
            let removing = meta.removing
            let end = try Archive.forEachLine(path, limit: meta.bytes) { offset, line throws(TMinusError) in
                lineNumber += 1
                if removing.contains(offset) { return }
                let item: Item?
                do throws(ItemReadError) { item = try Archive.item(fromLine: line) } catch {
                    throw .failure(
                        tr: "%s line %s: %s; run tminus doctor", "\(path)", "\(lineNumber)", "\(error.description)",
                        path: path, line: lineNumber, cause: error)
                }
                if let item { try body(HistoryRecord(offset: offset, item: item)) }
            }
            if end < meta.bytes && !short {
                throw .failure(
                    tr: "%s is shorter than the store says (%s of %s bytes); run tminus doctor --repair", "\(path)",
                    "\(end)", "\(meta.bytes)", path: path
                )
            }
            return end
        }
    }

    /// Every completed item (for commands that list history).
    public func all() throws(TMinusError) -> [Item] {
        var out: [Item] = []
        try forEach { r throws(TMinusError) in out.append(r.item) }
        return out
    }
}
