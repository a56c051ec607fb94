extension Summary {
    /// Reads a summary for a bar's output at `now` (`tminus show`): every field but the items that
    /// no output can show before `completeUntil` (two hours on, or the midnight after `now` in
    /// `zone` when that comes first), which are passed over by where
    /// they end, never made. Reading an item costs about thirty times passing over it, and a big
    /// home's items are mostly weeks away (docs/widget-cache.md). What is kept gives exactly what
    /// the whole summary gives until `completeUntil`, for a config whose output depends only on
    /// the deadlines near it (`WidgetInput` asks for this read only then):
    /// - a todo shows when it is due today or overdue, so one due after the day of
    ///   `completeUntil` ends in `zone` (the zone the outputs are drawn in; without one, 25 hours
    ///   after it, a day's longest) is passed over; a whole day's due, kept as a date, 15 hours
    ///   more (in some zone that date starts up to 14 hours before it does in UTC);
    /// - a deadline shows while near (held, under way, from an event's lead) or as the next one
    ///   due, so past `completeUntil` only the first one (by due) that can be the next one and
    ///   those that can be due sooner in the outputs' zone are kept (within 15 hours of it: a
    ///   whole day's key is its UTC end, up to 14 hours from its end in a zone):
    ///   never an invitation (`reply`), nor, with `eventLead`, a calendar event (it holds the bar
    ///   only from that lead before it: the `lead` policy; `never`, a lead of 0), which is passed
    ///   over from `completeUntil` and that lead on; the summary lists deadlines by due, and one
    ///   that does not (another program's) is read whole.
    /// - another source's todos, listed undated first and then by due (`Summary.todoBlockOrder`,
    ///   as its record says), are passed over together from the first one due so far that no
    ///   zone's today can reach it: every later one is due no sooner.
    /// A passed item is checked only for where it ends (a block passed over, only for its lines);
    /// the commands that read every item (`list`, `summary`, `doctor`) report one that is broken.
    ///
    /// `wholeIf`: asked, with the fields before the item lists (the records, the tags, `pending`),
    /// whether this read is to be of every item after all (a summary that is to be made again
    /// from every item: read once, not near and then whole): nil, no; else the names of the
    /// sources whose items are passed over all the same (those the fold will read again; their
    /// records are marked `itemsPassedOver`, and such a part is never kept as it is).
    /// `headerOnlyIf`: asked first, whether the read stops at those fields (`headerOnly`: a
    /// summary to be patched, whose items the patch reads from its bytes).
    /// `orderedDeadlinesEnd`: the deadlines are known to be in due order, one a line, their last
    /// line ending at this byte (before `\n]`): bytes this process made as `Summary.bytes` lays
    /// them out, from a summary it trusts to be so (a patched summary, `SourcePatch`). Lines no
    /// output can show are then passed over by halves, never visited: those due before the next
    /// whole day's key once none between can show, and the rest of the list from the first one
    /// due so far that no later one can show before `until` (`NearRead.jump`).
    public init(
        bytes: [UInt8], path: String = "summary.json", near now: Instant, zone: Zone? = nil, eventLead: Int64?,
        wholeIf: ((Summary) -> Set<String>?)? = nil, headerOnlyIf: ((Summary) -> Bool)? = nil,
        orderedDeadlinesEnd: Int? = nil
    ) throws(TMinusError) {
        var near: NearRead? = NearRead(now: now, zone: zone, eventLead: eventLead)
        if let end = orderedDeadlinesEnd, end > 0, end + 1 < bytes.count, bytes[end - 1] == UInt8(ascii: "}"),
            bytes[end] == 0x0A, bytes[end + 1] == UInt8(ascii: "]")
        {
            near?.deadlinesEnd = end
        }
        let summary = try Summary.read(bytes, path: path, near: &near, wholeIf: wholeIf, headerOnlyIf: headerOnlyIf)
        // (Nil only when `wholeIf` said so, every item read, or `headerOnlyIf`, none.)
        guard let near else {
            self = summary
            return
        }
        guard !near.unsorted, !near.miscounted else {
            var whole: NearRead?
            self = try Summary.read(bytes, path: path, near: &whole)
            return
        }
        self = summary
        if near.skipped { completeUntil = near.until }
    }
}

extension Summary {
    /// The outputs a read near one moment is for (`init(bytes:path:near:zone:eventLead:)`): the
    /// zone they are drawn in, and the lead before a calendar event from which it holds the bar
    /// when events hold it only then (nil: like any deadline, the `always` policy).
    public struct NearOutputs: Sendable, Equatable {
        public var zone: Zone
        public var eventLead: Int64?
        public init(zone: Zone, eventLead: Int64?) {
            self.zone = zone
            self.eventLead = eventLead
        }
    }

