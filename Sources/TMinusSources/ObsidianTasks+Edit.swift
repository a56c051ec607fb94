public import TMinusCore

// Edits of a note's task lines (done, undo, edit, rm, a new task): each changes the task's line
// (and the line of a recurring task's next instance) and keeps every other byte of the note.

extension ObsidianTasks {
    /// Why an edit was not made.
    public enum EditError: Error, Equatable, Sendable {
        /// No task has that id any more (the note changed since it was read).
        case notFound
        /// The task's line is not UTF-8; tminus does not re-encode it. Its 1-based line number.
        case notUTF8(line: Int)
    }

    /// The note with the task of `id` replaced by the lines `transform` gives (none: the line
    /// goes, with its line break), in the note's line break; every other byte as it was. Also
    /// the index of the task's own line among those given (nil: it went).
    static func replacing(
        _ bytes: [UInt8], note: String, id: String, source: String, _ transform: (Task) -> (lines: [String], own: Int?)
    ) throws(EditError) -> (bytes: [UInt8], line: Int?) {
        guard let entry = parse(bytes, note: note, source: source).first(where: { $0.item.id == id }) else {
            throw .notFound
        }
        guard let text = String(validating: bytes[entry.range], as: UTF8.self), let task = Task(text) else {
            throw .notUTF8(line: entry.line)
        }
        let (lines, own) = transform(task)
        var out = Array(bytes[..<entry.range.lowerBound])
        if lines.isEmpty {
            var end = entry.range.upperBound
            if end < bytes.count, bytes[end] == 0x0D { end += 1 }
            if end < bytes.count, bytes[end] == 0x0A { end += 1 }
            out += bytes[end...]
            return (out, nil)
        }
        let brk = TodoTxt.lineBreak(bytes)
        for (k, line) in lines.enumerated() {
            if k > 0 { out += brk }
            out += line.utf8
        }
        out += bytes[entry.range.upperBound...]
        return (out, own.map { entry.line + $0 })
    }

    /// `[x]` and the done date at the end of the text (before a block link): ` ✅ DATE`, or
    /// `  [completion:: DATE]` on a line in the Dataview format, as the plugin writes them. A
    /// recurring task gets its next instance on the line above (the plugin's default). One
    /// done already is left as it is; an open one with a done date has that date changed.
    public static func complete(_ bytes: [UInt8], note: String, id: String, source: String, on date: CivilDate)
        throws(EditError) -> [UInt8]
    {
        try replacing(bytes, note: note, id: id, source: source) { task in
            guard task.isOpen else { return ([task.text(0..<task.scalars.count)], 0) }
            var s = task.scalars
            s[task.statusAt] = "x"
            if let old = task.fields.first(where: { $0.kind == .done }) {
                // (An open task that has a done date already: that date is the one changed, so
                // the line keeps one.)
                let text = task.text(old.range).replacingDate(old.value, with: date.description)
                s.replaceSubrange(old.range, with: text.unicodeScalars)
            } else {
                let mark = task.isDataview ? "  [completion:: \(date)]" : " ✅ \(date)"
                s.insert(contentsOf: mark.unicodeScalars, at: task.body.upperBound)
            }
            let done = String(String.UnicodeScalarView(s))
            if let next = nextInstance(of: task, completedOn: date) { return ([next, done], 1) }
            return ([done], 0)
        }.bytes
    }

    /// `[ ]` again, the done date of a done task (the cancelled date of a cancelled one) gone; a recurring task's next instance, as
    /// `done` wrote it (the line just above or below, with exactly that text), goes too.
    public static func reopen(_ bytes: [UInt8], note: String, id: String, source: String) throws(EditError)
        -> [UInt8]
    {
        var added: String?
        let (out, line) = try replacing(bytes, note: note, id: id, source: source) { task in
            let whole = task.text(0..<task.scalars.count)
            guard !task.isOpen else { return ([whole], 0) }
            var s = task.scalars
            s[task.statusAt] = " "
            // (The date of the state it leaves: a done task's ✅, a cancelled one's ❌; any other
            // date the line has stays.)
            for f in task.fields.sorted(by: { $0.range.lowerBound > $1.range.lowerBound })
            where f.kind == (task.isDone ? .done : .cancelled) {
                var lower = f.range.lowerBound
                while lower > task.body.lowerBound, s[lower - 1] == " " { lower -= 1 }
                s.removeSubrange(lower..<f.range.upperBound)
            }
            let open = String(String.UnicodeScalarView(s))
            if task.isDone, let doneOn = task.date(.done), let reopened = Task(open) {
                added = nextInstance(of: reopened, completedOn: doneOn)
            }
            return ([open], 0)
        }
        guard let added, let line else { return out }
        let lines = TodoTxt.lines(out)
        for number in [line - 1, line + 1] {
            guard let (range, _) = lines.first(where: { $0.1 == number }), out[range].elementsEqual(added.utf8) else {
                continue
            }
            var end = range.upperBound
            if end < out.count, out[end] == 0x0D { end += 1 }
            if end < out.count, out[end] == 0x0A { end += 1 }
            return Array(out[..<range.lowerBound] + out[end...])
        }
        return out
    }

    /// The note without the task's line and its line break.
    public static func remove(_ bytes: [UInt8], note: String, id: String, source: String) throws(EditError) -> [UInt8] {
        try replacing(bytes, note: note, id: id, source: source) { _ in ([], nil) }.bytes
    }

