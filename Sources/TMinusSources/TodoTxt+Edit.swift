public import TMinusCore

// Edits of a todo.txt (done, undo, edit, rm, a new line): each changes its line only and keeps
// every other byte of the file.

extension TodoTxt {
    /// Why an edit was not made.
    public enum EditError: Error, Equatable, Sendable {
        /// No line has that id any more (the file changed since it was read).
        case notFound
        /// The line is not UTF-8 (Latin-1, say) and the edit would have to re-encode it: refused
        /// rather than rewritten. Its 1-based line number.
        case notUTF8(line: Int)
    }

    /// How a transform sees a line that is not UTF-8.
    enum Bytewise {
        /// Each byte as the character U+0000–U+00FF of that number, and back: a transform that
        /// only adds or removes ASCII (a done mark, a priority) keeps every other byte as it was.
        case latin1
        /// Refused (`notUTF8`): the transform writes user text into the line.
        case refuse
    }

    /// The file with the line of `id` replaced by `transform(line)` (nil removes the line, with
    /// its line break); every other byte as it was.
    static func replacing(
        _ bytes: [UInt8], id: String, source: String, bytewise: Bytewise = .latin1, isUTF8: ((Bool) -> Void)? = nil,
        _ transform: (String) -> String?
    ) throws(EditError) -> [UInt8] {
        guard let entry = parse(bytes, source: source).first(where: { $0.item.id == id }) else { throw .notFound }
        let raw = bytes[entry.range]
        let utf8 = String(validating: raw, as: UTF8.self)
        if utf8 == nil && bytewise == .refuse { throw .notUTF8(line: entry.line) }
        isUTF8?(utf8 != nil)
        let line = utf8 ?? String(String.UnicodeScalarView(raw.map { Unicode.Scalar($0) }))
        var out = Array(bytes[..<entry.range.lowerBound])
        if let new = transform(line) {
            if utf8 != nil {
                out += new.utf8
            } else {
                // Back to the bytes the line had (the transform added ASCII only).
                for u in new.unicodeScalars {
                    guard u.value <= 0xFF else { throw .notUTF8(line: entry.line) }
                    out.append(UInt8(u.value))
                }
            }
            out += bytes[entry.range.upperBound...]
        } else {
            // The line and its break go.
            var end = entry.range.upperBound
            if end < bytes.count, bytes[end] == 0x0D { end += 1 }
            if end < bytes.count, bytes[end] == 0x0A { end += 1 }
            out += bytes[end...]
        }
        return out
    }

    /// `x DATE ` in front; a priority `(X) ` becomes `pri:X` at the end (as todo.txt clients do,
    /// so that undoing it can put it back). A line with `rec:` gets its next one at the end of
    /// the file (`nextRecurrence`), in the file's line break; one already done gets none.
    public static func complete(_ bytes: [UInt8], id: String, source: String, on date: CivilDate) throws(EditError)
        -> [UInt8]
    {
        var next: String?
        // (A line that is not UTF-8 gets no next one: it would be written in another encoding.)
        var utf8 = true
        var out = try replacing(bytes, id: id, source: source, isUTF8: { utf8 = $0 }) { line in
            guard !line.hasPrefix("x ") else { return line }
            next = nextRecurrence(of: line, completedOn: date)
            var rest = Substring(line)
            var pri = ""
            let chars = Array(rest.prefix(4))
            if chars.count == 4, chars[0] == "(", chars[2] == ")", chars[3] == " " {
                pri = " pri:\(chars[1])"
                rest = rest.dropFirst(4)
            }
            return "x \(date) " + rest + pri
        }
        if let next, utf8 {
            let brk = lineBreak(out)
            if let last = out.last, last != 0x0A && last != 0x0D { out += brk }
            out += next.utf8
            out += brk
        }
        return out
    }

    /// The `x DATE ` mark removed, and a `pri:X` put back in front as `(X) `. A `rec:` line's next
    /// one, as `done` added it (the last line with exactly that text), goes again.
    public static func reopen(_ bytes: [UInt8], id: String, source: String) throws(EditError) -> [UInt8] {
        var added: String?
        let out = try replacing(bytes, id: id, source: source) { line in
            guard line.hasPrefix("x ") else { return line }
            var rest = line.dropFirst(2)
            var doneOn: CivilDate?
            if rest.count >= 11, rest.dropFirst(10).first == " ", DateTimeText.parse(String(rest.prefix(10))) != nil {
                doneOn = date(rest.prefix(10))
                rest = rest.dropFirst(11)
            }
            let open = reopened(rest)
            if let doneOn { added = nextRecurrence(of: open, completedOn: doneOn) }
            return open
        }
        guard let added, let last = lines(out).last(where: { out[$0.0].elementsEqual(added.utf8) }) else { return out }
        var end = last.0.upperBound
        if end < out.count, out[end] == 0x0D { end += 1 }
        if end < out.count, out[end] == 0x0A { end += 1 }
        return Array(out[..<last.0.lowerBound] + out[end...])
    }

