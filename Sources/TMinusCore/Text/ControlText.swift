/// The one place that decides what a control character is and what becomes of it: user text is
/// hostile, and every output (error messages, families, bars) cleans it through here.
public enum ControlText {
    /// Bidi embeddings, overrides and isolates: data must not reorder the text around it.
    public static let bidiControls: Set<UInt32> = [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]

    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }

    /// `s` with every control character (Unicode Cc) replaced by `replacement`, or removed when it
    /// is nil; line feeds stay with `keepNewlines`; bidi controls are removed with `dropBidi`.
    public static func clean(_ s: String, replacement: Unicode.Scalar?, keepNewlines: Bool = false, dropBidi: Bool = false) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            if dropBidi && bidiControls.contains(scalar.value) { continue }
            if isControl(scalar) && !(keepNewlines && scalar == "\n") {
                if let replacement { out.unicodeScalars.append(replacement) }
                continue
            }
            out.unicodeScalars.append(scalar)
        }
        return out
    }
}
