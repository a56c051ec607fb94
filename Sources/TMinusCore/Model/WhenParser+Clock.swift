/// Times of day in WHEN: `17:00`, `17:00:30`, `5pm`, `5 pm`, `5:30pm`, `5.30pm`, `9 a.m.`,
/// `17h`, `17h30`, and the words `noon`, `midnight` (the day's end), `morning` (09:00),
/// `evening` (18:00), `tonight` and `night` (20:00). Both clocks, whatever the config's `clock`.
extension WhenParser {
    /// A time of day, or the end of the day (`midnight`: the next day's first moment).
    enum TimeOfDay: Equatable {
        case clock(Int, Int, Int)
        case endOfDay
    }

    /// The words of a time of day, and what each means.
    static let timeWords: [(String, TimeOfDay)] = [
        ("noon", .clock(12, 0, 0)), ("midday", .clock(12, 0, 0)), ("midnight", .endOfDay),
        ("morning", .clock(9, 0, 0)), ("evening", .clock(18, 0, 0)), ("tonight", .clock(20, 0, 0)),
        ("night", .clock(20, 0, 0))
    ]

    /// One or two words (`5 pm`, `9 a.m.`) read as a time of day.
    static func timeOfDay(_ words: [Word]) -> TimeOfDay? {
        switch words.count {
        case 1: return timeOfDay(words[0].lower)
        case 2 where meridiem(words[1].lower) != nil: return timeOfDay(words[0].lower + words[1].lower)
        default: return nil
        }
    }

    /// Whether `s` is `am` or `pm` (true: pm), with or without dots.
    static func meridiem(_ s: String) -> Bool? {
        switch s {
        case "am", "a.m.", "a.m": false
        case "pm", "p.m.", "p.m": true
        default: nil
        }
    }

    /// A time of day from one lower-case word.
    static func timeOfDay(_ s: String) -> TimeOfDay? {
        if let (_, t) = timeWords.first(where: { $0.0 == s }) { return t }
        for suffix in ["a.m.", "p.m.", "a.m", "p.m", "am", "pm"] where s.hasSuffix(suffix) {
            return twelveHour(String(s.dropLast(suffix.count)), pm: meridiem(suffix)!)
        }
        if let (h, m, sec) = clock(s) { return .clock(h, m, sec) }
        // `17h`, `09h`, `17h30`, `9h30`, and `9h` after a day (`demain à 9h`, `fri 9h`): a one-digit
        // `9h` alone is nine hours (WhenParser+Relative reads it first).
        let parts = s.split(separator: "h", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 0 || parts[1].count == 2,
            parts[0].utf8.allSatisfy(isDigit), parts[1].utf8.allSatisfy(isDigit), let h = Int(parts[0]), h < 24
        {
            let m = parts[1].isEmpty ? 0 : Int(parts[1]) ?? 60
            guard m < 60 else { return nil }
            return .clock(h, m, 0)
        }
        return nil
    }

    /// `5`, `5:30`, `5.30`, `12` before am or pm: 1 to 12 o'clock (12am is midnight, 12pm noon).
    static func twelveHour(_ body: String, pm: Bool) -> TimeOfDay? {
        let parts = body.split(omittingEmptySubsequences: false) { $0 == ":" || $0 == "." }
        guard (1...3).contains(parts.count), (1...2).contains(parts[0].count),
            parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(isDigit) }), let h = Int(parts[0]),
            (1...12).contains(h)
        else { return nil }
        var m = 0, sec = 0
        if parts.count > 1 {
            guard parts[1].count == 2, let v = Int(parts[1]), v < 60 else { return nil }
            m = v
        }
        if parts.count > 2 {
            guard parts[2].count == 2, let v = Int(parts[2]), v < 60 else { return nil }
            sec = v
        }
        return .clock(h % 12 + (pm ? 12 : 0), m, sec)
    }

    /// `HH:MM` or `HH:MM:SS` (24-hour).
    static func clock(_ s: String) -> (Int, Int, Int)? {
        let parts = s.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
            parts.allSatisfy({ (1...2).contains($0.count) && $0.utf8.allSatisfy(isDigit) }),
            let h = Int(parts[0]), let m = Int(parts[1]), h < 24, m < 60
        else { return nil }
        let sec = parts.count == 3 ? Int(parts[2]) ?? 99 : 0
        guard sec < 60 else { return nil }
        return (h, m, sec)
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
}
