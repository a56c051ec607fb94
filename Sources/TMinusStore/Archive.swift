import Glibc
public import TMinusCore
import TMinusSystem

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

    /// One record line for an item: the item's JSON with `"removed":0` first.
    public static func line(_ item: Item) -> [UInt8] {
        var out = prefix
        item.write(into: &out)
        out.remove(at: prefix.count)  // the item's own "{"
        out.append(0x0A)
        return out
    }

    /// A line's item, or nil for a removed record; throws for a line that is not a record. Read
    /// by the items' own reader (`removed` is one of the keys it knows).
    static func item(fromLine line: ArraySlice<UInt8>) throws(ItemReadError) -> Item? {
        var p = JSONParser(Array(line))
        var item: Item
        if line.starts(with: prefix.prefix(11)) {
            let extras: Item.Extras
            (item, extras) = try Item.read(&p)
            if extras.removed == 1 { return nil }
        } else {
            // A version-2 line: {"todo": {…}} or {"deadline": {…}}.
            do throws(JSONSyntaxError) {
                try p.beginObject()
                guard let key = try p.nextKey(), let kind = Item.Kind.named(key) else {
                    throw p.error(at: "is neither a record nor a version-2 line")
                }
                do throws(ItemReadError) { item = try Item.read(&p, kind: kind).0 } catch {
                    throw JSONSyntaxError(line: error.line, column: 0, message: error.message)
                }
                guard try p.nextKey() == nil else { throw p.error(at: "is neither a record nor a version-2 line") }
            } catch {
                throw ItemReadError(message: error.message, line: error.line)
            }
        }
        do throws(JSONSyntaxError) { try p.finish() } catch {
            throw ItemReadError(message: error.message, line: error.line)
        }
        if item.completed == nil { item.completed = item.created ?? Instant(0) }
        return item
    }

    /// Calls `body` with each line of the file's first `limit` bytes (the whole file when nil) and
    /// its offset, reading 1 MiB at a time: the history is streamed, never held whole. A last
    /// line without its newline is not passed (a torn append). Returns the end of the last whole line.
    @discardableResult
    static func forEachLine(
        _ path: String, limit: Int64?,
        _ body: (_ offset: Int64, _ line: ArraySlice<UInt8>) throws(TMinusError) -> Void
    ) throws(TMinusError) -> Int64 {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return 0 }
            throw FileIO.failure(tr: "cannot read %s: %s", path)
        }
        defer { close(fd) }
        var position: Int64 = 0
        var carry: [UInt8] = []
        let chunkSize = 1 << 20
        while limit.map({ position < $0 }) ?? true {
            let want = limit.map { Int(min(Int64(chunkSize), $0 - position)) } ?? chunkSize
            guard let chunk = FileIO.read(fd: fd, at: position, count: want) else {
                throw FileIO.failure(tr: "cannot read %s: %s", path)
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
