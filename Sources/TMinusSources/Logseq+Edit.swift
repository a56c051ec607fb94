public import TMinusCore

// Edits of a Logseq page as Logseq makes them: `done` replaces the marker with DONE; a block
// with a repeater keeps it (DOING is TODO again, NOW LATER), its stamps move as Logseq moves
// them (`OrgStamp.repeatedInLogseq`) and `* State "DONE" from "TODO" [time]` goes in its
// `:LOGBOOK:`. Each edit changes the block's lines only; every other byte stays.

extension Logseq {
    /// The page with the block of `id` (its lines and their breaks) replaced by what `transform`
    /// makes of its lines.
    static func replacing(
        _ bytes: [UInt8], id: String, source: String, file: String, zone: Zone,
        _ transform: (Block, inout [OrgFile.Line]) -> Void
    ) throws(TodoTxt.EditError) -> [UInt8] {
        guard let entry = parse(bytes, source: source, file: file, zone: zone).first(where: { $0.item.id == id }) else {
            throw .notFound
        }
        let b = entry.block
        var end = b.range.upperBound
        if end < bytes.count, bytes[end] == 0x0D { end += 1 }
        if end < bytes.count, bytes[end] == 0x0A { end += 1 }
        guard let text = String(validating: bytes[b.range.lowerBound..<end], as: UTF8.self) else {
            throw .notUTF8(line: b.line)
        }
        var lines = OrgFile.split(text)
        transform(b, &lines)
        return Array(bytes[..<b.range.lowerBound]) + lines.flatMap { Array(($0.text + $0.brk).utf8) }
            + Array(bytes[end...])
    }

    /// The block's first line with `marker` for its marker.
    static func marking(_ line: String, _ old: String, _ marker: String) -> String {
        guard let at = line.firstRange(of: "- " + old) ?? line.firstRange(of: "-" + old) else { return line }
        var s = line
        s.replaceSubrange(at, with: line[at].hasPrefix("- ") ? "- " + marker : "-" + marker)
        return s
    }

    /// `done` as Logseq makes it (done already: unchanged).
    public static func complete(_ bytes: [UInt8], id: String, source: String, file: String, zone: Zone, now: Instant)
        throws(TodoTxt.EditError) -> [UInt8]
    {
        try replacing(bytes, id: id, source: source, file: file, zone: zone) { b, lines in
            guard openMarkers.contains(b.marker) else { return }
            let local = zone.local(now)
            var moved = false
            for i in lines.indices.dropFirst() {
                let trimmed = Validation.trimmedText(lines[i].text)
                guard trimmed.hasPrefix("SCHEDULED:") || trimmed.hasPrefix("DEADLINE:") else { continue }
                let (text, any) = OrgFile.movingStamps(lines[i].text, now: local) { $0.repeatedInLogseq(now: $1) }
                if any {
                    lines[i].text = text
                    moved = true
                }
            }
            guard moved else {
                lines[0].text = marking(lines[0].text, b.marker, "DONE")
                return
            }
            let back = b.marker == "DOING" ? "TODO" : b.marker == "NOW" ? "LATER" : b.marker
            lines[0].text = marking(lines[0].text, b.marker, back)
            let brk = OrgFile.brk(lines)
            if lines[lines.count - 1].brk.isEmpty { lines[lines.count - 1].brk = brk }
            let state = "* State \"DONE\" from \"\(b.marker)\" \(OrgFile.logStamp(now, zone))"
            if let open = lines.firstIndex(where: { Validation.trimmedText($0.text) == ":LOGBOOK:" }),
                let end = lines[open...].firstIndex(where: { Validation.trimmedText($0.text) == ":END:" })
            {
                let indent = lines[open].text.prefix { $0 == " " || $0 == "\t" }
                lines.insert(OrgFile.Line(text: indent + state, brk: brk), at: end)
                return
            }
            let planning = lines.lastIndex {
                let t = Validation.trimmedText($0.text)
                return t.hasPrefix("SCHEDULED:") || t.hasPrefix("DEADLINE:")
            }
            let at = (planning ?? 0) + 1
            let indent =
                planning.map { String(lines[$0].text.prefix { $0 == " " || $0 == "\t" }) }
                ?? String(lines[0].text.prefix { $0 == " " || $0 == "\t" }) + "  "
            lines.insert(
                contentsOf: [":LOGBOOK:", state, ":END:"].map { OrgFile.Line(text: indent + $0, brk: brk) }, at: at)
        }
    }

    /// `undo` of a done block: `open` (LATER, or TODO in a graph whose preferred workflow is
    /// TODO) instead of DONE.
    public static func reopen(
        _ bytes: [UInt8], id: String, source: String, file: String, zone: Zone, open: String = "LATER"
    ) throws(TodoTxt.EditError) -> [UInt8] {
        try replacing(bytes, id: id, source: source, file: file, zone: zone) { b, lines in
            guard doneMarkers.contains(b.marker) else { return }
            lines[0].text = marking(lines[0].text, b.marker, open)
        }
    }

