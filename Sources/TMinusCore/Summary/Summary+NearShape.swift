extension NearRead {
    /// What a deadline far from `until` can be to the outputs before it (`shape`).
    enum Shape {
        /// Possibly the next one due.
        case plain
        /// An invitation not accepted (`"reply"`): never the countdown.
        case invitation
        /// A calendar event (an end, a calendar source's): with `eventLead`, it holds the bar only
        /// from its lead before it, so never as the next one due.
        case event
        /// What this does not follow (a key twice, an escape in a key): read, but never taken for
        /// the first one beyond.
        case unsure
    }

    /// The calendar sources among the summary's records (read before its items).
    mutating func setCalendars(_ sources: [Summary.Source]) {
        calendars = sources.compactMap { s in
            (s.kind.flatMap(SourceConfig.Kind.init(rawValue:))?.isCalendar ?? false) ? Array(s.name.utf8) : nil
        }
    }

    /// What a pass over a deadline's line (`flatDeadlineEnd`) does once it has the value it looks for.
    enum Verdict {
        /// Stop: the item is read.
        case read
        /// It is passed over.
        case pass
        /// Its shape says, at its end (`byShape`).
        case byShape
    }

    /// What a deadline's due tells the near read (`skips`): the verdict, its key, whether a whole
    /// day's, and whether within an event's lead after `until`.
    struct Sight {
        var verdict: Verdict
        var key: Int64?
        var wholeDay = false
        var inLead = false
    }

    /// An item's shape, gathered from its line's keys on the way (`flatDeadlineEnd`), as the timeline
    /// will take the item read: `invitation` when its one `"reply"` is invited, tentative or
    /// declined (the reader keeps no other); `event` when it has one `"end"` (null is none) and its
    /// one `"source"` is a calendar's (with the `lead` policy even one from midnight to midnight is
    /// never the next one due: it marks the day, `TimelineProvider`); `unsure` when this cannot
    /// tell (a key twice, an escaped key, a space before a colon: the writer puts none).
    struct LineShape {
        var replies = 0, ends = 0, sources = 0
        var invited = false, calendar = false, hasEnd = false, unsure = false

        var shape: Shape {
            guard !unsure, replies <= 1, ends <= 1, sources <= 1 else { return .unsure }
            if invited { return .invitation }
            return calendar && hasEnd ? .event : .plain
        }

        /// After the string `key` (its bytes; `escaped`: it had an escape), at `i`: when a colon
        /// follows it, a key; one of the three is taken, with a plain string value passed over.
        /// Where the pass goes on.
        mutating func take(
            _ b: UnsafeBufferPointer<UInt8>, key: Range<Int>, escaped: Bool, at i: Int, calendars: [[UInt8]]
        ) -> Int {
            let quote = UInt8(ascii: "\"")
            guard b[i] == UInt8(ascii: ":") else {
                if b[i] == UInt8(ascii: " ") || b[i] == UInt8(ascii: "\t") { unsure = true }
                return i
            }
            let value = i + 1
            guard !escaped, value < b.count else {
                unsure = true
                return i
            }
            let name = UnsafeBufferPointer(rebasing: b[key])
            // (By length first: most keys are none of the three.)
            switch name.count {
            case 3 where NearRead.equal(name, "end"):
                ends += 1
                hasEnd = b[value] != UInt8(ascii: "n")
                return i
            case 5 where NearRead.equal(name, "reply"), 6 where NearRead.equal(name, "source"):
                // A plain string's bytes, else none (escaped: no name this compares).
                var text: UnsafeBufferPointer<UInt8>?
                var next = i
                if b[value] == quote {
                    let e = JSONBytes.plainEnd(b, from: value + 1, stopAtNonASCII: false)
                    if e < b.count, b[e] == quote {
                        text = UnsafeBufferPointer(rebasing: b[(value + 1)..<e])
                        next = e + 1
                    }
                }
                if name.count == 5 {
                    replies += 1
                    invited =
                        text.map { t in
                            NearRead.equal(t, "invited") || NearRead.equal(t, "tentative")
                                || NearRead.equal(t, "declined")
                        } ?? false
                } else {
                    sources += 1
                    calendar =
                        text.map { t in calendars.contains { $0.withUnsafeBufferPointer { NearRead.equal(t, $0) } } }
                        ?? false
                }
                return next
            default:
                return i
            }
        }
    }

    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: StaticString) -> Bool {
        equal(a, UnsafeBufferPointer(start: b.utf8Start, count: b.utf8CodeUnitCount))
    }

    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.count == b.count && has(b, in: a, at: 0)
    }
}