    /// The longest lead before an event (the config's `eventLead`, in seconds) that a read
    /// `near` a moment keeps events for; a config with a longer one reads every item.
    public static let nearLead: Int64 = 12 * 3_600
}

/// The state of a summary read for a bar at one moment (`Summary(bytes:path:near:)`).
struct NearRead {
    static let hour: Int64 = 3_600
    /// Any zone's local date and the UTC one differ by less than this (zones are UTC-12 to
    /// UTC+14): a whole day's due (`Due.sortKey`, its UTC end) is within it of its instant.
    static let zoneSlack: Int64 = 15 * hour

    /// Until when what is kept shows what the whole summary shows.
    let until: Instant
    /// Todos due after this are passed over: when the day of `until` ends in the outputs' zone
    /// (a todo due later is no day's todo before `until`), or a day (25 hours at most) after it.
    let todoHorizon: Int64
    /// The first key past `until` of a deadline that can be the next one due (not an
    /// invitation, nor with `eventLead` an event), and whether it is a whole day's: past it, only
    /// a whole day's within `zoneSlack` of it, or when it is a whole day's any within that, can be
    /// due sooner (`skips`).
    var firstBeyond: Int64?
    var firstBeyondIsWholeDay = false
    /// Calendar events hold the bar only from this long before them (`Summary.NearOutputs`).
    let eventLead: Int64?
    /// The calendar sources' names (`setCalendars`): their items with an end are events.
    var calendars: [[UInt8]] = []
    /// The last deadline's key (the list must be in order for `firstBeyond` to be the first).
    var previous = Int64.min
    /// An item was passed over.
    var skipped = false
    /// The deadlines are not in order: the read is made again, whole.
    var unsorted = false
    /// Where the deadlines' last line ends, when they are known to be in order, one a line
    /// (`Summary(bytes:near:orderedDeadlinesEnd:)`): lines no output can show are jumped over.
    var deadlinesEnd: Int?
    var deadlinesInOrder: Bool { deadlinesEnd != nil }
    /// Where each record's todos end in the todo list, and whether they are by due
    /// (`setBlocks`); empty when the summary does not say.
    var blockEnds: [Int] = []
    var blockByDue: [Bool] = []
    /// The block of the todo at hand.
    var block = 0
    /// The last todo's due key that `skips` saw.
    var lastTodoKey: Int64?
    /// The todo list does not hold what the records count: the read is made again, whole.
    var miscounted = false

    init(now: Instant, zone: Zone? = nil, eventLead: Int64? = nil) {
        self.eventLead = eventLead
        var until = now + 2 * Self.hour
        if let zone {
            // Not past the midnight after `now` in the zone: the outputs after it show the next
            // day's todos, which a read at eleven at night would otherwise make for the hour
            // kept; the first run after midnight reads them. (Midnight after `until`, not a day
            // on: a bar's read at one in the afternoon makes only today's todos.)
            let midnight = zone.startOfDay(zone.local(now).date.adding(days: 1))
            if midnight > now, midnight < until { until = midnight }
            todoHorizon = zone.startOfDay(zone.local(until - 1).date.adding(days: 1)).seconds
        } else {
            todoHorizon = until.seconds + 25 * Self.hour
        }
        self.until = until
    }

