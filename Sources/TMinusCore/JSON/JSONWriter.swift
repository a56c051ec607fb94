/// Writes JSON text: compact (one line, for bars) or pretty (two-space indent, for files).
/// Keys come out in the order they were built; `/` is not escaped; non-ASCII stays UTF-8.
public enum JSONWriter {
    public static func compact(_ value: JSON) -> String {
        var out = ""
        write(value, into: &out, indent: nil, level: 0)
        return out
    }

    public static func pretty(_ value: JSON) -> String {
        var out = ""
        write(value, into: &out, indent: "  ", level: 0)
        return out + "\n"
    }

    static func write(_ value: JSON, into out: inout String, indent: String?, level: Int) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += formatNumber(n)
        case .string(let s): quote(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                newline(&out, indent, level + 1)
                write(item, into: &out, indent: indent, level: level + 1)
            }
            newline(&out, indent, level)
            out += "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{"
            for (i, m) in members.enumerated() {
                if i > 0 { out += "," }
                newline(&out, indent, level + 1)
                quote(m.key, into: &out)
                out += indent == nil ? ":" : ": "
                write(m.value, into: &out, indent: indent, level: level + 1)
            }
            newline(&out, indent, level)
            out += "}"
        }
    }

    private static func newline(_ out: inout String, _ indent: String?, _ level: Int) {
        guard let indent else { return }
        out += "\n"
        for _ in 0..<level { out += indent }
    }

    /// Integers print without a fraction; other numbers with up to 6 decimals, trailing zeros cut.
    public static func formatNumber(_ n: Double) -> String {
        if n.isNaN || n.isInfinite { return "null" }
        if n.rounded() == n && abs(n) < 1e15 { return String(Int64(n)) }
        let scaled = (n * 1_000_000).rounded() / 1_000_000
        var s = "\(scaled)"
        if s.contains("e") { return s }
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }

    /// Appends `s` as a JSON string literal.
    public static func quote(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    public static func quote(_ s: String) -> String {
        var out = ""
        quote(s, into: &out)
        return out
    }
}
