import Glibc
public import TMinusCore

/// `archive.jsonl`: completed items, one JSON object per line, appended in completion order.
/// Only the first `HistoryMeta.bytes` bytes are committed (the store says how many); anything
/// after them is a crashed writer's and is ignored, then cut by the next write. Every record
/// starts `{"removed":0,`: removing a completed item (undo, rm) turns that `0` into `1`, one byte
/// written in place, so the archive is never rewritten and its offsets never move.
/// Lines of the older form `{"todo":{…}}` (version 2 homes) are read too.
public enum Archive {
    static let prefix: [UInt8] = Array(#"{"removed":0,"#.utf8)
    /// Where the removed flag is: `{"removed":` is 11 bytes.
    static let flagOffset: Int64 = 11

    /// One record line for an item.
    public static func line(_ item: Item) -> [UInt8] {
        var members = [JSON.Member("removed", .int(0))]
        members += item.json().members ?? []
        return Array((JSONWriter.compact(.object(members)) + "\n").utf8)
    }

    /// A line's item, or nil for a removed record; throws for a line that is not a record.
    static func item(fromLine line: ArraySlice<UInt8>) throws(ItemReadError) -> Item? {
        let json: JSON
        do { json = try JSONParser.parse(Array(line)) } catch {
            throw ItemReadError(field: nil, message: "is not JSON (column \(error.column): \(error.message))")
        }
        if let removed = json["removed"] {
            guard let flag = removed.intValue, flag == 0 || flag == 1 else { throw ItemReadError(field: "removed", message: "must be 0 or 1") }
            if flag == 1 { return nil }
            var item = try Item(json: json)
            if item.completed == nil { item.completed = item.created ?? Instant(0) }
            return item
        }
        for kind in Item.Kind.allCases {
            if let inner = json[kind.rawValue] {
                var item = try Item(json: inner, kind: kind)
                if item.completed == nil { item.completed = item.created ?? Instant(0) }
                return item
            }
        }
        throw ItemReadError(field: nil, message: "is neither a record nor a version-2 line")
    }

    /// Calls `body` with each line of the file's first `limit` bytes (the whole file when nil) and
    /// its offset, reading 1 MiB at a time: the history is streamed, never held whole. A last
    /// line without its newline is not passed (a torn append). Returns the end of the last whole line.
    @discardableResult
    static func forEachLine(_ path: String, limit: Int64?,
                            _ body: (_ offset: Int64, _ line: ArraySlice<UInt8>) throws(TMinusError) -> Void) throws(TMinusError) -> Int64 {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return 0 }
            throw .failure("cannot read \(path): \(FileIO.errorText())")
        }
        defer { close(fd) }
        var position: Int64 = 0
        var carry: [UInt8] = []
        let chunkSize = 1 << 20
        while limit.map({ position < $0 }) ?? true {
            let want = limit.map { Int(min(Int64(chunkSize), $0 - position)) } ?? chunkSize
            guard let chunk = FileIO.read(fd: fd, at: position, count: want) else {
                throw .failure("cannot read \(path): \(FileIO.errorText())")
            }
            if chunk.isEmpty { break }
            let base = position - Int64(carry.count)
            position += Int64(chunk.count)
            var buffer = carry
            buffer += chunk
            var start = 0
            while let nl = buffer[start...].firstIndex(of: 0x0A) {
                if nl > start { try body(base + Int64(start), buffer[start..<nl]) }
                start = nl + 1
            }
            carry = Array(buffer[start...])
            if chunk.count < want { break }
        }
        return position - Int64(carry.count)
    }

    /// The line at `offset` (without its newline), if it ends before `limit`.
    static func line(in fd: Int32, at offset: Int64, limit: Int64) -> [UInt8]? {
        var out: [UInt8] = []
        var position = offset
        while position < limit {
            let want = Int(min(4096, limit - position))
            guard let chunk = FileIO.read(fd: fd, at: position, count: want), !chunk.isEmpty else { return nil }
            if let nl = chunk.firstIndex(of: 0x0A) { return out + chunk[..<nl] }
            out += chunk
            position += Int64(chunk.count)
        }
        return nil
    }

    /// Marks the record at `offset` removed (idempotent), without fsync; true when it is marked
    /// now, or there is no record there to mark.
    static func markRemoved(fd: Int32, at offset: Int64) -> Bool {
        guard let head = FileIO.read(fd: fd, at: offset, count: prefix.count) else { return false }
        guard head.count == prefix.count, head.prefix(11).elementsEqual(prefix.prefix(11)) else { return true }
        if head[11] == 0x31 { return true }
        var one: UInt8 = 0x31
        return pwrite(fd, &one, 1, off_t(offset + flagOffset)) == 1
    }
}
