import TMinusCore
import TMinusSystem

extension VdirCache {
    /// The cache to write back: the records of files kept, as their bytes, and the readings of
    /// files read, in the folder's order.
    struct Written {
        /// The records so far, one after another: runs of records kept, as slices of the cache
        /// read's bytes (a sync keeps ten thousand records and reads one: they are not copied,
        /// only written to the file), and the bytes made here (`own`) before each.
        private var pieces: [ArraySlice<UInt8>] = []
        /// The bytes made since the last piece: records of files read, the separators.
        private var own: [UInt8] = []
        /// How many bytes the pieces hold.
        private var length = 0
        private(set) var count = 0
        /// No UID is in two of its records' entries (`VdirCache.unique`).
        var unique = false

        /// The run of records kept one after another and not yet in a piece: where its bytes are
        /// in the cache read (`segments.last`'s), the last one's index (-1: none).
        private var run = 0..<0
        private var runLast = -1

        /// The records written, as runs of one cache's records (`VdirCache.Index`), their ranges
        /// moved to where they are written; `indexed` false when one could not be scanned as it
        /// was written: the cache is then written without an index.
        private var segments: [Index.Segment] = []
        private var indexed = true
        /// Runs kept from a cache read by its index are indexed from that index (`Index.encode`);
        /// false only in the tests, which compare.
        var movesIndex = true

        /// A run shorter than this is copied with the bytes made here, not a piece of its own (a
        /// folder in another order than the cache's keeps its records one by one: not ten
        /// thousand writes).
        private static let shortRun = 4_096

        /// Record `i` of `cache`, kept: its bytes (all records kept are of one cache).
        mutating func keep(_ i: Int, of cache: VdirCache) {
            let whole = cache.records[i].whole
            // The record after the last one kept, and only the line break and comma the writer
            // puts between two records between them: the run goes on to it, as written.
            if runLast >= 0, runLast + 1 == i, run.upperBound + 2 == whole.lowerBound,
                cache.bytes[run.upperBound] == 0x2C, cache.bytes[run.upperBound + 1] == 0x0A
            {
                run = run.lowerBound..<whole.upperBound
                runLast = i
                count += 1
                return
            }
            flush()
            separate()
            run = whole
            runLast = i
            // (It goes after the bytes made so far, whether copied with them or a piece.)
            segments.append(
                Index.Segment(cache: cache, records: i..<(i + 1), shift: length + own.count - whole.lowerBound))
        }

        /// The run of records kept, ended: its bytes a piece (or copied with those made here).
        private mutating func flush() {
            guard runLast >= 0 else { return }
            let s = segments.count - 1
            segments[s].records = segments[s].records.lowerBound..<(runLast + 1)
            if run.count < Self.shortRun {
                own += segments[s].cache.bytes[run]
            } else {
                push()
                pieces.append(segments[s].cache.bytes[run])
                length += run.count
            }
            runLast = -1
        }

        /// The bytes made here so far, a piece.
        private mutating func push() {
            guard !own.isEmpty else { return }
            pieces.append(own[...])
            length += own.count
            own = []
        }

        /// A file read (`stamp`: its `FileStamp.description`'s bytes).
        mutating func add(_ name: String, stamp: ArraySlice<UInt8>, _ reading: CalendarFile) {
            flush()
            separate()
            let start = own.count
            defer { indexAdded(at: start) }
            own.append(0x5B)
            JSONWriter.quote(name, into: &own)
            own.append(0x2C)
            own.append(0x22)
            own += stamp
            own.append(0x22)
            own += ",[".utf8
            for (j, problem) in reading.problems.enumerated() {
                if j > 0 { own.append(0x2C) }
                JSONWriter.quote(problem, into: &own)
            }
            own += "],[".utf8
            for (j, e) in reading.entries.enumerated() {
                if j > 0 { own.append(0x2C) }
                own += "[\(e.isEvent),\(e.expires.map { String($0.seconds) } ?? "null"),".utf8
                JSONWriter.quote(e.id, into: &own)
                own += ",\(e.item != nil)]".utf8
            }
            own += "],[".utf8
            var first = true
            for e in reading.entries {
                guard let item = e.item else { continue }
                if !first { own.append(0x2C) }
                first = false
                own += item.jsonBytes()
            }
            own += "]]".utf8
        }

        /// The record just made at `start` in `own` in the index, as the scan finds it (one it
        /// does not take, a name with an escape or past ASCII, is not indexed: the cache has no
        /// index).
        private mutating func indexAdded(at start: Int) {
            guard indexed else { return }
            var scanned = VdirCache()
            own.append(0x0A)  // (The scan finds a record's end by its line's.)
            let end = own.withUnsafeBufferPointer { scanned.scan($0, at: start) }
            own.removeLast()
            guard end != nil else {
                indexed = false
                return
            }
            segments.append(Index.Segment(cache: scanned, records: 0..<1, shift: length))
        }

        /// One record a line.
        private mutating func separate() {
            if count > 0 { own.append(0x2C) }
            own.append(0x0A)
            count += 1
        }

        /// The cache's JSON in pieces, its index's segments, and where its records start.
        private func json(signature: String, now: Instant) -> (
            pieces: [ArraySlice<UInt8>], segments: [Index.Segment], head: Int
        ) {
            var head: [UInt8] = []
            head += #"{"signature":"#.utf8
            JSONWriter.quote(signature, into: &head)
            head += #","at":\#(now.seconds),"unique":\#(unique),"files":["#.utf8
            var all = [head[...]] + pieces + [own[...]]
            var segments = segments
            if runLast >= 0, let last = segments.indices.last {
                segments[last].records = segments[last].records.lowerBound..<(runLast + 1)
                all.append(segments[last].cache.bytes[run])
            }
            // (The last record ends its line too: the scan finds each record's end by its line's.)
            all.append(Array("\n]}\n".utf8)[...])
            return (all, segments, head.count)
        }

        /// The file: the JSON's pieces, then its index when it has one.
        private func file(signature: String, now: Instant) -> [ArraySlice<UInt8>] {
            let (pieces, segments, head) = json(signature: signature, now: now)
            guard indexed else { return pieces }
            var sum = Index.Checksum()
            for piece in pieces { piece.withUnsafeBytes { sum.add($0) } }
            let size = Index.size(segments)
            let index = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                let whole = Index.encode(
                    segments, offset: head, checksum: sum.value, into: UnsafeMutableRawPointer(buffer.baseAddress!),
                    moving: movesIndex)
                count = whole ? size : 0
            }
            return index.isEmpty ? pieces : pieces + [index[...]]
        }

        func bytes(signature: String, now: Instant) -> [UInt8] {
            Array(file(signature: signature, now: now).joined())
        }

        func write(to path: String, signature: String, now: Instant) {
            SourceCache.replace(path, with: file(signature: signature, now: now))
        }
    }
}
