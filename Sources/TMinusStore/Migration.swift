import TMinusCore
import TMinusSystem

/// Homes from before version 3, and their repair. Version 1 kept completed items in the store;
/// version 2 appended them to `archive.jsonl` in another line form, with no committed length, so
/// a crash could leave an item both open and completed, or twice in the history. The migration
/// (run by the next write, under the lock) reads that history, repairs it, writes it anew as a
/// version-3 archive with its index, and the store commit that follows makes it current.
enum Migration {
    /// The history of a version-1 or -2 home, repaired, with what was repaired.
    static func legacyHistory(_ home: Home, _ loaded: StoreFile.Loaded) throws(TMinusError) -> (
        history: [Item], open: [Item], findings: [String]
    ) {
        var raw = loaded.legacyHistory
        if loaded.version == 2 {
            let path = home.archivePath
            var lineNumber = 0
            try Archive.forEachLine(path, limit: nil) { _, line throws(TMinusError) in
                lineNumber += 1
                do throws(ItemReadError) {
                    if let item = try Archive.item(fromLine: line) { raw.append(item) }
                } catch {
                    throw .failure(
                        tr: "%s line %s: %s; fix or remove that line (tminus has not changed the file)", "\(path)",
                        "\(lineNumber)", "\(error.description)", path: path, line: lineNumber, cause: error
                    )
                }
            }
        }
        return repair(open: loaded.store.items, history: raw)
    }

    /// The repairs every damaged home gets: an id open twice keeps its first copy; an item both
    /// open and completed stays open (the change that completed it was never acknowledged); an
    /// item completed twice keeps its latest completion.
    static func repair(open: [Item], history: [Item]) -> (history: [Item], open: [Item], findings: [String]) {
        var findings: [String] = []
        var openIDs = Set<String>()
        var keptOpen: [Item] = []
        var doubledOpen: [Item] = []
        for var item in open {
            guard openIDs.insert(item.id).inserted else { doubledOpen.append(item); continue }
            item.completed = nil
            keptOpen.append(item)
        }
        if !doubledOpen.isEmpty { findings.append("\(describe(doubledOpen)) open twice with one id: kept one copy") }
        var lastIndex: [String: Int] = [:]
        for (i, item) in history.enumerated() { lastIndex[item.id] = i }
        var kept: [Item] = []
        var both: [Item] = []
        var twice: [Item] = []
        for (i, item) in history.enumerated() {
            if openIDs.contains(item.id) { if lastIndex[item.id] == i { both.append(item) }; continue }
            if lastIndex[item.id] != i { twice.append(item); continue }
            kept.append(item)
        }
        if !both.isEmpty { findings.append("\(describe(both)) both open and completed: kept open") }
        if !twice.isEmpty { findings.append("\(describe(twice)) completed twice: kept the latest") }
        return (kept, keptOpen, findings)
    }

    static func describe(_ items: [Item]) -> String {
        let names = ControlText.join(items.prefix(3).map { "#\($0.handle) \(Validation.printable($0.title))" }, ", ")
        let more = items.count > 3 ? " and \(items.count - 3) more" : ""
        return "\(items.count) item\(items.count == 1 ? " was" : "s were") \(names)\(more)"
    }

    /// A migrated history written but not yet in place: the new archive as a temp file and a new
    /// index folder. `commit` renames the archive in just before the store that names them.
    struct Written {
        var meta: HistoryMeta
        var archive: FileIO.Temp?
        var index: String?

        /// Takes it back (a failure before the commit).
        func discard(_ home: Home) {
            if let archive { FileIO.discard(archive) }
            if let index { FileIO.removeDirectory(home.indexPath(index)) }
        }
    }

    /// Writes `history` as a fresh archive (a temp file beside the old one) and a new index folder,
    /// and returns the bookkeeping the store must commit. Until that commit nothing the user has
    /// changed, and nothing refers to them.
    static func writeHistory(_ history: [Item], home: Home) throws(TMinusError) -> Written {
        var meta = HistoryMeta()
        guard !history.isEmpty else {
            let empty = FileIO.exists(home.archivePath) ? try FileIO.writeTemp([], for: home.archivePath) : nil
            return Written(meta: meta, archive: empty, index: nil)
        }
        let writer = try FileIO.TempWriter(for: home.archivePath)
        var buffer: [UInt8] = []
        var records: [HistoryRecord] = []
        records.reserveCapacity(history.count)
        do throws(TMinusError) {
            for item in history {
                records.append(HistoryRecord(offset: meta.bytes + Int64(buffer.count), item: item))
                buffer += Archive.line(item)
                meta.count(item.kind, by: 1)
                if buffer.count >= 1 << 20 {
                    try writer.write(buffer)
                    meta.bytes += Int64(buffer.count)
                    buffer.removeAll(keepingCapacity: true)
                }
            }
            try writer.write(buffer)
        } catch {
            writer.abandon()
            throw error
        }
        meta.bytes += Int64(buffer.count)
        let archive = try writer.finish()
        let name = "index." + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        let directory = home.indexPath(name)
        do throws(TMinusError) {
            try FileIO.makeDirectory(directory)
            for (bucket, bytes) in HistoryIndex.lines(records) {
                try FileIO.append(bytes, to: directory + "/" + HistoryIndex.bucketName(bucket))
            }
            FileIO.syncDirectory(directory)
            FileIO.syncDirectory(home.directory)
        } catch {
            FileIO.discard(archive)
            FileIO.removeDirectory(directory)
            throw error
        }
        meta.index = name
        return Written(meta: meta, archive: archive, index: name)
    }
}
