public import TMinusCore

/// One top-level config key, declared once: its name, what it does, its default as `config init`
/// writes it, its JSON Schema, and how it is read. The parser, `config init`'s file, `config
/// schema`, the man page and the docs test all read `ConfigKey.all`.
public struct ConfigKey: Sendable {
    /// The key as written in `config.json`.
    public let name: String
    /// One line on what it does (the schema's description, the man page).
    public let summary: String
    /// Comment lines above it in `config init`'s file (none: the comment above covers it).
    public let comment: [String]
    /// The value `config init` writes (JSON text, the default or an example).
    public let initValue: String
    /// Whether `config init` writes it commented out (an example, not a default).
    public let commented: Bool
    /// The JSON Schema of its value (made when asked: a config read on the poll path never is).
    public var schema: JSON { makeSchema() }
    let makeSchema: @Sendable () -> JSON
    let read: @Sendable (inout ConfigReader, JSON.Member) -> Void

    init(
        _ name: String, _ summary: String, comment: [String] = [], initValue: String, commented: Bool = false,
        schema: @autoclosure @escaping @Sendable () -> JSON,
        read: @escaping @Sendable (inout ConfigReader, JSON.Member) -> Void
    ) {
        self.name = name
        self.summary = summary
        self.comment = comment
        self.initValue = initValue
        self.commented = commented
        self.makeSchema = schema
        self.read = read
    }

    /// The key of this name, or nil for an unknown key.
    public static func named(_ name: String) -> ConfigKey? { all.first { $0.name == name } }

    /// `"a", "b" or "c"`.
    static func orList(_ words: [String]) -> String {
        let quoted = words.map { "\"\($0)\"" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
    }
}

/// JSON Schema pieces (draft-07, which editors read).
enum Schema {
    static func string(_ description: String? = nil) -> JSON {
        .object(["type": .string("string"), "description": description.map(JSON.string)])
    }
    static func words(_ words: [String]) -> JSON {
        .object(["type": .string("string"), "enum": .array(words.map(JSON.string))])
    }
    static func integer(_ range: ClosedRange<Int>) -> JSON {
        .object(["type": .string("integer"), "minimum": .int(range.lowerBound), "maximum": .int(range.upperBound)])
    }
    static let boolean: JSON = .object(["type": .string("boolean")])
    /// A duration: seconds, or text like "24h", "90m", "1h30m", "2d" (DurationText).
    static let duration: JSON = .object([
        "oneOf": .array([
            .object(["type": .string("integer"), "minimum": .int(0), "maximum": .int(Int(DurationText.max))]),
            .object(["type": .string("string"), "pattern": .string(#"^ *([0-9]+ *[sSmMhHdDwW] *)+$|^ *[0-9]+ *$"#)])
        ])
    ])
    /// `#rrggbb` or `#rgb` (white space around it allowed, as the parser trims it).
    static let color: JSON = .object([
        "type": .string("string"), "pattern": .string(#"^\s*#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})\s*$"#)
    ])
    static func object(_ properties: [(String, JSON)], additional: JSON = .bool(false)) -> JSON {
        .object([
            "type": .string("object"),
            "properties": .object(properties.map { JSON.Member($0.0, $0.1) }),
            "additionalProperties": additional
        ])
    }
    static func array(_ items: JSON, maxItems: Int? = nil) -> JSON {
        .object(["type": .string("array"), "items": items, "maxItems": maxItems.map(JSON.int)])
    }
    static func perState(_ value: JSON) -> JSON { object(EntryState.allCases.map { ($0.rawValue, value) }) }
}