    /// Passes over the item at the parser's position when no output before `until` can show it
    /// (true); else leaves the parser where it was, for the item to be read.
    mutating func skips(_ p: inout JSONParser, deadline: Bool) -> Bool {
        guard !unsorted else { return false }
        if !deadline {
            // A todo: passed over when due past the horizon (a whole day's key is its UTC end:
            // in the reader's zone it is due up to `zoneSlack` sooner).
            let horizon = todoHorizon
            var seenKey: Int64?
            let end = p.bytes.withUnsafeBufferPointer { b in
                Self.flatObjectEnd(b, from: p.index, key: "due") { value in
                    guard let due = Due(storage: value) else { return false }
                    seenKey = due.sortKey
                    return due.sortKey > horizon + (due.isWholeDay ? Self.zoneSlack : 0)
                }
            }
            lastTodoKey = seenKey
            guard let end else { return false }
            p.index = end
            skipped = true
            return true
        }
        let previous = previous
        let firstBeyond = firstBeyond
        let firstIsWholeDay = firstBeyondIsWholeDay
        var far = false
        let start = p.index
        let calendars = calendars
        let eventLead = eventLead
        let until = until.seconds
        // (Of its own lets alone: a function that set the caller's variables had them checked
        // for exclusive access at each call, 0.14 M instructions in a big calendar's read.)
        func sight(_ value: UnsafeBufferPointer<UInt8>) -> Sight {
            guard let due = Due(storage: value) else { return Sight(verdict: .read) }
            // (A whole day's key is its UTC end: in the reader's zone it is due up to
            // `zoneSlack` sooner.)
            let key = due.sortKey
            var seen = Sight(verdict: .byShape, key: key, wholeDay: due.isWholeDay)
            let slack = due.isWholeDay ? Self.zoneSlack : 0
            guard key > until + slack else {
                seen.verdict = .read
                return seen
            }
            // (From `until` to its lead after it, an event is read: it holds the bar from that lead.)
            if let lead = eventLead, key <= until + lead + slack {
                seen.inLead = true
                return seen
            }
            if key >= previous, let first = firstBeyond {
                // Due no sooner than the first (a timed one after a timed one, one past
                // the window), passed over; else read, unless an event or an invitation,
                // by its shape, which costs a pass over its line (where events are any
                // deadline an invitation is rare: read, not looked at).
                if key == first || due.isWholeDay || firstIsWholeDay, key <= first + Self.zoneSlack {
                    seen.verdict = eventLead == nil ? .read : .byShape
                } else {
                    seen.verdict = .pass
                }
            }
            return seen
        }
        var seen = Sight(verdict: .read)
        let inOrder = deadlinesInOrder
        let end = p.bytes.withUnsafeBufferPointer { b -> Int? in
            // The writer's line, in order (`deadlinesInOrder`): its due found past its first
            // fields, and when it is passed over, its end at the line's end.
            if inOrder, let due = Self.writersDue(b, from: start) {
                seen = sight(UnsafeBufferPointer(rebasing: b[due]))
                switch seen.verdict {
                case .read: return nil
                case .pass: if let e = Self.itemLineEnd(b, from: due.upperBound) { return e }
                case .byShape: break
                }
            }
            return Self.flatDeadlineEnd(
                b, from: start, calendars: calendars,
                pass: { value in
                    seen = sight(value)
                    return seen.verdict
                },
                byShape: { shape in
                    switch shape {
                    // Never the next one due: passed over, and not the first beyond.
                    case .invitation: return true
                    // Held only from its lead: past it, passed over.
                    case .event where eventLead != nil: return !seen.inLead
                    case .unsure: return false
                    case .plain, .event:
                        far = true
                        return false
                    }
                })
        }
        let seenKey = seen.key
        if let key = seenKey {
            if key < previous { unsorted = true }
            self.previous = key
            // Due sooner than the first beyond in the outputs' zone, one past it in the list is
            // within `zoneSlack` of its key, and not both timed: a timed one is due at its key, a
            // whole day at its end there, up to 14 hours before its key (UTC+14) or 12 after it
            // (UTC-12); two whole days of one zone are as far apart as their keys, give or take a
            // change of time. (One due with it is read: the handle orders them.)
            if far, firstBeyond == nil {
                self.firstBeyond = key
                firstBeyondIsWholeDay = seen.wholeDay
            }
        }
        guard let end else { return false }
        p.index = end
        skipped = true
        if let listEnd = deadlinesEnd, !unsorted, let key = seenKey, let first = self.firstBeyond,
            let to = jump(from: key, wholeDay: seen.wholeDay, first: first, until: until, lead: eventLead ?? 0)
        {
            p.index = p.bytes.withUnsafeBufferPointer { Self.lineBefore(b: $0, key: to, from: end, listEnd: listEnd) }
        }
        return true
    }

    /// The records' shares of the todo list (`Summary.todoBlocks`, in the records' order).
    mutating func setBlocks(_ blocks: [(count: Int, byDue: Bool)]) {
        var end = 0
        blockEnds = blocks.map { b in
            end += b.count
            return end
        }
        blockByDue = blocks.map(\.byDue)
    }

    /// After the todo at `index` was passed over (`skips`): when its block is by due and it is
    /// due so far that no zone's today reaches it, the rest of the block is passed over by its
    /// lines, each one item (`{…}` on a line, as the summary's writer puts it). How many.
    mutating func passesRestOfBlock(_ p: inout JSONParser, at index: Int) -> Int {
        while block < blockEnds.count && index >= blockEnds[block] { block += 1 }
        guard block < blockEnds.count, blockByDue[block], let key = lastTodoKey,
            key > todoHorizon + Self.zoneSlack
        else { return 0 }
        let (end, passed) = p.bytes.withUnsafeBufferPointer {
            Self.passLines(b: $0, after: p.index, upTo: blockEnds[block] - index - 1)
        }
        p.index = end
        return passed
    }

