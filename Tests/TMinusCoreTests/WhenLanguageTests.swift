import Testing

@testable import TMinusCore

/// WHEN in the user's words: a German and a Korean user type dates as they say them; the
/// English forms keep their meaning under any language.
@Suite("WHEN in the user's language")
struct WhenLanguageTests {
    /// Tuesday 2026-03-10, 13:00 in Berlin.
    static let now = Instant(1_773_144_000)
    let zone = Zone.fixed(3600, name: "CET")

    /// A catalog made here (the shipped ones' wording may change): the date words of German.
    static func catalog(_ code: String, _ pairs: [(String, String)]) -> Catalog {
        let context = "words of a date, synonyms separated by |\u{04}"
        let entries = pairs.map { (context + $0.0, [$0.1]) }.sorted {
            Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8))
        }
        return Catalog(Catalog.Table(code: code, plural: { _ in 0 }, entries: entries))
    }

    static let german = Words(
        messages: catalog(
            "de",
            [
                ("today", "heute"), ("tomorrow", "morgen"), ("next", "nächste|nächsten|nächster"), ("at", "um"),
                ("in", "in"), ("days", "tag|tage|tagen"), ("weeks", "woche|wochen"), ("hours", "stunde|stunden|std"),
                ("(words to leave out)", "am|den"), ("o'clock", "uhr")
            ]),
        names: TimeNames(
            abbreviatedDays: ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"],
            days: ["Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag"],
            abbreviatedMonths: ["Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez"],
            months: [
                "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober",
                "November", "Dezember"
            ],
            standaloneMonths: [], am: "", pm: "", monthFirst: false))

    static let korean = Words(
        messages: catalog("ko", [("tomorrow", "내일"), ("today", "오늘"), ("o'clock", "시")]),
        names: TimeNames(
            abbreviatedDays: ["일", "월", "화", "수", "목", "금", "토"],
            days: ["일요일", "월요일", "화요일", "수요일", "목요일", "금요일", "토요일"],
            abbreviatedMonths: (1...12).map { "\($0)월" }, months: (1...12).map { "\($0)월" }, standaloneMonths: [],
            am: "오전", pm: "오후", monthFirst: false))

    func read(_ text: String, _ words: Words) throws -> When {
        try WhenParser.parse(text, now: Self.now, zone: zone, words: words)
    }

    func local(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ min: Int = 0) -> When {
        .instant(
            zone.instant(LocalDateTime(date: CivilDate(year: y, month: m, day: d), hour: h, minute: min, second: 0)))
    }

    @Test(arguments: [
        ("freitag 17:00", 13, 17), ("Freitag um 17 Uhr", 13, 17), ("am Freitag um 17:00", 13, 17),
        ("morgen 9:00", 11, 9), ("morgen um 9 Uhr", 11, 9), ("nächsten Dienstag 8:00", 17, 8), ("heute 18:00", 10, 18),
        ("fr. 17:00", 13, 17), ("24.12.2026 12:00", -1, 12), ("24/12/2026 12:00", -1, 12)
    ])
    func germanPhrases(_ text: String, _ day: Int, _ hour: Int) throws {
        let expected = day == -1 ? local(2026, 12, 24, hour) : local(2026, 3, day, hour)
        #expect(try read(text, Self.german) == expected, "\(text)")
    }

    @Test func germanDaysAndMonthsAlone() throws {
        #expect(try read("morgen", Self.german) == .day(CivilDate(year: 2026, month: 3, day: 11)))
        #expect(try read("in 3 Tagen", Self.german) == read("in 3 days", .english))
        #expect(try read("24. Dezember", Self.german) == .day(CivilDate(year: 2026, month: 12, day: 24)))
        #expect(try read("Freitag", Self.german) == .day(CivilDate(year: 2026, month: 3, day: 13)))
    }

    @Test func koreanPhrases() throws {
        #expect(try read("내일 17:00", Self.korean) == local(2026, 3, 11, 17))
        #expect(try read("내일 17시", Self.korean) == local(2026, 3, 11, 17))
        #expect(try read("금요일 9:30", Self.korean) == local(2026, 3, 13, 9, 30))
    }

    /// The English forms first: `mar 3` is March under any language, and the refusal of a
    /// phrase no language reads is the English one.
    @Test func englishStaysFirst() throws {
        #expect(try read("fri 17:00", Self.german) == local(2026, 3, 13, 17))
        #expect(try read("tomorrow", Self.german) == .day(CivilDate(year: 2026, month: 3, day: 11)))
        #expect(throws: TMinusError.self) { try read("blorp", Self.german) }
        // Month first in en_US: 12/24/2026.
        var us = Words.english
        us.names.monthFirst = true
        #expect(try read("12/24/2026", us) == .day(CivilDate(year: 2026, month: 12, day: 24)))
        #expect(throws: TMinusError.self) { try read("24/12/2026", us) }
    }
}
