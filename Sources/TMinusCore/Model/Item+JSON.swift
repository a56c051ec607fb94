/// The one JSON form of an item, read and written here only: the store's items, the history's
/// lines and the summary's deadlines and todos are all this object. Empty and default fields are
/// left out (a missing key means null, "", false, "none" or "tminus"); `docs/storage.md` and
/// `docs/summary-format.md` describe the fields.
extension Item {
    /// The largest handle tminus hands out or accepts from a file.
    public static let maxHandle = 999_999_999

    /// Writes the item's JSON object (compact) into `out`; `withKind` adds the `kind` key (the
    /// summary's lists are split by kind instead). Written as bytes directly, with no JSON tree
    /// in between: the store and the summary write every item on every change.
    public func write(into out: inout [UInt8], withKind: Bool = true) {
        out.append(0x7B)
        var first = true
        // (Keys are literals without anything to escape: written as their bytes, not quoted
        // again for each item of a summary.)
        func key(_ k: StaticString) {
            if !first { out.append(0x2C) }
            first = false
            out.append(0x22)
            out.append(contentsOf: UnsafeBufferPointer(start: k.utf8Start, count: k.utf8CodeUnitCount))
            out.append(0x22)
            out.append(0x3A)
        }
        func text(_ k: StaticString, _ v: String?) {
            guard let v else { return }
            key(k)
            JSONWriter.quote(v, into: &out)
        }
        func time(_ k: StaticString, _ t: Instant?) {
            guard let t else { return }
            key(k)
            out.append(0x22)
            RFC3339.write(t, offset: 0, into: &out)
            out.append(0x22)
        }
        if withKind { text("kind", kind.rawValue) }
        text("id", id)
        key("handle")
        Digits.write(Int64(handle), into: &out)
        text("title", title)
        if !note.isEmpty { text("note", note) }
        if let due {
            key("due")
            out.append(0x22)
            switch due {
            case .instant(let t): RFC3339.write(t, offset: 0, into: &out)
            case .day(let d): d.write(into: &out)
            }
            out.append(0x22)
        }
        time("start", start)
        time("created", created)
        text("tag", tag)
        text("color", color)
        text("icon", icon)
        if starred {
            key("starred")
            out += "true".utf8
        }
        if priority != .none { text("priority", priority.rawValue) }
        time("remind", remind)
        time("completed", completed)
        if source != Item.ownSource { text("source", source) }
        text("origin", origin)
        time("seen", seen)
        time("end", end)
        text("reply", reply)
        text("via", via)
        if worktime {
            key("worktime")
            out += "true".utf8
        }
        if case .value(let m)? = moreBox, !m.daysOff.isEmpty { text("daysOff", DateRanges.text(m.daysOff)) }
        text("rrule", rrule)
        out.append(0x7D)
    }

    /// The item's JSON text (compact).
    public func jsonBytes(withKind: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(into: &out, withKind: withKind)
        return out
    }

    /// What an item's object may hold besides the item: an archive record's `removed` flag, and
    /// version 1's `done` and `doneAt`.
    public struct Extras: Equatable, Sendable {
        /// An archive record's `removed`: 1 when the record was removed (`undo`, `rm`), 0 when not; nil if absent.
        public var removed: Int?
        /// Version 1's `done`: whether the item was completed; nil if absent.
        public var done: Bool?
        /// Version 1's `doneAt`: when the item was completed; nil if absent.
        public var doneAt: Instant?
    }

