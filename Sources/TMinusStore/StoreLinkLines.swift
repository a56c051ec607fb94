import TMinusCore
import TMinusSourcing
import TMinusSystem

/// The store's links as `store.json` has them, one a line in their order, read only where the
/// patch of a sync asks (`SourcePatch`): how many a source has, and the links of the items a sync
/// changed, found by halves. A sync that changes files but no file's ids leaves every link as it
/// is, and a vdir of ten thousand files has 1,836 open items' links: each read as a link, with its
/// id made a String and freed again, cost the first show after such a sync 4 M instructions.
///
/// Taken only as `LineStore` takes the items' lines: when the summary records the store's stamp
/// as it is now, both files being then exactly as a tminus change wrote them, the links sorted
/// (every line read and checked then). What the patch counts is still checked line by line here:
/// the source's links one after another in the order of their ids, each with its first sight.
struct StoreLinkLines {
    let lines: ItemLines
    /// The store's bytes without its links (`"links"` left out): its other fields, read whole.
    let rest: [UInt8]

    /// The links of `store` (its bytes), when it has them in the writer's layout (`StoreFile.writeHeader`).
    init?(store: [UInt8]) {
        let key = Array(",\n  \"links\": ".utf8)
        guard let at = Bytes.firstIndex(of: key, in: store),
            let lines = ItemLines(store, list: StoreFile.itemList, open: at + key.count),
            lines.start < lines.end
        else { return nil }
        self.lines = lines
        rest = Array(store[..<at]) + Array(store[lines.closeEnd...])
    }

    /// How many links `source` has, when they are one after another, each in the writer's shape
    /// (plain ASCII, no escape), in the order of their ids and with a first sight (as
    /// `SourcePatch.linksInOrder` asks of links read whole); nil otherwise.
    func count(of source: String) -> Int? {
        guard let range = range(of: source) else { return nil }
        return lines.bytes.withUnsafeBufferPointer { b -> Int? in
            range.prefix.withUnsafeBufferPointer { prefix -> Int? in
                var n = 0
                var previous: Range<Int>?
                var s = range.lowerBound
                while s < range.upperBound {
                    let line = lines.line(at: s)
                    guard let id = Self.id(b, line: line, prefix: prefix),
                        Self.hasSeen(b, after: id.upperBound, in: line)
                    else { return nil }
                    if let previous,
                        Bytes.compare(UnsafeBufferPointer(rebasing: b[previous]), UnsafeBufferPointer(rebasing: b[id]))
                            >= 0
                    {
                        return nil
                    }
                    previous = id
                    n += 1
                    s = lines.next(after: line)
                }
                return n
            }
        }
    }

