import TMinusCore

/// A big file read in parts: a subscribed calendar of a million events is 120 MB, and its
/// components parsed at once would take more than a gigabyte. One pass over the bytes finds
/// each component's lines and UID; then the VTIMEZONEs are read, then runs of components (about
/// `partBytes` at a time) are parsed and read and let go, keeping only their entries. Components
/// that share a UID with another (a recurring event's overrides, copies of one item) are read
/// together at the end, as `read` reads them. Entries and problems are put back in the file's
/// order, so the result is what reading the file whole gives (Tests/TMinusICalTests checks it on
/// files read both ways).
extension ICalRead {
    /// One stretch of the file's lines: a VTODO or VEVENT (`ordinal` from 1), a VTIMEZONE, or
    /// anything else (the calendar's own lines, other components).
    /// (24 bytes: a million of them are kept at once, so offsets and lines are 32-bit, which
    /// a file of at most 4 GB needs.)
    struct Segment {
        enum Kind: UInt8 { case item, zone, other }
        /// The UID's hash, with escapes left out (equal UIDs always hash equal; a collision only
        /// reads two components together, which is always right); `hasUID` says whether there is one.
        var uidHash: UInt64 = 0
        private var from: UInt32
        private var to: UInt32
        private var line: UInt32
        var kind: Kind
        var hasUID = false

        init(kind: Kind, range: Range<Int>, firstLine: Int) {
            self.kind = kind
            from = UInt32(truncatingIfNeeded: range.lowerBound)
            to = UInt32(truncatingIfNeeded: range.upperBound)
            line = UInt32(truncatingIfNeeded: firstLine)
        }

        var range: Range<Int> {
            get { Int(from)..<Int(to) }
            set {
                (from, to) = (
                    UInt32(truncatingIfNeeded: newValue.lowerBound), UInt32(truncatingIfNeeded: newValue.upperBound)
                )
            }
        }
        var firstLine: Int { Int(line) }
        var uid: UInt64? { hasUID ? uidHash : nil }
    }

