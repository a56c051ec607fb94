/// The one JSON form of an item, read and written here only: the store's items, the history's
/// lines and the summary's deadlines and todos are all this object. Empty and default fields are
/// left out (a missing key means null, "", false, "none" or "tminus"); `docs/storage.md` and
/// `docs/summary-format.md` describe the fields.
extension Item {
    /// The largest handle tminus hands out or accepts from a file.
    public static let maxHandle = 999_999_999

    /// The item as JSON; `withKind` adds the `kind` key (the summary's lists are split by kind
    /// instead).
    public func json(withKind: Bool = true) -> JSON {
        func time(_ t: Instant?) -> JSON? { t.map { .string($0.description) } }
        return .object([
            "kind": withKind ? .string(kind.rawValue) : nil,
            "id": .string(id),
            "handle": .int(handle),
            "title": .string(title),
            "note": note.isEmpty ? nil : .string(note),
            "due": due.map { .string($0.description) },
            "start": time(start),
            "created": time(created),
            "tag": tag.map(JSON.string),
            "color": color.map(JSON.string),
            "icon": icon.map(JSON.string),
            "starred": starred ? .bool(true) : nil,
            "priority": priority == .none ? nil : .string(priority.rawValue),
            "remind": time(remind),
            "completed": time(completed),
            "source": source == Item.ownSource ? nil : .string(source),
        ])
    }

    /// Reads an item; `kind` when the container says it (the summary's `deadlines` list), else the
    /// object's `kind` key. The error names the field and says what is wrong with it. One pass over
    /// the object's members (every bar process reads every item of the summary this way). Ids are
    /// made lower-case unless `lowerCaseIDs` says they are already (the summary, which tminus
    /// writes from ids it has lowered).
    public init(json: JSON, kind given: Kind? = nil, lowerCaseIDs: Bool = false) throws(ItemReadError) {
        guard let members = json.members else { throw ItemReadError(field: nil, message: "is \(json.typeName), not an object") }
        var kind = given
        var id: String?
        var handle = 0
        var title: String?
        var due: Due?
        var note = "", start: Instant?, created: Instant?, tag: String?, color: String?, icon: String?
        var starred = false, priority = Priority.none, remind: Instant?, completed: Instant?, source = Item.ownSource
        for m in members {
            guard let field = ItemField.named(m.key) else { continue }
            let v = m.value
            if v.isNull { continue }
            func string() throws(ItemReadError) -> String {
                guard let s = v.stringValue else { throw ItemReadError(field: m.key, message: "is \(v.typeName), not a string") }
                return s
            }
            func instant() throws(ItemReadError) -> Instant {
                guard let t = RFC3339.parse(try string()) else { throw ItemReadError(field: m.key, message: "is not an RFC 3339 date-time") }
                guard t.isSupported else { throw ItemReadError(field: m.key, message: "is outside \(CivilDate.supportedText)") }
                return t
            }
            switch field {
            case .kind:
                if given == nil {
                    guard let k = Kind.named(try string()) else { throw ItemReadError(field: "kind", message: "must be deadline or todo") }
                    kind = k
                }
            case .id: id = try string()
            case .handle:
                guard let n = v.intValue, (0...Item.maxHandle).contains(n) else {
                    throw ItemReadError(field: "handle", message: "must be a whole number from 0 to \(Item.maxHandle)")
                }
                handle = n
            case .title: title = try string()
            case .note: note = try string()
            case .due:
                guard let d = Due(storage: try string()) else {
                    throw ItemReadError(field: "due", message: "is not a date (YYYY-MM-DD) or an RFC 3339 date-time")
                }
                guard d.isSupported else { throw ItemReadError(field: "due", message: "is outside \(CivilDate.supportedText)") }
                due = d
            case .start: start = try instant()
            case .created: created = try instant()
            case .tag: tag = try string()
            case .color:
                let c = try string()
                guard ColorText.isValid(c) else { throw ItemReadError(field: "color", message: "must be #rrggbb") }
                color = c
            case .icon: icon = try string()
            case .starred:
                guard let b = v.boolValue else { throw ItemReadError(field: "starred", message: "must be true or false") }
                starred = b
            case .priority:
                guard let p = Priority.named(try string()) else { throw ItemReadError(field: "priority", message: "must be high, medium, low or none") }
                priority = p
            case .remind: remind = try instant()
            case .completed: completed = try instant()
            case .source: source = try string()
            }
        }
        guard let kind else { throw ItemReadError(field: "kind", message: "is missing") }
        guard let id, !id.isEmpty else { throw ItemReadError(field: "id", message: "is missing") }
        guard let title else { throw ItemReadError(field: "title", message: "is missing") }
        if kind == .deadline && due == nil { throw ItemReadError(field: "due", message: "is missing (a deadline needs one)") }
        self.init(kind: kind, id: lowerCaseIDs || ASCIIText.isLowercase(id) ? id : id.lowercased(), handle: handle, title: title,
                  note: note, due: due, start: start, created: created, tag: tag, color: color, icon: icon, starred: starred,
                  priority: priority, remind: remind, completed: completed, source: source)
    }
}

/// The keys of an item's JSON. `named` picks one by length and first letter before comparing
/// (every bar process reads every key of every item in the summary).
enum ItemField {
    case kind, id, handle, title, note, due, start, created, tag, color, icon, starred, priority, remind, completed, source

    static func named(_ key: String) -> ItemField? {
        let u = key.utf8
        guard let first = u.first else { return nil }
        let candidate: (ItemField, String)?
        switch (u.count, first) {
        case (2, UInt8(ascii: "i")): candidate = (.id, "id")
        case (3, UInt8(ascii: "d")): candidate = (.due, "due")
        case (3, UInt8(ascii: "t")): candidate = (.tag, "tag")
        case (4, UInt8(ascii: "k")): candidate = (.kind, "kind")
        case (4, UInt8(ascii: "n")): candidate = (.note, "note")
        case (4, UInt8(ascii: "i")): candidate = (.icon, "icon")
        case (5, UInt8(ascii: "t")): candidate = (.title, "title")
        case (5, UInt8(ascii: "s")): candidate = (.start, "start")
        case (5, UInt8(ascii: "c")): candidate = (.color, "color")
        case (6, UInt8(ascii: "h")): candidate = (.handle, "handle")
        case (6, UInt8(ascii: "r")): candidate = (.remind, "remind")
        case (6, UInt8(ascii: "s")): candidate = (.source, "source")
        case (7, UInt8(ascii: "c")): candidate = (.created, "created")
        case (7, UInt8(ascii: "s")): candidate = (.starred, "starred")
        case (8, UInt8(ascii: "p")): candidate = (.priority, "priority")
        case (9, UInt8(ascii: "c")): candidate = (.completed, "completed")
        default: candidate = nil
        }
        guard let (field, name) = candidate, key == name else { return nil }
        return field
    }
}

extension Item.Kind {
    /// The kind with this name (a scan, not `init(rawValue:)`: see `Priority.named`).
    public static func named(_ name: String) -> Item.Kind? {
        name == "deadline" ? .deadline : name == "todo" ? .todo : nil
    }
}

/// Why an item in a file cannot be read: the field (nil: the whole item) and what is wrong.
public struct ItemReadError: Error, Equatable, Sendable, CustomStringConvertible {
    public var field: String?
    public var message: String
    public init(field: String?, message: String) {
        self.field = field
        self.message = message
    }
    public var description: String { field.map { "\"\($0)\" \(message)" } ?? message }
}
