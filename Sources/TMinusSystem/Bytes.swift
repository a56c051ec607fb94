import CTMinusSys
import Glibc

/// Byte-string helpers (no Foundation).
public enum Bytes {
    /// Whether `s`'s UTF-8 ends with `suffix`'s bytes (as Python's `endswith` and the C tools
    /// that write vdirs compare file names: no characters made).
    public static func hasSuffix(_ s: String, _ suffix: StaticString) -> Bool {
        // (Over the string's own bytes: its UTF-8 view's indices cost more than the comparison.)
        let ends = { (bytes: UnsafeBufferPointer<UInt8>) in hasSuffix(bytes, suffix) }
        return s.utf8.withContiguousStorageIfAvailable(ends) ?? Array(s.utf8).withUnsafeBufferPointer(ends)
    }

    /// The same for bytes (a folder's names, `NameList`).
    public static func hasSuffix(_ bytes: UnsafeBufferPointer<UInt8>, _ suffix: StaticString) -> Bool {
        let n = suffix.utf8CodeUnitCount
        guard bytes.count >= n else { return false }
        guard n > 0, let base = bytes.baseAddress else { return true }
        return memcmp(base + (bytes.count - n), suffix.utf8Start, n) == 0
    }

    /// Whether `needle` occurs in `haystack`.
    public static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        needle.isEmpty || firstIndex(of: needle, in: haystack) != nil
    }

    /// Where `needle` first occurs in `bytes` (memchr to each candidate first byte).
    public static func firstIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard let first = needle.first else { return nil }
        var from = 0
        while let i = firstIndex(of: first, in: bytes, from: from, to: bytes.count) {
            if has(needle, in: bytes, at: i) { return i }
            from = i + 1
        }
        return nil
    }
}

extension Bytes {
    /// The first `byte` in `bytes[from..<to]` (glibc's memchr: a long line costs a few
    /// instructions per 32 bytes).
    public static func firstIndex(of byte: UInt8, in bytes: [UInt8], from: Int, to: Int) -> Int? {
        guard from < to else { return nil }
        return bytes.withUnsafeBufferPointer { b -> Int? in
            guard let base = b.baseAddress, let hit = memchr(base + from, Int32(byte), to - from) else { return nil }
            return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
        }
    }

    /// Where `needle` first occurs in `bytes[from..<to]` (glibc's memmem).
    public static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from: Int, to: Int) -> Int? {
        guard !needle.isEmpty, from >= 0, to <= bytes.count, to - from >= needle.count else { return nil }
        return bytes.withUnsafeBufferPointer { b -> Int? in
            needle.withUnsafeBufferPointer { n -> Int? in
                guard let base = b.baseAddress, let hit = ctminus_memmem(base + from, to - from, n.baseAddress, n.count)
                else {
                    return nil
                }
                return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            }
        }
    }

    /// Whether `bytes` holds `literal` at `offset`.
    public static func has(_ literal: [UInt8], in bytes: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset + literal.count <= bytes.count else { return false }
        // (memcmp: a list's lines are stepped over by their closing bytes, thousands a read.)
        return literal.withUnsafeBufferPointer { l in bytes.withUnsafeBufferPointer { equal($0, from: offset, l) } }
    }
}

extension Bytes {
    /// Whether `b` holds `part` from `offset` on (memcmp: a file's name against a cache's record,
    /// per file of a vdir).
    public static func equal(_ b: UnsafeBufferPointer<UInt8>, from offset: Int, _ part: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        guard offset >= 0, offset + part.count <= b.count else { return false }
        guard part.count > 0, let base = b.baseAddress, let other = part.baseAddress else { return true }
        return memcmp(base + offset, other, part.count) == 0
    }
}

extension Bytes {
    /// How `a` orders against `b` by their bytes (memcmp, then the shorter first): below zero,
    /// zero or above (the order of plain ASCII Strings).
    public static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let m = min(a.count, b.count)
        if m > 0, let x = a.baseAddress, let y = b.baseAddress {
            let c = memcmp(x, y, m)
            if c != 0 { return Int(c) }
        }
        return a.count - b.count
    }
}
