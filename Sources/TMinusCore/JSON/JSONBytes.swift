/// The bytes a JSON string holds as they are, found eight at a time: every string of every file
/// tminus reads (the summary, the store, the caches; the near read's passing over of far items)
/// and writes goes through here.
public enum JSONBytes {
    /// `plainEnd` with `stopAtNonASCII`: where a string's printable ASCII without escapes ends
    /// (a file cache's record scanned byte by byte, `VdirCache.scan`).
    public static func plainASCIIEnd(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        plainEnd(b, from: start, stopAtNonASCII: true)
    }

    /// The index of the first byte from `start` that is a quote, a backslash or a control byte
    /// (below 0x20), or with `stopAtNonASCII` also 0x7F or any byte above it (what the writer
    /// looks at one by one); `b.count` when there is none. Eight bytes at a time (a title is
    /// most of an item's bytes): a quote or a backslash is a zero byte of the word XORed with
    /// it, a byte below 0x20 borrows when 0x20 is taken from it, a byte above 0x7F has its high
    /// bit, and 0x7F gets it when 1 is added. The lowest flag is the first such byte: a false one
    /// (a borrow or a carry passed on) only ever follows a true one.
    @inline(__always)
    static func plainEnd(_ b: UnsafeBufferPointer<UInt8>, from start: Int, stopAtNonASCII: Bool) -> Int {
        var i = start
        if let base = b.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            func zeroByte(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
            while i + 8 <= b.count {
                let x = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: i, as: UInt64.self))
                var found = zeroByte(x ^ (ones &* 0x22)) | zeroByte(x ^ (ones &* 0x5C))
                if stopAtNonASCII {
                    // Below 0x20 (a borrow), 0x7F (a carry into its high bit) or above (its own).
                    found |= ((x &- ones &* 0x20) | x | (x &+ ones)) & highs
                } else {
                    found |= (x &- ones &* 0x20) & ~x & highs
                }
                if found != 0 { return i + found.trailingZeroBitCount / 8 }
                i += 8
            }
        }
        while i < b.count, b[i] != 0x22, b[i] != 0x5C, b[i] >= 0x20, !stopAtNonASCII || b[i] < 0x7F { i += 1 }
        return i
    }

    /// The index of the first byte from `start` that is `x` or `y` (`b.count` when none), eight
    /// bytes at a time as `plainEnd` looks (a line's end, the summary's near read).
    @inline(__always)
    static func firstOf(_ x: UInt8, _ y: UInt8, in b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var i = start
        if let base = b.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            func zeroByte(_ w: UInt64) -> UInt64 { (w &- ones) & ~w & highs }
            let xs = ones &* UInt64(x), ys = ones &* UInt64(y)
            while i + 8 <= b.count {
                let w = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let found = x == y ? zeroByte(w ^ xs) : zeroByte(w ^ xs) | zeroByte(w ^ ys)
                if found != 0 { return i + found.trailingZeroBitCount / 8 }
                i += 8
            }
        }
        while i < b.count, b[i] != x, b[i] != y { i += 1 }
        return i
    }
}
