import Testing
import TMinusCore

/// Terminal columns, as glibc's wcwidth gives them for single code points (everyday.md's table)
/// and per character for emoji sequences (one emoji, two columns).
@Suite("Display width")
struct DisplayWidthTests {
    @Test(arguments: [
        ("Thesis", 6), ("", 0), ("논문", 4), ("한", 2), ("\u{1112}\u{1161}\u{11AB}", 2), ("中文", 4), ("\u{3000}", 2),
        ("Ａ", 2), ("ｶ", 1), ("e\u{301}", 1), ("é", 1), ("❤", 1), ("❤️", 2), ("🗓", 1), ("🗓️", 2), ("🇩🇪", 2),
        ("👍🏽", 2), ("👨‍👩‍👧", 2), ("⏫", 2), ("📅", 2), ("✅", 2), ("a\u{200B}b", 2), ("締め切り", 8), ("Ünïcödé", 7),
        ("\u{20000}", 2), ("ｱｲｳ", 3)
    ])
    func columns(_ text: String, _ expected: Int) {
        #expect(DisplayWidth.of(text) == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func aCutNeverSplitsACharacter() {
        #expect(DisplayWidth.prefix("中文字", columns: 3) == "中")
        #expect(DisplayWidth.prefix("中文字", columns: 4) == "中文")
        #expect(DisplayWidth.prefix("e\u{301}x", columns: 1) == "e\u{301}")
        #expect(DisplayWidth.prefix("👍🏽a", columns: 1) == "")
        #expect(DisplayWidth.prefix("abc", columns: 0) == "")
    }

    @Test func paddingCountsColumns() {
        #expect(DisplayWidth.padded("논문", to: 6) == "논문  ")
        #expect(DisplayWidth.padded("Thesis", to: 4) == "Thesis")
    }
}
