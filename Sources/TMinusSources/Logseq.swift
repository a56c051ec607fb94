public import TMinusCore

/// A Logseq graph's Markdown page (`pages/*.md`) or journal (`journals/2026_11_27.md`): blocks
/// `- TODO …` (also DOING, LATER, NOW, WAITING, WAIT, IN-PROGRESS open; DONE, CANCELED, CANCELLED
/// closed), `[#A]` priorities, `#tags`, and on the block's following lines Org's stamps after
/// `SCHEDULED:` and `DEADLINE:` (`OrgStamp`: repeaters and all). A journal's task without a
/// date is due on the journal's day. Pure.
public enum Logseq {
    public static let openMarkers: Set<String> = ["TODO", "DOING", "LATER", "NOW", "WAITING", "WAIT", "IN-PROGRESS"]
    public static let doneMarkers: Set<String> = ["DONE", "CANCELED", "CANCELLED"]

    /// A task block: its lines and what they say.
    public struct Block: Sendable {
        /// 1-based line of the block's first line.
        public var line: Int
        /// The block's lines (its first to the next block's), without the last line break.
        public var range: Range<Int>
        public var marker: String
        public var text: String
        public var priority: Character?
        public var tags: [String]
        public var scheduled: OrgStamp?
        public var deadline: OrgStamp?
        public var note: String
    }

    public struct Entry: Sendable {
        public var block: Block
        public var item: Item
    }

    /// The day of a journal's file name (`2026_11_27.md`, Logseq's default), nil for a page.
    public static func journalDay(_ file: String) -> CivilDate? {
        guard file.hasPrefix("journals/"), file.hasSuffix(".md") else { return nil }
        let name = file.dropFirst(9).dropLast(3)
        return OrgStamp.date(Substring(name.replacingUnderscores()))
    }

    /// Every task of the page; `file` is its path in the graph (`journals/2026_11_27.md`), part
    /// of each id and, for a journal, its day.
    public static func parse(_ bytes: [UInt8], source: String, file: String, zone: Zone) -> [Entry] {
        var out: [Entry] = []
        forEachEntry(bytes, source: source, file: file, zone: zone) { out.append($0) }
        return out
    }

    /// The same, one at a time: a reader keeps what it needs (the nearest, `NearestKept`) and
    /// holds one short hash per task besides, never the page's tasks.
    public static func forEachEntry(
        _ bytes: [UInt8], source: String, file: String, zone: Zone, _ body: (Entry) -> Void
    ) {
        var seen: [String: Int] = [:]
        let day = journalDay(file)
        forEachBlock(bytes) { b in
            let base = "lsq-" + TodoTxt.hash(file + "\u{1F}" + b.text)
            let n = (seen[base] ?? 0) + 1
            seen[base] = n
            var item = Item(
                kind: .todo, id: n == 1 ? base : "\(base)#\(n)", handle: 0, title: OrgFile.title(b.text), note: b.note,
                source: source)
            item.tag = b.tags.first
            item.priority =
                switch b.priority {
                case "A": .high
                case "B": .medium
                case nil: .none
                default: .low
                }
            if let deadline = b.deadline {
                item.kind = .deadline
                item.due = deadline.due(in: zone)
                item.remind = deadline.warningStart(in: zone)
            } else if let scheduled = b.scheduled {
                item.due = .day(scheduled.date)
            } else if let day {
                item.due = .day(day)
            }
            if doneMarkers.contains(b.marker) { item.completed = Instant(0) }
            body(Entry(block: b, item: item))
        }
    }

    /// Whether a line starts a block (`- ` after its indent, or a lone `-`), and where its text starts.
    static func blockStart(_ bytes: [UInt8], _ range: Range<Int>) -> Int? {
        var i = range.lowerBound
        while i < range.upperBound, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
        guard i < range.upperBound, bytes[i] == 0x2D else { return nil }
        if i + 1 == range.upperBound { return i + 1 }
        return bytes[i + 1] == 0x20 ? i + 2 : nil
    }

    /// Each task block, in order.
    static func forEachBlock(_ bytes: [UInt8], _ body: (Block) -> Void) {
        var current: Block?
        TodoTxt.forEachLine(bytes) { range, number in
            if let start = blockStart(bytes, range) {
                if let c = current { body(c) }
                current = block(String(decoding: bytes[start..<range.upperBound], as: UTF8.self))
                current?.line = number
                current?.range = range
                return
            }
            guard current != nil else { return }
            current!.range = current!.range.lowerBound..<range.upperBound
            let line = Validation.trimmedText(String(decoding: bytes[range], as: UTF8.self))
            var h = OrgFile.Heading(
                line: 0, range: 0..<0, keyword: nil, priority: nil, text: "", tags: [], planning: nil, deadline: nil,
                scheduled: nil, closed: nil, event: nil, end: 0, note: "")
            if OrgFile.planning(Substring(line), into: &h) {
                current!.deadline = h.deadline ?? current!.deadline
                current!.scheduled = h.scheduled ?? current!.scheduled
                return
            }
            // Properties (`id:: …`), drawers and their lines are not the note.
            if line.contains(":: ") || line.hasSuffix("::") || (line.hasPrefix(":") && line.hasSuffix(":"))
                || line.hasPrefix("CLOCK:") || line.hasPrefix("* State ")
            {
                return
            }
            if current!.note.count < Validation.maxNoteLength, !line.isEmpty {
                let clean = ControlText.clean(line, replacement: " ", dropBidi: true)
                current!.note = String(
                    ((current!.note.isEmpty ? "" : current!.note + "\n") + clean).prefix(Validation.maxNoteLength))
            }
        }
        if let c = current { body(c) }
    }

    /// A block's first line taken apart (nil: not a task).
    static func block(_ text: String) -> Block? {
        var rest = Substring(text)
        let marker = rest.prefix { $0 != " " }
        guard openMarkers.contains(String(marker)) || doneMarkers.contains(String(marker)) else { return nil }
        rest = rest.dropFirst(marker.count).drop { $0 == " " }
        var priority: Character?
        let cookie = Array(rest.prefix(4))
        if cookie.count == 4, cookie[0] == "[", cookie[1] == "#", cookie[3] == "]" {
            priority = cookie[2]
            rest = rest.dropFirst(4).drop { $0 == " " }
        }
        var tags: [String] = []
        var words: [Substring] = []
        while !rest.isEmpty {
            rest = rest.drop { $0 == " " }
            // `#[[two words]]` is one tag.
            if rest.hasPrefix("#[["), let close = rest.firstRange(of: "]]") {
                let tag = rest[rest.index(rest.startIndex, offsetBy: 3)..<close.lowerBound]
                if !tag.isEmpty { tags.append(String(tag)) }
                rest = rest[close.upperBound...]
                continue
            }
            let w = rest.prefix { $0 != " " }
            rest = rest.dropFirst(w.count)
            if w.hasPrefix("#"), w.count > 1,
                w.dropFirst().allSatisfy({ $0.isLetter || $0.isNumber || "-_/".contains($0) })
            {
                tags.append(String(w.dropFirst()))
            } else if !w.isEmpty {
                words.append(w)
            }
        }
        return Block(
            line: 0, range: 0..<0, marker: String(marker), text: words.joined(separator: " "), priority: priority,
            tags: tags, scheduled: nil, deadline: nil, note: "")
    }
}

extension Substring {
    fileprivate func replacingUnderscores() -> String { String(map { $0 == "_" ? "-" : $0 }) }
}
