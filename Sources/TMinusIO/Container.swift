public import TMinusCore
import FoundationEssentials

/// The container (DESIGN §2): `store.json` (open items and tags), `archive.jsonl` (completed
/// items, one per line), `summary.json` (what widgets read) and `state.json` (widget state).
/// Every mutation runs under one lock and rewrites the summary.
public struct Container: Sendable {
    public let home: Home

    public init(home: Home) { self.home = home }

    /// Changes a mutation makes to the archive.
    public struct ArchiveChanges: Sendable {
        public var append: [Item] = []
        public var remove: Set<UUIDString> = []
        public init() {}
    }

    // MARK: store

    /// The store, or nil when there is none yet. A file that cannot be parsed is an error naming
    /// the file and line; it is never overwritten.
    public func loadStore() throws(TMinusError) -> Store? {
        try loadStoreAndMigration()?.store
    }

    private func loadStoreAndMigration() throws(TMinusError) -> (store: Store, migrated: [Item]?)? {
        guard let bytes = try FileIO.read(home.storePath) else { return nil }
        let path = home.storePath
        let json: JSON
        do { json = try JSONParser.parse(bytes) } catch {
            throw .failure("\(path) line \(error.line): \(error.message); fix or move the file (tminus has not changed it)")
        }
        guard let version = json["version"]?.intValue else {
            throw .failure("\(path): no \"version\"; it is not a tminus store (tminus has not changed it)")
        }
        let decoder = JSONDecoder()
        do {
            switch version {
            case Store.currentVersion:
                return (try decoder.decode(Store.self, from: Data(bytes)), nil)
            case 1:
                let (store, archived) = try decoder.decode(StoreV1.self, from: Data(bytes)).migrate()
                return (store, archived)
            default:
                throw TMinusError.failure("\(path) is version \(version), newer than this tminus reads (\(Store.currentVersion)); upgrade tminus")
            }
        } catch let e as TMinusError {
            throw e
        } catch {
            throw .failure("\(path): \(Self.describe(error)) (tminus has not changed it)")
        }
    }

    static func describe(_ error: any Error) -> String {
        func path(_ c: [any CodingKey]) -> String {
            c.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined().trimmingPrefix(".").description
        }
        switch error as? DecodingError {
        case .keyNotFound(let key, let ctx)?: return "\(path(ctx.codingPath + [key])) is missing"
        case .typeMismatch(_, let ctx)?, .valueNotFound(_, let ctx)?: return "\(path(ctx.codingPath)) has the wrong type"
        case .dataCorrupted(let ctx)?: return "\(path(ctx.codingPath)): \(ctx.debugDescription)"
        default: return "cannot be read"
        }
    }

    func encode(_ store: Store) throws(TMinusError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do { return Array(try encoder.encode(store)) + [0x0A] } catch {
            throw .failure("cannot encode the store: \(error)")
        }
    }

    /// Runs `body` on the store under the lock, then writes the store, the archive changes and
    /// the summary. Nothing is written when `body` throws.
    public func mutate<T>(now: Instant, _ body: (inout Store, inout ArchiveChanges) throws(TMinusError) -> T) throws(TMinusError) -> T {
        try FileIO.makeDirectory(home.directory)
        return try FileIO.withLock(home.lockPath) { () throws(TMinusError) -> T in
            let loaded = try loadStoreAndMigration()
            var store = loaded?.store ?? Store()
            var changes = ArchiveChanges()
            changes.append = loaded?.migrated ?? []
            let result = try body(&store, &changes)
            try writeArchive(changes)
            try FileIO.writeAtomically(try encode(store), to: home.storePath)
            try writeSummary(Summary.build(from: store, now: now))
            return result
        }
    }

    // MARK: archive

    /// Completed items, oldest first. A torn last line (a crash mid-append) is skipped.
    /// A version-1 store not yet rewritten still holds completed items (the next write moves them
    /// to the archive); they are history already, so they are included.
    public func loadArchive() throws(TMinusError) -> [Item] {
        try loadArchiveFile() + pendingMigration()
    }

