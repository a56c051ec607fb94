/// A syntax error in a JSON text, with its 1-based line and column.
public struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The 1-based line of the error.
    public var line: Int
    /// The 1-based column of the error, counted in bytes from the start of its line.
    public var column: Int
    /// What is wrong, in words for the user (no position).
    public var message: String
    /// "line L, column C: message".
    public var description: String { "line \(line), column \(column): \(message)" }

    /// An error at `line` and `column` (both 1-based) saying `message`.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }
}

/// Parses JSON from UTF-8 bytes, into a `JSON` tree (`parse`) or value by value (the pull
/// methods in JSONParser+Pull.swift, which read the store, the history and the summary with no
/// tree in between). With `relaxed`, `//` and `/* */` comments and trailing commas are allowed
/// (the config file's dialect); the store and summary are read strictly.
public struct JSONParser {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var lineStart = 0
    let relaxed: Bool
    var depth = 0
    /// For the pull methods: the objects and arrays being read, innermost last, and whether each
    /// has had an element yet.
    var open: [(object: Bool, started: Bool)] = []

    /// The one JSON value that is the whole of `bytes` (UTF-8); `relaxed` allows comments and trailing commas.
    public static func parse(_ bytes: [UInt8], relaxed: Bool = false) throws(JSONSyntaxError) -> JSON {
        var parser = JSONParser(bytes: bytes, relaxed: relaxed)
        return try parser.parseDocument()
    }

    /// The one JSON value that is the whole of `text`, parsed as its UTF-8 bytes are.
    public static func parse(_ text: String, relaxed: Bool = false) throws(JSONSyntaxError) -> JSON {
        try parse(Array(text.utf8), relaxed: relaxed)
    }

    init(bytes: [UInt8], relaxed: Bool) {
        self.bytes = bytes
        self.relaxed = relaxed
        // Skip a UTF-8 byte-order mark.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3; lineStart = 3 }
    }