    /// Passes over up to `count` lines after the item that ends at `after`, each one item (`{` at
    /// its start, `}` at its end, then a comma or the line's end), as the summary's writer puts
    /// them: the end of the last one passed over (`after` if none), and how many. Stops at a line
    /// that is not so (the list's `]`).
    static func passLines(b: UnsafeBufferPointer<UInt8>, after: Int, upTo count: Int) -> (end: Int, passed: Int) {
        var end = after
        var passed = 0
        while passed < count {
            let start = Self.lineEnd(b, from: end) + 1
            guard start < b.count, b[start] == UInt8(ascii: "{"), let e = itemLineEnd(b, from: start) else { break }
            end = e
            passed += 1
        }
        return (end, passed)
    }

    /// The end (past its `}`) of the item on the line `i` is on, when the line ends with `}` or
    /// `},` (as the summary's writer ends an item's line); nil otherwise.
    static func itemLineEnd(_ b: UnsafeBufferPointer<UInt8>, from i: Int) -> Int? {
        var e = lineEnd(b, from: i)
        guard e < b.count, e > i else { return nil }
        if b[e - 1] == UInt8(ascii: ",") { e -= 1 }
        return e > i && b[e - 1] == UInt8(ascii: "}") ? e : nil
    }

    /// The todo list ended after `count` todos: not the records' count, and the blocks passed over
    /// may not have been what they said.
    mutating func endTodos(count: Int) {
        if let total = blockEnds.last, total != count { miscounted = true }
    }

    /// Whether `b` holds `k` at `offset`.
    static func has(_ k: UnsafeBufferPointer<UInt8>, in b: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        guard offset + k.count <= b.count else { return false }
        for j in 0..<k.count where b[offset + j] != k[j] { return false }
        return true
    }

    /// Passes over the item at the parser's position when it is of one of `sources` (its
    /// `"source"`, read from its line as `flatObjectEnd` reads a due); else leaves it to be read.
    static func passes(_ p: inout JSONParser, sources: [[UInt8]]) -> Bool {
        let end = p.bytes.withUnsafeBufferPointer { b in
            flatObjectEnd(b, from: p.index, key: "source") { value in
                sources.contains {
                    $0.withUnsafeBufferPointer { s in s.count == value.count && has(s, in: value, at: 0) }
                }
            }
        }
        guard let end else { return false }
        p.index = end
        return true
    }

    /// The first line break from `i` (`b.count` if none), eight bytes at a time.
    static func lineEnd(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        JSONBytes.firstOf(0x0A, 0x0A, in: b, from: start)
    }

    /// Where the object starting at `start` ends (past its `}`), when `pass` says so for the
    /// string value of its one `key` (its bytes, when it has no escapes): a flat object on one
    /// line (no object inside it, no line break), its strings and escapes followed as JSON has
    /// them. nil: it is to be read (no such key, or two, or one `pass` keeps, or a shape this
    /// does not follow). (Inlined into each of its two callers, its closure with it: called
    /// through, it cost a full run 8 k instructions.)
    @inline(__always)
    static func flatObjectEnd(
        _ b: UnsafeBufferPointer<UInt8>, from start: Int, key: StaticString, pass: (UnsafeBufferPointer<UInt8>) -> Bool
    ) -> Int? {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        guard start < b.count, b[start] == UInt8(ascii: "{") else { return nil }
        let k = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
        var i = start + 1
        var decided = false
        while i < b.count {
            let c = b[i]
            if c == quote {
                // A key or a string: `"KEY":"` opens the one value this looks for.
                if i + k.count + 3 < b.count, b[i + k.count + 1] == quote, b[i + k.count + 2] == UInt8(ascii: ":"),
                    b[i + k.count + 3] == quote, Self.has(k, in: b, at: i + 1)
                {
                    if decided { return nil }  // a second one: read it, as the reader takes the last
                    let from = i + k.count + 4
                    let e = JSONBytes.plainEnd(b, from: from, stopAtNonASCII: false)
                    guard e < b.count, b[e] == quote, pass(UnsafeBufferPointer(rebasing: b[from..<e])) else {
                        return nil
                    }
                    decided = true
                    i = e + 1
                    continue
                }
                i = JSONBytes.plainEnd(b, from: i + 1, stopAtNonASCII: false)
                while i < b.count, b[i] == backslash {
                    guard i + 1 < b.count, b[i + 1] >= 0x20 else { return nil }
                    i = JSONBytes.plainEnd(b, from: i + 2, stopAtNonASCII: false)
                }
                guard i < b.count, b[i] == quote else { return nil }
                i += 1
                continue
            }
            if c == UInt8(ascii: "}") { return decided ? i + 1 : nil }
            if c == UInt8(ascii: "{") || c == 0x0A { return nil }
            i += 1
        }
        return nil
    }
}