    /// The completed items a version-1 store still holds, or none.
    private func pendingMigration() throws(TMinusError) -> [Item] {
        guard let bytes = try FileIO.read(home.storePath), (try? JSONParser.parse(bytes))?["version"]?.intValue == 1 else { return [] }
        return try loadStoreAndMigration()?.migrated ?? []
    }

    /// The completed items in `archive.jsonl` alone.
    func loadArchiveFile() throws(TMinusError) -> [Item] {
        guard let bytes = try FileIO.read(home.archivePath), !bytes.isEmpty else { return [] }
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        let torn = bytes.last != 0x0A
        if torn { lines.removeLast() }
        // One decoder call over the whole file is much faster than one per line.
        var joined: [UInt8] = [UInt8(ascii: "[")]
        joined.reserveCapacity(bytes.count + lines.count + 2)
        var first = true
        for line in lines where !line.isEmpty {
            if !first { joined.append(UInt8(ascii: ",")) }
            joined.append(contentsOf: line)
            first = false
        }
        joined.append(UInt8(ascii: "]"))
        if let decoded = try? JSONDecoder().decode([ArchiveLine].self, from: Data(joined)) {
            return decoded.compactMap(\.item)
        }
        for (n, line) in lines.enumerated() where !line.isEmpty {
            if (try? JSONDecoder().decode(ArchiveLine.self, from: Data(line))) == nil {
                throw .failure("\(home.archivePath) line \(n + 1) cannot be read; fix or remove that line (tminus has not changed the file)")
            }
        }
        return []
    }

    func archiveLine(_ item: Item) throws(TMinusError) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do { return Array(try encoder.encode(ArchiveLine(item))) + [0x0A] } catch {
            throw .failure("cannot encode an archive line: \(error)")
        }
    }

    func writeArchive(_ changes: ArchiveChanges) throws(TMinusError) {
        if !changes.remove.isEmpty {
            // `append` may hold items a migration moves here; a removed one stays out.
            let kept = try (loadArchiveFile() + changes.append).filter { !changes.remove.contains($0.idString) }
            var out: [UInt8] = []
            for item in kept { out += try archiveLine(item) }
            try FileIO.writeAtomically(out, to: home.archivePath)
            return
        }
        guard !changes.append.isEmpty else { return }
        // Repair a torn last line before appending, so the journal stays one record per line.
        if let bytes = try FileIO.read(home.archivePath), let last = bytes.last, last != 0x0A {
            let keep = bytes.lastIndex(of: 0x0A).map { Array(bytes[...$0]) } ?? []
            try FileIO.writeAtomically(keep, to: home.archivePath)
        }
        var out: [UInt8] = []
        for item in changes.append { out += try archiveLine(item) }
        try FileIO.append(out, to: home.archivePath)
    }

    // MARK: summary

    public func writeSummary(_ summary: Summary) throws(TMinusError) {
        // Compact: every bar process parses it; `tminus summary` prints it pretty for people.
        try FileIO.writeAtomically(Array((JSONWriter.compact(summary.json()) + "\n").utf8), to: home.summaryPath)
    }

    /// Rebuilds the summary from the store (no store: an empty summary).
    public func rebuildSummary(now: Instant) throws(TMinusError) {
        try FileIO.makeDirectory(home.directory)
        try FileIO.withLock(home.lockPath) { () throws(TMinusError) in
            try writeSummary(Summary.build(from: try loadStore() ?? Store(), now: now))
        }
    }

    /// The summary as widgets read it: parsed by hand, never decoding the store or history.
    /// Nil when there is none yet.
    public func loadSummary() throws(TMinusError) -> Summary? {
        guard let bytes = try FileIO.read(home.summaryPath) else { return nil }
        do { return try Summary(json: try JSONParser.parse(bytes)) } catch let e as JSONSyntaxError {
            throw .failure("\(home.summaryPath) line \(e.line): \(e.message); rebuild it with tminus summary --rebuild")
        } catch let e as TMinusError {
            throw e
        } catch {
            throw .failure("\(home.summaryPath) cannot be read")
        }
    }
}
