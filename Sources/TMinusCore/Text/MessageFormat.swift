/// A message's template taken apart once, its text and its conversions (`%s`, `%d`, `%02d`,
/// `%2$s`, `%%`), to be filled many times: a countdown's words are filled for each of the
/// hour's kept outputs, and reading the template again each time was most of their cost.
/// `Catalog.append` reads a template with the same reader (`MessageFormat.read`), so the two
/// fill a template alike.
public struct MessageFormat: Sendable {
    /// The template (text pieces are ranges of its UTF-8 bytes).
    let template: String
    /// The pieces, three numbers each: 0, start, end for a stretch of text; 1 (2: zero-padded),
    /// the argument, the width for a conversion. (Numbers, not an enum: each array of a type of
    /// its own costs a run its type's metadata, about 5,000 instructions.)
    let pieces: [Int]

    /// The template taken apart.
    public init(_ template: String) {
        var text = template
        var pieces: [Int] = []
        pieces.reserveCapacity(9)
        text.withUTF8 { t in
            MessageFormat.read(
                t,
                text: {
                    pieces.append(0)
                    pieces.append($0.lowerBound)
                    pieces.append($0.upperBound)
                }
            ) { index, zero, width in
                pieces.append(zero ? 2 : 1)
                pieces.append(index)
                pieces.append(width)
            }
        }
        self.template = text
        self.pieces = pieces
    }

    /// Whether the template is empty.
    var isEmpty: Bool { template.isEmpty }

    /// The template filled, appended to `out`: `write` appends argument `index` (below `count`;
    /// a conversion naming another is left empty), padded to the conversion's width.
    public func append(
        count: Int, into out: inout [UInt8], write: (_ index: Int, _ out: inout [UInt8]) -> Void
    ) {
        var text = template
        text.withUTF8 { bytes in
            var i = 0
            while i + 2 < pieces.count {
                let (kind, a, b) = (pieces[i], pieces[i + 1], pieces[i + 2])
                i += 3
                if kind == 0 {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[a..<b]))
                } else {
                    MessageFormat.fill(a, count: count, zero: kind == 2, width: b, into: &out, write: write)
                }
            }
        }
    }

    /// The template filled with numbers, as a String.
    public func format(numbers: Int...) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(template.utf8.count + 16)
        append(count: numbers.count, into: &out) { index, out in Digits.write(Int64(numbers[index]), into: &out) }
        return String(decoding: out, as: UTF8.self)
    }

    /// The template filled with one text.
    public func format(_ argument: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(template.utf8.count + argument.utf8.count)
        append(count: 1, into: &out) { _, out in out += argument.utf8 }
        return String(decoding: out, as: UTF8.self)
    }

    /// Argument `index` appended by `write`, padded on the left to `width` (zeros or spaces).
    @inline(__always)
    static func fill(
        _ index: Int, count: Int, zero: Bool, width: Int, into out: inout [UInt8],
        write: (_ index: Int, _ out: inout [UInt8]) -> Void
    ) {
        let start = out.count
        if index < count { write(index, &out) }
        let written = out.count - start
        if written < width {
            out.insert(contentsOf: repeatElement(zero ? 0x30 : 0x20, count: width - written), at: start)
        }
    }

    /// Reads template `t`: its text in stretches (`text`, ranges of `t`; a `%%` gives the one
    /// `%`, and a `%` that starts no conversion is text), and each conversion `%[N$][0][width](s|d)`
    /// with the argument it takes (by position, else the next in order).
    @inline(__always)
    static func read(
        _ t: UnsafeBufferPointer<UInt8>, text: (Range<Int>) -> Void,
        conversion: (_ index: Int, _ zero: Bool, _ width: Int) -> Void
    ) {
        guard t.contains(0x25) else {
            if !t.isEmpty { text(0..<t.count) }
            return
        }
        var next = 0
        var i = 0
        var run = 0
        func digit(_ k: Int) -> Int? { k < t.count && t[k] >= 0x30 && t[k] <= 0x39 ? Int(t[k] - 0x30) : nil }
        func flush(_ end: Int) {
            if run < end { text(run..<end) }
        }
        while i < t.count {
            let c = t[i]
            i += 1
            guard c == 0x25, i < t.count else { continue }
            if t[i] == 0x25 {
                // "%%": the text up to and with the first `%`, the second passed over.
                flush(i)
                i += 1
                run = i
                continue
            }
            var j = i
            var number = 0
            while let v = digit(j) {
                number = number * 10 + v
                j += 1
            }
            var position: Int?
            if j < t.count, t[j] == 0x24, number > 0 {
                position = number - 1
                j += 1
            } else {
                j = i
            }
            var zero = false, width = 0
            if j < t.count, t[j] == 0x30 {
                zero = true
                j += 1
            }
            while let v = digit(j) {
                width = width * 10 + v
                j += 1
            }
            // Not a conversion: the `%` is text, and what follows it is read as text.
            guard j < t.count, t[j] == 0x73 || t[j] == 0x64 else { continue }
            flush(i - 1)
            let index = position ?? next
            if position == nil { next += 1 }
            conversion(index, zero, width)
            i = j + 1
            run = i
        }
        flush(t.count)
    }
}
