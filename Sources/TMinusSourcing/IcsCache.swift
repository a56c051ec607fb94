import Glibc
public import TMinusCore
import TMinusICal
import TMinusSystem

/// The last reading of an `ics` source, kept with the file's stamp (docs/sources.md, "A big
/// .ics"): while the file is as it was, a read because some events are over re-reads only those
/// events' components (`ICalRead.again`) and keeps every other entry. Like the vdir's cache it is
/// only a shortcut: a missing, unreadable or foreign one (another config key, zone, hold, tminus
/// binary, a time before it was written, another stamp) is ignored and the file read whole.
public struct IcsCache {
    /// The file's stamp when it was read (never a racy one).
    var stamp: String
    /// Its open entries, with the pieces of those that expire; its total, how many open ones it left out and the nearness past which it did.
    var read: ICalRead
    /// What was said about the file (the source's problems, before the file's name is added).
    var problems: [String]

    static let format = "tminus-ics-cache 2"

    /// Before the stamp of a file read within its racy window (`SourceReader.isRacy`): taken only
    /// by a reader that waited for the one that read it (`SourceLock`).
    static let racy = "racy:"

    /// Whether the file was read within its racy window.
    var isRacy: Bool { stamp.hasPrefix(Self.racy) }

    /// The file's stamp, without the racy mark.
    var fileStamp: String { isRacy ? String(stamp.dropFirst(Self.racy.count)) : stamp }

    static func path(_ source: SourceConfig, _ sourcing: Sourcing) -> String? {
        SourceCache.path("ics-", source, sourcing)
    }

    static func signature(_ source: SourceConfig, _ sourcing: Sourcing) -> String {
        SourceCache.signature(format, source, sourcing)
    }

    /// The cache at `path` when it was written with `signature` no later than `now`.
    static func load(_ path: String, signature: String, now: Instant) -> IcsCache? {
        guard let bytes = (try? FileIO.read(path, limit: 64 << 20)).flatMap({ $0 }) else { return nil }
        return try? parse(bytes, signature: signature, now: now)
    }

    /// The file read again at `options.now` as `again` reads it, its pieces read from `path` (nil:
    /// read it whole: its stamp is not this one's, a piece is not there, or too few entries are left).
    func again(_ path: String, options: ICalOptions, zones: ICalZones, fallbackID: String) -> ICalRead? {
        guard let fd = try? FileIO.openTrusted(path), fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, FileStamp(st).matches(fileStamp) else { return nil }
        return ICalRead.again(read, options: options, zones: zones, fallbackID: fallbackID) { range in
            FileIO.read(fd: fd, at: Int64(range.lowerBound), count: range.count)
        }
    }