    /// The task's line with the edited fields: the title (the description's words but its tags),
    /// the tag (the first `#tag`), the priority and the due date (the due field; on a task shown
    /// for its scheduled day, the scheduled field). Other fields stay where they were.
    public static func update(
        _ bytes: [UInt8], note: String, id: String, source: String, from old: Item, to new: Item, zone: Zone
    ) throws(EditError) -> [UInt8] {
        try replacing(bytes, note: note, id: id, source: source) { task in
            var edits: [(Range<Int>, String)] = []
            let end = task.body.upperBound
            let dataview = task.isDataview
            if new.due != old.due {
                let day = new.due.map { "\($0.localDate(in: zone))" }
                if let f = task.field(.due) ?? task.field(.scheduled) {
                    if let day {
                        let t = task.text(f.range)
                        edits.append(
                            f.dataview
                                ? (f.range, t.replacingDate(f.value, with: day))
                                : ((f.range.upperBound - 10)..<f.range.upperBound, day))
                    } else {
                        edits.append((f.range, ""))
                    }
                } else if let day {
                    edits.append((end..<end, dataview ? "  [due:: \(day)]" : " 📅 \(day)"))
                }
            }
            if new.priority != old.priority {
                let words: [Priority: (String, String)] = [
                    .high: ("⏫", "high"), .medium: ("🔼", "medium"), .low: ("🔽", "low")
                ]
                let word = words[new.priority]
                if let f = task.field(.priority) {
                    edits.append((f.range, word.map { f.dataview ? "[priority:: \($0.1)]" : $0.0 } ?? ""))
                } else if let word {
                    // (After the description, where the plugin writes it.)
                    let at = task.descriptionEnd
                    edits.append((at..<at, dataview ? "  [priority:: \(word.1)]" : " " + word.0))
                }
            }
            if new.title != old.title || new.tag != old.tag {
                let description = task.text(task.body.lowerBound..<task.descriptionEnd)
                var words = description.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
                if new.title != old.title {
                    words =
                        new.title.split(separator: " ").map(String.init) + words.filter { ObsidianTasks.isTag($0[...]) }
                }
                if new.tag != old.tag {
                    if let i = words.firstIndex(where: { ObsidianTasks.isTag($0[...]) }) {
                        if let tag = new.tag { words[i] = "#" + tag } else { words.remove(at: i) }
                    } else if let first = old.tag, let f = task.trailingTagRange(first) {
                        // The first tag is among the fields: changed where it is.
                        edits.append((f, new.tag.map { "#" + $0 } ?? ""))
                    } else if let tag = new.tag {
                        words.append("#" + tag)
                    }
                }
                edits.append((task.body.lowerBound..<task.descriptionEnd, words.joined(separator: " ")))
            }
            var s = task.scalars
            for (range, text) in edits.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
                var lower = range.lowerBound
                if text.isEmpty, range.lowerBound > task.descriptionEnd {
                    while lower > task.body.lowerBound, s[lower - 1] == " " { lower -= 1 }
                }
                s.replaceSubrange(lower..<range.upperBound, with: text.unicodeScalars)
            }
            return ([String(String.UnicodeScalarView(s))], 0)
        }.bytes
    }

    /// A new task at the end of the note: `- [ ] title #tag ⏫ 📅 DAY` (the plugin's order; the
    /// note gets a final line break first when it has none; its line breaks are kept). Made
    /// `again` (after a killed command), when the note has that very line nothing is added.
    public static func append(_ bytes: [UInt8], note: String, item: Item, zone: Zone, again: Bool = false) -> (
        bytes: [UInt8], id: String, added: Bool
    ) {
        var line = "- [ ] " + ControlText.clean(item.title, replacement: " ")
        if let tag = item.tag { line += " #" + tag }
        switch item.priority {
        case .high: line += " ⏫"
        case .medium: line += " 🔼"
        case .low: line += " 🔽"
        case .none: break
        }
        if let due = item.due { line += " 📅 \(due.localDate(in: zone))" }
        let text = Array(line.utf8)
        func id(_ bytes: [UInt8], at number: Int) -> String {
            parse(bytes, note: note, source: item.source).first { $0.line == number }?.item.id ?? ""
        }
        if again, let existing = TodoTxt.lines(bytes).last(where: { bytes[$0.0].elementsEqual(text) }) {
            return (bytes, id(bytes, at: existing.1), false)
        }
        let brk = TodoTxt.lineBreak(bytes)
        var out = bytes
        if let last = out.last, last != 0x0A && last != 0x0D { out += brk }
        out += text
        out += brk
        return (out, id(out, at: TodoTxt.lines(out).count), true)
    }
}

extension ObsidianTasks.Task {
    /// Where `#tag` is among the fields (a tag after them), with its `#`.
    func trailingTagRange(_ tag: String) -> Range<Int>? {
        let needle = Array(("#" + tag).unicodeScalars)
        var i = descriptionEnd
        while i + needle.count <= body.upperBound {
            if Array(scalars[i..<(i + needle.count)]) == needle,
                i + needle.count == body.upperBound || scalars[i + needle.count] == " "
            {
                return i..<(i + needle.count)
            }
            i += 1
        }
        return nil
    }
}
