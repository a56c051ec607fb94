/// A value in a D-Bus message, of the types the notification interface and the bus itself use
/// (docs/reminders.md, "The session bus", says what it is for).
public indirect enum DBusValue: Equatable, Sendable {
    case byte(UInt8)
    case bool(Bool)
    case int16(Int16)
    case uint16(UInt16)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case string(String)
    case objectPath(String)
    case signature(String)
    /// The element's signature (an empty array still has one) and the elements.
    case array(String, [DBusValue])
    case structure([DBusValue])
    case dictEntry(DBusValue, DBusValue)
    case variant(DBusValue)

    /// The value's type signature.
    public var signature: String {
        switch self {
        case .byte: "y"
        case .bool: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .array(let element, _): "a" + element
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .dictEntry(let k, let v): "{" + k.signature + v.signature + "}"
        case .variant: "v"
        }
    }

    /// A dictionary of string keys to variants (`a{sv}`, the notification hints).
    public static func stringVariants(_ pairs: [(String, DBusValue)]) -> DBusValue {
        .array("{sv}", pairs.map { .dictEntry(.string($0.0), .variant($0.1)) })
    }

    /// The text of a string, object path or signature; nil for other types.
    public var string: String? {
        switch self {
        case .string(let s), .objectPath(let s), .signature(let s): s
        default: nil
        }
    }

    /// The number of a `uint32`; nil for other types.
    public var uint32: UInt32? {
        if case .uint32(let u) = self { return u }
        return nil
    }

    /// The texts of an array whose elements are all strings (or paths, signatures); else nil.
    public var strings: [String]? {
        guard case .array(_, let values) = self else { return nil }
        let out = values.compactMap(\.string)
        return out.count == values.count ? out : nil
    }
}

/// What went wrong reading a message: it is cut short or breaks the format. The connection it came
/// from is closed (nothing after a broken message can be trusted to line up).
public struct DBusFormatError: Error, Equatable, Sendable {
    /// What is wrong, for the user.
    public let reason: String
    /// An error with this reason.
    public init(_ reason: String) { self.reason = reason }
}

/// Writes values in the wire format, little-endian; offsets (and so padding) count from the start
/// of the buffer, which is the start of a message or of a body (a body starts 8-aligned).
public struct DBusWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    /// A writer with an empty buffer.
    public init() {}

    mutating func pad(_ n: Int) {
        while bytes.count % n != 0 { bytes.append(0) }
    }

    mutating func integer<T: FixedWidthInteger>(_ v: T) {
        pad(MemoryLayout<T>.size)
        withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends `value` after its alignment padding (a variant: its signature, then the value).
    public mutating func write(_ value: DBusValue) {
        switch value {
        case .byte(let b): bytes.append(b)
        case .bool(let b): integer(UInt32(b ? 1 : 0))
        case .int16(let i): integer(i)
        case .uint16(let u): integer(u)
        case .int32(let i): integer(i)
        case .uint32(let u): integer(u)
        case .int64(let i): integer(i)
        case .uint64(let u): integer(u)
        case .double(let d): integer(d.bitPattern)
        case .string(let s), .objectPath(let s):
            // (A NUL inside a string is not allowed on the wire: it is dropped.)
            let utf8 = Array(s.utf8.filter { $0 != 0 })
            integer(UInt32(utf8.count))
            bytes += utf8
            bytes.append(0)
        case .signature(let s):
            let utf8 = Array(s.utf8.prefix(255))
            bytes.append(UInt8(utf8.count))
            bytes += utf8
            bytes.append(0)
        case .array(let element, let values):
            integer(UInt32(0))
            let lengthAt = bytes.count - 4
            pad(DBusSignature.alignment(of: element.utf8.first ?? UInt8(ascii: "y")))
            let start = bytes.count
            for v in values { write(v) }
            let length = UInt32(bytes.count - start).littleEndian
            withUnsafeBytes(of: length) { for (i, b) in $0.enumerated() { bytes[lengthAt + i] = b } }
        case .structure(let fields):
            pad(8)
            for f in fields { write(f) }
        case .dictEntry(let k, let v):
            pad(8)
            write(k)
            write(v)
        case .variant(let v):
            write(.signature(v.signature))
            write(v)
        }
    }
}

/// Signatures: alignment and where one complete type ends.
enum DBusSignature {
    static func alignment(of code: UInt8) -> Int {
        switch code {
        case UInt8(ascii: "n"), UInt8(ascii: "q"): 2
        case UInt8(ascii: "b"), UInt8(ascii: "i"), UInt8(ascii: "u"), UInt8(ascii: "s"), UInt8(ascii: "o"),
            UInt8(ascii: "a"), UInt8(ascii: "h"):
            4
        case UInt8(ascii: "x"), UInt8(ascii: "t"), UInt8(ascii: "d"), UInt8(ascii: "("), UInt8(ascii: "{"): 8
        default: 1
        }
    }

    /// The index just past the complete type that starts at `i`.
    static func end(of sig: [UInt8], at i: Int, depth: Int = 0) throws(DBusFormatError) -> Int {
        guard i < sig.count else { throw DBusFormatError("a signature ends in the middle of a type") }
        guard depth < 64 else { throw DBusFormatError("a signature nests too deeply") }
        switch sig[i] {
        case UInt8(ascii: "a"): return try end(of: sig, at: i + 1, depth: depth + 1)
        case UInt8(ascii: "("), UInt8(ascii: "{"):
            let close = sig[i] == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "}")
            var j = i + 1
            while j < sig.count && sig[j] != close { j = try end(of: sig, at: j, depth: depth + 1) }
            guard j < sig.count, j > i + 1 else {
                throw DBusFormatError("a signature has an unclosed or empty container")
            }
            return j + 1
        default: return i + 1
        }
    }
}