    /// Reads the item whose object comes next: the one reader of items, for the store, the history
    /// and the summary. `kind` when the container says it (the summary's `deadlines` list), else
    /// the object's `kind` key. One pass over the bytes with no tree in between (every bar process
    /// reads every item of the summary). Ids are made lower-case unless `lowerCaseIDs` says they
    /// are already. Every value is range-checked; the error names the field and the line.
    public static func read(_ p: inout JSONParser, kind given: Kind? = nil, lowerCaseIDs: Bool = false)
        throws(ItemReadError) -> (Item, Extras)
    {
        var kind = given
        var id: String?
        var handle: Int?
        var title: String?
        var due: Due?
        var note = "", start: Instant?, created: Instant?, tag: String?, color: String?, icon: String?
        var starred = false, priority = Priority.none, remind: Instant?, completed: Instant?, source = Item.ownSource
        // The rarely set fields (boxed in the item only when one is there).
        var origin: String?, seen: Instant?, end: Instant?, reply: String?, via: String?, worktime = false
        var daysOff: [ClosedRange<CivilDate>] = []
        var rrule: String?
        var extras = Extras()
        do throws(JSONSyntaxError) {
            guard try p.kind() == .object else { throw p.error(at: "an item is \(try p.kind().name), not an object") }
            try p.beginObject()
            while let rawKey = try p.nextRawKey() {
                guard let field = ItemField.named(rawKey, in: p.bytes) else { try p.skipValue(); continue }
                var key: String { field.name }  // (for a message only: no String made per key)
                // The value's kind, looked at once: null means absent; the readers below know it.
                let k = try p.kind()
                if k == .null {
                    _ = try p.readNull()
                    continue
                }
                func string() throws(JSONSyntaxError) -> String {
                    guard k == .string else { throw p.error(at: "\"\(key)\" is \(k.name), not a string") }
                    return try p.readString()
                }
                func date() throws(JSONSyntaxError) -> (LocalDateTime, Int?)? {
                    guard k == .string else { throw p.error(at: "\"\(key)\" is \(k.name), not a string") }
                    guard let raw = try p.readRawString() else { return nil }
                    return raw.withUnsafeBufferPointer { DateTimeText.parse(bytes: $0) }
                }
                func instant() throws(JSONSyntaxError) -> Instant {
                    guard let (local, offset) = try date(), let offset else {
                        throw p.error(at: "\"\(key)\" is not an RFC 3339 date-time")
                    }
                    let t = Instant(local.secondsAsUTC - Int64(offset))
                    guard t.isSupported else { throw p.error(at: "\"\(key)\" is outside \(CivilDate.supportedText)") }
                    return t
                }
                func int(_ range: ClosedRange<Int>) throws(JSONSyntaxError) -> Int {
                    guard k == .number else { throw p.error(at: "\"\(key)\" must be a whole number") }
                    let n = try p.readNumber()
                    guard n.rounded() == n, n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
                        throw p.error(
                            at: "\"\(key)\" must be a whole number from \(range.lowerBound) to \(range.upperBound)")
                    }
                    return Int(n)
                }
                func bool() throws(JSONSyntaxError) -> Bool {
                    guard k == .bool else { throw p.error(at: "\"\(key)\" must be true or false") }
                    return try p.readBool()
                }
                switch field {
                case .kind:
                    let k = try string()
                    if given == nil {
                        guard let parsed = Kind.named(k) else { throw p.error(at: "\"kind\" must be deadline or todo") }
                        kind = parsed
                    }
                case .id: id = try string()
                case .handle: handle = try int(0...Item.maxHandle)
                case .title: title = try string()
                case .note: note = try string()
                case .due:
                    guard k == .string else { throw p.error(at: "\"due\" is \(k.name), not a string") }
                    guard let raw = try p.readRawString(), let d = raw.withUnsafeBufferPointer({ Due(storage: $0) })
                    else {
                        throw p.error(at: "\"due\" is not a date (YYYY-MM-DD) or an RFC 3339 date-time")
                    }
                    guard d.isSupported else { throw p.error(at: "\"due\" is outside \(CivilDate.supportedText)") }
                    due = d
                case .start: start = try instant()
                case .created: created = try instant()
                case .tag: tag = try string()
                case .color:
                    let c = try string()
                    guard ColorText.isValid(c) else { throw p.error(at: "\"color\" must be #rrggbb") }
                    color = c
                case .icon: icon = try string()
                case .starred: starred = try bool()
                case .priority:
                    guard let parsed = Priority.named(try string()) else {
                        throw p.error(at: "\"priority\" must be high, medium, low or none")
                    }
                    priority = parsed
                case .remind: remind = try instant()
                case .completed: completed = try instant()
                case .source: source = try string()
                case .origin:
                    // Only compared, never shown: anything but a short id is dropped.
                    let o = try string()
                    origin = Item.isOrigin(o) ? o : nil
                case .seen: seen = try instant()
                case .end: end = try instant()
                case .reply:
                    let r = try string()
                    reply = ["invited", "tentative", "declined"].contains(r) ? r : nil
                case .via:
                    let v = try string()
                    via = v == Item.viaLink ? v : nil
                case .worktime: worktime = try bool()
                case .daysOff:
                    guard let ranges = DateRanges.parse(try string()) else {
                        throw p.error(
                            at:
                                "\"daysOff\" must be dates or ranges (2026-12-24/2026-12-26), comma-separated, at most \(DateRanges.maxRanges)"
                        )
                    }
                    daysOff = ranges
                case .rrule: rrule = try string()
                case .removed: extras.removed = try int(0...1)
                case .done: extras.done = try bool()
                case .doneAt: extras.doneAt = try instant()
                }
            }
            guard let kind else { throw p.error(at: "\"kind\" is missing") }
            guard let id, !id.isEmpty else { throw p.error(at: "\"id\" is missing") }
            guard let title else { throw p.error(at: "\"title\" is missing") }
            if kind == .deadline && due == nil { throw p.error(at: "\"due\" is missing (a deadline needs one)") }
            var item = Item(
                kind: kind, id: lowerCaseIDs || ASCIIText.isLowercase(id) ? id : id.lowercased(), handle: handle ?? 0,
                title: title, note: note, due: due, start: start, created: created, tag: tag, color: color, icon: icon,
                starred: starred, priority: priority, remind: remind, completed: completed, source: source)
            if origin != nil || seen != nil || end != nil || reply != nil || via != nil || worktime || !daysOff.isEmpty
                || rrule != nil
            {
                item.more = ItemMore(
                    origin: origin, seen: seen, end: end, reply: reply, via: via, worktime: worktime, daysOff: daysOff,
                    rrule: rrule)
            }
            return (item, extras)
        } catch {
            throw ItemReadError(message: error.message, line: error.line, handle: handle)
        }
    }
}

