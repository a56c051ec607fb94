/// The one place that decides what a control character is and what becomes of it: user text is
/// hostile, and every output (error messages, families, bars) cleans it through here.
public enum ControlText {
    /// Bidi embeddings, overrides and isolates (U+202A–202E, U+2066–2069): data must not reorder
    /// the text around it.
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }

    /// Whether `scalar` is a control character (Unicode general category Cc).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control
    }
    /// `s` on one line: each control character (a newline too) a space (for a message on stderr).
    public static func oneLine(_ s: String) -> String { clean(s, replacement: " ") }

    /// `s` with every control character (Unicode Cc) replaced by `replacement`, or removed when it
    /// is nil; line feeds stay with `keepNewlines`; bidi controls are removed with `dropBidi`.
    public static func clean(
        _ s: String, replacement: Unicode.Scalar?, keepNewlines: Bool = false, dropBidi: Bool = false
    ) -> String {
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

/// Byte-level checks and comparisons for the poll path, which cannot afford a folded copy of
/// every id and title it reads.
public enum ASCIIText {
    /// Whether `s` is ASCII without capital letters (so `lowercased()` would not change it).
    public static func isLowercase(_ s: String) -> Bool {
        var s = s
        return s.withUTF8 { buffer in
            for b in buffer where b >= 0x80 || (b >= 0x41 && b <= 0x5A) { return false }
            return true
        }
    }

    /// `a.lowercased() < b.lowercased()`, without the copies when both are ASCII.
    public static func foldedLess(_ a: String, _ b: String) -> Bool {
        var a = a, b = b
        let result: Bool? = a.withUTF8 { x in
            b.withUTF8 { y in
                let n = min(x.count, y.count)
                var i = 0
                while i < n {
                    let p = x[i], q = y[i]
                    if p >= 0x80 || q >= 0x80 { return nil }
                    let fp = p >= 0x41 && p <= 0x5A ? p + 32 : p
                    let fq = q >= 0x41 && q <= 0x5A ? q + 32 : q
                    if fp != fq { return fp < fq }
                    i += 1
                }
                for k in n..<max(x.count, y.count) where (k < x.count ? x[k] : y[k]) >= 0x80 { return nil }
                return x.count < y.count
            }
        }
        return result ?? (a.lowercased() < b.lowercased())
    }
}

extension String {
    /// The string with the first occurrence of `target` replaced (no Foundation).
    public func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let r = firstRange(of: target) else { return self }
        return String(self[..<r.lowerBound]) + replacement + String(self[r.upperBound...])
    }
}
