public import TMinusCore

/// The Obsidian Tasks plugin's task lines in a Markdown note: a list item with a checkbox
/// (`- [ ] text`, `* [ ]`, `+ [ ]`, `1. [ ]`, indented or in a `>` quote), its status the
/// checkbox's character (`x`/`X` done, `-` cancelled, any other open), and its fields at the end
/// of the text, taken off from the end in any order as the plugin does: in its emoji format
/// (`📅 DATE` due, `⏳` scheduled, `🛫` start, `➕` created, `✅` done, `❌` cancelled, `🔁 RULE`,
/// `🔺⏫🔼🔽⏬` priorities, `🆔`, `⛔`, `⏰`) and in its Dataview format (`[due:: DATE]`, `(…)` too).
/// `#tags` anywhere in the text (the first is the item's tag); the title is the text without
/// fields and tags. Pure: bytes in, items out; the edits (ObsidianTasks+Edit.swift) change task
/// lines only.
public enum ObsidianTasks {
    /// A field the plugin reads at the end of a task's text.
    public enum Kind: String, Sendable, CaseIterable {
        case priority, due, scheduled, start, created, done, cancelled, reminder, recurrence, id, dependsOn,
            onCompletion
    }

    /// One field as written: where it is in the line (in Unicode scalars, its symbol or bracket
    /// to its end), its value as written, and whether it is a Dataview field.
    struct Field {
        var kind: Kind
        var range: Range<Int>
        var value: String
        var dataview: Bool
    }

    /// A task line taken apart; every position is an offset in `scalars`.
    struct Task {
        var scalars: [Unicode.Scalar]
        /// The checkbox's character and where it is.
        var status: Unicode.Scalar
        var statusAt: Int
        /// The text after the checkbox, without the white space around it and the block link.
        var body: Range<Int>
        /// Where the description ends (the fields and the tags after it follow).
        var descriptionEnd: Int
        var fields: [Field]
        /// The `#tags` of the description and those among the fields, without `#`, in order.
        var tags: [String]

        var isDone: Bool { status == "x" || status == "X" }
        var isCancelled: Bool { status == "-" }
        var isOpen: Bool { !isDone && !isCancelled }

        func field(_ kind: Kind) -> Field? { fields.first { $0.kind == kind } }
        func date(_ kind: Kind) -> CivilDate? { field(kind).flatMap { ObsidianTasks.date($0.value) } }
        /// Whether the line's fields are Dataview's (a new field is written that way then).
        var isDataview: Bool { !fields.isEmpty && fields.allSatisfy(\.dataview) }

        func text(_ range: Range<Int>) -> String { String(String.UnicodeScalarView(scalars[range])) }

        /// The description's words without tags, as the title.
        var title: String {
            // (A title is at most 200 characters: a longer description is not taken apart whole.)
            let end = min(descriptionEnd, body.lowerBound + 8 * Validation.maxTitleLength)
            let words = text(body.lowerBound..<end).split(whereSeparator: { $0 == " " || $0 == "\t" })
                .filter { !ObsidianTasks.isTag($0) }
            let t = ControlText.clean(words.joined(separator: " "), replacement: " ", dropBidi: true)
            return t.count > Validation.maxTitleLength ? String(t.prefix(Validation.maxTitleLength - 1)) + "…" : t
        }

        /// What identifies the task in its note: its text without the status, the block link and
        /// what `done`, `undo` and a new priority change (done and cancelled dates, priority),
        /// runs of spaces as one.
        var identity: String {
            var out = String.UnicodeScalarView()
            var i = body.lowerBound
            let skipped = fields.filter { $0.kind == .done || $0.kind == .cancelled || $0.kind == .priority }
                .map(\.range).sorted { $0.lowerBound < $1.lowerBound }
            var next = 0
            var space = true
            while i < body.upperBound {
                if next < skipped.count, i >= skipped[next].lowerBound {
                    i = max(i, skipped[next].upperBound)
                    next += 1
                    continue
                }
                let c = scalars[i]
                i += 1
                if c == " " {
                    space = true
                    continue
                }
                if space && !out.isEmpty { out.append(" ") }
                space = false
                out.append(c)
            }
            return String(out)
        }

        var priority: Priority {
            switch field(.priority)?.value {
            case "highest", "high", "🔺", "⏫": .high
            case "medium", "🔼": .medium
            case "low", "lowest", "🔽", "⏬": .low
            default: .none
            }
        }
    }

