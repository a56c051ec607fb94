public import TMinusCore

// `edit` and `add --to`/`todo --to` in an Org file: a heading's title, priority, tag and due
// rewritten in place, a new entry at the file's end.

extension OrgFile {
    /// The entry rewritten for the edited fields: the heading line for title, priority and tag
    /// (its tags aligned as Org aligns them), the planning line's stamp for the due (`DEADLINE`
    /// for a deadline, else the `SCHEDULED` it has; its repeater and warning period kept).
    public static func update(
        _ bytes: [UInt8], id: String, source: String, file: String = "", from old: Item, to new: Item, zone: Zone,
        now: Instant
    ) throws(TodoTxt.EditError) -> [UInt8] {
        try replacing(bytes, id: id, source: source, file: file, zone: zone, now: now) {
            (h: Heading, _: Settings, lines: inout [Line]) throws(TodoTxt.EditError) in
            if new.title != old.title || new.priority != old.priority || new.tag != old.tag {
                var tags = h.tags
                if new.tag != old.tag {
                    if let tag = new.tag {
                        if tags.isEmpty { tags = [tag] } else { tags[0] = tag }
                    } else if !tags.isEmpty {
                        tags.removeFirst()
                    }
                }
                let priority = new.priority != old.priority ? TodoTxt.letter(new.priority) : h.priority
                let text = new.title != old.title ? ControlText.clean(new.title, replacement: " ") : h.text
                lines[0].text = headingLine(
                    stars: String(lines[0].text.prefix { $0 == "*" }), keyword: h.keyword, priority: priority,
                    text: text, tags: tags)
            }
            guard new.due != old.due, h.keyword != nil else { return }
            let key =
                h.deadline != nil
                ? "DEADLINE:" : h.scheduled != nil ? "SCHEDULED:" : new.isDeadline ? "DEADLINE:" : "SCHEDULED:"
            let b = brk(lines)
            if h.planning != nil, let at = lines[1].text.firstRange(of: key) {
                let after = lines[1].text[at.upperBound...].drop { $0 == " " }
                guard let stamp = OrgStamp.parse(after) else { return }
                let oldText = after.prefix(stamp.length)
                let rest = after.dropFirst(stamp.length)
                if let due = new.due {
                    lines[1].text = lines[1].text[..<after.startIndex] + stampText(due, zone, keeping: oldText) + rest
                } else {
                    let kept = lines[1].text[..<at.lowerBound] + rest.drop { $0 == " " }
                    if Validation.trimmedText(String(kept)).isEmpty {
                        lines.remove(at: 1)
                    } else {
                        lines[1].text = String(kept)
                    }
                }
            } else if let due = new.due {
                let text = key + " " + stampText(due, zone, keeping: nil)
                if h.planning != nil {
                    lines[1].text += " " + text
                } else {
                    if lines[0].brk.isEmpty { lines[0].brk = b }
                    lines.insert(Line(text: text, brk: lines.count == 1 ? b : b), at: 1)
                }
            }
        }
    }

    /// `<2026-11-30 Mon>` or `<2026-11-30 Mon 17:00>` for `due`, with the repeater and warning
    /// period of the stamp it replaces.
    static func stampText(_ due: Due, _ zone: Zone, keeping old: Substring?) -> String {
        var s: String
        switch due {
        case .day(let d): s = "<\(d) \(d.weekdayName)"
        case .instant(let t):
            let l = zone.local(t)
            s = "<\(l.date) \(l.date.weekdayName) \(pad(l.hour, 2)):\(pad(l.minute, 2))"
        }
        if let old {
            for word in old.dropFirst().dropLast().split(separator: " ").dropFirst()
            where OrgStamp.repeater(word) != nil
                || (word.hasPrefix("-") && OrgStamp.interval(word.drop { $0 == "-" }) != nil)
            {
                s += " " + word
            }
        }
        return s + ">"
    }

