public import TMinusCore

/// todo.txt (the todotxt/todo.txt format): one todo per line. `(A) ` is high, `(B) ` medium,
/// `(C) ` and below low; `x DATE ` marks it done; `+project` and `@context` are tags (the first is
/// the item's tag); `due:YYYY-MM-DD` is the due day. The title is the description without those
/// tokens. Pure: bytes in, items and edited bytes out; every edit changes one line and leaves
/// every other byte of the file as it was.
public enum TodoTxt {
    /// One todo line of the file.
    public struct Entry: Sendable, Equatable {
        /// The line's bytes in the file, without its line break.
        public var range: Range<Int>
        /// 1-based.
        public var line: Int
        /// The line's todo (its id the hash of its description).
        public var item: Item
    }

    /// Every todo of the file (a source reads only the nearest: `nearest`).
    public static func parse(_ bytes: [UInt8], source: String) -> [Entry] {
        var out: [Entry] = []
        var seen: [String: Int] = [:]
        for (range, number) in lines(bytes) {
            let text = String(decoding: bytes[range], as: UTF8.self)
            guard let parsed = Parsed(text), !parsed.words.isEmpty || parsed.due != nil else { continue }
            // The id is the description's hash (done marks, priority and dates left out), so a line
            // keeps its handle when it is done, undone or given another priority; the n-th copy of
            // one description gets `#n`.
            let base = "txt-" + hash(parsed.body)
            let n = (seen[base] ?? 0) + 1
            seen[base] = n
            let item = self.item(parsed, id: n == 1 ? base : "\(base)#\(n)", source: source)
            out.append(Entry(range: range, line: number, item: item))
        }
        return out
    }

    /// The open todos nearest now (`Nearness`: the overdue, then the soonest due, then the
    /// undated), at most `limit`, in the file's order, and how many open ones were left out. The
    /// file is read line by line twice, holding at most `2 × limit` todos and their descriptions'
    /// hashes, never a list of every line: a 15 MB file costs what the cap shows, not its size.
    /// Each todo's id is the one `parse` gives it (the n-th copy of a description: `#n`).
    public static func nearest(_ bytes: [UInt8], source: String, limit: Int, now: Instant, zone: Zone) -> (
        items: [Item], leftOut: Int
    ) {
        var nearest = NearestKept<(line: Int, base: String, item: Item)>(limit: limit)
        forEachLine(bytes) { range, number in
            // A line its bytes show is done, or is due farther than what is kept, is not taken
            // apart (a 15 MB file is mostly such lines once the cap is full).
            switch quick(bytes, range) {
            case .done?: return
            case .due(let day)?:
                // (A todo's nearness is its due day's: it has no end, so it is never under way.)
                if nearest.leaveOut(Nearness(tier: 1, time: Due.day(day).instant(in: zone).seconds)) { return }
            case nil: break
            }
            let text = String(decoding: bytes[range], as: UTF8.self)
            guard let parsed = Parsed(text), !parsed.done, !parsed.words.isEmpty || parsed.due != nil else { return }
            let item = self.item(parsed, id: "", source: source)
            nearest.add((number, "txt-" + hash(parsed.body), item), Nearness(item, now: now, zone: zone))
        }
        let kept = nearest.kept()
        // The ids: the copies of each kept description up to its line, done ones too.
        let wanted = Set(kept.map(\.base))
        let lines = Set(kept.map(\.line))
        var seen: [String: Int] = [:]
        var ids: [Int: String] = [:]
        let last = kept.last?.line ?? 0
        let cutoff = nearest.cutoff
        forEachLine(bytes) { range, number in
            guard number <= last else { return }
            // A line due farther than every kept one is no copy of one (the due word is part of
            // the description), so it need not be taken apart.
            if let cutoff, case .due(let day)? = quick(bytes, range),
                cutoff < Nearness(tier: 1, time: Due.day(day).instant(in: zone).seconds)
            {
                return
            }
            let text = String(decoding: bytes[range], as: UTF8.self)
            guard let parsed = Parsed(text), !parsed.words.isEmpty || parsed.due != nil else { return }
            let base = "txt-" + hash(parsed.body)
            guard wanted.contains(base) else { return }
            let n = (seen[base] ?? 0) + 1
            seen[base] = n
            if lines.contains(number) { ids[number] = n == 1 ? base : "\(base)#\(n)" }
        }
        return (
            kept.map {
                var item = $0.item
                item.id = ids[$0.line] ?? $0.base
                return item
            }, nearest.leftOut
        )
    }

    /// What a line's bytes tell without taking it apart, when that is sure to be what `Parsed`
    /// reads: done (`x `), or open and due on a day (its last `due:YYYY-MM-DD` word, as `Parsed`
    /// keeps). Only for ASCII lines (in other text a space may be part of a grapheme and not split
    /// words); nil when the line must be parsed.
    enum Quick: Equatable {
        case done
        case due(CivilDate)
    }

    static func quick(_ bytes: [UInt8], _ range: Range<Int>) -> Quick? {
        var ascii = true
        for i in range where bytes[i] >= 0x80 {
            ascii = false
            break
        }
        guard ascii else { return nil }
        let n = range.count, s = range.lowerBound
        if n >= 2, bytes[s] == 0x78, bytes[s + 1] == 0x20 { return .done }
        var due: CivilDate?
        var i = s
        while i < range.upperBound {
            var j = i
            while j < range.upperBound, bytes[j] != 0x20 { j += 1 }
            // A word `due:` + 10 characters, at i..<j.
            if j - i == 14, bytes[i] == 0x64, bytes[i + 1] == 0x75, bytes[i + 2] == 0x65, bytes[i + 3] == 0x3A,
                let (l, off) = DateTimeText.parse(String(decoding: bytes[(i + 4)..<j], as: UTF8.self)), off == nil
            {
                due = l.date
            }
            i = j + 1
        }
        return due.map { .due($0) }
    }