    /// One task of a note.
    public struct Entry: Sendable {
        /// The line's bytes in the file, without its line break; 1-based line number.
        public var range: Range<Int>
        public var line: Int
        public var item: Item
    }

    /// Every task of a note (`note`: its path in the vault, part of each id).
    public static func parse(_ bytes: [UInt8], note: String, source: String) -> [Entry] {
        var out: [Entry] = []
        forEachTask(bytes, note: note) { range, number, task, id in
            if let item = item(task, id: id, source: source) {
                out.append(Entry(range: range, line: number, item: item))
            }
        }
        return out
    }

    /// The open tasks of a note nearest now, at most `limit`, how many open ones were left out
    /// (a huge note costs what the cap shows), and how many tasks it has, open or not.
    public static func nearest(
        _ bytes: [UInt8], note: String, source: String, limit: Int, now: Instant, zone: Zone
    ) -> (items: [Item], leftOut: Int, tasks: Int) {
        var nearest = NearestKept<Item>(limit: limit)
        var tasks = 0
        forEachTask(bytes, note: note) { _, _, task, id in
            tasks += 1
            guard task.isOpen, let item = item(task, id: id, source: source) else { return }
            nearest.add(item, Nearness(item, now: now, zone: zone))
        }
        return (nearest.kept(), nearest.leftOut, tasks)
    }

    /// Each task line of the note with its id (`md-`, the hash of the note's path, `-` and the
    /// hash of the task's identity; the n-th copy of one in the note `#n`). Lines in the front matter, in
    /// fenced code blocks and in comments (`%%…%%`, `<!--…-->`) are not tasks (Obsidian does not list them).
    static func forEachTask(
        _ bytes: [UInt8], note: String, _ body: (Range<Int>, Int, Task, String) -> Void
    ) {
        var seen: [String: Int] = [:]
        let noteHash = self.noteHash(note)
        var fence: UInt8?
        var comment: UInt8?
        var frontMatter = false
        TodoTxt.forEachLine(bytes) { range, number in
            if number == 1, isRule(bytes, range) {
                frontMatter = true
                return
            }
            if frontMatter {
                if isRule(bytes, range) { frontMatter = false }
                return
            }
            if let f = fenceMark(bytes, range) {
                if fence == nil { fence = f } else if fence == f { fence = nil }
                return
            }
            guard fence == nil else { return }
            let inComment = comment != nil
            comment = commentState(bytes, range, comment)
            guard !inComment, looksLikeTask(bytes, range) else { return }
            guard let task = Task(String(decoding: bytes[range], as: UTF8.self)) else { return }
            let base = "md-" + noteHash + "-" + FNV1a.hex(task.identity.utf8)
            let n = (seen[base] ?? 0) + 1
            seen[base] = n
            body(range, number, task, n == 1 ? base : "\(base)#\(n)")
        }
    }

    /// The part of a task's id that names its note (`md-NOTE-TASK`): the hash of its path in the vault.
    public static func noteHash(_ note: String) -> String { FNV1a.hex(note.utf8) }

    /// The note part of a task's id (nil: not a task's id).
    public static func noteHash(ofID id: String) -> String? {
        let parts = id.split(separator: "-")
        guard parts.count == 3, parts[0] == "md" else { return nil }
        return String(parts[1])
    }

    /// A task's item (nil: a task without title or date, which tminus does not show).
    static func item(_ task: Task, id: String, source: String) -> Item? {
        let due = task.date(.due) ?? task.date(.scheduled)
        let title = task.title
        guard !title.isEmpty || due != nil else { return nil }
        var item = Item(kind: .todo, id: id, handle: 0, title: title.isEmpty ? "(no title)" : title, source: source)
        item.due = due.map { .day($0) }
        item.priority = task.priority
        item.tag = task.tags.first
        item.created = task.date(.created).map(instant)
        if task.isDone {
            item.completed = task.date(.done).map(instant) ?? Instant(0)
        } else if task.isCancelled {
            item.completed = task.date(.cancelled).map(instant) ?? Instant(0)
        }
        return item
    }

    static func instant(_ d: CivilDate) -> Instant { Instant(d.daysSinceEpoch * 86_400) }

