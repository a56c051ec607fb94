import TMinusTestSupport
import Testing
@testable import TMinusSystem

/// A folder's names sorted by their bytes (`NameList.sortByBytes`, its radix sort on the first
/// eight bytes and the ties after) against the plain comparison of their bytes.
struct NameListTests {
    func sorted(_ names: [[UInt8]]) -> [[UInt8]] {
        var list = NameList()
        for n in names { list.append(n) }
        list.sortByBytes()
        return list.indices.map { i in list.withName(i) { b, _ in Array(b) } }
    }

    @Test(arguments: [1, 2, 3, 7, 100, 5_000])
    func sortsAsTheirBytesCompare(seed: UInt64) {
        var rng = SplitMix(seed)
        // UIDs as vdirsyncer and the calendar apps name files, names that share long prefixes
        // (dates, one app's), short ones, bytes past ASCII, and the same name twice.
        let alphabets: [[UInt8]] = [
            Array("0123456789ABCDEF".utf8), Array("abcdef0123456789-".utf8), [0x61, 0x62],
            [0x00, 0x7F, 0x80, 0xC3, 0xFF]
        ]
        for size in [0, 1, 2, 17, 255, 256, 300, 4_000] {
            var names: [[UInt8]] = []
            for _ in 0..<size {
                let alphabet = alphabets.randomElement(using: &rng)!
                let prefix: [UInt8] = Bool.random(using: &rng) ? Array("2026-11-29-".utf8) : []
                let length = Int.random(in: 0...40, using: &rng)
                names.append(prefix + (0..<length).map { _ in alphabet.randomElement(using: &rng)! })
            }
            if let first = names.first { names.append(first) }
            let expected = names.sorted { $0.lexicographicallyPrecedes($1) }
            #expect(sorted(names) == expected, "seed \(seed), \(size) names")
        }
    }
}
