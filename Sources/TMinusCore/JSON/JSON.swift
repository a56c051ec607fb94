/// A JSON value, small and fast enough for the poll path (no Foundation, no reflection).
///
/// Objects keep their members in source order, each with the line it was read from, so a
/// config error can name the line and key.
public enum JSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([Member])

    /// One member of an object: its key, value and the 1-based line of the key (0 when built in code).
    public struct Member: Equatable, Sendable {
        /// The member's name.
        public var key: String
        /// The member's value.
        public var value: JSON
        /// The 1-based line of the key in the text it was read from; 0 when built in code.
        public var line: Int
        /// A member `key`: `value`, read at `line` (0 for one built in code).
        public init(_ key: String, _ value: JSON, line: Int = 0) {
            self.key = key
            self.value = value
            self.line = line
        }
    }

    /// Builds an object from key/value pairs, skipping nil values.
    public static func object(_ pairs: KeyValuePairs<String, JSON?>) -> JSON {
        .object(pairs.compactMap { key, value in value.map { Member(key, $0) } })
    }

    /// The value of the last member named `key`; nil when there is none or this is not an object.
    public subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    /// The text of a string; nil for any other value.
    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The value of a number; nil for any other value.
    public var numberValue: Double? {
        if case .number(let n) = self { return n }
        return nil
    }

    /// A number that is whole and under 9e15 in magnitude, as an Int; nil otherwise.
    public var intValue: Int? {
        guard case .number(let n) = self, n.rounded() == n, abs(n) < 9.0e15 else { return nil }
        return Int(n)
    }

    /// The value of a boolean; nil for any other value.
    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    /// The elements of an array, in order; nil for any other value.
    public var arrayValue: [JSON]? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// The members of an object, in source order; nil for any other value.
    public var members: [Member]? {
        if case .object(let m) = self { return m }
        return nil
    }

    /// Whether this is JSON `null`.
    public var isNull: Bool { self == .null }

    /// A short name of the value's type, for error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

extension JSON {
    /// `.string` for a non-nil string, `.null` otherwise.
    public static func string(orNull s: String?) -> JSON { s.map(JSON.string) ?? .null }
    /// `.number` for an integer.
    public static func int(_ i: Int) -> JSON { .number(Double(i)) }
}
