public import TMinusCore

// Edits of an Org file as Org makes them (Emacs's org-todo with its default settings): each
// changes the lines of one entry (a new one is added at the end) and keeps every other byte.

extension OrgFile {
    /// One line of an entry and its line break.
    struct Line {
        var text: String
        var brk: String
    }

    /// The file with the entry of `id` (heading to the next heading) replaced by what `transform`
    /// makes of its lines (an empty list removes it); every other byte as it was.
    static func replacing(
        _ bytes: [UInt8], id: String, source: String, file: String, zone: Zone, now: Instant,
        _ transform: (Heading, Settings, inout [Line]) throws(TodoTxt.EditError) -> Void
    ) throws(TodoTxt.EditError) -> [UInt8] {
        let settings = Settings(bytes)
        guard
            let entry = parse(bytes, source: source, file: file, zone: zone, now: now).first(where: { $0.item.id == id }
            )
        else { throw .notFound }
        let h = entry.heading
        let region = bytes[h.range.lowerBound..<h.end]
        guard let text = String(validating: region, as: UTF8.self) else { throw .notUTF8(line: h.line) }
        var lines = split(text)
        try transform(h, settings, &lines)
        return Array(bytes[..<h.range.lowerBound]) + lines.flatMap { Array(($0.text + $0.brk).utf8) }
            + Array(bytes[h.end...])
    }

    /// Lines with their breaks (LF, CRLF or CR); the last may have none.
    static func split(_ text: String) -> [Line] {
        var out: [Line] = []
        var current = ""
        var it = text.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        while let u = pending ?? it.next() {
            pending = nil
            if u == "\n" {
                out.append(Line(text: current, brk: "\n"))
                current = ""
            } else if u == "\r" {
                let next = it.next()
                if next == "\n" {
                    out.append(Line(text: current, brk: "\r\n"))
                } else {
                    out.append(Line(text: current, brk: "\r"))
                    pending = next
                }
                current = ""
            } else {
                current.unicodeScalars.append(u)
            }
        }
        if !current.isEmpty { out.append(Line(text: current, brk: "")) }
        return out
    }

    /// The heading line with `keyword` for its keyword, and its tags aligned as Org aligns them
    /// whenever it changes a heading's state (org-tags-column -77: the tags end at column 77, one
    /// space at least).
    static func heading(_ line: String, keyword: String?, _ h: Heading) -> String {
        let stars = line.prefix { $0 == "*" }
        var rest = line.dropFirst(stars.count).drop { $0 == " " }
        if let old = h.keyword, rest.hasPrefix(old) { rest = rest.dropFirst(old.count).drop { $0 == " " } }
        var head = String(stars) + " " + (keyword.map { $0 + (rest.isEmpty ? "" : " ") } ?? "") + rest
        guard !h.tags.isEmpty, let space = head.lastIndex(where: { $0 == " " || $0 == "\t" }) else { return head }
        let tags = String(head[head.index(after: space)...])
        head = String(head[..<space])
        while head.last == " " || head.last == "\t" { head.removeLast() }
        let width = DisplayWidth.of(head), tagWidth = DisplayWidth.of(tags)
        return head + String(repeating: " ", count: max(1, 77 - tagWidth - width)) + tags
    }

    /// The time Org writes for a state change: `[2026-11-27 Fri 10:00]`.
    static func logStamp(_ now: Instant, _ zone: Zone) -> String { OrgStamp.text(zone.local(now)) }

