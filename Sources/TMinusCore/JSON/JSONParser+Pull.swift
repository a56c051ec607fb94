/// Reading JSON value by value, without building a tree: the store, the history and the summary
/// are read this way (every bar process reads every item of the summary, and a tree of them cost
/// as much as the rest of its work). The same tokenizer as `parse`, so the same dialect, limits
/// and error positions.
///
///     var p = JSONParser(bytes)
///     try p.beginObject()
///     while let key = try p.nextKey() { … read the value, or p.skipValue() … }
///     try p.finish()
extension JSONParser {
    /// What the next value is.
    public enum ValueKind: Equatable, Sendable {
        case object, array, string, number, bool, null

        /// "an object", "a string", …: for messages.
        public var name: String {
            switch self {
            case .object: "an object"
            case .array: "an array"
            case .string: "a string"
            case .number: "a number"
            case .bool: "a boolean"
            case .null: "null"
            }
        }
    }

    /// A strict reader over `bytes` (a UTF-8 byte-order mark is skipped).
    public init(_ bytes: [UInt8]) { self.init(bytes: bytes, relaxed: false) }

    /// A strict reader over `bytes` from `offset` on (a value found earlier, read now: a file
    /// cache's item). Its messages count lines from there.
    /// `depth`: how deep in containers the value is (a value found inside others is as deeply
    /// nested as it was there: the limit on nesting counts them).
    public init(_ bytes: [UInt8], at offset: Int, depth: Int = 0) {
        self.init(bytes: bytes, relaxed: false)
        index = offset
        lineStart = offset
        self.depth = depth
    }

    /// The position of the next value, for messages.
    public var currentLine: Int { line }

    /// The byte the reader is at: after `kind()`, the next value's first byte; after a value, the
    /// byte past it (a reader that keeps a value's bytes as they are).
    public var offset: Int { index }

    /// An error at the current position.
    public func error(at message: String) -> JSONSyntaxError { error(message) }

    /// The kind of the next value (whitespace skipped); an error at the end of the text or at a
    /// byte that starts no value.
    public mutating func kind() throws(JSONSyntaxError) -> ValueKind {
        try skipSpace()
        guard index < bytes.count else { throw error("the text ends where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw error("unexpected character '\(printable(bytes[index]))' where a value was expected")
        }
    }

    /// Consumes `{`.
    public mutating func beginObject() throws(JSONSyntaxError) {
        guard try kind() == .object else { throw error("expected an object") }
        try enter()
        index += 1
        open.append((object: true, started: false))
    }

    /// Consumes `[`.
    public mutating func beginArray() throws(JSONSyntaxError) {
        guard try kind() == .array else { throw error("expected an array") }
        try enter()
        index += 1
        open.append((object: false, started: false))
    }

    /// The next key as where its bytes are, when it has no escapes (no String is made: a reader
    /// that knows its keys matches the bytes, `text(of:)` decodes it), or its text decoded; nil
    /// at the object's `}`.
    public mutating func nextRawKey() throws(JSONSyntaxError) -> RawKey? {
        guard try advance(closing: UInt8(ascii: "}"), what: "an object; a '}' is missing") else { return nil }
        guard bytes[index] == UInt8(ascii: "\"") else {
            throw error("expected a quoted key, found '\(printable(bytes[index]))'")
        }
        let end = plainEnd(from: index + 1)
        let key: RawKey
        if end < bytes.count && bytes[end] == UInt8(ascii: "\"") {
            // (Offsets, not a slice: a slice holds the bytes' buffer, retained and released for
            // each key of each item read.)
            key = .bytes(start: index + 1, end: end)
            index = end + 1
        } else {
            key = .text(try parseString())
        }
        try skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after a key") }
        index += 1
        return key
    }

    /// A key as `nextRawKey` gives it: where its bytes are in the text read, or its decoded text.
    public enum RawKey: Sendable {
        case bytes(start: Int, end: Int)
        case text(String)
    }

    /// Past the value at the reader's position (after `kind()`), which the caller found to end
    /// at `end` (a value of a shape it scans itself; nothing inside it is checked here).
    public mutating func pass(to end: Int) {
        precondition(end > index && end <= bytes.count, "a value passed over that does not follow")
        index = end
    }

    /// Whether a key is `name` (compared where its bytes are: no String made per key).
    public func isKey(_ key: RawKey, _ name: StaticString) -> Bool {
        switch key {
        case .bytes(let start, let end):
            guard end - start == name.utf8CodeUnitCount else { return false }
            let n = name.utf8Start
            for k in 0..<(end - start) where bytes[start + k] != n[k] { return false }
            return true
        case .text(let t): return t == name.description
        }
    }

    /// A key's text (its bytes decoded as UTF-8).
    public func text(of key: RawKey) -> String {
        switch key {
        case .bytes(let start, let end): String(decoding: bytes[start..<end], as: UTF8.self)
        case .text(let t): t
        }
    }

    /// The next key of the object being read (its `:` consumed), or nil at its `}` (consumed).
    public mutating func nextKey() throws(JSONSyntaxError) -> String? {
        guard try advance(closing: UInt8(ascii: "}"), what: "an object; a '}' is missing") else { return nil }
        guard bytes[index] == UInt8(ascii: "\"") else {
            throw error("expected a quoted key, found '\(printable(bytes[index]))'")
        }
        let key = try parseString()
        try skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw error("expected ':' after the key \"\(key)\"")
        }
        index += 1
        return key
    }

