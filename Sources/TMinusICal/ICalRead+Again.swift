import TMinusCore

/// Reading a file again that has not changed since, because some of its events are over (their
/// shown instance ended and was held): only those events' components are read again, from their
/// bytes, and every other entry stays as it was (a todo never changes with the clock, and an
/// event that is not over shows the same instance). A subscribed calendar of a million events
/// is then read whole once, not each time one of its events ends. docs/sources.md, "A big .ics".
extension ICalRead {
    /// This read with each entry that will expire given the pieces it was read from (its
    /// components: those of its UID, found by the UID's hash, so a collision only adds some), and
    /// the VTIMEZONEs' pieces: what `again` needs, from the bytes this read read. Entries that do
    /// not expire, or are not open, need none.
    public func indexed(_ bytes: [UInt8]) -> ICalRead {
        var out = self
        guard entries.contains(where: { $0.expires != nil }) else { return out }
        let segments = Self.segments(bytes).segments
        var items: [Segment] = []
        items.reserveCapacity(total)
        for s in segments where s.kind == .item { items.append(s) }
        out.zonePieces = segments.filter { $0.kind == .zone }.map(\.range)
        // The hashes of the UIDs wanted, then every component of each, in one pass.
        var wanted: [UInt64: [Piece]] = [:]
        for e in entries where e.expires != nil && e.item.isOpen && e.ordinal >= 1 && e.ordinal <= items.count {
            if let u = items[e.ordinal - 1].uid { wanted[u] = [] }
        }
        for (i, s) in items.enumerated() {
            if let u = s.uid, wanted[u] != nil { wanted[u]?.append(Piece(ordinal: i + 1, range: s.range)) }
        }
        for i in out.entries.indices where out.entries[i].expires != nil && out.entries[i].item.isOpen {
            let o = out.entries[i].ordinal
            guard o >= 1 && o <= items.count else { continue }
            let s = items[o - 1]
            out.entries[i].pieces = s.uid.flatMap { wanted[$0] } ?? [Piece(ordinal: o, range: s.range)]
        }
        return out
    }

    /// The read at `options.now` of the file `earlier` was read from (with `indexed`), unchanged
    /// since: the open entries whose expiry has come are read again from their pieces (`piece`
    /// gives a range's bytes), the others kept. Nil when that cannot be told without reading the
    /// file whole: a piece did not read back, or the earlier read left entries out (`cutoff`) and
    /// fewer than `options.openLimit` of its open entries are still nearer than those, or the
    /// cutoff's time has come.
    public static func again(
        _ earlier: ICalRead, options: ICalOptions, zones: ICalZones, fallbackID: String,
        piece: (Range<Int>) -> [UInt8]?
    ) -> ICalRead? {
        let now = options.now
        var open = earlier.entries.filter(\.item.isOpen)
        let due = open.filter { $0.expires.map { $0 <= now } ?? false }
        if !due.isEmpty {
            // A small calendar of its own: the VTIMEZONEs, then each due entry's components.
            var document = Array("BEGIN:VCALENDAR\r\n".utf8)
            // (The calendar's X-WR-TIMEZONE too: its floating times are read in that zone.)
            if let name = earlier.floatingZone { document += Array("X-WR-TIMEZONE:\(name)\r\n".utf8) }
            func add(_ range: Range<Int>) -> Bool {
                guard range.count > 0, let bytes = piece(range), bytes.count == range.count else { return false }
                document += bytes
                if let last = bytes.last, last != 0x0A && last != 0x0D { document += [0x0D, 0x0A] }
                return true
            }
            for z in earlier.zonePieces { guard add(z) else { return nil } }
            var pieces: [Piece] = []
            var taken = Set<Int>()
            for e in due {
                guard !e.pieces.isEmpty else { return nil }
                for p in e.pieces where taken.insert(p.range.lowerBound).inserted { pieces.append(p) }
            }
            pieces.sort { $0.range.lowerBound < $1.range.lowerBound }
            for p in pieces { guard add(p.range) else { return nil } }
            document += Array("END:VCALENDAR\r\n".utf8)
            let doc = ICalParser.parse(document)
            let components = doc.find(["VTODO", "VEVENT"])
            guard components.count == pieces.count else { return nil }
            var reader = ComponentReader(
                options: options, zones: zones, definitions: zoneDefinitions(doc.find(["VTIMEZONE"])), bytes: document,
                calendarZone: calendarZone(doc.components))
            let read = entries(
                components, ordinals: pieces.map(\.ordinal), total: earlier.total, reader: &reader,
                fallbackID: fallbackID)
            // Each entry read again goes where its UID's was, with the pieces of its group.
            var groupOf: [Int: [Piece]] = [:]
            for e in due { for p in e.pieces { groupOf[p.ordinal] = e.pieces } }
            var fresh: [Int: Entry] = [:]
            for e in placed(newestOfEachUID(read.entries)) {
                var e = e
                e.pieces = groupOf[e.ordinal] ?? []
                fresh[e.ordinal] = e
            }
            let dueOrdinals = Set(due.map(\.ordinal))
            open = open.filter { !dueOrdinals.contains($0.ordinal) && fresh[$0.ordinal] == nil }
            open += fresh.values.filter(\.item.isOpen)
            open.sort { $0.ordinal < $1.ordinal }
        }
        var leftOut = earlier.leftOut
        if let cutoff = earlier.cutoff {
            // The earlier read kept only the open entries nearest then (`Nearness`): what it left
            // out was farther than `cutoff`. That still holds until the cutoff's time comes (then
            // the order of what was kept and what was not may have changed: an event left out
            // may be under way), and only for the entries not farther than it, as long as the
            // source still has as many of them as it shows.
            guard let limit = options.openLimit, cutoff.tier != 0, cutoff.tier == 2 || now.seconds < cutoff.time else {
                return nil
            }
            let near = open.filter { Nearness($0.item, now: now, zone: zones.local) <= cutoff }
            guard near.count >= limit else { return nil }
            leftOut += open.count - near.count
            open = near
        }
        var out = earlier
        out.entries = open
        out.leftOut = leftOut
        return out
    }
}
