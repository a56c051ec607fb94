import Testing

@testable import TMinusCore

/// Other sources' text is made inert with shortcuts for the common case (a title that starts and
/// ends with a visible ASCII character is not trimmed; one with no more bytes than the cap is not
/// counted): each gives what the character rules give.
@Suite("Item text: the shortcuts")
struct ItemTextTests {
    static let pieces: [String] = [
        "a", "Thesis", " ", "\t", "\n", "\u{A0}", "\u{2003}", "é", "e\u{301}", "\u{301}", "\u{0600}", "논", "😀",
        "👩‍👩‍👧", "\u{200D}", "\u{3000}", "~", "!", "\u{1B}", "x\r\n"
    ]

    /// Trimming by characters, as before the shortcut.
    func trimmedByCharacters(_ s: String) -> String {
        var c = Substring(s)
        while let f = c.first, f.isWhitespace { c.removeFirst() }
        while let l = c.last, l.isWhitespace { c.removeLast() }
        return String(c)
    }

    @Test func trimmingGivesWhatTheCharacterRulesGive() {
        var g = SystemRandomNumberGenerator()
        for _ in 0..<5000 {
            let s = (0..<Int.random(in: 0...5, using: &g)).map { _ in Self.pieces.randomElement(using: &g)! }.joined()
            #expect(Validation.trimmed(s) == trimmedByCharacters(s), "\(s.unicodeScalars.map(\.value))")
        }
    }

    @Test func capsCountCharactersNotBytes() {
        let max = Validation.maxTitleLength
        // Under the cap in characters, over it in bytes: kept whole.
        let wide = String(repeating: "논", count: max)
        #expect(ItemText.title(wide) == wide)
        let over = String(repeating: "a", count: max + 1)
        #expect(ItemText.title(over) == String(repeating: "a", count: max - 1) + "…")
        #expect(ItemText.title(over).count == max)
        let note = String(repeating: "e\u{301}", count: Validation.maxNoteLength)
        #expect(ItemText.note(note) == note)
        #expect(ItemText.note(note + "x").count == Validation.maxNoteLength)
        #expect(ItemText.tag(String(repeating: "😀", count: 32)) == String(repeating: "😀", count: 32))
        #expect(ItemText.tag(String(repeating: "b", count: 40)) == String(repeating: "b", count: 32))
        #expect(ItemText.tag("  x  ") == "x")
        #expect(ItemText.title(" \u{A0} ") == "(no title)")
    }
}
