/// The one place that decides what a control character is and what becomes of it: user text is
/// hostile, and every output (error messages, families, bars) cleans it through here.
public enum ControlText {
    /// Bidi embeddings, overrides and isolates (U+202A–202E, U+2066–2069): data must not reorder
    /// the text around it.
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }

    /// `s` with every control character (Unicode Cc) replaced by `replacement`, or removed when it
    /// is nil; line feeds stay with `keepNewlines`; bidi controls are removed with `dropBidi`.
    public static func clean(_ s: String, replacement: Unicode.Scalar?, keepNewlines: Bool = false, dropBidi: Bool = false) -> String {
        // Fast path (the poll path cleans every title): nothing to change in the common case.
        if !mayNeedCleaning(s, keepNewlines: keepNewlines, dropBidi: dropBidi) { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            if dropBidi && isBidiControl(scalar) { continue }
            if isControl(scalar) && !(keepNewlines && scalar == "\n") {
                if let replacement { out.unicodeScalars.append(replacement) }
                continue
            }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// A cheap byte scan: false when `s` has no C0/C1 control (bar a kept newline) and, with
    /// `dropBidi`, no bidi control (U+202A–202E, U+2066–2069 start with E2 80 / E2 81).
    static func mayNeedCleaning(_ s: String, keepNewlines: Bool, dropBidi: Bool) -> Bool {
        var previous: UInt8 = 0
        for b in s.utf8 {
            if b < 0x20 && !(keepNewlines && b == 0x0A) { return true }
            if b == 0x7F { return true }
            if previous == 0xC2 && b >= 0x80 && b <= 0x9F { return true }
            if dropBidi && b == 0xE2 { return true }
            previous = b
        }
        return false
    }

    /// `parts` joined with `separator` (Array's `joined` is generic and its first use costs the
    /// poll path a runtime conformance lookup).
    public static func join(_ parts: [String], _ separator: String) -> String {
        var out = ""
        for (i, part) in parts.enumerated() {
            if i > 0 { out += separator }
            out += part
        }
        return out
    }
}
