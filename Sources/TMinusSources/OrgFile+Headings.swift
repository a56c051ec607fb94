import TMinusCore

// Reading an Org file's settings and headings, one line at a time: a heading line, the planning
// line right below it, drawers (`:PROPERTIES:` … `:END:`, left out of the note) and the body.

extension OrgFile {
    /// The TODO keywords of one `#+TODO:` line: open ones, then (after `|`) done ones.
    public struct Sequence: Sendable, Equatable {
        public var open: [String]
        public var done: [String]
    }

    /// What the file's `#+` lines set.
    public struct Settings: Sendable {
        /// The keyword sequences (`#+TODO:`, `#+SEQ_TODO:`, `#+TYP_TODO:`); TODO | DONE without.
        public var sequences: [Sequence] = []
        /// `#+STARTUP: logdone`: `done` adds `CLOSED: [time]` (Org's org-log-done).
        public var logDone = false

        /// The settings in `bytes` (at most 100 keywords are taken).
        public init(_ bytes: [UInt8]) {
            var count = 0
            TodoTxt.forEachLine(bytes) { range, _ in
                guard range.count > 2, bytes[range.lowerBound] == 0x23, bytes[range.lowerBound + 1] == 0x2B else {
                    return
                }
                let line = String(decoding: bytes[range], as: UTF8.self)
                guard let colon = line.firstIndex(of: ":") else { return }
                let key = line[line.index(line.startIndex, offsetBy: 2)..<colon].uppercased()
                let words = line[line.index(after: colon)...].split(whereSeparator: { $0 == " " || $0 == "\t" })
                switch key {
                case "TODO", "SEQ_TODO", "TYP_TODO":
                    // `WAIT(w@/!)`: the fast-access key and logging marks are not part of the word.
                    let names = words.map { w in String(w.prefix { $0 != "(" }) }.filter { !$0.isEmpty }
                    guard count + names.count <= 100, !names.isEmpty else { return }
                    count += names.count
                    if let bar = names.firstIndex(of: "|") {
                        sequences.append(Sequence(open: Array(names[..<bar]), done: Array(names[(bar + 1)...])))
                    } else {
                        sequences.append(Sequence(open: Array(names.dropLast()), done: [names.last!]))
                    }
                case "STARTUP":
                    for w in words {
                        if w == "logdone" || w == "lognotedone" { logDone = true }
                        if w == "nologdone" { logDone = false }
                    }
                default: break
                }
            }
            sequences.removeAll { $0.open.isEmpty && $0.done.isEmpty }
            if sequences.isEmpty { sequences = [Sequence(open: ["TODO"], done: ["DONE"])] }
        }

        public func isKeyword(_ w: Substring) -> Bool {
            sequences.contains { $0.open.contains { $0 == w } || $0.done.contains { $0 == w } }
        }

        public func isDone(_ w: String) -> Bool { sequences.contains { $0.done.contains(w) } }

        /// The sequence a keyword belongs to (the first that has it).
        public func sequence(of w: String) -> Sequence {
            sequences.first { $0.open.contains(w) || $0.done.contains(w) } ?? sequences[0]
        }
    }

    /// Each heading of the file, in order, with its planning, note (of the headings whose line `notes` takes) and end.
    static func forEachHeading(
        _ bytes: [UInt8], _ settings: Settings, notes: (Int) -> Bool = { _ in true }, _ body: (Heading) -> Void
    ) {
        var current: Heading?
        var afterHeading = false
        var inDrawer = false
        // Inside `#+BEGIN_…`/`#+END_…` (source, example, quote…) a stamp is text, as for Org's agenda.
        var inBlock = false
        TodoTxt.forEachLine(bytes) { range, number in
            let isHeading = !range.isEmpty && bytes[range.lowerBound] == 0x2A
            if isHeading, let h = heading(String(decoding: bytes[range], as: UTF8.self), settings) {
                if var c = current {
                    c.end = range.lowerBound
                    c.note = Validation.trimmedText(c.note)
                    body(c)
                }
                current = h
                current!.line = number
                current!.range = range
                afterHeading = true
                inDrawer = false
                inBlock = false
                return
            }
            guard current != nil else { return }
            // (Cheap checks on the bytes first: most body lines of a big file are plain text.)
            var first = range.lowerBound
            while first < range.upperBound, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
            let mayPlan = afterHeading && first < range.upperBound && "DSC".utf8.contains(bytes[first])
            afterHeading = false
            if mayPlan {
                let trimmed = Validation.trimmedText(String(decoding: bytes[range], as: UTF8.self))
                if planning(Substring(trimmed), into: &current!) {
                    current!.planning = range
                    return
                }
            }
            let colon = first < range.upperBound && bytes[first] == 0x3A
            if inDrawer {
                if colon, Validation.trimmedText(String(decoding: bytes[range], as: UTF8.self)).uppercased() == ":END:"
                {
                    inDrawer = false
                }
                return
            }
            if colon, range.count < 200 {
                let trimmed = Validation.trimmedText(String(decoding: bytes[range], as: UTF8.self))
                if trimmed.count > 2, trimmed.last == ":", !trimmed.dropFirst().dropLast().contains(":"),
                    !trimmed.contains(" ")
                {
                    inDrawer = true
                    return
                }
            }
            // Org's state-change notes (`- State "DONE" from "TODO" [time]`) are its log, not the note.
            if first < range.upperBound, bytes[first] == 0x2D,
                String(decoding: bytes[first..<min(range.upperBound, first + 9)], as: UTF8.self) == "- State \""
            {
                return
            }
            if first + 5 <= range.upperBound, bytes[first] == 0x23, bytes[first + 1] == 0x2B {
                let word = String(decoding: bytes[first..<min(range.upperBound, first + 7)], as: UTF8.self)
                    .uppercased()
                if word == "#+BEGIN" {
                    inBlock = true
                } else if word.hasPrefix("#+END") {
                    inBlock = false
                }
            }
            // (A fixed-width line, `: text`, and a block's lines are text; so is a stamp in
            // =verbatim= or ~code~.)
            let fixedWidth = colon && (first + 1 == range.upperBound || bytes[first + 1] == 0x20)
            if current!.keyword == nil, current!.event == nil, !inBlock, !fixedWidth, bytes[range].contains(0x3C) {
                let text = Substring(String(decoding: bytes[range], as: UTF8.self))
                if let (open, _) = stampRange(in: text),
                    open == text.startIndex
                        || !"=~".contains(text[text.index(before: open)]),
                    let e = stamp(in: text)
                {
                    current!.event = e
                }
            }
            guard notes(current!.line), current!.note.count < Validation.maxNoteLength,
                first < range.upperBound || !current!.note.isEmpty
            else { return }
            // (At most a note's length of the line is taken.)
            let line = String(
                decoding: bytes[
                    range.lowerBound..<min(range.upperBound, range.lowerBound + 4 * Validation.maxNoteLength)],
                as: UTF8.self)
            let clean = ControlText.clean(line, replacement: " ", dropBidi: true)
            current!.note += (current!.note.isEmpty ? "" : "\n") + clean
            if current!.note.count > Validation.maxNoteLength {
                current!.note = String(current!.note.prefix(Validation.maxNoteLength))
            }
        }
        if var c = current {
            c.end = bytes.count
            c.note = Validation.trimmedText(c.note)
            body(c)
        }
    }

