import TMinusCore

/// Reads iCalendar bytes (RFC 5545 §3.1) as real files have them: CRLF, LF or lone CR line
/// breaks, folds with a space or a tab (also after blank lines, as some writers leave them), a
/// UTF-8 byte order mark, quoted parameters, several VCALENDARs or bare components, missing END
/// lines. Unfolding works on bytes, before any UTF-8 decoding (writers fold inside multi-byte
/// characters), in one linear pass. Nothing here throws: what cannot be read is reported.
public enum ICalParser {
    /// Upper bounds that keep a hostile file from costing more than a large honest one.
    public static let maxDepth = 16

    /// Content lines (unfolded) in one component, those of the components inside it included:
    /// the largest real ones (a VTIMEZONE with its whole history, an event with years of EXDATEs)
    /// have a few hundred. A component with more is refused with a problem line (a VCALENDAR,
    /// which holds the file's events, keeps its events and ignores its own lines past this many).
    public static let maxComponentLines = 10_000

    /// Bytes of one component (BEGIN through END): real ones are a few KB, one with an attachment
    /// written inline a few MB; a vdir's file may be 16 MB. Past this a component is refused.
    public static let maxComponentBytes = 16 << 20

    /// Parses a whole file (lines numbered from 1); what cannot be read is in `badLines` and `structure`.
    public static func parse(_ bytes: [UInt8]) -> ICalDocument {
        parse(bytes, in: 0..<bytes.count, firstLine: 1)
    }

