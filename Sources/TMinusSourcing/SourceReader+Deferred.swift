public import TMinusCore

/// A vdir read for a bar after a sync, with the items of the files the file cache kept left in
/// it: what a summary patch needs (the source's record, the items of the files read now, which
/// file each came from), and the part made whole when the summary cannot be patched
/// (docs/sources.md, "A sync patches the summary"). Reading a kept file's items from the cache
/// was the biggest cost of a sync into a big vdir (10 k instructions an item).
public struct DeferredPart {
    /// The part as `SourceReader.read` makes it, but for its items: only those of the files read
    /// now (made inert, as `read` makes them), in the source's order. Its record is `read`'s
    /// (its `items` the count of every open item the source shows) unless `capped`.
    public var part: Summary.Part
    /// The files read now, in the source's order: the ids of their open items in the cache
    /// before (nil: the cache had no record of the file), and their items in `part.items`.
    public var files: [DeferredFile]
    /// The ids of the open items of the files the cache had that the folder no longer has.
    public var goneIDs: [String]
    /// How many UIDs were found again in a later file (each such copy is skipped).
    public var copies: Int
    /// The source has more open items than its `maxItems`: which it shows depends on them all,
    /// so only the whole part says (the record is not `read`'s).
    public var capped: Bool
    let read: Deferral
    let raw: [Item]
    let record: Summary.Source
    let leftOut: Int
    let source: SourceConfig
    let sourcing: Sourcing
    let now: Instant

    /// The part `SourceReader.read` makes of the same read: every kept file's items read from
    /// the cache, in the source's order; nil when one cannot be read (the source is then read
    /// again whole).
    public func whole() -> Summary.Part? {
        var open: [Item] = []
        open.reserveCapacity(read.pieces.count)
        var decoded: (record: Int, items: [Item])?
        for piece in read.pieces {
            switch piece {
            case .read(let i): open.append(raw[i])
            case .kept(let r, let ordinal, let color):
                if decoded?.record != r {
                    guard let items = read.cache.items(r) else { return nil }
                    decoded = (r, items)
                }
                guard let items = decoded?.items, ordinal < items.count else { return nil }
                var item = items[ordinal]
                if item.color == nil { item.color = color }
                open.append(item)
            }
        }
        var record = record
        SourceReader.take(&open, into: &record, leftOut: leftOut, source, sourcing, now: now)
        return Summary.Part(source: record, items: open)
    }
}

/// A file a deferred read read now (`DeferredPart.files`).
public struct DeferredFile: Sendable {
    /// The ids of its open items as the file cache had them, in the file's order; nil when the
    /// cache had no record of it (new to the folder, or racy at the read before).
    public var oldIDs: [String]?
    /// Its items in the deferred part's items.
    public var items: Range<Int>
}

/// What a calendar read that defers the kept files' items took (`CalendarReading.deferral`).
struct Deferral {
    /// One open item the source took, in its order: an item of a kept file (its record in the
    /// cache, its place among the record's open items, its collection's colour), or one read now
    /// (its place in the read's items).
    enum Piece {
        case kept(record: Int, ordinal: Int, color: String?)
        case read(Int)
    }
    var pieces: [Piece] = []
    var copies = 0
    var files: [DeferredFile] = []
    var goneIDs: [String] = []
    var cache = VdirCache()
}

extension SourceReader {
    /// A vdir's read with the kept files' items left in the file cache (`DeferredPart`); nil for
    /// another kind, or when the read fails (the whole read says why).
    public static func readDeferred(_ source: SourceConfig, _ sourcing: Sourcing, now: Instant) -> DeferredPart? {
        guard source.kind == .vdir else { return nil }
        var record = Self.record(source, sourcing, now: now)
        var read = SourceRead()
        let deferral: Deferral
        do throws(TMinusError) {
            guard let d = try VdirSource.read(source, sourcing, now: now, into: &read, deferring: true) else {
                return nil
            }
            deferral = d
        } catch {
            return nil
        }
        record.problems = read.problems
        record.refresh = read.refresh
        watch(&record, read.watch, now: now)
        let raw = read.items
        let capped = deferral.pieces.count + read.leftOut > source.maxItems || raw.contains { !$0.isOpen }
        var part = Summary.Part(source: record, items: raw)
        for i in part.items.indices { part.items[i].makeInert() }
        part.source.items = deferral.pieces.count
        return DeferredPart(
            part: part, files: deferral.files, goneIDs: deferral.goneIDs, copies: deferral.copies, capped: capped,
            read: deferral, raw: raw,
            record: record, leftOut: read.leftOut, source: source, sourcing: sourcing, now: now)
    }
}
