import TMinusCore
import TMinusSystem

/// One list of a file laid out as a `LineList` (store.json's items, summary.json's deadlines and
/// todos), found in the file's bytes without reading its lines: a change reads the few lines a
/// bisection lands on and writes the others back as runs of the same bytes, so its cost follows
/// what changed, not how many items there are.
struct ItemLines {
    let bytes: [UInt8]
    let list: LineList
    /// The first line's first byte, and the byte after the last line (equal when it is empty).
    let start: Int
    let end: Int

    /// The list whose `[` is at `open`, its lines ending at `end` (the newline before the closing
    /// `]`); nil when the bytes are not laid out so.
    init?(_ bytes: [UInt8], list: LineList, open: Int, end: Int) {
        guard open < bytes.count, bytes[open] == 0x5B else { return nil }
        self.bytes = bytes
        self.list = list
        if open + 1 < bytes.count, bytes[open + 1] == 0x5D {
            guard end == open + 1 else { return nil }
            (start, self.end) = (end, end)
            return
        }
        start = open + 2 + list.indent
        self.end = end
        guard start < end, bytes[open + 1] == 0x0A, bytes[start] == 0x7B, bytes[end - 1] == 0x7D,
            Bytes.has(list.closingBytes, in: bytes, at: end)
        else { return nil }
    }

    private init(bytes: [UInt8], list: LineList, start: Int, end: Int) {
        self.bytes = bytes
        self.list = list
        self.start = start
        self.end = end
    }

    /// The lines of this list from the one that starts at `from` to the one before `to` (a line's
    /// start, or `end`): a block of it, bisected on its own. (Where the block's bisection ends,
    /// its `end`, is `to` in this list.)
    func lines(from: Int, to: Int) -> ItemLines {
        ItemLines(bytes: bytes, list: list, start: from, end: from == to || to == end ? to : to - separatorCount)
    }

    /// The start of each line whose object begins with `prefix` (an item's `{"id":…,`), found by
    /// a search of the bytes (memmem), not line by line.
    func starts(of prefix: [UInt8]) -> [Int] {
        guard start < end else { return [] }
        let needle = [0x0A] + [UInt8](repeating: 0x20, count: list.indent) + prefix
        var found: [Int] = []
        var from = start - 1 - list.indent
        while let at = Bytes.firstIndex(of: needle, in: bytes, from: from, to: end) {
            found.append(at + 1 + list.indent)
            from = at + 1
        }
        return found
    }

    /// How many lines the list has (one memchr a line).
    func lineCount() -> Int {
        var n = 0
        var s = start
        while s < end {
            n += 1
            s = next(after: line(at: s))
        }
        return n
    }

    /// The start of the line `count` lines after the one that starts at `s` (`end` past the last).
    func start(_ count: Int, after s: Int) -> Int {
        var s = s
        for _ in 0..<count where s < end { s = next(after: line(at: s)) }
        return s
    }

    /// The list whose `[` is at `open` and `]` at `bracket` (a list the file ends with).
    init?(_ bytes: [UInt8], list: LineList, open: Int, bracket: Int) {
        self.init(bytes, list: list, open: open, end: bracket == open + 1 ? bracket : bracket - list.closing - 1)
    }

    /// The list whose `[` is at `open`, its end found by stepping from line to line (a list
    /// followed by another: one memchr per line, the lines are not read).
    init?(_ bytes: [UInt8], list: LineList, open: Int) {
        guard open + 1 < bytes.count else { return nil }
        if bytes[open + 1] == 0x5D {
            self.init(bytes, list: list, open: open, end: open + 1)
            return
        }
        let close = list.closingBytes
        var at = open + 1
        while let newline = Bytes.firstIndex(of: 0x0A, in: bytes, from: at + 1, to: bytes.count) {
            if Bytes.has(close, in: bytes, at: newline) {
                self.init(bytes, list: list, open: open, end: newline)
                return
            }
            at = newline
        }
        return nil
    }

    /// Where the list's `]` is: the byte after the list is one past it.
    var closeEnd: Int { start == end ? end + 1 : end + list.closing + 2 }

