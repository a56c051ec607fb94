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
        public var key: String
        public var value: JSON
        public var line: Int
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

    public subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var numberValue: Double? {
        if case .number(let n) = self { return n }
        return nil
    }

    public var intValue: Int? {
        guard case .number(let n) = self, n.rounded() == n, abs(n) < 9.0e15 else { return nil }
        return Int(n)
    }

    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    public var arrayValue: [JSON]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var members: [Member]? {
        if case .object(let m) = self { return m }
        return nil
    }

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