    /// A line's todo, with this id.
    static func item(_ parsed: Parsed, id: String, source: String) -> Item {
        var item = Item(kind: .todo, id: id, handle: 0, title: parsed.title, source: source)
        item.due = parsed.due.map { .day($0) }
        item.priority = parsed.priority
        item.tag = parsed.tags.first
        item.completed = parsed.done ? parsed.doneDate.map { Instant($0.daysSinceEpoch * 86_400) } ?? Instant(0) : nil
        item.created = parsed.created.map { Instant($0.daysSinceEpoch * 86_400) }
        return item
    }

    /// Each line's byte range (line breaks excluded) and number, as `lines` gives them, one at
    /// a time.
    static func forEachLine(_ bytes: [UInt8], _ body: (Range<Int>, Int) -> Void) {
        var start = 0
        var number = 1
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            guard b == 0x0A || b == 0x0D else { i += 1; continue }
            body(start..<i, number)
            number += 1
            i += b == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
            start = i
        }
        if start < bytes.count { body(start..<bytes.count, number) }
    }

    /// The lines' byte ranges (line breaks excluded) and numbers. A line ends at LF, CRLF or a
    /// CR alone (classic Mac OS files, and some editors' "Mac" setting).
    static func lines(_ bytes: [UInt8]) -> [(Range<Int>, Int)] {
        var out: [(Range<Int>, Int)] = []
        forEachLine(bytes) { out.append(($0, $1)) }
        return out
    }

    /// The file's line break (its first one): LF, CRLF or CR; LF for a file with none.
    static func lineBreak(_ bytes: [UInt8]) -> [UInt8] {
        guard let i = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return [0x0A] }
        if bytes[i] == 0x0A { return [0x0A] }
        return i + 1 < bytes.count && bytes[i + 1] == 0x0A ? [0x0D, 0x0A] : [0x0D]
    }

    /// FNV-1a (64 bits) in hex: stable across runs and machines (Swift's hashValue is not).
    static func hash(_ s: String) -> String { FNV1a.hex(s.utf8) }

    /// A line taken apart.
    struct Parsed {
        var done = false
        var doneDate: CivilDate?
        var priorityLetter: Character?
        var created: CivilDate?
        /// The description's words, as written.
        var words: [Substring]
        var due: CivilDate?
        var tags: [String] = []
        /// `pri:X`, the priority a done line kept (clients drop `(X)` when a line is done).
        var keptPriority: Character?

        init?(_ line: String) {
            var rest = Substring(line)
            func date(_ s: Substring) -> CivilDate? {
                guard s.count == 10, let (l, off) = DateTimeText.parse(String(s)), off == nil else { return nil }
                return l.date
            }
            func takeWord() -> Substring? {
                guard let space = rest.firstIndex(of: " ") else { return nil }
                return rest[..<space]
            }
            if rest.hasPrefix("x ") {
                done = true
                rest = rest.dropFirst(2)
                if let w = takeWord(), let d = date(w) { doneDate = d; rest = rest.dropFirst(11) }
            }
            let chars = Array(rest.prefix(4))
            if chars.count == 4, chars[0] == "(", chars[2] == ")", chars[3] == " ", let a = chars[1].asciiValue,
                a >= 0x41, a <= 0x5A
            {
                priorityLetter = chars[1]
                rest = rest.dropFirst(4)
            }
            if let w = takeWord(), let d = date(w) {
                created = d
                rest = rest.dropFirst(11)
            }
            words = rest.split(separator: " ", omittingEmptySubsequences: true)
            var kept: [Substring] = []
            for w in words {
                if w.count > 1, w.first == "+" || w.first == "@" {
                    tags.append(String(w.dropFirst()))
                    continue
                }
                if w.hasPrefix("due:"), let d = date(w.dropFirst(4)) {
                    due = d
                    continue
                }
                if w.hasPrefix("pri:"), w.count == 5, let c = w.last, c.isUppercase, c.isASCII {
                    keptPriority = c
                    continue
                }
                if w.hasPrefix("t:"), date(w.dropFirst(2)) != nil { continue }
                // Other `key:value` extensions (rec:1w, h:1, id:3) are not part of the title; a URL
                // or a clock time is (its value holds '/' or its key starts with a digit).
                // (A `due:` that is not a date stays in sight.)
                if Self.isExtension(w), !w.hasPrefix("due:"), !w.hasPrefix("t:") { continue }
                kept.append(w)
            }
            titleWords = kept
            if words.isEmpty && !done && priorityLetter == nil && created == nil { return nil }
        }

        var titleWords: [Substring] = []

        static func isExtension(_ w: Substring) -> Bool {
            guard let colon = w.firstIndex(of: ":"), colon != w.startIndex, w.index(after: colon) != w.endIndex else {
                return false
            }
            let key = w[..<colon], value = w[w.index(after: colon)...]
            guard let first = key.first, first.isASCII, first.isLetter else { return false }
            return key.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
                && !value.contains(":") && !value.contains("/")
        }

        var title: String {
            let t = ControlText.clean(titleWords.joined(separator: " "), replacement: " ", dropBidi: true)
            if t.isEmpty { return "(no title)" }
            return t.count > Validation.maxTitleLength ? String(t.prefix(Validation.maxTitleLength - 1)) + "…" : t
        }

        /// What identifies the line: the description without `pri:`.
        var body: String { words.filter { !($0.hasPrefix("pri:") && $0.count == 5) }.joined(separator: " ") }

        var priority: Priority {
            switch priorityLetter ?? keptPriority {
            case "A": .high
            case "B": .medium
            case nil: .none
            default: .low
            }
        }
    }
}
