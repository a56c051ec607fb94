/// FNV-1a, 64 bits: a hash that is the same on every run, build and machine (Swift's `hashValue`
/// is seeded per process), for names of files and buckets on disk.
public enum FNV1a {
    @inlinable
    public static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01b3 }
        return h
    }

    /// The hash as 16 lower-case hex digits.
    @inlinable
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let hex = String(hash(bytes), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
