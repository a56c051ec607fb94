/// A message kept in the user's words only when it is shown: what a source skipped, written into
/// the summary and the source caches (which stay language-neutral, and may be read by a run in
/// another language), and put into words by `sources`, `doctor`, or in English by `--json`.
///
/// Kept as text: the msgid and its arguments between control characters (`\u{1}` msgid
/// `\u{2}` argument … `\u{3}`), so a message can sit inside other text (`"cal.ics " + message`)
/// and a reader of an older release, or of an older summary, still has plain text.
public enum Deferred {
    static let open: Unicode.Scalar = "\u{1}"
    static let next: Unicode.Scalar = "\u{2}"
    static let close: Unicode.Scalar = "\u{3}"
    /// How deep messages may sit inside each other (only hostile text nests them).
    static let maxDepth = 4

    /// `msgid` with `arguments` for its conversions, kept for later (an argument may be a kept
    /// message itself; the file's own text reaches here made printable, and `render` bounds how
    /// deep anything nests).
    public static func message(_ msgid: StaticString, _ arguments: [String]) -> String {
        var out = String(open) + msgid.description
        for a in arguments {
            out.unicodeScalars.append(next)
            out += a
        }
        out.unicodeScalars.append(close)
        return out
    }

    /// `stored` with each message in `words`' language (English where the catalog lacks one);
    /// text without messages as it is.
    public static func render(_ stored: String, _ words: Words) -> String {
        guard ASCIIText.contains(stored, byte: 1) else { return stored }
        let scalars = Array(stored.unicodeScalars)
        var i = 0
        var out = ""
        while i < scalars.count {
            out += text(&i, scalars, words, depth: 0)
            i += 1  // (a stray separator or closer at the top: dropped)
        }
        return out
    }

    /// Text up to the enclosing message's next separator or closer (at `i`, not taken).
    static func text(_ i: inout Int, _ s: [Unicode.Scalar], _ words: Words, depth: Int) -> String {
        var out = String.UnicodeScalarView()
        while i < s.count {
            let c = s[i]
            if c == next || c == close { break }
            i += 1
            if c == open {
                if depth < maxDepth { out.append(contentsOf: message(&i, s, words, depth: depth + 1).unicodeScalars) }
            } else {
                out.append(c)
            }
        }
        return String(out)
    }

    /// The message after an opener: its msgid, its arguments, its closer taken.
    static func message(_ i: inout Int, _ s: [Unicode.Scalar], _ words: Words, depth: Int) -> String {
        let msgid = text(&i, s, words, depth: depth)
        var arguments: [String] = []
        while i < s.count && s[i] == next {
            i += 1
            arguments.append(text(&i, s, words, depth: depth))
        }
        if i < s.count { i += 1 }
        return Catalog.format(words.messages.tr(text: msgid), arguments)
    }
}

/// A message kept language-neutral where it is made and put in the reader's words where it is
/// shown (`Deferred`); the extractor finds it as it finds `tr`.
public func deferred(_ msgid: StaticString, _ arguments: String...) -> String {
    Deferred.message(msgid, arguments)
}
