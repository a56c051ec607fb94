/// The bytes a JSON string holds as they are, found eight at a time: every string of every file
/// tminus reads (the summary, the store, the caches) and writes goes through here.
enum JSONBytes {
    /// The index of the first byte from `start` that is a quote, a backslash or a control byte
    /// (below 0x20), or with `stopAtNonASCII` also 0x7F or any byte above it (what the writer
    /// looks at one by one); `b.count` when there is none. Each word of eight bytes is tested at
    /// once (a byte that is zero after an XOR is the byte sought; one below 0x20 borrows when
    /// 0x20 is taken from it); a word flagged, rightly or by a borrow from the byte before, is
    /// looked at byte by byte, which is exact.
    static func plainEnd(_ b: UnsafeBufferPointer<UInt8>, from start: Int, stopAtNonASCII: Bool) -> Int {
        var i = start
        let n = b.count
        if let base = b.baseAddress {
            let raw = UnsafeRawPointer(base)
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            while i + 8 <= n {
                let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let quote = w ^ 0x2222_2222_2222_2222, backslash = w ^ 0x5C5C_5C5C_5C5C_5C5C
                var found =
                    ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)
                    | ((w &- 0x2020_2020_2020_2020) & ~w)
                if stopAtNonASCII {
                    let del = w ^ 0x7F7F_7F7F_7F7F_7F7F
                    found |= w | ((del &- ones) & ~del)
                }
                if found & highs != 0 { break }
                i += 8
            }
        }
        if stopAtNonASCII {
            while i < n, b[i] != 0x22, b[i] != 0x5C, b[i] >= 0x20, b[i] < 0x7F { i += 1 }
        } else {
            while i < n, b[i] != 0x22, b[i] != 0x5C, b[i] >= 0x20 { i += 1 }
        }
        return i
    }
}