    /// `done` as Org makes it. A one-off entry gets its sequence's first done keyword (and
    /// `CLOSED: [now]` with `#+STARTUP: logdone`). An entry with a repeater keeps its sequence's
    /// first keyword; every repeating stamp of it moves (`OrgStamp.repeated`); `:LAST_REPEAT:`
    /// goes in its property drawer and `- State "DONE" from "TODO" [now]` below it. Done already:
    /// unchanged.
    public static func complete(
        _ bytes: [UInt8], id: String, source: String, file: String = "", zone: Zone, now: Instant
    ) throws(TodoTxt.EditError) -> [UInt8] {
        try replacing(bytes, id: id, source: source, file: file, zone: zone, now: now) {
            (h: Heading, settings: Settings, lines: inout [Line]) throws(TodoTxt.EditError) in
            guard let keyword = h.keyword, !settings.isDone(keyword) else { return }
            let sequence = settings.sequence(of: keyword)
            let doneWord = sequence.done.first ?? "DONE"
            let stamp = logStamp(now, zone)
            let local = zone.local(now)
            var moved = false
            for i in lines.indices.dropFirst() {
                let (text, any) = movingStamps(lines[i].text, now: local)
                if any {
                    lines[i].text = text
                    moved = true
                }
            }
            if !moved {
                lines[0].text = heading(lines[0].text, keyword: doneWord, h)
                if settings.logDone {
                    if h.planning != nil {
                        let indent = lines[1].text.prefix { $0 == " " || $0 == "\t" }
                        lines[1].text = indent + "CLOSED: \(stamp) " + lines[1].text.dropFirst(indent.count)
                    } else {
                        lines.insert(Line(text: "CLOSED: \(stamp)", brk: brk(lines)), at: 1)
                        if lines[0].brk.isEmpty { lines[0].brk = brk(lines) }
                    }
                }
                return
            }
            let head = sequence.open.first ?? keyword
            lines[0].text = heading(lines[0].text, keyword: head, h)
            if lines[0].brk.isEmpty { lines[0].brk = "\n" }
            let b = brk(lines)
            // The property drawer right after the heading and its planning line.
            var at = h.planning == nil ? 1 : 2
            if at < lines.count, Validation.trimmedText(lines[at].text).uppercased() == ":PROPERTIES:",
                let end = lines[at...].firstIndex(where: { Validation.trimmedText($0.text).uppercased() == ":END:" })
            {
                if let last = lines[at..<end].firstIndex(where: {
                    Validation.trimmedText($0.text).uppercased().hasPrefix(":LAST_REPEAT:")
                }) {
                    let indent = lines[last].text.prefix { $0 == " " || $0 == "\t" }
                    lines[last].text = indent + ":LAST_REPEAT: " + stamp
                    at = end + 1
                } else {
                    lines.insert(Line(text: ":LAST_REPEAT: " + stamp, brk: b), at: end)
                    at = end + 2
                }
            } else {
                if at > lines.count { at = lines.count }
                if at == lines.count, let last = lines.indices.last, lines[last].brk.isEmpty { lines[last].brk = b }
                lines.insert(
                    contentsOf: [
                        Line(text: ":PROPERTIES:", brk: b), Line(text: ":LAST_REPEAT: " + stamp, brk: b),
                        Line(text: ":END:", brk: b)
                    ], at: at)
                at += 3
            }
            let note = "- State " + padded("\"\(doneWord)\"") + " from " + padded("\"\(keyword)\"") + " " + stamp
            if at == lines.count, let last = lines.indices.last, lines[last].brk.isEmpty { lines[last].brk = b }
            lines.insert(Line(text: note, brk: b), at: at)
        }
    }

    /// `%-12s`.
    static func padded(_ s: String) -> String { s + String(repeating: " ", count: max(0, 12 - s.count)) }

    /// The entry's line break (its first), LF when it has none.
    static func brk(_ lines: [Line]) -> String { lines.first { !$0.brk.isEmpty }?.brk ?? "\n" }

    /// The line with each of its repeating active stamps moved, and whether one was.
    static func movingStamps(
        _ line: String, now: LocalDateTime,
        _ repeated: (OrgStamp, LocalDateTime) -> (date: CivilDate, time: Int?)? = { $0.repeated(now: $1) }
    ) -> (String, Bool) {
        var out = ""
        var rest = Substring(line)
        var any = false
        while let open = rest.firstIndex(of: "<") {
            out += rest[..<open]
            let from = rest[open...]
            if let s = OrgStamp.parse(from), let at = repeated(s, now) {
                out += OrgStamp.moved(from.prefix(s.length), to: at)
                rest = from.dropFirst(s.length)
                any = true
            } else {
                out += "<"
                rest = from.dropFirst()
            }
        }
        return (out + rest, any)
    }

    /// `undo` of a done entry: its sequence's first keyword, `CLOSED:` gone (the planning line
    /// too when nothing else is left on it), as Org does on leaving a done state. An open entry
    /// (a repeating one keeps its keyword) is unchanged.
    public static func reopen(
        _ bytes: [UInt8], id: String, source: String, file: String = "", zone: Zone, now: Instant
    ) throws(TodoTxt.EditError) -> [UInt8] {
        try replacing(bytes, id: id, source: source, file: file, zone: zone, now: now) {
            (h: Heading, settings: Settings, lines: inout [Line]) throws(TodoTxt.EditError) in
            guard let keyword = h.keyword, settings.isDone(keyword) else { return }
            let sequence = settings.sequence(of: keyword)
            lines[0].text = heading(lines[0].text, keyword: sequence.open.first ?? "TODO", h)
            guard h.planning != nil, let closed = lines[1].text.firstRange(of: "CLOSED:") else { return }
            let after = lines[1].text[closed.upperBound...].drop { $0 == " " }
            guard let stamp = OrgStamp.parse(after) else { return }
            let rest = after.dropFirst(stamp.length).drop { $0 == " " }
            let kept = lines[1].text[..<closed.lowerBound] + rest
            if Validation.trimmedText(String(kept)).isEmpty {
                lines.remove(at: 1)
            } else {
                lines[1].text = String(kept)
            }
        }
    }

    /// The file without the entry (its heading to the next heading; headings below it stay).
    public static func remove(
        _ bytes: [UInt8], id: String, source: String, file: String = "", zone: Zone, now: Instant
    ) throws(TodoTxt.EditError) -> [UInt8] {
        try replacing(bytes, id: id, source: source, file: file, zone: zone, now: now) {
            (_: Heading, _: Settings, lines: inout [Line]) throws(TodoTxt.EditError) in lines = []
        }
    }
}
