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

    /// Appends `s` as a JSON string literal: `"` `\\` and control characters escaped, U+2028
    /// and U+2029 too (JavaScript readers), everything else as UTF-8.
    public static func quote(_ s: String, into out: inout String) {
        var bytes: [UInt8] = [0x22]
        bytes.reserveCapacity(s.utf8.count + 8)
        let hex: [UInt8] = Array("0123456789abcdef".utf8)
        var pending: [UInt8] = []  // an E2 80 prefix that may start U+2028/2029
        for b in s.utf8 {
            if !pending.isEmpty {
                pending.append(b)
                if pending.count == 2 {
                    if b != 0x80 { bytes += pending; pending = [] }
                    continue
                }
                if b == 0xA8 || b == 0xA9 { bytes += Array("\\u202".utf8) + [b == 0xA8 ? 0x38 : 0x39] } else { bytes += pending }
                pending = []
                continue
            }
            switch b {
            case 0x22: bytes += [0x5C, 0x22]
            case 0x5C: bytes += [0x5C, 0x5C]
            case 0x0A: bytes += [0x5C, 0x6E]
            case 0x0D: bytes += [0x5C, 0x72]
            case 0x09: bytes += [0x5C, 0x74]
            case 0xE2: pending = [b]
            case 0x00..<0x20, 0x7F: bytes += [0x5C, 0x75, 0x30, 0x30, hex[Int(b >> 4)], hex[Int(b & 0xF)]]
            default: bytes.append(b)
            }
        }
        bytes += pending
        bytes.append(0x22)
        out += String(decoding: bytes, as: UTF8.self)
    }

    public static func quote(_ s: String) -> String {
        var out = ""
        quote(s, into: &out)
        return out
    }
}