    /// `{"signature": S, "at": SECONDS, "stamp": STAMP, "total": N, "leftOut": N, "cutoff": [TIER, TIME] or null, "zones": [FROM, TO…],
    /// "problems": [TEXT…], "entries": [[ORDINAL, EVENT, EXPIRES, [ORDINAL, FROM, TO…], ITEM]…]}`
    static func parse(_ bytes: [UInt8], signature: String, now: Instant) throws -> IcsCache {
        var p = JSONParser(bytes)
        var cache = IcsCache(stamp: "", read: ICalRead(), problems: [])
        var seen = Set<String>()
        func numbers() throws -> [Int] {
            var out: [Int] = []
            try p.beginArray()
            while try p.nextElement() { out.append(try SourceCache.integer(&p)) }
            return out
        }
        func ranges(_ n: [Int]) throws -> [Range<Int>] {
            guard n.count % 2 == 0 else { throw SourceCache.Foreign() }
            return try stride(from: 0, to: n.count, by: 2).map { i in
                guard n[i] >= 0, n[i] <= n[i + 1] else { throw SourceCache.Foreign() }
                return n[i]..<n[i + 1]
            }
        }
        func element() throws {
            guard try p.nextElement() else { throw SourceCache.Foreign() }
        }
        try p.beginObject()
        while let key = try p.nextKey() {
            // Everything else is read only once the cache is known to be this source's.
            guard key == "signature" || key == "at" || seen.isSuperset(of: ["signature", "at"]) else {
                throw SourceCache.Foreign()
            }
            seen.insert(key)
            switch key {
            case "signature": guard try p.readString() == signature else { throw SourceCache.Foreign() }
            // Written later than now (a clock set back, a run with an earlier --now): an event it
            // dropped may be ahead again.
            case "at": guard try SourceCache.integer(&p) <= now.seconds else { throw SourceCache.Foreign() }
            case "stamp": cache.stamp = try p.readString()
            case "total": cache.read.total = try SourceCache.integer(&p)
            case "leftOut": cache.read.leftOut = try SourceCache.integer(&p)
            case "cutoff":
                if try p.readNull() {
                    cache.read.cutoff = nil
                } else {
                    let n = try numbers()
                    guard n.count == 2, (0...2).contains(n[0]) else { throw SourceCache.Foreign() }
                    cache.read.cutoff = Nearness(tier: UInt8(n[0]), time: Int64(n[1]))
                }
            case "zones": cache.read.zonePieces = try ranges(numbers())
            case "problems":
                try p.beginArray()
                while try p.nextElement() { cache.problems.append(try p.readString()) }
            case "entries":
                try p.beginArray()
                while try p.nextElement() {
                    try p.beginArray()
                    try element()
                    let ordinal = try SourceCache.integer(&p)
                    try element()
                    let isEvent = try p.readBool()
                    try element()
                    let expires = try SourceCache.instant(&p)
                    try element()
                    let n = try numbers()
                    guard n.count % 3 == 0 else { throw SourceCache.Foreign() }
                    let pieces = try stride(from: 0, to: n.count, by: 3).map { i in
                        guard n[i + 1] >= 0, n[i + 1] <= n[i + 2] else { throw SourceCache.Foreign() }
                        return ICalRead.Piece(ordinal: n[i], range: n[i + 1]..<n[i + 2])
                    }
                    try element()
                    let item = try Item.read(&p, lowerCaseIDs: true).0
                    guard try !p.nextElement() else { throw SourceCache.Foreign() }
                    cache.read.entries.append(
                        ICalRead.Entry(
                            item: item, uid: nil, isEvent: isEvent, expires: expires, sequence: 0,
                            ordinal: ordinal, pieces: pieces))
                }
            default:
                try p.skipValue()
            }
        }
        try p.finish()
        guard seen.isSuperset(of: ["signature", "at", "stamp", "total", "leftOut", "cutoff", "entries"]) else {
            throw SourceCache.Foreign()
        }
        return cache
    }

    func bytes(signature: String, now: Instant) -> [UInt8] {
        var out: [UInt8] = []
        out += #"{"signature":"#.utf8
        JSONWriter.quote(signature, into: &out)
        out += #","at":\#(now.seconds),"stamp":"#.utf8
        JSONWriter.quote(stamp, into: &out)
        out += #","total":\#(read.total),"leftOut":\#(read.leftOut),"cutoff":"#.utf8
        out += (read.cutoff.map { "[\($0.tier),\($0.time)]" } ?? "null").utf8
        out += #","zones":["#.utf8
        out += read.zonePieces.map { "\($0.lowerBound),\($0.upperBound)" }.joined(separator: ",").utf8
        out += #"],"problems":["#.utf8
        for (i, problem) in problems.enumerated() {
            if i > 0 { out.append(0x2C) }
            JSONWriter.quote(problem, into: &out)
        }
        out += #"],"entries":["#.utf8
        for (i, e) in read.entries.enumerated() {
            out += (i > 0 ? ",\n[" : "\n[").utf8
            out += "\(e.ordinal),\(e.isEvent),\(e.expires.map { String($0.seconds) } ?? "null"),[".utf8
            out +=
                e.pieces.map { "\($0.ordinal),\($0.range.lowerBound),\($0.range.upperBound)" }.joined(separator: ",")
                .utf8
            out += "],".utf8
            out += e.item.jsonBytes()
            out.append(0x5D)
        }
        out += "]}\n".utf8
        return out
    }

    /// For the fuzzer: how many entries a cache's bytes hold (nil: refused), after checking that
    /// what was read is written back to bytes that read the same.
    public static func roundTrip(_ bytes: [UInt8], signature: String, now: Instant) -> Int? {
        SourceCache.roundTrip(
            bytes, signature: signature, now: now, parse: parse, write: { $0.bytes(signature: $1, now: $2) })?.read
            .entries.count
    }
}