    static func readInParts(
        _ bytes: [UInt8], options: ICalOptions, zones: ICalZones, fallbackID: String,
        partSize: Int = partBytes / 4
    ) -> ICalRead {
        let (segments, structure) = self.segments(bytes)
        let total = segments.reduce(0) { $0 + ($1.kind == .item ? 1 : 0) }
        // UIDs found more than once: by sorting their hashes (a dictionary of a million costs more).
        var shares = Set<UInt64>()
        do {
            let hashes = segments.compactMap(\.uid).sorted()
            for (a, b) in zip(hashes, hashes.dropFirst()) where a == b { shares.insert(a) }
        }
        var badLines: [Int] = []
        var refused: [(line: Int, message: String)] = []
        var definitions: [String: ICalComponent] = [:]
        // (The calendar's own lines and other components are only looked at: nothing of them is kept
        // but the calendar's X-WR-TIMEZONE.)
        var calendarZone: ICalProperty?
        for s in segments where s.kind != .item {
            // (A component's lines past the parser's limit are not kept, so a calendar's own huge
            // header costs at most that many properties while its X-WR-TIMEZONE is looked for.)
            let keep = s.kind == .zone || (s.kind == .other && calendarZone == nil)
            let doc = ICalParser.parse(bytes, in: s.range, firstLine: s.firstLine, keep: keep)
            badLines += doc.badLines
            refused += doc.refused
            if s.kind == .zone { definitions = zoneDefinitions(doc.find(["VTIMEZONE"]), into: definitions) }
            // (The calendar's own lines before its first component: its X-WR-TIMEZONE.)
            if s.kind == .other, calendarZone == nil { calendarZone = Self.calendarZone(doc.components) }
        }
        var reader = ComponentReader(
            options: options, zones: zones, definitions: definitions, bytes: bytes, calendarZone: calendarZone)
        var entries: [(ordinal: Int, entry: Entry)] = []
        var problems: [(ordinal: Int, problem: ICalProblem)] = []
        func read(_ components: [ICalComponent], ordinals: [Int]) {
            // (A stretch that did not parse into one component each is read in the file's order.)
            let ordinals =
                components.count == ordinals.count
                ? ordinals
                : components.indices.map { (ordinals.first ?? 1) + min($0, max(0, ordinals.count - 1)) }
            let read = Self.entries(
                components, ordinals: ordinals, total: total, reader: &reader, fallbackID: fallbackID)
            // (Each call reads every copy of its UIDs: its entries are final once the newest is kept.)
            entries += newestOfEachUID(read.entries)
            problems += read.problems
            trim()
        }
        // Past `openLimit` open items the source shows no more: only the nearest now are kept
        // (`Nearness`: what is under way, then by due time, then the undated), and only the first
        // problems, so a file of millions of tiny items, or of copies of UIDs, holds what the
        // source shows, not its size. (A margin past the limit: as events end, a later read
        // re-reads only them (`again`) until the margin is used.)
        let limit = options.openLimit.map { $0 + Self.margin($0) }
        var nearest = NearestKept<(ordinal: Int, entry: Entry)>(limit: limit ?? 0)
        func trim() {
            guard let limit else { return }
            if entries.count > 2 * limit + 1_000 {
                for e in entries where e.entry.item.isOpen {
                    nearest.add(e, Nearness(e.entry.item, now: options.now, zone: zones.local), order: e.ordinal)
                }
                entries = []
            }
            if problems.count > 2 * Self.keptProblems {
                problems = Array(stableSorted(problems).prefix(Self.keptProblems)).map { ($0.0, $0.1) }
            }
        }
        var shared: [(segment: Segment, ordinal: Int)] = []
        var run: [(segment: Segment, ordinal: Int)] = []
        func readRun() {
            guard let first = run.first, let last = run.last else { return }
            let doc = ICalParser.parse(
                bytes, in: first.segment.range.lowerBound..<last.segment.range.upperBound,
                firstLine: first.segment.firstLine)
            badLines += doc.badLines
            refused += doc.refused
            read(doc.find(["VTODO", "VEVENT"]), ordinals: run.map(\.ordinal))
            run = []
        }
        // Unique components in runs, in the file's order.
        var ordinal = 0
        for s in segments where s.kind == .item {
            ordinal += 1
            if let u = s.uid, shares.contains(u) {
                shared.append((s, ordinal))
                continue
            }
            // Too big to be read: refused unparsed, as the parser refuses it.
            if s.range.count > ICalParser.maxComponentBytes {
                refused.append((s.firstLine, ICalParser.refusal(name(bytes, s), lines: false)))
                continue
            }
            if let last = run.last,
                last.segment.range.upperBound != s.range.lowerBound
                    || s.range.upperBound - run[0].segment.range.lowerBound > partSize
            {
                readRun()
            }
            run.append((s, ordinal))
        }
        readRun()
        // Components that share a UID: each UID's copies read together, one UID at a time.
        shared.sort { ($0.segment.uidHash, $0.ordinal) < ($1.segment.uidHash, $1.ordinal) }
        var i = 0
        while i < shared.count {
            var j = i
            var components: [ICalComponent] = []
            var ordinals: [Int] = []
            while j < shared.count, shared[j].segment.uidHash == shared[i].segment.uidHash {
                let (s, o) = shared[j]
                let doc = ICalParser.parse(bytes, in: s.range, firstLine: s.firstLine)
                badLines += doc.badLines
                refused += doc.refused
                let found = doc.find(["VTODO", "VEVENT"])
                components += found
                ordinals += found.map { _ in o }
                j += 1
            }
            read(components, ordinals: ordinals)
            i = j
        }
        if badLines.count > 3 { badLines = Array(badLines.sorted().prefix(3)) }
        var out = ICalRead()
        // (Where BEGIN and END do not pair up is said by the pass that found the parts.)
        refused.sort { $0.line < $1.line }
        out.problems = documentProblems(badLines.sorted(), structure, refused) + reader.calendarProblems
        out.problems += stableSorted(problems).map(\.1)
        out.floatingZone = calendarZone?.raw
        if limit != nil, nearest.added > 0 || entries.lazy.filter(\.entry.item.isOpen).count > limit ?? 0 {
            for e in entries where e.entry.item.isOpen {
                nearest.add(e, Nearness(e.entry.item, now: options.now, zone: zones.local), order: e.ordinal)
            }
            entries = nearest.kept()
            (out.leftOut, out.cutoff) = (nearest.leftOut, nearest.leftOut > 0 ? nearest.cutoff : nil)
        }
        out.entries = placed(newestOfEachUID(stableSorted(entries).map { (ordinal: $0.0, entry: $0.1) }))
        out.total = total
        return out
    }