/// Reads values from a message. Every length is checked against what is there; nesting is
/// bounded; nothing can make it read past the end or loop.
public struct DBusReader: Sendable {
    let bytes: [UInt8]
    var at: Int
    let little: Bool

    /// A reader of `bytes` from offset `at`; `little`: little-endian (`l`), else big-endian (`B`).
    public init(_ bytes: [UInt8], at: Int = 0, little: Bool = true) {
        self.bytes = bytes
        self.at = at
        self.little = little
    }

    mutating func pad(_ n: Int) throws(DBusFormatError) {
        let next = (at + n - 1) / n * n
        guard next <= bytes.count else { throw DBusFormatError("a message is cut short") }
        at = next
    }

    mutating func integer<T: FixedWidthInteger>(_: T.Type) throws(DBusFormatError) -> T {
        let size = MemoryLayout<T>.size
        try pad(size)
        guard at + size <= bytes.count else { throw DBusFormatError("a message is cut short") }
        var v: T = 0
        for k in 0..<size {
            let b = T(truncatingIfNeeded: bytes[at + (little ? k : size - 1 - k)])
            v |= b << (8 * k)
        }
        at += size
        return v
    }

    mutating func text(count: Int) throws(DBusFormatError) -> String {
        guard count >= 0, at + count + 1 <= bytes.count else { throw DBusFormatError("a string runs past the message") }
        let s = String(decoding: bytes[at..<at + count], as: UTF8.self)
        at += count + 1
        return s
    }

    /// Reads the values of a whole signature.
    public mutating func read(signature: String) throws(DBusFormatError) -> [DBusValue] {
        let sig = Array(signature.utf8)
        var i = 0
        var out: [DBusValue] = []
        while i < sig.count {
            let end = try DBusSignature.end(of: sig, at: i)
            out.append(try read(sig, i, depth: 0))
            i = end
        }
        return out
    }

    mutating func read(_ sig: [UInt8], _ i: Int, depth: Int) throws(DBusFormatError) -> DBusValue {
        guard depth < 64 else { throw DBusFormatError("a value nests too deeply") }
        switch sig[i] {
        case UInt8(ascii: "y"):
            guard at < bytes.count else { throw DBusFormatError("a message is cut short") }
            at += 1
            return .byte(bytes[at - 1])
        case UInt8(ascii: "b"): return .bool(try integer(UInt32.self) != 0)
        case UInt8(ascii: "n"): return .int16(try integer(Int16.self))
        case UInt8(ascii: "q"): return .uint16(try integer(UInt16.self))
        case UInt8(ascii: "i"): return .int32(try integer(Int32.self))
        case UInt8(ascii: "u"), UInt8(ascii: "h"): return .uint32(try integer(UInt32.self))
        case UInt8(ascii: "x"): return .int64(try integer(Int64.self))
        case UInt8(ascii: "t"): return .uint64(try integer(UInt64.self))
        case UInt8(ascii: "d"): return .double(Double(bitPattern: try integer(UInt64.self)))
        case UInt8(ascii: "s"): return .string(try text(count: Int(try integer(UInt32.self))))
        case UInt8(ascii: "o"): return .objectPath(try text(count: Int(try integer(UInt32.self))))
        case UInt8(ascii: "g"):
            guard at < bytes.count else { throw DBusFormatError("a message is cut short") }
            at += 1
            return .signature(try text(count: Int(bytes[at - 1])))
        case UInt8(ascii: "v"):
            guard at < bytes.count else { throw DBusFormatError("a message is cut short") }
            at += 1
            let inner = Array(try text(count: Int(bytes[at - 1])).utf8)
            guard !inner.isEmpty, try DBusSignature.end(of: inner, at: 0) == inner.count else {
                throw DBusFormatError("a variant's signature is not one type")
            }
            return .variant(try read(inner, 0, depth: depth + 1))
        case UInt8(ascii: "a"):
            let length = Int(try integer(UInt32.self))
            guard length <= 64 << 20 else { throw DBusFormatError("an array is longer than any message") }
            let element = Array(sig[(i + 1)..<(try DBusSignature.end(of: sig, at: i + 1))])
            try pad(DBusSignature.alignment(of: element[0]))
            let end = at + length
            guard end <= bytes.count else { throw DBusFormatError("an array runs past the message") }
            var values: [DBusValue] = []
            while at < end { values.append(try read(element, 0, depth: depth + 1)) }
            guard at == end else { throw DBusFormatError("an array's elements overrun its length") }
            return .array(String(decoding: element, as: UTF8.self), values)
        case UInt8(ascii: "("), UInt8(ascii: "{"):
            try pad(8)
            var fields: [DBusValue] = []
            var j = i + 1
            let end = try DBusSignature.end(of: sig, at: i) - 1
            while j < end {
                fields.append(try read(sig, j, depth: depth + 1))
                j = try DBusSignature.end(of: sig, at: j)
            }
            if sig[i] == UInt8(ascii: "{") {
                guard fields.count == 2 else { throw DBusFormatError("a dictionary entry is not a key and a value") }
                return .dictEntry(fields[0], fields[1])
            }
            return .structure(fields)
        default:
            throw DBusFormatError("a signature has an unknown type code")
        }
    }
}