    /// `YYYY-MM-DD` (a date that does not exist: nil).
    static func date(_ s: String) -> CivilDate? {
        let u = Array(s.utf8)
        guard u.count == 10, u[4] == 0x2D, u[7] == 0x2D else { return nil }
        func n(_ r: Range<Int>) -> Int? {
            var v = 0
            for i in r {
                guard (0x30...0x39).contains(u[i]) else { return nil }
                v = v * 10 + Int(u[i] - 0x30)
            }
            return v
        }
        guard let y = n(0..<4), let m = n(5..<7), let d = n(8..<10),
            let date = CivilDate.valid(year: y, month: m, day: d),
            CivilDate.supported.contains(date)
        else { return nil }
        return date
    }

    /// Whether `word` is a tag as the plugin reads one: `#` and at least one character that is
    /// not white space or one of `!@#$%^&*(),.?":{}|<>`.
    static func isTag(_ word: Substring) -> Bool {
        guard word.first == "#", word.count > 1 else { return false }
        return word.unicodeScalars.dropFirst().allSatisfy(isTagScalar)
    }

    static func isTagScalar(_ s: Unicode.Scalar) -> Bool {
        // (ASCII from a table: a megabyte of tag costs its length, quickly.)
        if s.value < 0x80 { return tagASCII[Int(s.value)] }
        return !s.properties.isWhitespace
    }

    static let tagASCII: [Bool] = (0..<128).map { v in
        v > 0x20 && v != 0x7F && !"!@#$%^&*(),.?\":{}|<>".unicodeScalars.contains(Unicode.Scalar(UInt8(v)))
    }

    /// White space (ASCII without a property lookup).
    static func isSpace(_ c: Unicode.Scalar) -> Bool {
        if c.value < 0x80 { return c == " " || (0x09...0x0D).contains(c.value) }
        return c.properties.isWhitespace
    }

    /// `---` alone on a line (the front matter's first and last line).
    static func isRule(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        var end = range.upperBound
        while end > range.lowerBound, bytes[end - 1] == 0x20 { end -= 1 }
        return end - range.lowerBound == 3 && bytes[range.lowerBound..<end].allSatisfy { $0 == 0x2D }
    }

    /// The comment a line leaves open (`%` for Obsidian's `%%`, `<` for HTML's `<!--`), from the
    /// one open at its start.
    static func commentState(_ bytes: [UInt8], _ range: Range<Int>, _ open: UInt8?) -> UInt8? {
        var state = open
        var i = range.lowerBound
        let end = range.upperBound
        // (Byte by byte, no allocation: a line may be megabytes long.)
        while i < end {
            let b = bytes[i]
            if b == 0x25, i + 1 < end, bytes[i + 1] == 0x25, state != 0x3C {
                state = state == nil ? 0x25 : nil
                i += 2
            } else if b == 0x3C, state == nil, i + 3 < end, bytes[i + 1] == 0x21, bytes[i + 2] == 0x2D,
                bytes[i + 3] == 0x2D
            {
                state = 0x3C
                i += 4
            } else if b == 0x2D, state == 0x3C, i + 2 < end, bytes[i + 1] == 0x2D, bytes[i + 2] == 0x3E {
                state = nil
                i += 3
            } else {
                i += 1
            }
        }
        return state
    }

    /// A code fence's character (``` ` ``` or `~`, three or more) at the line's start.
    static func fenceMark(_ bytes: [UInt8], _ range: Range<Int>) -> UInt8? {
        var i = range.lowerBound
        while i < range.upperBound, bytes[i] == 0x20 || bytes[i] == 0x3E { i += 1 }
        guard i + 3 <= range.upperBound, bytes[i] == 0x60 || bytes[i] == 0x7E, bytes[i + 1] == bytes[i],
            bytes[i + 2] == bytes[i]
        else { return nil }
        return bytes[i]
    }

    /// Whether the line's bytes start as a task does (indentation, a list marker, spaces, `[`):
    /// others are not decoded at all.
    static func looksLikeTask(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        var i = range.lowerBound
        let end = range.upperBound
        while i < end, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x3E { i += 1 }
        guard i < end else { return false }
        if bytes[i] == 0x2D || bytes[i] == 0x2A || bytes[i] == 0x2B {
            i += 1
        } else {
            let start = i
            while i < end, (0x30...0x39).contains(bytes[i]) { i += 1 }
            guard i > start, i < end, bytes[i] == 0x2E || bytes[i] == 0x29 else { return false }
            i += 1
        }
        guard i < end, bytes[i] == 0x20 else { return false }
        while i < end, bytes[i] == 0x20 { i += 1 }
        return i < end && bytes[i] == 0x5B
    }
}
