/// WHEN in the user's own words: the locale's weekday and month names (LC_TIME), the catalogs'
/// date words (`morgen`, `demain`, `내일`, `明日`; `heute`, `aujourd'hui`) and the locale's date
/// order (`24/12/2026` where the locale writes the day first). The English forms are read first,
/// so every documented phrase (and every script) means what it always meant; a phrase they do
/// not read is put in English word by word and read again.
extension WhenParser {
    /// The English words of the grammar a language may say otherwise, each asked of the catalog
    /// (a translation may list synonyms: `nächste|nächsten|nächster`).
    static func languageWords(_ w: Words) -> [(english: String, local: String)] {
        [
            ("today", w.trc("words of a date, synonyms separated by |", "today")),
            ("tomorrow", w.trc("words of a date, synonyms separated by |", "tomorrow")),
            ("yesterday", w.trc("words of a date, synonyms separated by |", "yesterday")),
            ("next", w.trc("words of a date, synonyms separated by |", "next")),
            ("this", w.trc("words of a date, synonyms separated by |", "this")),
            ("at", w.trc("words of a date, synonyms separated by |", "at")),
            ("in", w.trc("words of a date, synonyms separated by |", "in")),
            ("ago", w.trc("words of a date, synonyms separated by |", "ago")),
            ("days", w.trc("words of a date, synonyms separated by |", "days")),
            ("weeks", w.trc("words of a date, synonyms separated by |", "weeks")),
            ("months", w.trc("words of a date, synonyms separated by |", "months")),
            ("years", w.trc("words of a date, synonyms separated by |", "years")),
            ("hours", w.trc("words of a date, synonyms separated by |", "hours")),
            ("minutes", w.trc("words of a date, synonyms separated by |", "minutes")),
            ("week", w.trc("words of a date, synonyms separated by |", "week")),
            ("month", w.trc("words of a date, synonyms separated by |", "month")),
            ("later", w.trc("words of a date, synonyms separated by |", "later")),
            ("noon", w.trc("words of a date, synonyms separated by |", "noon")),
            ("midnight", w.trc("words of a date, synonyms separated by |", "midnight"))
        ]
    }

    /// `text` with the language's words put in English, or nil when nothing in it changed.
    static func inEnglish(_ text: String, _ w: Words) -> String? {
        func key(_ s: some StringProtocol) -> String {
            var k = s.lowercased()
            while k.hasSuffix(".") || k.hasSuffix(",") { k.removeLast() }
            return k
        }
        var table: [(String, String)] = []
        let englishDays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
        let englishMonths = [
            "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
            "november", "december"
        ]
        let n = w.names
        for i in 0..<7 { for name in [n.days[i], n.abbreviatedDays[i]] { table.append((key(name), englishDays[i])) } }
        for i in 0..<12 {
            for name in [n.months[i], n.standaloneMonths[i], n.abbreviatedMonths[i]] {
                table.append((key(name), englishMonths[i]))
            }
        }
        for (english, local) in languageWords(w) where local != english {
            for synonym in local.split(separator: "|") where !synonym.isEmpty { table.append((key(synonym), english)) }
        }
        // Words the language puts around a date that say nothing the grammar needs (`am Freitag`).
        let skipped = Set(
            w.trc("words of a date, synonyms separated by |", "(words to leave out)").split(separator: "|").map(key))
        let oclock = w.trc("words of a date, synonyms separated by |", "o'clock").split(separator: "|").map(key)
        let later = table.filter { $0.1 == "later" }.map(\.0)
        let units: Set<String> = ["days", "weeks", "months", "years", "hours", "minutes", "week", "month"]
        var out: [String] = []
        var changed = false
        let known = Set(table.map(\.0) + [key(n.am), key(n.pm)])
        for token in text.split(separator: " ").flatMap({ unspaced($0, later: later, known: known) }) {
            let k = key(token)
            // After a number, a unit before a name: 3日 is three days, not 3 and Sunday (日).
            if let last = out.last, Int(last) != nil,
                let unit = table.first(where: { $0.0 == k && units.contains($0.1) })?.1
            {
                out.append(unit)
                changed = true
                continue
            }
            if skipped.contains(k), k != "(words to leave out)" {
                changed = true
                continue
            }
            if let english = table.first(where: { $0.0 == k })?.1 {
                out.append(english)
                changed = true
                continue
            }
            // `17 Uhr`, `17時`, `17시`: the hour on the clock.
            if oclock.contains(k), let last = out.last, let hour = Int(last), (0...24).contains(hour) {
                out[out.count - 1] = "\(hour):00"
                changed = true
                continue
            }
            if let suffix = oclock.first(where: { !$0.isEmpty && k.hasSuffix($0) }),
                let hour = Int(k.dropLast(suffix.count)), (0...24).contains(hour)
            {
                out.append("\(hour):00")
                changed = true
                continue
            }
            // Day, month and year with slashes in the locale's order: 24/12/2026 (day first),
            // 12/24/2026 (en_US's month first); YYYY/MM/DD is the grammar's own.
            let parts = k.split(separator: "/", omittingEmptySubsequences: false)
            if parts.count == 3, parts[2].count == 4, let a = Int(parts[0]), let b = Int(parts[1]),
                let y = Int(parts[2])
            {
                let (month, day) = n.monthFirst ? (a, b) : (b, a)
                out.append("\(y)/\(month)/\(day)")
                changed = true
                continue
            }
            // `24. Dezember`: a day's number with the ordinal's dot of German, Polish, Danish...
            if token.count <= 3, token.hasSuffix("."), let day = Int(token.dropLast()), (1...31).contains(day) {
                out.append(String(day))
                continue
            }
            out.append(String(token))
        }
        return changed ? reordered(out).joined(separator: " ") : nil
    }

