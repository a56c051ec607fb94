/// The one validation layer every command uses. Each check throws a one-line usage error that
/// says what to type instead; nothing is written when one fails.
public enum Validation {
    /// The most characters a title may have.
    public static let maxTitleLength = 200
    /// The most characters a note may have.
    public static let maxNoteLength = 2000

    /// A title: not blank, at most 200 characters, no control characters. Returns it trimmed,
    /// without bidi controls (`ControlText.withoutBidi`: the same text as every source's).
    public static func title(_ raw: String) throws(TMinusError) -> String {
        let t = trimmed(ControlText.withoutBidi(raw, lineBreak: " "))
        guard !t.isEmpty else {
            throw .usage(tr: "the title is empty; give a few words, e.g. tminus todo \"Buy milk\"")
        }
        if let c = firstControl(in: t, allowingNewlines: false) {
            throw .usage(tr: "the title contains a control character (%s); remove it and try again", "\(c)")
        }
        guard t.count <= maxTitleLength else {
            throw .usage(
                tr: "the title has %s characters; keep it to %s (put the rest in --note)", "\(t.count)",
                "\(maxTitleLength)")
        }
        return t
    }

    /// A note: newlines and tabs allowed, other control characters not, at most 2,000 characters;
    /// bidi controls go, line and paragraph separators become line feeds.
    public static func note(_ raw: String) throws(TMinusError) -> String {
        let raw = ControlText.withoutBidi(raw, lineBreak: "\n")
        if let c = firstControl(in: raw, allowingNewlines: true) {
            throw .usage(tr: "the note contains a control character (%s); remove it and try again", "\(c)")
        }
        guard raw.count <= maxNoteLength else {
            throw .usage(tr: "the note has %s characters; keep it to %s", "\(raw.count)", "\(maxNoteLength)")
        }
        return raw
    }

    /// An icon: a short glyph or word, no control characters.
    public static func icon(_ raw: String) throws(TMinusError) -> String {
        let t = trimmed(ControlText.withoutBidi(raw, lineBreak: " "))
        guard !t.isEmpty, t.count <= 8, firstControl(in: t, allowingNewlines: false) == nil else {
            throw .usage(tr: "the icon must be 1 to 8 visible characters, e.g. --icon ⏳")
        }
        return t
    }

    /// A tag name: letters, digits, '-' and '_', 1 to 32 characters.
    public static func tagName(_ raw: String) throws(TMinusError) -> String {
        let t = trimmed(raw)
        guard !t.isEmpty, t.count <= 32,
            t.unicodeScalars.allSatisfy({
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
            })
        else {
            throw .usage(
                tr: "'%s' is not a tag name; use 1 to 32 letters, digits, '-' or '_', e.g. school", "\(printable(t))")
        }
        return t
    }

    /// A colour safe to put in any bar's markup: exactly `#rrggbb`, else nil (a colour from
    /// another program's file is data like any other).
    public static func hexColor(_ color: String?) -> String? {
        guard let color, color.utf8.count == 7, color.utf8.first == UInt8(ascii: "#"),
            color.utf8.dropFirst().allSatisfy({
                ($0 >= 48 && $0 <= 57) || ($0 >= 65 && $0 <= 70) || ($0 >= 97 && $0 <= 102)
            })
        else { return nil }
        return color
    }

    /// A colour `#rrggbb` or `#rgb` (trimmed, any case), returned lower-case as `#rrggbb`.
    public static func color(_ raw: String) throws(TMinusError) -> String {
        let t = trimmed(raw).lowercased()
        let hex = t.dropFirst()
        guard t.hasPrefix("#"), hex.count == 6 || hex.count == 3, hex.allSatisfy({ $0.isHexDigit }) else {
            throw .usage(tr: "'%s' is not a colour; use #rrggbb, e.g. --color '#ff5555'", "\(printable(raw))")
        }
        if hex.count == 3 { return "#" + hex.map { "\($0)\($0)" }.joined() }
        return t
    }

    /// A priority: high, medium, low or none (trimmed, any case).
    public static func priority(_ raw: String) throws(TMinusError) -> Priority {
        guard let p = Priority(rawValue: trimmed(raw).lowercased()) else {
            throw .usage(tr: "'%s' is not a priority; use high, medium, low or none", "\(printable(raw))")
        }
        return p
    }

    /// The existing tag with this name (case-insensitive), or an error naming the known tags.
    public static func knownTag(_ raw: String, in tags: [Tag]) throws(TMinusError) -> Tag {
        let name = trimmed(raw)
        if let tag = tags.first(where: { $0.name.lowercased() == name.lowercased() }) { return tag }
        let known = tags.map(\.name).joined(separator: ", ")
        throw .usage(
            tr: "there is no tag '%s'; create it with tminus tag add %s, or use one of: %s", "\(printable(name))",
            "\(printable(name))", "\(known)"
        )
    }

    /// Text with leading and trailing white space removed.
    public static func trimmedText(_ s: String) -> String { trimmed(s) }

    static func trimmed(_ s: String) -> String {
        // Nothing to trim when it starts and ends with a visible ASCII character (almost every
        // title): no characters made to look at its ends, no copy.
        if let first = s.utf8.first, let last = s.utf8.last, first > 0x20, first < 0x7F, last > 0x20, last < 0x7F {
            return s
        }
        var scalars = Substring(s)
        while let f = scalars.first, f.isWhitespace { scalars.removeFirst() }
        while let l = scalars.last, l.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }

    /// The first control character (Unicode Cc) as `U+0007`, or nil.
    static func firstControl(in s: String, allowingNewlines: Bool) -> String? {
        for scalar in s.unicodeScalars where ControlText.isControl(scalar) {
            if allowingNewlines && (scalar == "\n" || scalar == "\t") { continue }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return nil
    }

    /// User text safe to echo in a one-line error message: control and bidi characters shown as '?'.
    public static func printable(_ s: String) -> String {
        let head = String(String.UnicodeScalarView(s.unicodeScalars.prefix(80)))
        let out = ControlText.clean(head, replacement: "?", dropBidi: true)
        return s.unicodeScalars.count > 80 ? out + "…" : out
    }
}
