/// A refused WHEN's one line, with the nearest accepted form when there is one: a misspelt word
/// (`tomorow`, `in 3 dayz`), a time before its day (`5pm tomorrow`), a day-first date without
/// its last dot (`24.12`), an hour without am or pm (`at 5`). Each candidate is read once: at
/// most a few, each of at most `maxLength` bytes.
extension WhenParser {
    static func refusal(_ text: String, _ m: Moment) -> TMinusError {
        let shown = Validation.printable(text)
        guard !text.isEmpty else {
            return .usage(
                tr:
                    "no date or time given; use e.g. 2026-12-24, 2026-12-01T17:00, dec 24, 24.12., fri 5pm, tomorrow at 17:00, in 3 days, +3h or eom (docs/when.md lists every form)"
            )
        }
        let words = words(text)
        let parses = { (c: String) in c.utf8.count <= maxLength && (try? read(c, m)) != nil }
        if let hour = bareHour(words) {
            let (first, second) = hour
            if parses(first) {
                if let second {
                    return .usage(tr: "'%s' gives an hour alone; did you mean '%s' or '%s'?", shown, first, second)
                }
                return .usage(tr: "'%s' gives an hour alone; did you mean '%s'?", shown, first)
            }
        }
        for candidate in candidates(words) where parses(candidate) {
            return .usage(tr: "'%s' is not a date or time; did you mean '%s'?", shown, candidate)
        }
        return .usage(
            tr:
                "'%s' is not a date or time; use e.g. 2026-12-24, 2026-12-01T17:00, dec 24, 24.12., fri 5pm, tomorrow at 17:00, in 3 days, +3h or eom (docs/when.md lists every form)",
            shown)
    }

    /// Phrases near `words` that might be accepted, nearest first.
    static func candidates(_ words: [Word]) -> [String] {
        var out: [String] = []
        let lower = words.map(\.lower)
        // Each unknown word by its nearest known one.
        let fixed = lower.map(fix)
        if fixed != lower { out.append(fixed.joined(separator: " ")) }
        // A time before its day: `5pm tomorrow` → `tomorrow 5pm`.
        for size in [2, 1] where words.count > size && timeOfDay(Array(words.prefix(size))) != nil {
            out.append((fixed.dropFirst(size) + fixed.prefix(size)).joined(separator: " "))
        }
        return out
    }

    /// A word as typed, or the known word nearest to it (`tomorow` → `tomorrow`, `3dayz` →
    /// `3days`, `24.12` → `24.12.`).
    static func fix(_ w: String) -> String {
        if w.allSatisfy({ $0.isLetter }), w.count >= 3, !vocabulary.contains(w) {
            return nearest(w, among: vocabulary) ?? w
        }
        let digits = w.prefix { $0.isASCII && $0.isNumber }
        let letters = w.dropFirst(digits.count)
        if !digits.isEmpty, letters.count >= 2, letters.allSatisfy({ $0.isLetter }), Unit.named(letters) == nil,
            !["am", "pm", "st", "nd", "rd", "th"].contains(letters)
        {
            return nearest(String(letters), among: Unit.allCases.flatMap(\.names)).map { digits + $0 } ?? w
        }
        let parts = w.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 2, parts.allSatisfy({ (1...2).contains($0.count) && $0.utf8.allSatisfy(isDigit) }) {
            return w + "."
        }
        return w
    }

    /// The candidate nearest `word` (at most max(2, its length / 3) edits away); on a tie, the one
    /// ending in the same letter, then the one whose length is nearer (`dayz` → `days`, not `day`;
    /// `minuts` → `minutes`).
    static func nearest(_ word: String, among candidates: [String]) -> String? {
        var best: (String, (Int, Int, Int))?
        for c in candidates where c.count >= 2 {
            let d = Suggest.distance(word, c)
            guard d <= max(2, c.count / 3) else { continue }
            let rank = (d, c.last == word.last ? 0 : 1, abs(c.count - word.count))
            if best == nil || rank < best!.1 { best = (c, rank) }
        }
        return best?.0
    }

    /// For a phrase with a bare hour (`at 5`, `tomorrow 17`): the phrase with it as `5pm` (and
    /// `5am`), or as `17:00`.
    static func bareHour(_ words: [Word]) -> (String, String?)? {
        guard let last = words.last, (1...2).contains(last.lower.count), last.lower.utf8.allSatisfy(isDigit),
            let h = Int(last.lower), h < 24
        else { return nil }
        let i = words.count - 1
        let with = { (s: String) in (words.prefix(i).map(\.lower) + [s]).joined(separator: " ") }
        if (1...12).contains(h) { return (with("\(h)pm"), with("\(h)am")) }
        return (with("\(pad(h, 2)):00"), nil)
    }
}