/// The keys of an item's JSON.
enum ItemField {
    case kind, id, handle, title, note, due, start, created, tag, color, icon, starred, priority, remind, completed,
        source
    case origin, seen, end, reply, via, worktime, daysOff, rrule, removed, done, doneAt

    static let all: [ItemField] = [
        .kind, .id, .handle, .title, .note, .due, .start, .created, .tag, .color, .icon, .starred,
        .priority, .remind, .completed, .source, .origin, .seen, .end, .reply, .via, .worktime, .daysOff, .rrule,
        .removed,
        .done, .doneAt
    ]

    var name: String {
        switch self {
        case .kind: "kind"
        case .id: "id"
        case .handle: "handle"
        case .title: "title"
        case .note: "note"
        case .due: "due"
        case .start: "start"
        case .created: "created"
        case .tag: "tag"
        case .color: "color"
        case .icon: "icon"
        case .starred: "starred"
        case .priority: "priority"
        case .remind: "remind"
        case .completed: "completed"
        case .source: "source"
        case .origin: "origin"
        case .seen: "seen"
        case .end: "end"
        case .reply: "reply"
        case .via: "via"
        case .worktime: "worktime"
        case .daysOff: "daysOff"
        case .rrule: "rrule"
        case .removed: "removed"
        case .done: "done"
        case .doneAt: "doneAt"
        }
    }

    /// The field a key names, matched by its bytes (no String is made for a key): length and
    /// first letter pick the one candidate, then its bytes are compared.
    static func named(_ key: JSONParser.RawKey, in bytes: [UInt8]) -> ItemField? {
        switch key {
        case .text(let t): return all.first { $0.name == t }
        case .bytes(let start, let end):
            return bytes.withUnsafeBufferPointer { whole -> ItemField? in
                let b = UnsafeBufferPointer(rebasing: whole[start..<end])
                guard let first = b.first else { return nil }
                let candidate: ItemField?
                switch (b.count, first) {
                case (2, UInt8(ascii: "i")): candidate = .id
                case (3, UInt8(ascii: "d")): candidate = .due
                case (3, UInt8(ascii: "t")): candidate = .tag
                case (3, UInt8(ascii: "e")): candidate = .end
                case (3, UInt8(ascii: "v")): candidate = .via
                case (4, UInt8(ascii: "k")): candidate = .kind
                case (4, UInt8(ascii: "n")): candidate = .note
                case (4, UInt8(ascii: "i")): candidate = .icon
                case (4, UInt8(ascii: "d")): candidate = .done
                case (4, UInt8(ascii: "s")): candidate = .seen
                case (5, UInt8(ascii: "t")): candidate = .title
                case (5, UInt8(ascii: "s")): candidate = .start
                case (5, UInt8(ascii: "c")): candidate = .color
                case (5, UInt8(ascii: "r")): candidate = b[1] == UInt8(ascii: "r") ? .rrule : .reply
                case (6, UInt8(ascii: "h")): candidate = .handle
                case (6, UInt8(ascii: "r")): candidate = .remind
                case (6, UInt8(ascii: "s")): candidate = .source
                case (6, UInt8(ascii: "o")): candidate = .origin
                case (6, UInt8(ascii: "d")): candidate = .doneAt
                case (7, UInt8(ascii: "c")): candidate = .created
                case (7, UInt8(ascii: "s")): candidate = .starred
                case (7, UInt8(ascii: "r")): candidate = .removed
                case (7, UInt8(ascii: "d")): candidate = .daysOff
                case (8, UInt8(ascii: "p")): candidate = .priority
                case (8, UInt8(ascii: "w")): candidate = .worktime
                case (9, UInt8(ascii: "c")): candidate = .completed
                default: candidate = nil
                }
                guard let candidate else { return nil }
                // Byte by byte (the generic `elementsEqual` cost the poll path more than the rest of this).
                var name = candidate.name
                return name.withUTF8 { u -> Bool in
                    guard u.count == b.count else { return false }
                    for i in 0..<u.count where u[i] != b[i] { return false }
                    return true
                } ? candidate : nil
            }
        }
    }
}

extension Item.Kind {
    /// The kind with this name (a scan, not `init(rawValue:)`: see `Priority.named`).
    public static func named(_ name: String) -> Item.Kind? {
        name == "deadline" ? .deadline : name == "todo" ? .todo : nil
    }
}

/// Why an item in a file cannot be read: what is wrong (naming the field), the line, and the
/// item's handle when it was read before the problem.
public struct ItemReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, naming the field (no line or handle).
    public var message: String
    /// The 1-based line, in the text being read, where the problem is.
    public var line: Int
    /// The item's handle, when it was read before the problem; nil otherwise.
    public var handle: Int?
    /// An error saying `message` at `line`, for the item with `handle` when known.
    public init(message: String, line: Int, handle: Int? = nil) {
        self.message = message
        self.line = line
        self.handle = handle
    }
    /// The message alone, without the line or handle.
    public var description: String { message }
}