    /// A heading line taken apart (nil: not a heading).
    static func heading(_ line: String, _ settings: Settings) -> Heading? {
        var rest = Substring(line).drop { $0 == "*" }
        guard rest.first == " " else { return nil }
        rest = rest.drop { $0 == " " }
        var h = Heading(
            line: 0, range: 0..<0, keyword: nil, priority: nil, text: "", tags: [], planning: nil, deadline: nil,
            scheduled: nil, closed: nil, event: nil, end: 0, note: "")
        let first = rest.prefix { $0 != " " && $0 != "\t" }
        if settings.isKeyword(first) {
            h.keyword = String(first)
            rest = rest.dropFirst(first.count).drop { $0 == " " }
        }
        let cookie = Array(rest.prefix(4))
        if cookie.count >= 4, cookie[0] == "[", cookie[1] == "#", cookie[3] == "]", cookie[2].isASCII,
            cookie[2].isLetter || cookie[2].isNumber
        {
            h.priority = cookie[2]
            rest = rest.dropFirst(4).drop { $0 == " " }
        }
        var text = String(rest)
        while text.last == " " || text.last == "\t" { text.removeLast() }
        if text.last == ":" {
            let space = text.lastIndex { $0 == " " || $0 == "\t" }
            let word = text[(space.map { text.index(after: $0) } ?? text.startIndex)...]
            if word.count >= 3, word.first == ":",
                word.allSatisfy({ $0.isLetter || $0.isNumber || "_@#%:".contains($0) })
            {
                h.tags = word.split(separator: ":").map(String.init)
                text = String(text[..<(space ?? text.startIndex)])
            }
        }
        if h.keyword == nil, let (open, length) = stampRange(in: Substring(text)) {
            h.event = stamp(in: text[open...])
            var t = text
            t.removeSubrange(open..<t.index(open, offsetBy: length))
            text = t
        }
        h.text = Validation.trimmedText(text)
        return h
    }

    /// A planning line's `DEADLINE:`, `SCHEDULED:` and `CLOSED:` stamps put in `h`; false when
    /// the line is none.
    static func planning(_ line: Substring, into h: inout Heading) -> Bool {
        var rest = line
        var any = false
        while !rest.isEmpty {
            var found = false
            for key in ["DEADLINE:", "SCHEDULED:", "CLOSED:"] where rest.hasPrefix(key) {
                let after = rest.dropFirst(key.count).drop { $0 == " " }
                guard let stamp = OrgStamp.parse(after) else { return any }
                switch key {
                case "DEADLINE:": h.deadline = stamp
                case "SCHEDULED:": h.scheduled = stamp
                default: h.closed = stamp
                }
                rest = after.dropFirst(stamp.length).drop { $0 == " " }
                found = true
                any = true
            }
            if !found { break }
        }
        return any
    }

    /// The first active stamp in `text` and a range's second one (`<…>--<…>`).
    static func stamp(in text: Substring) -> (OrgStamp, OrgStamp?)? {
        guard let (start, _) = stampRange(in: text), let first = OrgStamp.parse(text[start...]) else { return nil }
        let after = text[text.index(start, offsetBy: first.length)...]
        if after.hasPrefix("--"), let second = OrgStamp.parse(after.dropFirst(2)), second.active,
            second.date >= first.date
        {
            return (first, second)
        }
        return (first, nil)
    }

    /// Where the first active stamp (with a range's second one) starts in `text`, and its length.
    static func stampRange(in text: Substring) -> (String.Index, Int)? {
        var i = text.startIndex
        while let open = text[i...].firstIndex(of: "<") {
            if let s = OrgStamp.parse(text[open...]), s.active {
                var length = s.length
                let after = text[text.index(open, offsetBy: s.length)...]
                if after.hasPrefix("--"), let second = OrgStamp.parse(after.dropFirst(2)), second.active {
                    length += 2 + second.length
                }
                return (open, length)
            }
            i = text.index(after: open)
        }
        return nil
    }
}