    /// The page without the block's lines (its children stay).
    public static func remove(_ bytes: [UInt8], id: String, source: String, file: String, zone: Zone)
        throws(TodoTxt.EditError) -> [UInt8]
    {
        try replacing(bytes, id: id, source: source, file: file, zone: zone) { _, lines in lines = [] }
    }

    /// The block's first line for a new title, priority or tag, and its stamp for a new due
    /// (`DEADLINE` for a deadline, else the `SCHEDULED` it has).
    public static func update(
        _ bytes: [UInt8], id: String, source: String, file: String, from old: Item, to new: Item, zone: Zone
    ) throws(TodoTxt.EditError) -> [UInt8] {
        try replacing(bytes, id: id, source: source, file: file, zone: zone) { b, lines in
            if new.title != old.title || new.priority != old.priority || new.tag != old.tag {
                let indent = lines[0].text.prefix { $0 != "-" }
                var tags = b.tags
                if new.tag != old.tag {
                    if let tag = new.tag {
                        if tags.isEmpty { tags = [tag] } else { tags[0] = tag }
                    } else if !tags.isEmpty {
                        tags.removeFirst()
                    }
                }
                let priority = new.priority != old.priority ? TodoTxt.letter(new.priority) : b.priority
                let text = new.title != old.title ? ControlText.clean(new.title, replacement: " ") : b.text
                lines[0].text =
                    indent + "- " + b.marker + (priority.map { " [#\($0)]" } ?? "") + " " + text
                    + tags.map { " #" + ($0.contains(" ") ? "[[\($0)]]" : $0) }.joined()
            }
            guard new.due != old.due else { return }
            let key =
                b.deadline != nil
                ? "DEADLINE:" : b.scheduled != nil ? "SCHEDULED:" : new.isDeadline ? "DEADLINE:" : "SCHEDULED:"
            if let i = lines.firstIndex(where: { Validation.trimmedText($0.text).hasPrefix(key) }) {
                let at = lines[i].text.firstRange(of: key)!
                let after = lines[i].text[at.upperBound...].drop { $0 == " " }
                guard let stamp = OrgStamp.parse(after) else { return }
                if let due = new.due {
                    lines[i].text =
                        lines[i].text[..<after.startIndex]
                        + OrgFile.stampText(due, zone, keeping: after.prefix(stamp.length))
                        + after.dropFirst(stamp.length)
                } else {
                    lines.remove(at: i)
                }
            } else if let due = new.due {
                let indent = String(lines[0].text.prefix { $0 == " " || $0 == "\t" }) + "  "
                let brk = OrgFile.brk(lines)
                if lines[lines.count - 1].brk.isEmpty { lines[lines.count - 1].brk = brk }
                lines.insert(
                    OrgFile.Line(text: indent + key + " " + OrgFile.stampText(due, zone, keeping: nil), brk: brk), at: 1
                )
            }
        }
    }

    /// A new block at the page's end: `- LATER title #tag` (or TODO), then `DEADLINE: <…>` for a
    /// deadline or `SCHEDULED: <…>` for a todo with a due day. Made `again` with that very
    /// block there already: nothing added.
    public static func append(
        _ bytes: [UInt8], item: Item, file: String, zone: Zone, marker: String = "LATER", again: Bool = false
    ) -> (bytes: [UInt8], id: String, added: Bool) {
        let title = ControlText.clean(item.title, replacement: " ")
        var text =
            "- " + marker + (TodoTxt.letter(item.priority).map { " [#\($0)]" } ?? "") + " " + title
            + (item.tag.map { " #" + ($0.contains(" ") ? "[[\($0)]]" : $0) } ?? "")
        let brk = String(decoding: TodoTxt.lineBreak(bytes), as: UTF8.self)
        if again,
            let existing = parse(bytes, source: item.source, file: file, zone: zone).last(where: {
                String(decoding: bytes[$0.block.range].prefix(text.utf8.count + 8), as: UTF8.self).hasPrefix(text)
            })
        {
            return (bytes, existing.item.id, false)
        }
        if let due = item.due {
            text +=
                brk + "  " + (item.isDeadline ? "DEADLINE: " : "SCHEDULED: ")
                + OrgFile.stampText(due, zone, keeping: nil)
        }
        var out = bytes
        // (Logseq keeps an empty block, `-`, at a page's end where the next one is typed, and a new
        // journal holds only that: the task takes its place.)
        var end = out.count
        while end > 0, out[end - 1] == 0x0A || out[end - 1] == 0x0D || out[end - 1] == 0x20 { end -= 1 }
        if end > 0, out[end - 1] == 0x2D, end == 1 || out[end - 2] == 0x0A || out[end - 2] == 0x0D {
            out.removeSubrange((end - 1)...)
        }
        if let last = out.last, last != 0x0A && last != 0x0D { out += brk.utf8 }
        out += (text + brk).utf8
        let id = parse(out, source: item.source, file: file, zone: zone).last?.item.id ?? ""
        return (out, id, true)
    }
}