    /// Where the link of the item `id` of `source` is, or would go: the start of the first line
    /// whose link comes at or after it (a new link goes in before that line), and the link with
    /// its line when that line is its. Nil when a line read on the way is not in the writer's
    /// shape, or `id` is not plain ASCII (then it does not order as its bytes).
    func find(_ id: String, source: String) -> (at: Int, found: (link: SourceLink, line: Range<Int>)?)? {
        let wanted = Array(id.utf8)
        guard !wanted.isEmpty, !wanted.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 >= 0x7F }),
            let range = range(of: source)
        else { return nil }
        let part = lines.lines(from: range.lowerBound, to: range.upperBound)
        // The first line whose id is the one wanted or after it, and whether it is the one.
        let looked = lines.bytes.withUnsafeBufferPointer { b -> (at: Int, same: Bool)? in
            range.prefix.withUnsafeBufferPointer { prefix in
                wanted.withUnsafeBufferPointer { w -> (at: Int, same: Bool)? in
                    var broken = false
                    let at = part.first { line -> Bool? in
                        guard let found = Self.id(b, line: line.indices, prefix: prefix) else {
                            broken = true
                            return nil
                        }
                        return Bytes.compare(UnsafeBufferPointer(rebasing: b[found]), w) >= 0
                    }
                    guard let at, !broken else { return nil }
                    // (Past the source's last line: where the next source's first line starts.)
                    guard at < part.end else { return (range.upperBound, false) }
                    guard let found = Self.id(b, line: lines.line(at: at), prefix: prefix) else { return nil }
                    return (at, Bytes.compare(UnsafeBufferPointer(rebasing: b[found]), w) == 0)
                }
            }
        }
        guard let looked else { return nil }
        guard looked.same else { return (looked.at, nil) }
        let line = lines.line(at: looked.at)
        return StoreFile.link(line: lines.bytes[line]).map { (looked.at, ($0, line)) }
    }

    /// store.json with `store`'s fields (read from `rest`, changed or not) and these links with
    /// `edits` made to their lines: byte for byte what `StoreFile.write` writes of the store with
    /// its links read whole and changed so (`StoreLinkLinesTests`).
    func storeBytes(_ store: Store, edits: [LineEdit]) -> [UInt8] {
        let pieces = lines.patched(edits)
        guard !pieces.isEmpty else { return StoreFile.write(store) }
        return StoreFile.write(store) { out in lines.write(pieces, into: &out) }
    }

    /// Where the lines of `source`'s links are (from its first line's start to the start after
    /// its last), and what each begins with; nil for a name this does not compare as bytes.
    private func range(of source: String) -> (lowerBound: Int, upperBound: Int, prefix: [UInt8])? {
        let name = Array(source.utf8)
        guard !name.isEmpty, !name.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 >= 0x7F })
        else { return nil }
        let prefix = Array(#"{"source":""#.utf8) + name + Array(#"","id":""#.utf8)
        let head: StaticString = #"{"source":""#
        // The first line whose source is the name or after it (`after`: after it), by halves. (A
        // source's name ends at its quote, which sorts before every byte a name has.)
        func first(after: Bool) -> Int? {
            lines.bytes.withUnsafeBufferPointer { b in
                name.withUnsafeBufferPointer { n in
                    lines.first { line -> Bool? in
                        guard Self.has(head, b, at: line.startIndex) else { return nil }
                        let from = line.startIndex + head.utf8CodeUnitCount
                        let quote = JSONBytes.plainASCIIEnd(b, from: from)
                        guard quote < line.endIndex, b[quote] == 0x22 else { return nil }
                        let order = Bytes.compare(UnsafeBufferPointer(rebasing: b[from..<quote]), n)
                        return after ? order > 0 : order >= 0
                    }
                }
            }
        }
        guard let lower = first(after: false), let upper = first(after: true), lower <= upper else { return nil }
        return (lower, upper, prefix)
    }

    /// The id's bytes in a link's line that begins with `prefix`, up to its closing quote, then
    /// `,"handle":`; nil when the line is not so (an escape in it, another source).
    private static func id(_ b: UnsafeBufferPointer<UInt8>, line: Range<Int>, prefix: UnsafeBufferPointer<UInt8>)
        -> Range<Int>?
    {
        guard Bytes.equal(b, from: line.lowerBound, prefix) else { return nil }
        let from = line.lowerBound + prefix.count
        let end = JSONBytes.plainASCIIEnd(b, from: from)
        guard end > from, end < line.upperBound, has(#"","handle":"#, b, at: end) else { return nil }
        return from..<end
    }

    /// Whether the link's handle, after its id's end at `idEnd`, is followed by its first sight.
    private static func hasSeen(_ b: UnsafeBufferPointer<UInt8>, after idEnd: Int, in line: Range<Int>) -> Bool {
        var i = idEnd + 11  // `","handle":`
        while i < line.upperBound, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
        return has(#","seen":""#, b, at: i)
    }

    /// Whether `b` holds `literal` at `offset`.
    private static func has(_ literal: StaticString, _ b: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        Bytes.equal(b, from: offset, UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}

extension Container {
    /// Under the lock, before the store is read whole (`begin`): a sync patched into the summary
    /// with the store's links left as lines (`StoreLinkLines`): only the links of the items it
    /// changed are read, and when it brings new items or takes some away, their links' lines are
    /// put in or taken out and the store committed from its lines. Nil when not so (the caller
    /// then reads the store whole, and patches or folds).
    func patchSummaryLinksAsLines(_ deferred: DeferredPart, now: Instant, near: Summary.NearOutputs?) -> Summary? {
        guard deferred.part.items.count <= SourcePatch.maxChanged else { return nil }
        // As `begin` starts: temps removed, the store read (a current one, no change of another
        // source waiting), the history's uncommitted tail recovered.
        removeTemps()
        guard let bytes = (try? FileIO.read(home.storePath)).flatMap({ $0 }),
            let lines = StoreLinkLines(store: bytes),
            let loaded = try? StoreFile.read(lines.rest, path: home.storePath),
            loaded.version == Store.currentVersion, loaded.store.pending.isEmpty
        else { return nil }
        var store = loaded.store
        store.history.removing = recoverHistory(store.history)
        var change = Change(store: store, history: History(home: home, meta: store.history))
        // (Whatever commits this change writes the links as these lines: `store` has none.)
        change.linkLines = (lines, [])
        return patchSummary(deferred, change: change, now: now, near: near)
    }
}
