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
    /// object's `kind` key. The error names the field and says what is wrong with it.
    public init(json: JSON, kind given: Kind? = nil) throws(ItemReadError) {
        guard json.members != nil else { throw ItemReadError(field: nil, message: "is \(json.typeName), not an object") }
        func string(_ key: String) throws(ItemReadError) -> String? {
            guard let v = json[key], !v.isNull else { return nil }
            guard let s = v.stringValue else { throw ItemReadError(field: key, message: "is \(v.typeName), not a string") }
            return s
        }
        func instant(_ key: String) throws(ItemReadError) -> Instant? {
            guard let s = try string(key) else { return nil }
            guard let t = RFC3339.parse(s) else { throw ItemReadError(field: key, message: "is not an RFC 3339 date-time") }
            guard t.isSupported else { throw ItemReadError(field: key, message: "is outside \(CivilDate.supportedText)") }
            return t
        }
        if let given {
            kind = given
        } else {
            guard let k = try string("kind") else { throw ItemReadError(field: "kind", message: "is missing") }
            guard let parsed = Kind(rawValue: k) else { throw ItemReadError(field: "kind", message: "must be deadline or todo") }
            kind = parsed
        }
        guard let id = try string("id"), !id.isEmpty else { throw ItemReadError(field: "id", message: "is missing") }
        self.id = id.lowercased()
        if let h = json["handle"], !h.isNull {
            guard let n = h.intValue, (0...Item.maxHandle).contains(n) else {
                throw ItemReadError(field: "handle", message: "must be a whole number from 0 to \(Item.maxHandle)")
            }
            handle = n
        } else {
            handle = 0
        }
        guard let title = try string("title") else { throw ItemReadError(field: "title", message: "is missing") }
        self.title = title
        note = try string("note") ?? ""
        if let text = try string("due") {
            guard let d = Due(storage: text) else {
                throw ItemReadError(field: "due", message: "is not a date (YYYY-MM-DD) or an RFC 3339 date-time")
            }
            guard d.isSupported else { throw ItemReadError(field: "due", message: "is outside \(CivilDate.supportedText)") }
            due = d
        } else {
            due = nil
        }
        if kind == .deadline && due == nil { throw ItemReadError(field: "due", message: "is missing (a deadline needs one)") }
        start = try instant("start")
        created = try instant("created")
        tag = try string("tag")
        color = try string("color")
        if let c = color, !ColorText.isValid(c) { throw ItemReadError(field: "color", message: "must be #rrggbb") }
        icon = try string("icon")
        if let s = json["starred"], !s.isNull {
            guard let b = s.boolValue else { throw ItemReadError(field: "starred", message: "must be true or false") }
            starred = b
        } else {
            starred = false
        }
        if let p = try string("priority") {
            guard let parsed = Priority.named(p) else { throw ItemReadError(field: "priority", message: "must be high, medium, low or none") }
            priority = parsed
        } else {
            priority = .none
        }
        remind = try instant("remind")
        completed = try instant("completed")
        source = try string("source") ?? Item.ownSource
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