    /// `* TODO [#A] Title      :tag:` (tags aligned as Org aligns them).
    static func headingLine(stars: String, keyword: String?, priority: Character?, text: String, tags: [String])
        -> String
    {
        var line = stars.isEmpty ? "*" : stars
        if let keyword { line += " " + keyword }
        if let priority { line += " [#\(priority)]" }
        if !text.isEmpty { line += " " + text }
        guard !tags.isEmpty else { return line }
        let t = ":" + tags.joined(separator: ":") + ":"
        return line + String(repeating: " ", count: max(1, 77 - DisplayWidth.of(t) - DisplayWidth.of(line))) + t
    }

    /// A new entry at the end: `* TODO [#A] Title :tag:`, then `DEADLINE: <…>` for a deadline
    /// or `SCHEDULED: <…>` for a todo with a due day, then the note (its lines that would start a
    /// heading get a space in front). `under` a heading: as its last child, one level deeper, at
    /// the end of its subtree (the first heading of that text, keyword, priority and tags aside);
    /// a file without one gets `* HEADING` at its end first, as Org's capture (`file+headline`)
    /// does. Made `again` (after a killed command), when the file has that very heading already
    /// nothing is added (`added`: false).
    public static func append(
        _ bytes: [UInt8], item: Item, file: String = "", under: String? = nil, zone: Zone, now: Instant,
        again: Bool = false
    ) -> (bytes: [UInt8], id: String, added: Bool) {
        let settings = Settings(bytes)
        let keyword = settings.sequences[0].open.first ?? "TODO"
        let title = ControlText.clean(item.title, replacement: " ")
        let b = brk([Line(text: "", brk: String(decoding: TodoTxt.lineBreak(bytes), as: UTF8.self))])
        // Where the entry goes, how deep, and the heading made for it first.
        var at = bytes.count, stars = "*", parent = ""
        if let under {
            let name = ControlText.clean(under, replacement: " ")
            var found: (level: Int, end: Int?)?
            forEachHeading(bytes, settings, notes: { _ in false }) { h in
                let level = bytes[h.range].prefix { $0 == 0x2A }.count
                if let f = found {
                    if f.end == nil, level <= f.level { found = (f.level, h.range.lowerBound) }
                } else if Validation.trimmedText(h.text) == Validation.trimmedText(name) {
                    found = (level, nil)
                }
            }
            if let found {
                stars = String(repeating: "*", count: found.level + 1)
                at = found.end ?? bytes.count
            } else {
                stars = "**"
                parent = "* " + name + b
            }
        }
        let head = headingLine(
            stars: stars, keyword: keyword, priority: TodoTxt.letter(item.priority), text: title,
            tags: item.tag.map { [$0] } ?? [])
        if again {
            let entries = parse(bytes, source: item.source, file: file, zone: zone, now: now)
            if let existing = entries.last(where: { String(decoding: bytes[$0.heading.range], as: UTF8.self) == head })
            {
                return (bytes, existing.item.id, false)
            }
        }
        var text = parent + head + b
        if let due = item.due {
            text += (item.isDeadline ? "DEADLINE: " : "SCHEDULED: ") + stampText(due, zone, keeping: nil) + b
        }
        for line in item.note.split(separator: "\n", omittingEmptySubsequences: false) where !item.note.isEmpty {
            let clean = ControlText.clean(String(line), replacement: " ")
            text += (clean.hasPrefix("*") ? " " : "") + clean + b
        }
        var out = Array(bytes[..<at])
        if let last = out.last, last != 0x0A && last != 0x0D { out += b.utf8 }
        let start = out.count + parent.utf8.count
        out += text.utf8
        out += bytes[at...]
        let id =
            parse(out, source: item.source, file: file, zone: zone, now: now).first {
                $0.heading.range.lowerBound == start
            }?.item.id ?? ""
        return (out, id, true)
    }
}
