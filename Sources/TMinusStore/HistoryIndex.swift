import Glibc
public import TMinusCore
import TMinusSystem

/// The history's index: where in `archive.jsonl` to look for a REF, so `undo` and `rm` find a
/// completed item by reading one small file instead of the whole history. A folder of up to 4,096
/// bucket files (`000`…`fff`); each line is `KEY<TAB>OFFSET`, with three keys per record: `h` and
/// the handle, `i` and the id without dashes, `t` and the folded title. Ids go to the bucket of
/// their first three hex digits (so an id prefix names one bucket), the others to a bucket by an
/// FNV-1a hash. The index only points: every hit is checked against the record it names, so a
/// stale or doubled line is harmless, and it is written (and fsynced) before the store that
/// commits its records.
struct HistoryIndex {
    static let bucketCount = 4096
    let directory: String

    /// One record's keys and the bucket each goes to.
    static func keys(_ item: Item) -> [(bucket: Int, key: String)] {
        let id = RefQuery.compact(id: item.id)
        let title = RefQuery.fold(item.title).map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 }
        return [
            (hashBucket("h\(item.handle)"), "h\(item.handle)"), (idBucket(id), "i" + id),
            (hashBucket("t" + String(title)), "t" + String(title))
        ]
    }

    static func idBucket(_ compactID: String) -> Int {
        let head = compactID.prefix(3)
        if head.count == 3, let n = Int(head, radix: 16) { return n }
        return hashBucket("i" + compactID)
    }

    /// FNV-1a (64-bit) of the UTF-8 bytes, cut to the bucket count: stable across runs and builds.
    static func hashBucket(_ key: String) -> Int {
        Int(FNV1a.hash(key.utf8) % UInt64(bucketCount))
    }

    static func bucketName(_ n: Int) -> String {
        let hex = String(n, radix: 16)
        return String(repeating: "0", count: 3 - hex.count) + hex
    }

    /// The lines to add for `records`, by bucket.
    static func lines(_ records: [HistoryRecord]) -> [(bucket: Int, bytes: [UInt8])] {
        var buckets: [Int: [UInt8]] = [:]
        for r in records {
            for (bucket, key) in keys(r.item) { buckets[bucket, default: []] += Array("\(key)\t\(r.offset)\n".utf8) }
        }
        return buckets.keys.sorted().map { ($0, buckets[$0]!) }
    }

    /// How to take back an `add` whose change was not committed: the bucket files' old sizes (nil:
    /// made by the add) and whether the folder was, so a failed write leaves every file as it was.
    struct Undo {
        var buckets: [(path: String, size: Int64?)] = []
        var madeDirectory: String?

        func run() {
            for (path, size) in buckets {
                if let size { FileIO.truncate(path, to: size) } else { FileIO.remove(path) }
            }
            if let dir = madeDirectory { FileIO.removeDirectory(dir) }
        }
    }

    /// Adds `records` (their lines appended and fsynced, bucket by bucket); on failure takes back
    /// what it wrote. Returns how to take it back later.
    func add(_ records: [HistoryRecord]) throws(TMinusError) -> Undo {
        var undo = Undo()
        guard !records.isEmpty else { return undo }
        if !FileIO.exists(directory) { undo.madeDirectory = directory }
        do throws(TMinusError) {
            try FileIO.makeDirectory(directory)
            for (bucket, bytes) in Self.lines(records) {
                let path = directory + "/" + Self.bucketName(bucket)
                undo.buckets.append((path, FileStamp.of(path)?.size))
                try FileIO.append(bytes, to: path)
            }
        } catch {
            undo.run()
            throw error
        }
        FileIO.syncDirectory(directory)
        return undo
    }

    /// The offsets the index names for a REF: its handle, id prefix and title keys. Lines are
    /// matched as bytes (a bucket of a big history has hundreds of lines).
    func offsets(for q: RefQuery) throws(TMinusError) -> [Int64] {
        var wanted: [(bucket: Int, key: [UInt8], prefix: Bool)] = []
        if let n = q.handle {
            let key = "h\(n)"
            wanted.append((Self.hashBucket(key), Array(key.utf8), false))
        }
        if let prefix = q.idPrefix { wanted.append((Self.idBucket(prefix), Array(("i" + prefix).utf8), true)) }
        let title = "t" + String(q.title.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
        wanted.append((Self.hashBucket(title), Array(title.utf8), false))
        var out: [Int64] = []
        var seen = Set<Int64>()
        for (bucket, key, isPrefix) in wanted {
            guard let bytes = try FileIO.read(directory + "/" + Self.bucketName(bucket)) else { continue }
            var start = 0
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
                defer { start = end + 1 }
                guard let tab = bytes[start..<end].lastIndex(of: 0x09) else { continue }
                let length = tab - start
                guard isPrefix ? length >= key.count : length == key.count,
                    bytes[start..<(start + key.count)].elementsEqual(key)
                else { continue }
                var offset: Int64 = 0
                var valid = tab + 1 < end
                for b in bytes[(tab + 1)..<end] {
                    guard b >= 0x30 && b <= 0x39, offset < Int64.max / 10 - 9 else { valid = false; break }
                    offset = offset * 10 + Int64(b - 0x30)
                }
                if valid && seen.insert(offset).inserted { out.append(offset) }
            }
        }
        return out
    }
}

/// A completed item and where its record is in the archive.
public struct HistoryRecord: Equatable, Sendable {
    /// The byte offset of its record in the archive (before version 3: its place in the list).
    public var offset: Int64
    /// The completed item.
    public var item: Item
    /// A record of `item` at `offset`.
    public init(offset: Int64, item: Item) {
        self.offset = offset
        self.item = item
    }
}
