/// Text of another source's item, made inert once, where it is read: every source (calendars,
/// todo.txt, Taskwarrior, another device's summary) goes through the same cleaning, so no title,
/// note or tag from others carries a control character (C0, C1: no terminal escape, no clipboard
/// write) or a bidi override (no "Invoice ‮fdp.exe‬" that reads "Invoice exe.pdf").
public enum ItemText {
    /// Controls become spaces, bidi controls go, the ends are trimmed and the length capped;
    /// "(no title)" when nothing is left.
    public static func title(_ raw: String) -> String {
        var t = Validation.trimmedText(ControlText.clean(raw, replacement: " ", dropBidi: true))
        if t.isEmpty { return "(no title)" }
        // (Counted in bytes first: no more characters than bytes, and counting characters walks
        // each one's grapheme rules, for every title of every source read.)
        if t.utf8.count > Validation.maxTitleLength && t.count > Validation.maxTitleLength {
            t = String(t.prefix(Validation.maxTitleLength - 1)) + "…"
        }
        return t
    }

    /// Controls and bidi controls go, line feeds stay; the length is capped.
    public static func note(_ raw: String) -> String {
        var n = ControlText.clean(raw, replacement: nil, keepNewlines: true, dropBidi: true)
        if n.utf8.count > Validation.maxNoteLength && n.count > Validation.maxNoteLength {
            n = String(n.prefix(Validation.maxNoteLength - 1)) + "…"
        }
        return n
    }

    /// As a title, at most 32 characters; nil when nothing is left.
    public static func tag(_ raw: String) -> String? {
        let t = Validation.trimmedText(ControlText.clean(raw, replacement: " ", dropBidi: true))
        return t.isEmpty ? nil : t.utf8.count <= 32 ? t : String(t.prefix(32))
    }
}

extension Item {
    /// The item with its text made inert (see `ItemText`); the same item when nothing needed it.
    public func inert() -> Item {
        var item = self
        item.makeInert()
        return item
    }

    /// The same in place (a source's items, not copied once more).
    public mutating func makeInert() {
        title = ItemText.title(title)
        note = ItemText.note(note)
        tag = tag.flatMap(ItemText.tag)
        icon = icon.flatMap { ControlText.clean($0, replacement: nil, dropBidi: true) }.flatMap {
            $0.isEmpty ? nil : String($0.prefix(8))
        }
    }
}