    /// True when another element of the array being read follows (its `,` consumed); false at its
    /// `]` (consumed).
    public mutating func nextElement() throws(JSONSyntaxError) -> Bool {
        try advance(closing: UInt8(ascii: "]"), what: "an array; a ']' is missing")
    }

    /// Past the `,` before the next element of the innermost container (true), or past its
    /// closing bracket (false, and the container is done). The messages are `parse`'s.
    private mutating func advance(closing: UInt8, what: String) throws(JSONSyntaxError) -> Bool {
        try skipSpace()
        guard index < bytes.count else { throw error("the text ends inside \(what)") }
        if bytes[index] == closing { return close() }
        if open[open.count - 1].started {
            guard bytes[index] == UInt8(ascii: ",") else {
                throw error(
                    closing == UInt8(ascii: "}")
                        ? "expected ',' or '}' after a value" : "expected ',' or ']' in an array")
            }
            index += 1
            try skipSpace()
            guard index < bytes.count else { throw error("the text ends inside \(what)") }
            // A trailing comma: the config's dialect allows it; strictly, the next read fails.
            if bytes[index] == closing && relaxed { return close() }
            if bytes[index] == closing && closing == UInt8(ascii: "]") {
                throw error("unexpected character ']' where a value was expected")
            }
        }
        open[open.count - 1].started = true
        return true
    }

    /// Past the `}` at `end` of the object being read, whose members a reader matched by their
    /// bytes (nothing between its `{` and `end` is checked here).
    mutating func closeObject(at end: Int) {
        precondition(end >= index && end < bytes.count && bytes[end] == UInt8(ascii: "}"), "not the object's end")
        index = end
        _ = close()
    }

    private mutating func close() -> Bool {
        index += 1
        open.removeLast()
        depth -= 1
        return false
    }

    /// The next value, which must be a string, with its escapes decoded.
    public mutating func readString() throws(JSONSyntaxError) -> String {
        guard try kind() == .string else { throw error("expected a string") }
        return try parseString()
    }

    /// A string's bytes when it has no escapes (no String is made: for dates); nil after reading
    /// one that has escapes, whose text is then in `readString`'s form via `escaped`.
    public mutating func readRawString() throws(JSONSyntaxError) -> ArraySlice<UInt8>? {
        guard try kind() == .string else { throw error("expected a string") }
        let end = plainEnd(from: index + 1)
        if end < bytes.count && bytes[end] == UInt8(ascii: "\"") {
            defer { index = end + 1 }
            return bytes[(index + 1)..<end]
        }
        _ = try parseString()
        return nil
    }

    /// A string's UTF-8 bytes: where they are when it has no escapes, else decoded (a name or id
    /// kept as bytes, with no String made for it).
    public mutating func readStringBytes() throws(JSONSyntaxError) -> ArraySlice<UInt8> {
        _ = try kind()
        let start = index
        if let raw = try readRawString() { return raw }
        index = start
        return Array(try readString().utf8)[...]
    }

    /// The next value, which must be a number.
    public mutating func readNumber() throws(JSONSyntaxError) -> Double {
        guard try kind() == .number else { throw error("expected a number") }
        guard case .number(let n) = try parseNumber() else { return 0 }
        return n
    }

    /// The next value, which must be `true` or `false`.
    public mutating func readBool() throws(JSONSyntaxError) -> Bool {
        guard try kind() == .bool else { throw error("expected true or false") }
        if bytes[index] == UInt8(ascii: "t") {
            try literal("true")
            return true
        }
        try literal("false")
        return false
    }

    /// Consumes `null` when it comes next; false (nothing consumed) otherwise.
    public mutating func readNull() throws(JSONSyntaxError) -> Bool {
        guard try kind() == .null else { return false }
        try literal("null")
        return true
    }

    /// Reads past the next value, whatever it is (a loop, not recursion; nesting is limited as in
    /// `parse`). Strings and keys are checked as `parse` checks them, with the same messages, but
    /// never made (a store's version is found by skipping every item).
    public mutating func skipValue() throws(JSONSyntaxError) {
        let base = open.count
        while true {
            switch try kind() {
            case .object: try beginObject()
            case .array: try beginArray()
            case .string: try skipString()
            case .number: _ = try parseNumber()
            case .bool: _ = try readBool()
            case .null: _ = try readNull()
            }
            // On to the next value inside the containers opened here, closing finished ones.
            while open.count > base {
                let more = open[open.count - 1].object ? try skipKey() : try nextElement()
                if more { break }
            }
            if open.count == base { return }
        }
    }

    /// Past the next key and its `:` (true), or past the object's `}` (false).
    private mutating func skipKey() throws(JSONSyntaxError) -> Bool {
        guard try advance(closing: UInt8(ascii: "}"), what: "an object; a '}' is missing") else { return false }
        guard bytes[index] == UInt8(ascii: "\"") else {
            throw error("expected a quoted key, found '\(printable(bytes[index]))'")
        }
        let start = index
        try skipString()
        try skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            // The message `nextKey` gives, which names the key (made only now).
            let here = index
            index = start
            let key = (try? parseString()) ?? ""
            index = here
            throw error("expected ':' after the key \"\(key)\"")
        }
        index += 1
        return true
    }

    /// That only whitespace follows.
    public mutating func finish() throws(JSONSyntaxError) {
        try skipSpace()
        if index < bytes.count { throw error("unexpected text after the end of the JSON value") }
    }
}
