import Testing

@testable import TMinusCore

/// The byte scan that lets clean text through untouched finds exactly what the scalar rules
/// clean: controls (a kept newline aside), line and paragraph separators, bidi controls and marks.
@Suite("Control text: the cheap scan")
struct ControlTextScanTests {
    static let pieces: [String] = [
        "a", "Thesis", " ", "\n", "\t", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}", "é", "\u{2028}", "\u{2029}", "\u{2027}",
        "\u{202A}", "\u{202E}", "\u{202F}", "\u{200E}", "\u{200F}", "\u{200D}", "\u{2066}", "\u{2069}", "\u{206A}",
        "\u{061C}", "\u{061B}", "논", "😀", "\u{E000}", "—", "\u{1B}[31m"
    ]

    func expected(_ s: String, keepNewlines: Bool, dropBidi: Bool) -> Bool {
        s.unicodeScalars.contains {
            (ControlText.isControl($0) && !(keepNewlines && $0 == "\n")) || ControlText.isLineSeparator($0)
                || (dropBidi && ControlText.isBidiControl($0))
        }
    }

    @Test func theScanFindsWhatTheScalarRulesClean() {
        var g = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let s = (0..<Int.random(in: 0...6, using: &g)).map { _ in Self.pieces.randomElement(using: &g)! }.joined()
            for keep in [false, true] {
                for bidi in [false, true] {
                    #expect(
                        ControlText.mayNeedCleaning(s, keepNewlines: keep, dropBidi: bidi)
                            == expected(s, keepNewlines: keep, dropBidi: bidi),
                        "\(s.unicodeScalars.map { String($0.value, radix: 16) }) keep \(keep) bidi \(bidi)")
                }
            }
        }
    }
}
