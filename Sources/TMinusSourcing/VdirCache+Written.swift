import TMinusCore

extension VdirCache {
    /// The cache to write back: the records of files kept, as their bytes, and the readings of
    /// files read, in the folder's order.
    struct Written {
        private var out: [UInt8] = []
        private(set) var count = 0
        /// No UID is in two of its records' entries (`VdirCache.unique`).
        var unique = false

        /// Room for about `bytes` (the cache read: what is written back is mostly its records).
        mutating func reserve(_ bytes: Int) { out.reserveCapacity(bytes + 4_096) }

        /// Records kept one after another, not yet in `out`: their bytes in `run.bytes` (the cache
        /// read's), the last one's index. A sync keeps ten thousand records and reads one: they are
        /// copied as two or three runs of bytes, not ten thousand (a copy cost 230 instructions).
        private var run: (bytes: [UInt8], range: Range<Int>, last: Int)?

        /// The records written, as runs of one cache's records (`VdirCache.Index`), their ranges
        /// moved to where they are in `out`; `indexed` false when one could not be scanned as it
        /// was written: the cache is then written without an index.
        private var segments: [Index.Segment] = []
        private var indexed = true

        /// Record `i` of `cache`, kept: its bytes (all records kept are of one cache).
        mutating func keep(_ i: Int, of cache: VdirCache) {
            let whole = cache.records[i].whole
            // The record after the last one kept, and only the line break and comma the writer
            // puts between two records between them: the run goes on to it, as written.
            if let r = run, r.last + 1 == i, r.range.upperBound + 2 == whole.lowerBound,
                cache.bytes[r.range.upperBound] == 0x2C, cache.bytes[r.range.upperBound + 1] == 0x0A
            {
                run?.range = r.range.lowerBound..<whole.upperBound
                run?.last = i
                count += 1
                segments[segments.count - 1].records = segments[segments.count - 1].records.lowerBound..<(i + 1)
                return
            }
            flush()
            separate()
            run = (cache.bytes, whole, i)
            segments.append(Index.Segment(cache: cache, records: i..<(i + 1), shift: out.count - whole.lowerBound))
        }

        /// The run of records kept, put in `out`.
        private mutating func flush() {
            guard let r = run else { return }
            out += r.bytes[r.range]
            run = nil
        }

        /// A file read (`stamp`: its `FileStamp.description`'s bytes).
        mutating func add(_ name: String, stamp: ArraySlice<UInt8>, _ reading: CalendarFile) {
            flush()
            separate()
            let start = out.count
            defer { indexAdded(at: start) }
            out.append(0x5B)
            JSONWriter.quote(name, into: &out)
            out.append(0x2C)
            out.append(0x22)
            out += stamp
            out.append(0x22)
            out += ",[".utf8
            for (j, problem) in reading.problems.enumerated() {
                if j > 0 { out.append(0x2C) }
                JSONWriter.quote(problem, into: &out)
            }
            out += "],[".utf8
            for (j, e) in reading.entries.enumerated() {
                if j > 0 { out.append(0x2C) }
                out += "[\(e.isEvent),\(e.expires.map { String($0.seconds) } ?? "null"),".utf8
                JSONWriter.quote(e.id, into: &out)
                out += ",\(e.item != nil)]".utf8
            }
            out += "],[".utf8
            var first = true
            for e in reading.entries {
                guard let item = e.item else { continue }
                if !first { out.append(0x2C) }
                first = false
                out += item.jsonBytes()
            }
            out += "]]".utf8
        }

        /// The record just written at `start` in the index, as the scan finds it (one it does not
        /// take, a name with an escape or past ASCII, is not indexed: the cache has no index).
        private mutating func indexAdded(at start: Int) {
            guard indexed else { return }
            var scanned = VdirCache()
            out.append(0x0A)  // (The scan finds a record's end by its line's.)
            let end = out.withUnsafeBufferPointer { scanned.scan($0, at: start) }
            out.removeLast()
            guard end != nil else {
                indexed = false
                return
            }
            segments.append(Index.Segment(cache: scanned, records: 0..<1, shift: 0))
        }

        /// One record a line.
        private mutating func separate() {
            if count > 0 { out.append(0x2C) }
            out.append(0x0A)
            count += 1
        }

        func bytes(signature: String, now: Instant) -> [UInt8] {
            var head: [UInt8] = []
            head += #"{"signature":"#.utf8
            JSONWriter.quote(signature, into: &head)
            head += #","at":\#(now.seconds),"unique":\#(unique),"files":["#.utf8
            // (The last record ends its line too: the scan finds each record's end by its line's.)
            let tail = Array("\n]}\n".utf8)
            let last = run.map { $0.bytes[$0.range] } ?? []
            let json = head.count + out.count + last.count + tail.count
            let total = json + (indexed ? Index.size(segments) : 0)
            // (One buffer, each piece copied in once: the cache is megabytes.)
            var whole = true
            let file = [UInt8](unsafeUninitializedCapacity: total) { buffer, count in
                var at = 0
                func put(_ piece: UnsafeBufferPointer<UInt8>) {
                    guard let from = piece.baseAddress else { return }
                    (buffer.baseAddress! + at).update(from: from, count: piece.count)
                    at += piece.count
                }
                head.withUnsafeBufferPointer(put)
                out.withUnsafeBufferPointer(put)
                last.withUnsafeBufferPointer(put)
                tail.withUnsafeBufferPointer(put)
                if total > json {
                    whole = Index.encode(
                        segments, offset: head.count,
                        json: UnsafeRawBufferPointer(start: buffer.baseAddress, count: json),
                        into: UnsafeMutableRawPointer(buffer.baseAddress! + json))
                }
                count = whole ? total : json
            }
            return file
        }

        func write(to path: String, signature: String, now: Instant) {
            SourceCache.replace(path, with: bytes(signature: signature, now: now))
        }
    }
}