    /// The part of a file in `range` (whole lines), its first line numbered `firstLine`: ranges
    /// and line numbers are the file's, so parts of a big file read one at a time (ICalRead+Parts)
    /// say what the whole would. `keep` false: nothing is kept (no property, no component), only
    /// the bad lines and what was refused are found, at a cost that does not grow with the lines.
    /// A line costs a property (about a hundred bytes) only while its component is within
    /// `maxComponentLines` and `maxComponentBytes`; the lines of a refused component, a
    /// VCALENDAR's own past the limit and those outside any component are looked at for BEGIN
    /// and END only.
    public static func parse(_ bytes: [UInt8], in range: Range<Int>, firstLine: Int, keep: Bool = true)
        -> ICalDocument
    {
        var tree = Tree(keep: keep)
        var bad: [Int] = []
        var crlf = 0, lf = 0
        bytes.withUnsafeBufferPointer { b in
            let n = range.upperBound
            var i = range.lowerBound
            if i == 0, n >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3 }
            var lineNo = firstLine
            var content: [UInt8] = []
            content.reserveCapacity(256)
            while i < n {
                let start = i
                let startLine = lineNo
                content.removeAll(keepingCapacity: true)
                while true {
                    let segment = i
                    while i < n, b[i] != 0x0A, b[i] != 0x0D { i += 1 }
                    content.append(contentsOf: UnsafeBufferPointer(rebasing: b[segment..<i]))
                    if i == n { break }
                    // One line break, counted for the file's style.
                    var j = afterBreak(b, i)
                    if j - i == 2 { crlf += 1 } else if b[i] == 0x0A { lf += 1 }
                    var breaks = 1
                    // A fold: the break (and any blank lines after it) then one space or tab.
                    var k = j
                    var blank = 0
                    while k < n, b[k] == 0x0A || b[k] == 0x0D {
                        k = afterBreak(b, k)
                        blank += 1
                    }
                    if k < n, b[k] == 0x20 || b[k] == 0x09, !content.isEmpty {
                        breaks += blank
                        lineNo += breaks
                        i = k + 1
                        continue
                    }
                    lineNo += 1
                    j = max(j, i + 1)
                    i = j
                    break
                }
                var colon = false, blank = true
                for c in content {
                    if c == 0x3A { colon = true; break }
                    if c != 0x20 && c != 0x09 { blank = false }
                }
                if blank && !colon { continue }
                // (The first three bad lines are reported; a file of millions keeps no more.)
                if isMarker(content) {
                    if let p = property(content, line: startLine, range: start..<i) {
                        tree.marker(p)
                    } else if bad.count < 3 {
                        bad.append(startLine)
                    }
                } else if tree.line(endingAt: i, number: startLine) {
                    if let p = property(content, line: startLine, range: start..<i) {
                        tree.add(p)
                    } else if bad.count < 3 {
                        bad.append(startLine)
                    }
                } else if !colon {
                    // Not kept: only whether it is a content line at all.
                    if bad.count < 3 { bad.append(startLine) }
                } else {
                    tree.lastEnd = i
                }
            }
        }
        let components = tree.finish()
        var doc = ICalDocument(components: components, badLines: bad, lineBreak: lf > crlf ? [0x0A] : [0x0D, 0x0A])
        doc.structure = tree.structure
        doc.refused = tree.refused
        return doc
    }

    /// Whether an unfolded line is a BEGIN or END line (any case, spaces before the `:` or `;`).
    static func isMarker(_ c: [UInt8]) -> Bool {
        var i = 0
        while i < c.count, c[i] == 0x20 || c[i] == 0x09 { i += 1 }
        func word(_ w: StaticString) -> Bool {
            let length = w.utf8CodeUnitCount
            guard i + length <= c.count else { return false }
            for k in 0..<length where c[i + k] | 0x20 != w.utf8Start[k] | 0x20 { return false }
            var j = i + length
            while j < c.count, c[j] == 0x20 || c[j] == 0x09 { j += 1 }
            return j < c.count && (c[j] == 0x3A || c[j] == 0x3B)
        }
        return word("BEGIN") || word("END")
    }

    /// The offset after the line break at `i` (CRLF, LF or a lone CR).
    @inline(__always)
    static func afterBreak(_ b: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        if b[i] == 0x0D, i + 1 < b.count, b[i + 1] == 0x0A { return i + 2 }
        return i + 1
    }

    /// `NAME *(";" param) ":" value`, with quoted parameter values; nil without a `:`.
    static func property(_ c: [UInt8], line: Int, range: Range<Int>) -> ICalProperty? {
        let n = c.count
        var i = 0
        while i < n, c[i] == 0x20 || c[i] == 0x09 { i += 1 }
        let nameStart = i
        while i < n, c[i] != 0x3B, c[i] != 0x3A { i += 1 }
        guard i < n else { return nil }
        let name = upperTrimmed(c[nameStart..<i])
        guard !name.isEmpty else { return nil }
        var parameters: [ICalParameter] = []
        while i < n, c[i] == 0x3B {
            i += 1
            let pStart = i
            while i < n, c[i] != 0x3D, c[i] != 0x3B, c[i] != 0x3A { i += 1 }
            let pName = upperTrimmed(c[pStart..<min(i, n)])
            guard i < n else { return nil }
            var values: [String] = []
            if c[i] == 0x3D {
                i += 1
                while true {
                    while i < n, c[i] == 0x20 { i += 1 }
                    if i < n, c[i] == 0x22 {
                        i += 1
                        let vStart = i
                        while i < n, c[i] != 0x22 { i += 1 }
                        values.append(caretDecoded(c[vStart..<min(i, n)]))
                        if i < n { i += 1 }
                        while i < n, c[i] != 0x2C, c[i] != 0x3B, c[i] != 0x3A { i += 1 }
                    } else {
                        let vStart = i
                        while i < n, c[i] != 0x2C, c[i] != 0x3B, c[i] != 0x3A { i += 1 }
                        values.append(caretDecoded(trimmed(c[vStart..<i])))
                    }
                    guard i < n else { return nil }
                    if c[i] == 0x2C { i += 1; continue }
                    break
                }
            }
            if !pName.isEmpty { parameters.append(ICalParameter(name: pName, values: values)) }
        }
        guard i < n, c[i] == 0x3A else { return nil }
        return ICalProperty(name: name, parameters: parameters, value: Array(c[(i + 1)...]), line: line, range: range)
    }

    static func trimmed(_ s: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var s = s
        while let f = s.first, f == 0x20 || f == 0x09 { s.removeFirst() }
        while let l = s.last, l == 0x20 || l == 0x09 { s.removeLast() }
        return s
    }

    /// ASCII upper-case of trimmed bytes (names and enumerated values are case-insensitive).
    static func upperTrimmed(_ s: ArraySlice<UInt8>) -> String {
        String(decoding: trimmed(s).map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }, as: UTF8.self)
    }

    /// A parameter value with RFC 6868's caret escapes decoded (`^n`, `^'`, `^^`).
    static func caretDecoded(_ s: ArraySlice<UInt8>) -> String {
        guard s.contains(0x5E) else { return String(decoding: s, as: UTF8.self) }
        var out: [UInt8] = []
        var i = s.startIndex
        while i < s.endIndex {
            if s[i] == 0x5E, i + 1 < s.endIndex {
                switch s[i + 1] {
                case 0x6E, 0x4E: out.append(0x0A); i += 2; continue
                case 0x27: out.append(0x22); i += 2; continue
                case 0x5E: out.append(0x5E); i += 2; continue
                default: break
                }
            }
            out.append(s[i])
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// TEXT values (RFC 5545 §3.3.11): escapes decoded in one left-to-right pass (chained replaces
/// turn `C:\\new` into a newline), lists split on unescaped commas only.
public enum ICalText {
    /// Decodes TEXT escapes in one pass: `\n` and `\N` are a newline, `\x` is `x`.
    public static func unescape(_ s: ArraySlice<UInt8>) -> String {
        guard s.contains(0x5C) else { return String(decoding: s, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(s.count)
        var i = s.startIndex
        while i < s.endIndex {
            let c = s[i]
            if c == 0x5C, i + 1 < s.endIndex {
                let e = s[i + 1]
                out.append(e == 0x6E || e == 0x4E ? 0x0A : e)
                i += 2
                continue
            }
            out.append(c)
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Splits on commas not escaped by a backslash; escapes are kept for `unescape`.
    public static func split(_ s: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var parts: [ArraySlice<UInt8>] = []
        var start = s.startIndex
        var i = s.startIndex
        while i < s.endIndex {
            if s[i] == 0x5C { i += 2; continue }
            if s[i] == 0x2C {
                parts.append(s[start..<i])
                start = i + 1
            }
            i += 1
        }
        parts.append(s[start..<min(s.endIndex, max(start, s.endIndex))])
        return parts
    }

    /// TEXT escaping for writing: backslash, semicolon, comma and newline.
    public static func escape(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        for c in text.utf8 {
            switch c {
            case 0x5C: out += [0x5C, 0x5C]
            case 0x3B: out += [0x5C, 0x3B]
            case 0x2C: out += [0x5C, 0x2C]
            case 0x0A: out += [0x5C, 0x6E]
            case 0x0D: continue
            default: out.append(c)
            }
        }
        return out
    }
}