    /// The component's name, from its BEGIN line.
    static func name(_ bytes: [UInt8], _ s: Segment) -> String {
        bytes.withUnsafeBufferPointer { b in
            let start = s.range.lowerBound
            var end = start
            while end < s.range.upperBound, b[end] != 0x0A, b[end] != 0x0D { end += 1 }
            return marker(b, start, end)?.1 ?? ""
        }
    }

    /// How many open entries past `limit` a read in parts keeps (and reads).
    static func margin(_ limit: Int) -> Int { max(64, limit / 2) }

    /// At most this many problems are kept while a big file is read (a source shows 50).
    static let keptProblems = 1_000

    /// By ordinal, keeping the order of equal ones.
    static func stableSorted<T>(_ list: [(ordinal: Int, T)]) -> [(Int, T)] {
        list.enumerated().sorted { ($0.element.ordinal, $0.offset) < ($1.element.ordinal, $1.offset) }.map {
            ($0.element.ordinal, $0.element.1)
        }
    }

    /// One pass over the bytes: where each component's lines are and each VTODO's and VEVENT's
    /// UID, with the BEGIN/END pairing the parser's tree does (`ICalParser.tree`: a BEGIN of a
    /// VTODO, VEVENT, VJOURNAL, VFREEBUSY or VTIMEZONE closes one left open; an END closes what it
    /// names and everything inside it) and the same messages where they do not pair up.
    static func segments(_ bytes: [UInt8]) -> (segments: [Segment], structure: [(line: Int, message: String)]) {
        var segments: [Segment] = []
        var structure: [(line: Int, message: String)] = []
        bytes.withUnsafeBufferPointer { b in
            let n = b.count
            var i = n >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF ? 3 : 0
            var line = 1
            // The open components (names, the line each began on); `top`: where the current
            // segment's component is in it.
            var stack: [(name: String, line: Int)] = []
            var current: Segment?
            var top = 0
            var gapStart = i, gapLine = 1
            var uidPending = false, foundUID = false
            var calendarLines = 0
            var uid: [UInt8] = []
            func closeGap(at end: Int) {
                if end > gapStart { segments.append(Segment(kind: .other, range: gapStart..<end, firstLine: gapLine)) }
            }
            func finish(at end: Int, nextLine: Int) {
                guard var s = current else { return }
                if foundUID { (s.uidHash, s.hasUID) = (hash(uid), true) }
                s.range = s.range.lowerBound..<end
                segments.append(s)
                current = nil
                uidPending = false
                foundUID = false
                uid = []
                gapStart = end
                gapLine = nextLine
            }
            while i < n {
                let start = i
                while i < n, b[i] != 0x0A, b[i] != 0x0D { i += 1 }
                let end = i
                if i < n { i = ICalParser.afterBreak(b, i) }
                let first = start < end ? b[start] : 0
                // A folded line goes on the line before: a UID's value may be folded.
                if first == 0x20 || first == 0x09 {
                    if uidPending { uid += UnsafeBufferPointer(rebasing: b[(start + 1)..<end]) }
                    line += 1
                    continue
                }
                uidPending = false
                if let (begins, name) = marker(b, start, end) {
                    if begins {
                        if stack.count + 1 > ICalParser.maxDepth {
                            line += 1
                            continue
                        }
                        if ICalParser.siblings.contains(name),
                            let open = stack.lastIndex(where: { ICalParser.siblings.contains($0.name) })
                        {
                            if structure.count < 3 {
                                structure.append(
                                    (
                                        stack[open].line,
                                        deferred(
                                            "BEGIN:%s has no END before line %s; it is read up to there",
                                            stack[open].name, String(line))
                                    ))
                            }
                            stack.removeSubrange(open...)
                            if current != nil, stack.count <= top { finish(at: start, nextLine: line) }
                        }
                        if ICalParser.siblings.contains(name), current == nil {
                            closeGap(at: start)
                            let kind: Segment.Kind =
                                name == "VTIMEZONE" ? .zone : name == "VTODO" || name == "VEVENT" ? .item : .other
                            current = Segment(kind: kind, range: start..<start, firstLine: line)
                            top = stack.count
                        }
                        if name == "VCALENDAR" { calendarLines = 0 }
                        stack.append((name, line))
                    } else if let depth = stack.lastIndex(where: { $0.name == name }) {
                        stack.removeSubrange(depth...)
                        if current != nil, stack.count <= top {
                            line += 1
                            finish(at: i, nextLine: line)
                            continue
                        }
                    } else if structure.count < 3 {
                        let shown = ControlText.clean(String(name.prefix(20)), replacement: "?", dropBidi: true)
                        structure.append((line, deferred("END:%s closes nothing that is open; ignored", shown)))
                    }
                } else if current == nil, stack.last?.name == "VCALENDAR", start < end {
                    // The calendar's own lines, counted as the parser counts them (the parts
                    // that hold them do not know they are the calendar's).
                    calendarLines += 1
                    if calendarLines == ICalParser.maxComponentLines + 1 {
                        structure.append((line, ICalParser.calendarTooLong))
                    }
                } else if current?.kind == .item, stack.count == top + 1, !foundUID, let value = uidValue(b, start, end)
                {
                    // (Hashed when the component ends: the value may go on in folded lines.)
                    uid = value
                    uidPending = true
                    foundUID = true
                }
                line += 1
            }
            if current != nil { finish(at: n, nextLine: line) } else { closeGap(at: n) }
        }
        return (segments, structure)
    }