extension NearRead {
    /// `flatObjectEnd` for a deadline's line and its `"due"`, where `pass` may leave it to the item's
    /// shape (`Shape`, gathered on the way: `byShape` says at its end). (Apart from the todos' pass, which it
    /// slowed by a fifth: most items of a home are todos.)
    static func flatDeadlineEnd(
        _ b: UnsafeBufferPointer<UInt8>, from start: Int, calendars: [[UInt8]],
        pass: (UnsafeBufferPointer<UInt8>) -> Verdict, byShape: (Shape) -> Bool
    ) -> Int? {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        guard start < b.count, b[start] == UInt8(ascii: "{") else { return nil }
        let key: StaticString = "due"
        let k = UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
        var i = start + 1
        var verdict: Verdict?
        var shape = LineShape()
        while i < b.count {
            let c = b[i]
            if c == quote {
                // A key or a string: `"KEY":"` opens the one value this looks for.
                if i + k.count + 3 < b.count, b[i + k.count + 1] == quote, b[i + k.count + 2] == UInt8(ascii: ":"),
                    b[i + k.count + 3] == quote, Self.has(k, in: b, at: i + 1)
                {
                    if verdict != nil { return nil }  // a second one: read it, as the reader takes the last
                    let from = i + k.count + 4
                    let e = JSONBytes.plainEnd(b, from: from, stopAtNonASCII: false)
                    guard e < b.count, b[e] == quote else { return nil }
                    let v = pass(UnsafeBufferPointer(rebasing: b[from..<e]))
                    if v == .read { return nil }
                    verdict = v
                    i = e + 1
                    continue
                }
                let from = i + 1
                i = JSONBytes.plainEnd(b, from: from, stopAtNonASCII: false)
                var escaped = false
                while i < b.count, b[i] == backslash {
                    guard i + 1 < b.count, b[i + 1] >= 0x20 else { return nil }
                    escaped = true
                    i = JSONBytes.plainEnd(b, from: i + 2, stopAtNonASCII: false)
                }
                guard i < b.count, b[i] == quote else { return nil }
                i += 1
                // (A value is followed by a comma or the end: only a key's string goes further.)
                // (Once the item is passed over whatever its shape, not gathered.)
                if verdict != .pass, i < b.count, b[i] != UInt8(ascii: ","), b[i] != UInt8(ascii: "}") {
                    i = shape.take(b, key: from..<(i - 1), escaped: escaped, at: i, calendars: calendars)
                }
                continue
            }
            if c == UInt8(ascii: "}") {
                guard let verdict else { return nil }
                return verdict == .pass || byShape(shape.shape) ? i + 1 : nil
            }
            if c == UInt8(ascii: "{") || c == 0x0A { return nil }
            i += 1
        }
        return nil
    }
}

extension NearRead {
    /// Where the due date's text is in a deadline's line that the summary's writer wrote
    /// (`Item.write`), for bytes known to be its (`deadlinesInOrder`): its key wherever `,"due":"`
    /// first is (the writer escapes every quote inside a string, so only a key's comes after a
    /// comma), found by the line's colons; nil when the line has none.
    static func writersDue(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Range<Int>? {
        guard let base = UnsafeRawPointer(b.baseAddress) else { return nil }
        // `,"due":"` as one little-endian word.
        let key: UInt64 = 0x223A_2265_7564_222C
        var i = start
        while true {
            i = JSONBytes.firstOf(0x3A, 0x0A, in: b, from: i)
            guard i < b.count, b[i] == UInt8(ascii: ":") else { return nil }
            if i >= start + 6, i + 2 <= b.count, base.loadUnaligned(fromByteOffset: i - 6, as: UInt64.self) == key {
                break
            }
            i += 1
        }
        let from = i + 2
        let e = JSONBytes.plainEnd(b, from: from, stopAtNonASCII: false)
        guard e < b.count, b[e] == UInt8(ascii: "\"") else { return nil }
        return from..<e
    }
}
