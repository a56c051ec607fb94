/// The order titles are shown in wherever tminus orders them by title (`list --sort title`, the
/// tooltip's todos, `agenda`, `board`, a grouped notification): the order a person expects, not
/// the bytes' order.
///
/// - A run of digits is one number and compares by its value: `Soak 2` before `Soak 10`. Any
///   Unicode decimal digit counts (`٣` is 3), runs of any length (no overflow: compared by their
///   digits, not as integers).
/// - Leading zeros do not count: `Soak 02` and `Soak 2` are the same number, so the two are a tie.
/// - Case does not decide: letters compare lower-cased (`soak 1`, `Soak 2`, `SOAK 3`); non-ASCII
///   letters too, by their one-scalar lower-case mapping (`Äpfel` and `äpfel` tie).
/// - Otherwise scalars compare by value, a number as its first digit would (digits before
///   letters, after a space); a prefix comes first.
/// - A tie is a tie: callers keep the order they had (or their handle) for it, so equal titles
///   stay where they were and case or leading zeros never reorder them.
///
/// Pure, no Foundation, linear in the titles' length; ASCII titles never leave their UTF-8 bytes.
public enum NaturalOrder {
    /// -1 when `a` comes before `b`, 1 after, 0 for a tie.
    public static func compare(_ a: String, _ b: String) -> Int {
        var a = a, b = b
        let ascii: Int? = a.withUTF8 { x in b.withUTF8 { y in compareASCII(x, y) } }
        if let ascii { return ascii }
        return compareScalars(Array(a.unicodeScalars), Array(b.unicodeScalars))
    }

    /// Whether `a` comes strictly before `b`.
    public static func less(_ a: String, _ b: String) -> Bool { compare(a, b) < 0 }

    /// The order for `items` by `title`, ties in their given order (a stable sort whatever the
    /// standard library's sort is).
    public static func sorted<T>(_ items: [T], by title: (T) -> String) -> [T] {
        let titles = items.map(title)
        return items.indices.sorted { i, j in
            let c = compare(titles[i], titles[j])
            return c != 0 ? c < 0 : i < j
        }.map { items[$0] }
    }

    // MARK: ASCII (the common case)

    private static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// The ASCII comparison, or nil when either holds a non-ASCII byte.
    private static func compareASCII(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Int? {
        for b in x where b >= 0x80 { return nil }
        for b in y where b >= 0x80 { return nil }
        var i = 0, j = 0
        while i < x.count && j < y.count {
            if isDigit(x[i]) && isDigit(y[j]) {
                let (c, ni, nj) = compareNumbers(x, i, y, j, isDigit: isDigit, value: { Int($0) - 0x30 })
                if c != 0 { return c }
                i = ni
                j = nj
                continue
            }
            let p = fold(x[i]), q = fold(y[j])
            if p != q { return p < q ? -1 : 1 }
            i += 1
            j += 1
        }
        return sign((x.count - i) - (y.count - j))
    }

    private static func fold(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 32 : b }

    // MARK: Any scalars

    private static func digitValue(_ s: Unicode.Scalar) -> Int? {
        if s.isASCII { return s.value >= 0x30 && s.value <= 0x39 ? Int(s.value) - 0x30 : nil }
        guard s.properties.numericType == .decimal, let v = s.properties.numericValue, v >= 0, v <= 9 else {
            return nil
        }
        return Int(v)
    }

    /// The scalar a letter compares as: its lower case when that is one scalar, else itself.
    private static func fold(_ s: Unicode.Scalar) -> UInt32 {
        if s.isASCII { return UInt32(fold(UInt8(s.value))) }
        let lower = s.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first!.value : s.value
    }

    private static func compareScalars(_ x: [Unicode.Scalar], _ y: [Unicode.Scalar]) -> Int {
        var i = 0, j = 0
        while i < x.count && j < y.count {
            let dx = digitValue(x[i]), dy = digitValue(y[j])
            if dx != nil && dy != nil {
                let (c, ni, nj) = compareNumbers(
                    x, i, y, j, isDigit: { digitValue($0) != nil }, value: { digitValue($0) ?? 0 })
                if c != 0 { return c }
                i = ni
                j = nj
                continue
            }
            // (A number compares with anything else as its first digit's ASCII form.)
            let p = dx.map { UInt32(0x30 + $0) } ?? fold(x[i])
            let q = dy.map { UInt32(0x30 + $0) } ?? fold(y[j])
            if p != q { return p < q ? -1 : 1 }
            i += 1
            j += 1
        }
        return sign((x.count - i) - (y.count - j))
    }

    // MARK: Numbers

    /// Compares the digit runs starting at `i` and `j` by value, and returns where each ends.
    private static func compareNumbers<C: RandomAccessCollection>(
        _ x: C, _ i: Int, _ y: C, _ j: Int, isDigit: (C.Element) -> Bool, value: (C.Element) -> Int
    ) -> (Int, Int, Int) where C.Index == Int {
        var endX = i, endY = j
        while endX < x.count && isDigit(x[endX]) { endX += 1 }
        while endY < y.count && isDigit(y[endY]) { endY += 1 }
        // Without leading zeros, the longer run is the larger number; same length: the first digit that differs.
        var si = i, sj = j
        while si < endX - 1 && value(x[si]) == 0 { si += 1 }
        while sj < endY - 1 && value(y[sj]) == 0 { sj += 1 }
        if endX - si != endY - sj { return (endX - si < endY - sj ? -1 : 1, endX, endY) }
        while si < endX {
            let p = value(x[si]), q = value(y[sj])
            if p != q { return (p < q ? -1 : 1, endX, endY) }
            si += 1
            sj += 1
        }
        return (0, endX, endY)
    }

    private static func sign(_ n: Int) -> Int { n < 0 ? -1 : n > 0 ? 1 : 0 }
}