    var separatorCount: Int { 2 + list.indent }

    /// The line that starts at `s`: up to its object's last byte.
    func line(at s: Int) -> Range<Int> {
        guard let newline = Bytes.firstIndex(of: 0x0A, in: bytes, from: s, to: end) else { return s..<end }
        return s..<(newline - 1)
    }

    /// The start of the line after `line` (`end` after the last).
    func next(after line: Range<Int>) -> Int { line.upperBound == end ? end : line.upperBound + separatorCount }

    /// The first line that starts at `p` or later (`end` when none does).
    func lineStart(atOrAfter p: Int) -> Int {
        guard p > start else { return start }
        guard let newline = Bytes.firstIndex(of: 0x0A, in: bytes, from: p - 1 - list.indent, to: end) else {
            return end
        }
        return newline + 1 + list.indent
    }

    /// The first line for which `isAtOrPast` says yes, when the lines are ordered so that it says
    /// no up to some line and yes from there (`end` when it never does): a bisection over the
    /// bytes, snapped to lines. Nil when a line it reads is not an item (`isAtOrPast` gives nil).
    func first(where isAtOrPast: (ArraySlice<UInt8>) -> Bool?) -> Int? {
        var lo = start, hi = end
        while lo < hi {
            let s = lineStart(atOrAfter: lo + (hi - lo) / 2)
            guard s < hi else {
                hi = lo + (hi - lo) / 2
                continue
            }
            let line = line(at: s)
            guard let yes = isAtOrPast(bytes[line]) else { return nil }
            if yes { hi = s } else { lo = next(after: line) }
        }
        return lo
    }

    /// The list after a change: runs of these lines kept as they are, lines taken out, new ones put in.
    func patched(_ edits: [LineEdit]) -> [Piece] {
        var pieces: [Piece] = []
        var cursor = start
        // (Before line `s`: up to the end of the line before it, without the separator.)
        func keep(upTo s: Int) {
            guard s > cursor else { return }
            pieces.append(.kept(cursor..<(s == end ? end : s - separatorCount)))
        }
        for edit in edits.sorted() {
            switch edit.what {
            case .insert(let new):
                keep(upTo: edit.at)
                pieces.append(.new(new))
                cursor = max(cursor, edit.at)
            case .remove(let line):
                keep(upTo: line.lowerBound)
                cursor = next(after: line)
            }
        }
        keep(upTo: end)
        return pieces
    }

    /// A run of the list: lines as the file has them, or a new line.
    enum Piece {
        case kept(Range<Int>)
        case new([UInt8])
    }

    /// Writes the list, `[` to `]`, from its pieces.
    func write(_ pieces: [Piece], into out: inout [UInt8]) {
        list.write(pieces, into: &out) { piece, out in
            switch piece {
            case .kept(let range): out.append(contentsOf: bytes[range])
            case .new(let line): out.append(contentsOf: line)
            }
        }
    }
}

/// A change to one line of an `ItemLines` list: a line taken out, or a new one put in before the
/// line that starts at `at` (`end`: after the last).
struct LineEdit: Comparable {
    enum What {
        case insert([UInt8])
        case remove(Range<Int>)
    }
    let at: Int
    let what: What
    /// Among new lines put in at the same place, the order they go in.
    let order: Int

    static func insert(_ line: [UInt8], at: Int, order: Int) -> LineEdit {
        LineEdit(at: at, what: .insert(line), order: order)
    }
    static func remove(_ line: Range<Int>) -> LineEdit { LineEdit(at: line.lowerBound, what: .remove(line), order: 0) }

    var isInsert: Bool { if case .insert = what { true } else { false } }

    /// By place; at one place new lines go before the line taken out there (they sort before it).
    static func < (a: LineEdit, b: LineEdit) -> Bool {
        if a.at != b.at { return a.at < b.at }
        if a.isInsert != b.isInsert { return a.isInsert }
        return a.order < b.order
    }

    static func == (a: LineEdit, b: LineEdit) -> Bool { a.at == b.at && a.isInsert == b.isInsert && a.order == b.order }
}