    /// A `BEGIN` or `END` line (any case, with or without parameters): whether it begins, and
    /// the component's name in capitals, as the parser reads them.
    static func marker(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (Bool, String)? {
        func upper(_ c: UInt8) -> UInt8 { c >= 0x61 && c <= 0x7A ? c - 32 : c }
        var i = start
        while i < end, b[i] == 0x20 || b[i] == 0x09 { i += 1 }
        let nameStart = i
        while i < end, b[i] != 0x3B, b[i] != 0x3A { i += 1 }
        var nameEnd = i
        while nameEnd > nameStart, b[nameEnd - 1] == 0x20 || b[nameEnd - 1] == 0x09 { nameEnd -= 1 }
        let length = nameEnd - nameStart
        guard length == 5 || length == 3, i < end else { return nil }
        let word = UnsafeBufferPointer(rebasing: b[nameStart..<nameEnd]).map(upper)
        let begins = word == Array("BEGIN".utf8)
        guard begins || word == Array("END".utf8) else { return nil }
        // Past the parameters (a quoted value may hold a ':') to the value.
        var quoted = false
        while i < end, quoted || b[i] != 0x3A {
            if b[i] == 0x22 { quoted.toggle() }
            i += 1
        }
        guard i < end else { return nil }
        var from = i + 1, to = end
        while from < to, b[from] == 0x20 || b[from] == 0x09 { from += 1 }
        while to > from, b[to - 1] == 0x20 || b[to - 1] == 0x09 { to -= 1 }
        return (begins, String(decoding: UnsafeBufferPointer(rebasing: b[from..<to]).map(upper), as: UTF8.self))
    }

    /// The raw value of a `UID` line (after its parameters), or nil for another property.
    static func uidValue(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> [UInt8]? {
        guard end - start > 4, b[start] | 0x20 == 0x75, b[start + 1] | 0x20 == 0x69, b[start + 2] | 0x20 == 0x64,
            b[start + 3] == 0x3A || b[start + 3] == 0x3B
        else { return nil }
        var i = start + 3
        var quoted = false
        while i < end, quoted || b[i] != 0x3A {
            if b[i] == 0x22 { quoted.toggle() }
            i += 1
        }
        return i < end ? Array(UnsafeBufferPointer(rebasing: b[(i + 1)..<end])) : nil
    }

    /// FNV-1a of a UID's bytes without backslashes and without spaces or tabs at either end.
    static func hash(_ value: [UInt8]) -> UInt64 {
        var lo = 0, hi = value.count
        while lo < hi, value[lo] == 0x20 || value[lo] == 0x09 { lo += 1 }
        while hi > lo, value[hi - 1] == 0x20 || value[hi - 1] == 0x09 { hi -= 1 }
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for c in value[lo..<hi] where c != 0x5C {
            h ^= UInt64(c)
            h = h &* 0x0000_0100_0000_01b3
        }
        return h
    }
}
