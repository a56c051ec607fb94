/// Byte-string helpers (no Foundation).
public enum Bytes {
    /// Whether `needle` occurs in `haystack`.
    public static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, needle.count <= haystack.count else { return needle.isEmpty }
        var i = 0
        let last = haystack.count - needle.count
        while i <= last {
            if haystack[i] == first && haystack[i..<(i + needle.count)].elementsEqual(needle) { return true }
            i += 1
        }
        return false
    }
}