    /// A done line's rest (after `x DATE `) open again: a `pri:X` back in front as `(X) `.
    static func reopened(_ rest: Substring) -> String {
        var words = rest.split(separator: " ", omittingEmptySubsequences: false)
        var prefix = ""
        if let i = words.lastIndex(where: { $0.hasPrefix("pri:") && $0.count == 5 }) {
            prefix = "(\(words[i].last!)) "
            words.remove(at: i)
        }
        return prefix + words.joined(separator: " ")
    }

    /// The file without the line of `id` and its line break; every other byte as it was.
    public static func remove(_ bytes: [UInt8], id: String, source: String) throws(EditError) -> [UInt8] {
        try replacing(bytes, id: id, source: source) { _ in nil }
    }

    /// The line rewritten for the edited fields: priority, title, tag (the first `+`/`@` token, or
    /// a new `+tag`) and `due:`; other tokens stay where they were.
    public static func update(_ bytes: [UInt8], id: String, source: String, from old: Item, to new: Item, zone: Zone)
        throws(EditError) -> [UInt8]
    {
        try replacing(bytes, id: id, source: source, bytewise: .refuse) { line in
            guard let p = Parsed(line) else { return line }
            var head = ""
            if p.done { head += "x " + (p.doneDate.map { "\($0) " } ?? "") }
            if let letter = letter(new.priority), !p.done { head += "(\(letter)) " }
            if let c = p.created { head += "\(c) " }
            var words = p.words.map(String.init)
            if new.title != old.title {
                // The new title, then the tokens of the old description.
                words =
                    new.title.split(separator: " ").map(String.init)
                    + words.filter { w in !p.titleWords.contains { $0 == w } }
            }
            let dueText = new.due.map { "due:\($0.localDate(in: zone))" }
            if let i = words.firstIndex(where: { $0.hasPrefix("due:") && $0.count == 14 }) {
                if let dueText { words[i] = dueText } else { words.remove(at: i) }
            } else if let dueText {
                words.append(dueText)
            }
            if new.tag != old.tag {
                if let i = words.firstIndex(where: { $0.count > 1 && ($0.hasPrefix("+") || $0.hasPrefix("@")) }) {
                    if let tag = new.tag { words[i] = String(words[i].prefix(1)) + tag } else { words.remove(at: i) }
                } else if let tag = new.tag {
                    words.append("+" + tag)
                }
            }
            if p.done, let letter = letter(new.priority) {
                words.removeAll { $0.hasPrefix("pri:") && $0.count == 5 }
                words.append("pri:\(letter)")
            }
            return head + words.joined(separator: " ")
        }
    }

    /// A new line at the end: `(X) CREATED title +tag due:DAY` (the file gets a final line break
    /// first when it has none; its line breaks, LF, CRLF or CR, are kept). Made `again` (after a
    /// killed command), when the file has that very line already nothing is added (`added`: false).
    public static func append(_ bytes: [UInt8], item: Item, created: CivilDate, zone: Zone, again: Bool = false) -> (
        bytes: [UInt8], id: String, added: Bool
    ) {
        var line = ""
        if let letter = letter(item.priority) { line += "(\(letter)) " }
        line += "\(created) " + ControlText.clean(item.title, replacement: " ")
        if let tag = item.tag { line += " +" + tag }
        if let due = item.due { line += " due:\(due.localDate(in: zone))" }
        let brk = lineBreak(bytes)
        let text = Array(line.utf8)
        if again, let existing = lines(bytes).first(where: { bytes[$0.0].elementsEqual(text) }) {
            let id = parse(bytes, source: item.source).first { $0.line == existing.1 }?.item.id ?? ""
            return (bytes, id, false)
        }
        var out = bytes
        if let last = out.last, last != 0x0A && last != 0x0D { out += brk }
        out += line.utf8
        out += brk
        let id = parse(out, source: item.source).last?.item.id ?? ""
        return (out, id, true)
    }

    static func letter(_ p: Priority) -> Character? {
        switch p {
        case .high: "A"
        case .medium: "B"
        case .low: "C"
        case .none: nil
        }
    }
}
