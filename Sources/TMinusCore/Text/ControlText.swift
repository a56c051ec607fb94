/// The one place that decides what a control character is and what becomes of it: user text is
/// hostile, and every output (error messages, families, bars) cleans it through here.
public enum ControlText {
    /// Bidi embeddings, overrides and isolates (U+202A–202E, U+2066–2069) and the marks (U+200E
    /// LRM, U+200F RLM, U+061C ALM): data must not reorder the text around it ("Invoice ‮fdp.exe"
    /// reads "Invoice exe.pdf"), nor turn the direction of what follows it.
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR: line breaks that are not control
    /// characters (a title with one is two lines in a tooltip, a notification, a terminal).
    public static func isLineSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value == 0x2028 || scalar.value == 0x2029
    }

    /// How typed text and a link's text are taken in (control characters are refused there, not
    /// cleaned): bidi controls and marks removed, line and paragraph separators made `lineBreak`.
    public static func withoutBidi(_ s: String, lineBreak: Unicode.Scalar) -> String {
        guard mayNeedCleaning(s, keepNewlines: true, dropBidi: true) else { return s }
        var out = String.UnicodeScalarView()
        for scalar in s.unicodeScalars where !isBidiControl(scalar) {
            out.append(isLineSeparator(scalar) ? lineBreak : scalar)
        }
        return String(out)
    }

    /// Whether `scalar` is a control character (Unicode general category Cc).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }
    /// `s` on one line: each control character (a newline too) a space (for a message on stderr).
    public static func oneLine(_ s: String) -> String { clean(s, replacement: " ") }

    /// `s` with every control character (Unicode Cc) and line or paragraph separator replaced by
    /// `replacement`, or removed when it is nil; line feeds stay with `keepNewlines` (and the
    /// separators become line feeds); bidi controls are removed with `dropBidi`.
    public static func clean(
        _ s: String, replacement: Unicode.Scalar?, keepNewlines: Bool = false, dropBidi: Bool = false
    ) -> String {
        // Fast path (the poll path cleans every title): nothing to change in the common case.
        if !mayNeedCleaning(s, keepNewlines: keepNewlines, dropBidi: dropBidi) { return s }
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for scalar in s.unicodeScalars {
            if dropBidi && isBidiControl(scalar) { continue }
            if isLineSeparator(scalar) {
                if keepNewlines {
                    out.unicodeScalars.append("\n")
                } else if let replacement {
                    out.unicodeScalars.append(replacement)
                }
                continue
            }
            if isControl(scalar) && !(keepNewlines && scalar == "\n") {
                if let replacement { out.unicodeScalars.append(replacement) }
                continue
            }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// A cheap byte scan: false when `s` has no C0/C1 control (bar a kept newline), no line or
    /// paragraph separator (E2 80 A8/A9) and, with `dropBidi`, no bidi control or mark (E2 80
    /// 8E/8F/AA–AE, E2 81 A6–A9, D8 9C).
    static func mayNeedCleaning(_ s: String, keepNewlines: Bool, dropBidi: Bool) -> Bool {
        // (Over the contiguous bytes, printable ASCII first: every value of every entry a bar keeps
        // comes through here, and the byte-by-byte iterator with its state cost a keeping poll 2 M
        // instructions.)
        if let found = s.utf8.withContiguousStorageIfAvailable({
            scan($0, keepNewlines: keepNewlines, dropBidi: dropBidi)
        }) {
            return found
        }
        return Array(s.utf8).withUnsafeBufferPointer { scan($0, keepNewlines: keepNewlines, dropBidi: dropBidi) }
    }

    static func scan(_ b: UnsafeBufferPointer<UInt8>, keepNewlines: Bool, dropBidi: Bool) -> Bool {
        let n = b.count
        var i = 0
        while i < n {
            let c = b[i]
            i += 1
            if c >= 0x20 && c < 0x7F { continue }
            if c < 0x20 {
                if keepNewlines && c == 0x0A { continue }
                return true
            }
            switch c {
            case 0x7F: return true
            case 0xC2: if i < n && b[i] >= 0x80 && b[i] <= 0x9F { return true }
            case 0xD8: if dropBidi && i < n && b[i] == 0x9C { return true }
            case 0xE2:
                guard i + 1 < n else { break }
                let (x, y) = (b[i], b[i + 1])
                if x == 0x80 && (y == 0xA8 || y == 0xA9) { return true }
                if dropBidi {
                    if x == 0x80 && (y == 0x8E || y == 0x8F || (0xAA...0xAE).contains(y)) { return true }
                    if x == 0x81 && (0xA6...0xA9).contains(y) { return true }
                }
            default: break
            }
        }
        return false
    }

    /// The lines of `s` (split at line feeds, empty lines kept), by bytes: a line feed is never
    /// part of a longer UTF-8 sequence, and splitting by `Character` walks grapheme clusters.
    public static func lines(_ s: String) -> [String] {
        var out: [String] = []
        var s = s
        s.withUTF8 { buffer in
            var start = 0
            for (i, b) in buffer.enumerated() where b == 0x0A {
                out.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<i]), as: UTF8.self))
                start = i + 1
            }
            out.append(String(decoding: UnsafeBufferPointer(rebasing: buffer[start...]), as: UTF8.self))
        }
        return out
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

/// Byte-level checks for the poll path, which cannot afford a folded copy of
/// every id and title it reads.
public enum ASCIIText {
    /// Whether `s`'s UTF-8 holds `byte` (over its bytes: the UTF-8 view's iterator costs about
    /// ten instructions a byte, and every value a bar keeps is asked).
    public static func contains(_ s: String, byte: UInt8) -> Bool {
        var s = s
        return s.withUTF8 { buffer in
            for b in buffer where b == byte { return true }
            return false
        }
    }

    /// Whether `s` is ASCII without capital letters (so `lowercased()` would not change it).
    public static func isLowercase(_ s: String) -> Bool {
        var s = s
        return s.withUTF8 { buffer in
            for b in buffer where b >= 0x80 || (b >= 0x41 && b <= 0x5A) { return false }
            return true
        }
    }
}

extension String {
    /// The string with the first occurrence of `target` replaced (no Foundation).
    public func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let r = firstRange(of: target) else { return self }
        return String(self[..<r.lowerBound]) + replacement + String(self[r.upperBound...])
    }
}
