import TMinusCore
import TMinusSystem

/// The reading of each file of a vdir, kept by the file's stamp (docs/sources.md, "The file
/// cache"), so that reading a vdir again parses only the files that changed or whose shown
/// instance is over, and takes the rest from here: a sync that brings one file costs that file,
/// not the folder. It lives in the home's `cache/` folder, one file per source, and is only ever a
/// shortcut: a missing, unreadable or foreign one (another config key, zone, hold, tminus binary,
/// or a time before it was written) is ignored and the files are read, as before it existed.
/// (No Equatable conformances here: each is a record the Swift runtime scans when a poll, which
/// never reads a vdir, looks up a conformance.)
public struct VdirCache {
    struct File {
        /// The file's stamp when it was read (`FileStamp.description`'s bytes); never a racy one.
        /// (Bytes, compared as they are: no String made per file of a 10,000-file vdir.)
        var stamp: ArraySlice<UInt8>
        var reading: CalendarFile
        /// Its record as the cache it was read from has it: written back as these bytes.
        var record: ArraySlice<UInt8>?
    }

    /// The files by their names in messages (`collection/name.ics`, or `name.ics` at the top), in
    /// the order they were added (the folder's, sorted by bytes): the order they are written in.
    private(set) var names: [String] = []
    private(set) var files: [File] = []
    /// Where `take` looks next: a folder read again lists its files in the same order, so each
    /// is found at or just after the one before (no hashing of ten thousand names).
    private var next = 0
    /// Every name's place, built only when the folder's order and the cache's part ways.
    private var places: [String: Int]?

    var count: Int { names.count }

    mutating func add(_ name: String, _ file: File) {
        names.append(name)
        files.append(file)
    }

    /// The file read under this name, found by walking on from the last one found.
    mutating func take(_ name: String) -> File? {
        for i in next..<min(next + 4, names.count) where names[i] == name {
            next = i + 1
            return files[i]
        }
        if places == nil {
            var p: [String: Int] = [:]
            for (i, n) in names.enumerated() { p[n] = i }
            places = p
        }
        guard let i = places?[name] else { return nil }
        next = i + 1
        return files[i]
    }

    static let format = "tminus-vdir-cache 1"

    static func signature(_ source: SourceConfig, _ sourcing: Sourcing) -> String {
        SourceCache.signature(format, source, sourcing)
    }

    /// The cache at `path` when it was written with `signature` no later than `now`; else empty.
    static func load(_ path: String, signature: String, now: Instant) -> VdirCache {
        guard let bytes = (try? FileIO.read(path, limit: 256 << 20)).flatMap({ $0 }) else { return VdirCache() }
        return (try? parse(bytes, signature: signature, now: now)) ?? VdirCache()
    }

    typealias Foreign = SourceCache.Foreign

    /// `{"signature": S, "at": SECONDS, "files": [[NAME, STAMP, [PROBLEM…], [[EVENT, EXPIRES, ID, ITEM]…]]…]}`
    /// (ITEM null for a completed item).
    static func parse(_ bytes: [UInt8], signature: String, now: Instant) throws -> VdirCache {
        var p = JSONParser(bytes)
        var cache = VdirCache()
        var signed = false, dated = false
        try p.beginObject()
        while let key = try p.nextKey() {
            switch key {
            case "signature":
                guard try p.readString() == signature else { throw Foreign() }
                signed = true
            case "at":
                // Written later than now (a clock set back, a run with an earlier --now): a past
                // event it dropped may be ahead again.
                guard try p.readNumber() <= Double(now.seconds) else { throw Foreign() }
                dated = true
            case "files":
                guard signed, dated else { throw Foreign() }
                // Each file is an array of known length: every element must be there.
                func element() throws {
                    guard try p.nextElement() else { throw Foreign() }
                }
                try p.beginArray()
                while try p.nextElement() {
                    guard try p.kind() == .array else { throw Foreign() }
                    let start = p.offset
                    try p.beginArray()
                    try element()
                    let name = try p.readString()
                    try element()
                    // (A stamp has no escapes: one that has is not one this cache wrote.)
                    guard let stamp = try p.readRawString() else { throw Foreign() }
                    try element()
                    var problems: [String] = []
                    try p.beginArray()
                    while try p.nextElement() { problems.append(try p.readString()) }
                    try element()
                    var entries: [CalendarFile.Entry] = []
                    try p.beginArray()
                    while try p.nextElement() {
                        try p.beginArray()
                        try element()
                        let isEvent = try p.readBool()
                        try element()
                        let expires = try SourceCache.instant(&p)
                        try element()
                        let id = try p.readString()
                        try element()
                        var item: Item?
                        if try p.kind() == .null {
                            _ = try p.readNull()
                        } else {
                            item = try Item.read(&p, lowerCaseIDs: true).0
                        }
                        guard try !p.nextElement() else { throw Foreign() }
                        entries.append(CalendarFile.Entry(id: id, isEvent: isEvent, item: item, expires: expires))
                    }
                    guard try !p.nextElement() else { throw Foreign() }
                    cache.add(
                        name,
                        File(
                            stamp: stamp, reading: CalendarFile(entries: entries, problems: problems),
                            record: bytes[start..<p.offset]))
                }
            default:
                try p.skipValue()
            }
        }
        try p.finish()
        guard signed, dated else { throw Foreign() }
        return cache
    }

    /// For the fuzzer: how many files a cache's bytes hold (nil: refused), after checking that
    /// what was read is written back to bytes that read the same.
    public static func roundTrip(_ bytes: [UInt8], signature: String, now: Instant) -> Int? {
        SourceCache.roundTrip(
            bytes, signature: signature, now: now, parse: parse, write: { $0.bytes(signature: $1, now: $2) })?.count
    }

    func bytes(signature: String, now: Instant) -> [UInt8] {
        var out: [UInt8] = []
        out += #"{"signature":"#.utf8
        JSONWriter.quote(signature, into: &out)
        out += #","at":\#(now.seconds),"files":["#.utf8
        for (i, name) in names.enumerated() {
            let f = files[i]
            if i > 0 { out.append(0x2C) }
            // A file read from the cache is written back as the bytes it was read from.
            if let record = f.record {
                out.append(0x0A)
                out += record
                continue
            }
            out += "\n[".utf8
            JSONWriter.quote(name, into: &out)
            out.append(0x2C)
            out.append(0x22)
            out += f.stamp
            out.append(0x22)
            out += ",[".utf8
            for (j, problem) in f.reading.problems.enumerated() {
                if j > 0 { out.append(0x2C) }
                JSONWriter.quote(problem, into: &out)
            }
            out += "],[".utf8
            for (j, e) in f.reading.entries.enumerated() {
                if j > 0 { out.append(0x2C) }
                out += "[\(e.isEvent),\(e.expires.map { String($0.seconds) } ?? "null"),".utf8
                JSONWriter.quote(e.id, into: &out)
                out.append(0x2C)
                if let item = e.item { out += item.jsonBytes() } else { out += "null".utf8 }
                out.append(0x5D)
            }
            out += "]]".utf8
        }
        out += "]}\n".utf8
        return out
    }

    func write(to path: String, signature: String, now: Instant) {
        SourceCache.replace(path, with: bytes(signature: signature, now: now))
    }
}
