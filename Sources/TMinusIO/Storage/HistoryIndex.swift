import Glibc
public import TMinusCore

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
        return [(hashBucket("h\(item.handle)"), "h\(item.handle)"), (idBucket(id), "i" + id), (hashBucket("t" + String(title)), "t" + String(title))]
    }

    static func idBucket(_ compactID: String) -> Int {
        let head = compactID.prefix(3)
        if head.count == 3, let n = Int(head, radix: 16) { return n }
        return hashBucket("i" + compactID)
    }

    /// FNV-1a (64-bit) of the UTF-8 bytes, cut to the bucket count: stable across runs and builds.
    static func hashBucket(_ key: String) -> Int {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in key.utf8 {
            h ^= UInt64(b)
            h = h &* 0x100_0000_01b3
        }
        return Int(h % UInt64(bucketCount))
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

    /// Adds `records` (their lines appended and fsynced, bucket by bucket).
    func add(_ records: [HistoryRecord]) throws(TMinusError) {
        guard !records.isEmpty else { return }
        try FileIO.makeDirectory(directory)
        for (bucket, bytes) in Self.lines(records) {
            try FileIO.append(bytes, to: directory + "/" + Self.bucketName(bucket))
        }
        FileIO.syncDirectory(directory)
    }

    /// The offsets the index names for a REF: its handle, id prefix and title keys.
    func offsets(for q: RefQuery) throws(TMinusError) -> [Int64] {
        var wanted: [(bucket: Int, match: (Substring) -> Bool)] = []
        if let n = q.handle {
            let key = "h\(n)"
            wanted.append((Self.hashBucket(key), { $0 == key }))
        }
        if let prefix = q.idPrefix {
            let key = "i" + prefix
            wanted.append((Self.idBucket(prefix), { $0.hasPrefix(key) }))
        }
        let title = "t" + String(q.title.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
        wanted.append((Self.hashBucket(title), { $0 == title }))
        var out: [Int64] = []
        var seen = Set<Int64>()
        for (bucket, match) in wanted {
            guard let bytes = try FileIO.read(directory + "/" + Self.bucketName(bucket)) else { continue }
            for line in bytes.split(separator: 0x0A) {
                guard let tab = line.lastIndex(of: 0x09) else { continue }
                let key = String(decoding: line[..<tab], as: UTF8.self)
                guard match(Substring(key)), let offset = Int64(String(decoding: line[(tab + 1)...], as: UTF8.self)) else { continue }
                if seen.insert(offset).inserted { out.append(offset) }
            }
        }
        return out
    }
}

/// A completed item and where its record is in the archive.
public struct HistoryRecord: Equatable, Sendable {
    public var offset: Int64
    public var item: Item
    public init(offset: Int64, item: Item) {
        self.offset = offset
        self.item = item
    }
}