    /// The pieces of a word in a language written without spaces (`3天后`, `明日17時`, `3일후`):
    /// split where digits meet letters, and a `later` word (后, 後, 후) cut from the end of what
    /// precedes it unless the whole is a word of its own (午後, 12월). A word without both a digit and a
    /// letter beyond ASCII is left whole, so `5pm`, `17h` and `24.12.` read as they always did.
    static func unspaced(_ token: Substring, later: [String], known: Set<String>) -> [Substring] {
        guard token.contains(where: \.isNumber), token.contains(where: { !$0.isASCII && $0.isLetter }),
            !known.contains(token.lowercased())
        else {
            return [token]
        }
        var pieces: [Substring] = []
        var start = token.startIndex
        for i in token.indices.dropFirst() where token[i].isNumber != token[token.index(before: i)].isNumber {
            pieces.append(token[start..<i])
            start = i
        }
        pieces.append(token[start...])
        return pieces.flatMap { piece -> [Substring] in
            guard !known.contains(piece.lowercased()),
                let suffix = later.first(where: { piece.count > $0.count && piece.lowercased().hasSuffix($0) })
            else { return [piece] }
            let cut = piece.index(piece.endIndex, offsetBy: -suffix.count)
            return [piece[..<cut], piece[cut...]]
        }
    }

    /// The English words in the grammar's order: `3 days later` is `in 3 days`; `12 month 24
    /// days` (12月24日) is `december 24`, and `december 24 days` (12월 24일) too.
    static func reordered(_ words: [String]) -> [String] {
        let months = [
            "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
            "november", "december"
        ]
        var out: [String] = []
        var i = 0
        while i < words.count {
            let w = words[i]
            let next = i + 1 < words.count ? words[i + 1] : nil
            if let n = Int(w), let next, ["month", "months"].contains(next), (1...12).contains(n),
                i + 2 < words.count, Int(words[i + 2]) != nil
            {
                out.append(months[n - 1])
                i += 2
                continue
            }
            if w == "days", let last = out.last, Int(last) != nil, out.count >= 2, months.contains(out[out.count - 2]) {
                i += 1
                continue
            }
            if w == "later", out.count >= 2, Int(out[out.count - 2]) != nil {
                out.insert("in", at: out.count - 2)
                i += 1
                continue
            }
            out.append(w)
            i += 1
        }
        return out
    }
}