    func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(line: line, column: index - lineStart + 1, message: message)
    }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSON {
        try skipSpace()
        guard index < bytes.count else { throw error("the file is empty") }
        let value = try parseValue()
        try skipSpace()
        if index < bytes.count { throw error("unexpected text after the end of the JSON value") }
        return value
    }

    /// Past any whitespace (and, relaxed, comments). Most calls find a value's first byte at
    /// once: that is answered without the loop (every item of the summary makes dozens of calls).
    @inline(__always)
    /// Where the run of plain string bytes from `start` ends: at the first quote, backslash or
    /// control character, or at the end (`JSONBytes.plainEnd`).
    func plainEnd(from start: Int) -> Int {
        bytes.withUnsafeBufferPointer { JSONBytes.plainEnd($0, from: start, stopAtNonASCII: false) }
    }

    mutating func skipSpace() throws(JSONSyntaxError) {
        if index < bytes.count, bytes[index] > 0x20, bytes[index] != UInt8(ascii: "/") { return }
        try skipSpaceAndComments()
    }

    mutating func skipSpaceAndComments() throws(JSONSyntaxError) {
        while index < bytes.count {
            let b = bytes[index]
            if b == 0x0A {
                index += 1; line += 1; lineStart = index
            } else if b == 0x20 || b == 0x09 || b == 0x0D {
                index += 1
            } else if b == UInt8(ascii: "/") && relaxed && index + 1 < bytes.count {
                if bytes[index + 1] == UInt8(ascii: "/") {
                    while index < bytes.count && bytes[index] != 0x0A { index += 1 }
                } else if bytes[index + 1] == UInt8(ascii: "*") {
                    index += 2
                    while true {
                        guard index + 1 < bytes.count else { throw error("a /* comment is never closed") }
                        if bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/") {
                            index += 2; break
                        }
                        if bytes[index] == 0x0A { line += 1; lineStart = index + 1 }
                        index += 1
                    }
                } else {
                    return
                }
            } else {
                return
            }
        }
    }

    mutating func parseValue() throws(JSONSyntaxError) -> JSON {
        guard index < bytes.count else { throw error("the text ends where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default:
            throw error("unexpected character '\(printable(bytes[index]))' where a value was expected")
        }
    }

    func printable(_ b: UInt8) -> String {
        b >= 0x20 && b < 0x7F ? String(UnicodeScalar(b)) : "\\x" + String(b, radix: 16)
    }

    /// Past `word` (`true`, `false`, `null`), compared with the literal's own bytes (no array made
    /// per boolean of a summary or a source's cache).
    mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        var ok = index + count <= bytes.count
        var i = 0
        while ok && i < count {
            ok = bytes[index + i] == word.utf8Start[i]
            i += 1
        }
        guard ok else { throw error("unexpected word; expected \(word)") }
        index += count
    }

    mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > 200 { throw error("nested too deeply") }
    }

    mutating func parseObject() throws(JSONSyntaxError) -> JSON {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [JSON.Member] = []
        try skipSpace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            try skipSpace()
            guard index < bytes.count else { throw error("the text ends inside an object; a '}' is missing") }
            if relaxed && bytes[index] == UInt8(ascii: "}") && !members.isEmpty { index += 1; return .object(members) }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a quoted key, found '\(printable(bytes[index]))'")
            }
            let keyLine = line
            let key = try parseString()
            try skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("expected ':' after the key \"\(key)\"")
            }
            index += 1
            try skipSpace()
            let value = try parseValue()
            members.append(JSON.Member(key, value, line: keyLine))
            try skipSpace()
            guard index < bytes.count else { throw error("the text ends inside an object; a '}' is missing") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw error("expected ',' or '}' after the value of \"\(key)\"")
        }
    }

    mutating func parseArray() throws(JSONSyntaxError) -> JSON {
        try enter()
        defer { depth -= 1 }
        index += 1
        var items: [JSON] = []
        try skipSpace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            try skipSpace()
            if relaxed && index < bytes.count && bytes[index] == UInt8(ascii: "]") && !items.isEmpty {
                index += 1; return .array(items)
            }
            items.append(try parseValue())
            try skipSpace()
            guard index < bytes.count else { throw error("the text ends inside an array; a ']' is missing") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            throw error("expected ',' or ']' in an array")
        }
    }

    mutating func parseNumber() throws(JSONSyntaxError) -> JSON {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let s = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            return index - s
        }
        let intDigits = digits()
        guard intDigits > 0 else { throw error("a number needs digits") }
        let isInteger =
            index >= bytes.count
            || (bytes[index] != UInt8(ascii: ".") && bytes[index] != UInt8(ascii: "e")
                && bytes[index] != UInt8(ascii: "E"))
        if isInteger && intDigits <= 15 {
            // Handles and counts: no text and no strtod for a plain integer.
            var v = 0
            for k in (index - intDigits)..<index { v = v * 10 + Int(bytes[k] - 0x30) }
            return .number(Double(bytes[start] == UInt8(ascii: "-") ? -v : v))
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("a number needs digits after '.'") }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                index += 1
            }
            guard digits() > 0 else { throw error("a number needs digits in its exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text) else { throw error("'\(text)' is not a number") }
        return .number(value)
    }

    mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        // Fast path: a string with no escapes is one slice of the input.
        let end = plainEnd(from: index)
        if end < bytes.count && bytes[end] == UInt8(ascii: "\"") {
            let s = String(decoding: bytes[index..<end], as: UTF8.self)
            index = end + 1
            return s
        }
        var out: [UInt8] = []
        var runStart = index
        while true {
            guard index < bytes.count else { throw error("a string is never closed; a '\"' is missing") }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                out.append(contentsOf: bytes[runStart..<index])
                index += 1
                break
            }
            if b < 0x20 {
                throw error(
                    b == 0x0A
                        ? "a string runs past the end of the line; a '\"' is missing"
                        : "a control character inside a string")
            }
            if b != UInt8(ascii: "\\") { index += 1; continue }
            out.append(contentsOf: bytes[runStart..<index])
            index += 1
            guard index < bytes.count else { throw error("a string ends in a lone backslash") }
            let e = bytes[index]
            index += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                let scalar = try unicodeEscape()
                out.append(contentsOf: Array(String(Character(UnicodeScalar(scalar)!)).utf8))
            default:
                throw error("unknown escape '\\\(printable(e))' in a string")
            }
            runStart = index
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Past a string literal, checked as `parseString` checks it (the same messages), without
    /// making it.
    mutating func skipString() throws(JSONSyntaxError) {
        index = plainEnd(from: index + 1)
        while true {
            guard index < bytes.count else { throw error("a string is never closed; a '\"' is missing") }
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                index += 1
                return
            }
            if b < 0x20 {
                throw error(
                    b == 0x0A
                        ? "a string runs past the end of the line; a '\"' is missing"
                        : "a control character inside a string")
            }
            index += 1
            if b != UInt8(ascii: "\\") { continue }
            guard index < bytes.count else { throw error("a string ends in a lone backslash") }
            let e = bytes[index]
            index += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                UInt8(ascii: "n"),
                UInt8(ascii: "r"), UInt8(ascii: "t"):
                continue
            case UInt8(ascii: "u"):
                _ = try unicodeEscape()
            default:
                throw error("unknown escape '\\\(printable(e))' in a string")
            }
        }
    }

    /// The scalar of a `\\u` escape whose `u` was read: four hex digits, and a low surrogate's
    /// escape after a high one (a lone surrogate is an error).
    @inline(never)  // kept out of parseString, whose fast path every summary string takes
    mutating func unicodeEscape() throws(JSONSyntaxError) -> UInt32 {
        let scalar = try hex4()
        if (0xD800..<0xDC00).contains(scalar) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
            else {
                throw error("a lone surrogate in a \\u escape")
            }
            index += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("a lone surrogate in a \\u escape") }
            return 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        }
        if (0xDC00..<0xE000).contains(scalar) { throw error("a lone surrogate in a \\u escape") }
        return scalar
    }

    mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("a \\u escape needs four hex digits") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let b = bytes[index]
            let d: UInt32
            switch b {
            case 0x30...0x39: d = UInt32(b - 0x30)
            case 0x41...0x46: d = UInt32(b - 0x41 + 10)
            case 0x61...0x66: d = UInt32(b - 0x61 + 10)
            default: throw error("a \\u escape needs four hex digits")
            }
            v = v * 16 + d
            index += 1
        }
        return v
    }
}
