public import TMinusTimeline

/// A renderer's output for an entry with the countdown's tick values left as holes, so the
/// outputs of a stretch (`TimelineProvider.stretch(at:)`) are filled in rather than rendered:
/// the entry is rendered once with marks in place of the values and cut at the marks. Made only
/// when filling in the entry's own values gives back exactly its output; filling in refuses
/// values with a byte the check did not see (other than letters, digits and spaces), which a
/// bar's escaping might change.
public struct OutputPattern {
    /// The output between the holes (one more than `holes`), as bytes: a fill copies them
    /// without the checks a String append makes.
    let pieces: [[UInt8]]
    /// Their bytes, together.
    let piecesSize: Int
    /// Which value each hole takes (a `Hole`'s raw value: an array of its own type would cost a
    /// run that type's metadata).
    let holes: [UInt8]
    /// The percent of every output, when it is not a hole.
    let fixedPercent: Int?
    /// The exit code of every output of the stretch.
    public let exitCode: Int32
    /// The bytes the check saw in the values (each may be filled in).
    var seen = [Bool](repeating: false, count: 256)

    enum Hole: UInt8 {
        case countdown, countdownLong, ends, percent

        /// The marks: private-use characters no data holds unchecked, and a number for the
        /// percent (printed as a number by some bars).
        var mark: StaticString {
            switch self {
            case .countdown: "\u{F8F0}"
            case .countdownLong: "\u{F8F1}"
            case .ends: "\u{F8F2}"
            case .percent: "918273645"
            }
        }
    }

    /// The pattern of `entry`'s output `rendered` (whose tick values are `ticks`), or nil when
    /// its output cannot be filled in. `percent`: the percent is a hole too (else it is fixed).
    public init?(
        _ entry: Entry, _ rendered: Rendered, ticks: TickValues, percent: Bool = true, render: (Entry) -> Rendered
    ) {
        let marked = TickValues(
            countdown: "\u{F8F0}", countdownLong: "\u{F8F1}", ends: ticks.ends == nil ? nil : "\u{F8F2}",
            percent: percent ? 918_273_645 : ticks.percent)
        fixedPercent = percent ? nil : ticks.percent
        guard let e = entry.withTicks(marked) else { return nil }
        let r = render(e)
        guard r.exitCode == rendered.exitCode else { return nil }
        var pieces: [[UInt8]] = []
        var holes: [UInt8] = []
        // (Over the output's bytes, each piece copied as one run: a byte-by-byte append cost a
        // keeping run about 20 instructions a byte of every pattern rendered.)
        var text = r.text
        text.withUTF8 { bytes in
            var start = 0, i = 0
            scan: while i < bytes.count {
                let b = bytes[i]
                if b == 0xEF || b == 0x39 {
                    for raw in UInt8(0)..<4 {
                        let hole = Hole(rawValue: raw) ?? .percent
                        let mark = UnsafeBufferPointer(start: hole.mark.utf8Start, count: hole.mark.utf8CodeUnitCount)
                        if bytes.count - i >= mark.count, bytes[i] == mark[0],
                            UnsafeBufferPointer(rebasing: bytes[i..<i + mark.count]).elementsEqual(mark)
                        {
                            pieces.append(Array(bytes[start..<i]))
                            holes.append(raw)
                            i += mark.count
                            start = i
                            continue scan
                        }
                    }
                }
                i += 1
            }
            pieces.append(Array(bytes[start..<bytes.count]))
        }
        self.pieces = pieces
        var size = 0
        for p in pieces { size += p.count }
        piecesSize = size
        self.holes = holes
        exitCode = r.exitCode
        for v in [ticks.countdown, ticks.countdownLong, ticks.ends ?? "", String(ticks.percent)] {
            for b in v.utf8 { seen[Int(b)] = true }
        }
        var expected = rendered.text
        guard let own = fillBytes(ticks),
            expected.withUTF8({ e in own.withUnsafeBufferPointer { $0.elementsEqual(e) } })
        else {
            return nil
        }
    }

    /// The output with `ticks` filled in, as UTF-8 bytes (valid: the pieces are cut between
    /// characters and the values are text); nil when a value has a byte the check did not see.
    public func fillBytes(_ ticks: TickValues) -> [UInt8]? {
        if let fixedPercent, ticks.percent != fixedPercent { return nil }
        var percent = String(ticks.percent)
        var countdown = ticks.countdown, long = ticks.countdownLong, ends = ticks.ends ?? ""
        var out: [UInt8] = []
        out.reserveCapacity(piecesSize + 64 * holes.count)
        /// (Bytes, not Strings: a keeping run fills about sixty outputs of a few kilobytes.)
        func add(_ value: inout String) -> Bool {
            value.withUTF8 { v in
                for b in v where !seen[Int(b)] && !Self.isPlain(b) { return false }
                out.append(contentsOf: v)
                return true
            }
        }
        for i in holes.indices {
            out.append(contentsOf: pieces[i])
            let ok: Bool
            switch Hole(rawValue: holes[i]) ?? .percent {
            case .countdown: ok = add(&countdown)
            case .countdownLong: ok = add(&long)
            case .ends: ok = add(&ends)
            case .percent: ok = add(&percent)
            }
            guard ok else { return nil }
        }
        out.append(contentsOf: pieces[pieces.count - 1])
        return out
    }

    /// A letter, a digit or a space: no bar escapes these.
    static func isPlain(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x20
    }
}
