/// Writes JSON text: compact (one line, for bars and the summary) or pretty (two-space indent,
/// for the store and people). Keys come out in the order they were built; `/` is not escaped;
/// non-ASCII stays UTF-8. Everything is written into one byte buffer (a store of a thousand items
/// is written on every change, and appending to a String piece by piece cost most of that).
public enum JSONWriter {
    /// The value as one line of JSON text: no spaces, no trailing newline.
    public static func compact(_ value: JSON) -> String { String(decoding: bytes(value, pretty: false), as: UTF8.self) }

    /// The value as JSON text indented by two spaces a level, ending with a newline.
    public static func pretty(_ value: JSON) -> String { String(decoding: bytes(value, pretty: true), as: UTF8.self) }

    /// The text as UTF-8; pretty text ends with a newline.
    public static func bytes(_ value: JSON, pretty: Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        write(value, into: &out, pretty: pretty, level: 0)
        if pretty { out.append(0x0A) }
        return out
    }

    static func write(_ value: JSON, into out: inout [UInt8], pretty: Bool, level: Int) {
        switch value {
        case .null: out += "null".utf8
        case .bool(let b): out += (b ? "true" : "false").utf8
        case .number(let n): out += formatNumber(n).utf8
        case .string(let s): quote(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]".utf8; return }
            out.append(0x5B)
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(0x2C) }
                newline(&out, pretty, level + 1)
                write(item, into: &out, pretty: pretty, level: level + 1)
            }
            newline(&out, pretty, level)
            out.append(0x5D)
        case .object(let members):
            if members.isEmpty { out += "{}".utf8; return }
            out.append(0x7B)
            for (i, m) in members.enumerated() {
                if i > 0 { out.append(0x2C) }
                newline(&out, pretty, level + 1)
                quote(m.key, into: &out)
                out.append(0x3A)
                if pretty { out.append(0x20) }
                write(m.value, into: &out, pretty: pretty, level: level + 1)
            }
            newline(&out, pretty, level)
            out.append(0x7D)
        }
    }

    private static func newline(_ out: inout [UInt8], _ pretty: Bool, _ level: Int) {
        guard pretty else { return }
        out.append(0x0A)
        for _ in 0..<(level * 2) { out.append(0x20) }
    }

    /// Integers print without a fraction; other numbers with up to 6 decimals, trailing zeros cut.
    public static func formatNumber(_ n: Double) -> String {
        if n.isNaN || n.isInfinite { return "null" }
        if n.rounded() == n && abs(n) < 1e15 { return String(Int64(n)) }
        // Very large or very small: Swift's shortest form ("1e+308", "5e-07") is valid JSON, and
        // scaling it to six decimals would overflow to infinity or round it to 0.
        if abs(n) >= 1e15 || abs(n) < 1e-6 { return "\(n)" }
        let scaled = (n * 1_000_000).rounded() / 1_000_000
        var s = "\(scaled)"
        if s.contains("e") { return s }
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends `s` as a JSON string literal: `"` `\\` and control characters escaped, U+2028
    /// and U+2029 too (JavaScript readers), everything else as UTF-8.
    public static func quote(_ s: String, into out: inout [UInt8]) {
        out.append(0x22)
        var s = s
        s.withUTF8 { b in
            // Most text needs nothing escaped: then it is copied whole. (Else the bytes before
            // the first that may need it are.)
            var i = JSONBytes.plainEnd(b, from: 0, stopAtNonASCII: true)
            if i == b.count {
                out.append(contentsOf: b)
                return
            }
            var run = 0  // start of the bytes not yet copied
            while i < b.count {
                let c = b[i]
                var escape: (UInt8, UInt8)?
                switch c {
                case 0x22: escape = (0x5C, 0x22)
                case 0x5C: escape = (0x5C, 0x5C)
                case 0x0A: escape = (0x5C, 0x6E)
                case 0x0D: escape = (0x5C, 0x72)
                case 0x09: escape = (0x5C, 0x74)
                case 0x00..<0x20, 0x7F: break
                // C1 controls (U+0080–U+009F, C2 80–C2 9F): a terminal reading the JSON takes
                // U+009B as CSI and U+009D as OSC, so they are escaped too.
                case 0xC2 where i + 1 < b.count && b[i + 1] >= 0x80 && b[i + 1] <= 0x9F: break
                case 0xE2 where i + 2 < b.count && b[i + 1] == 0x80 && (b[i + 2] == 0xA8 || b[i + 2] == 0xA9): break
                default:
                    i += 1
                    continue
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: b[run..<i]))
                if let (x, y) = escape {
                    out.append(x)
                    out.append(y)
                    i += 1
                } else if c == 0xC2 {
                    let d = b[i + 1]
                    out += [0x5C, 0x75, 0x30, 0x30, hex[Int(d >> 4)], hex[Int(d & 0xF)]]
                    i += 2
                } else if c == 0xE2 {
                    out += "\\u202".utf8
                    out.append(b[i + 2] == 0xA8 ? 0x38 : 0x39)
                    i += 3
                } else {
                    out += [0x5C, 0x75, 0x30, 0x30, hex[Int(c >> 4)], hex[Int(c & 0xF)]]
                    i += 1
                }
                run = i
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: b[run..<b.count]))
        }
        out.append(0x22)
    }

    /// `s` as a JSON string literal, quotes included, escaped as `quote(_:into:)` escapes it.
    public static func quote(_ s: String) -> String {
        var out: [UInt8] = []
        quote(s, into: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
