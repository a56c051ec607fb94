import Testing

@testable import TMinusCore

/// Strings are scanned eight bytes at a time for the first quote, backslash or control
/// character: it finds what a byte-by-byte scan finds, wherever in a word the byte is and
/// whatever surrounds it (bytes above 0x7F, bytes just above and below each special one).
@Suite("JSON: the plain run of a string")
struct JSONPlainRunTests {
    func byteByByte(_ b: [UInt8], from start: Int, stopAtNonASCII: Bool = false) -> Int {
        var i = start
        while i < b.count, b[i] != 0x22, b[i] != 0x5C, b[i] >= 0x20, !stopAtNonASCII || b[i] < 0x7F { i += 1 }
        return i
    }

    /// The writer's run (also stopping at 0x7F and above, which it looks at byte by byte).
    func writersRun(_ b: [UInt8], from start: Int) -> Int {
        b.withUnsafeBufferPointer { JSONBytes.plainEnd($0, from: start, stopAtNonASCII: true) }
    }

    @Test func findsWhatAByteScanFinds() {
        let bytes: [UInt8] = [
            0x00, 0x01, 0x09, 0x0A, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x41, 0x61, 0x7E, 0x7F, 0x80, 0xA2,
            0xDC, 0xE2, 0xFF
        ]
        let plain: [UInt8] = [0x20, 0x21, 0x23, 0x5B, 0x5D, 0x41, 0x61, 0x7E, 0x7F, 0x80, 0xA2, 0xDC, 0xE2, 0xFF]
        var g = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let n = Int.random(in: 0...40, using: &g)
            // Mostly plain bytes, with a special one now and then: runs of every length.
            let b = (0..<n).map { _ in
                Int.random(in: 0..<12, using: &g) == 0
                    ? bytes.randomElement(using: &g)! : plain.randomElement(using: &g)!
            }
            let start = Int.random(in: 0...n, using: &g)
            #expect(JSONParser(b).plainEnd(from: start) == byteByByte(b, from: start), "\(b) from \(start)")
            #expect(
                writersRun(b, from: start) == byteByByte(b, from: start, stopAtNonASCII: true), "\(b) from \(start)")
        }
        // Each special byte at each place of a 24-byte run (the writer's among visible ASCII).
        for special: UInt8 in [0x7F, 0x80, 0xC2, 0xFF] {
            for place in 0..<24 {
                var a = [UInt8](repeating: 0x7E, count: 24)
                a[place] = special
                #expect(writersRun(a, from: 0) == place)
            }
        }
        for special: UInt8 in [0x00, 0x1F, 0x22, 0x5C, 0x0A] {
            for place in 0..<24 {
                var a = [UInt8](repeating: 0x7E, count: 24)
                a[place] = special
                #expect(writersRun(a, from: 0) == place)
                var b = [UInt8](repeating: 0x7F, count: 24)
                b[place] = special
                #expect(JSONParser(b).plainEnd(from: 0) == place)
                #expect(JSONParser(b).plainEnd(from: place + 1) == 24)
            }
        }
    }
}
