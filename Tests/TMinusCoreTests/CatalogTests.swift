import Testing

@testable import TMinusCore

/// The catalogs' runtime: which language a run speaks (gettext's rules), the conversions a
/// message fills, the plural rules the generator turned into Swift, the pseudo-locale.
@Suite("Catalogs")
struct CatalogTests {
    @Test(
        arguments: [
            ([:], "en"),
            (["LANG": "C.UTF-8", "LANGUAGE": "de"], "en"),  // gettext ignores LANGUAGE under C
            (["LANG": "POSIX", "LANGUAGE": "de"], "en"),
            (["LANG": "de_DE.UTF-8"], "de"),
            (["LANG": "de_AT.UTF-8@euro"], "de"),
            (["LANG": "pt_BR.UTF-8"], "pt_BR"),
            (["LANG": "pt_PT.UTF-8"], "en"),  // no European Portuguese: English, not Brazil's
            (["LANG": "zh_CN.UTF-8"], "zh_CN"),
            (["LANG": "en_US.UTF-8", "LANGUAGE": "fr:de"], "fr"),
            (["LANG": "en_US.UTF-8", "LANGUAGE": "sv:de"], "de"),  // no Swedish: the next one
            (["LANG": "de_DE.UTF-8", "LC_MESSAGES": "ko_KR.UTF-8"], "ko"),
            (["LANG": "de_DE.UTF-8", "LC_MESSAGES": "ko_KR.UTF-8", "LC_ALL": "ru_RU.UTF-8"], "ru"),
            (["LANG": "de_DE.UTF-8", "LC_ALL": "C"], "en"),
            (["LANG": "en_GB.UTF-8", "LANGUAGE": "qps"], "qps"),
            (["LANG": "ja_JP.UTF-8", "LANGUAGE": ""], "ja")
        ] as [([String: String], String)])
    func theLanguageIsChosenAsGettextChoosesIt(_ env: [String: String], _ code: String) {
        let e = Environment(env.sorted { $0.key < $1.key })
        #expect(Catalog.chosen(by: e).code == code)
    }

    @Test func conversionsFillInOrderOrByPosition() {
        #expect(Catalog.format("%s left", ["2d"]) == "2d left")
        #expect(Catalog.format("%dh %02dm", ["4", "5"]) == "4h 05m")
        #expect(Catalog.format("%2$s, %1$s", ["a", "b"]) == "b, a")
        #expect(Catalog.format("100%% %s", ["x"]) == "100% x")
        #expect(Catalog.format("% elapsed", []) == "% elapsed")
        #expect(Catalog.format("no conversions", ["x"]) == "no conversions")
    }

    /// Numbers written as digits straight into the text fill every template as their decimal
    /// text does (widths, zeros, positions, a missing argument, a negative number, the extremes).
    @Test func numbersFillAsTheirDecimalText() {
        let templates = [
            "%dd %dh", "%dh %02dm", "%dd %dh %02dm", "%2$d, %1$d", "%5d|", "%05d|", "%02d", "%d%%", "%d %d %d",
            "%d", "x", "%3$d"
        ]
        let values: [[Int]] = [[0], [7, 5], [123, 4, 59], [-3, 12], [Int.max, Int.min], [100_000, 0, 9], []]
        for t in templates {
            for v in values {
                #expect(Catalog.format(t, numbers: v) == Catalog.format(t, v.map(String.init)), "\(t) \(v)")
            }
        }
    }

    @Test(arguments: [
        (0, 1, "0"), (7, 2, "07"), (42, 2, "42"), (123, 2, "123"), (-5, 3, "-005"), (9, 0, "9"),
        (1_000_000_007, 1, "1000000007"), (Int.min, 1, "-9223372036854775808"), (Int.max, 20, "09223372036854775807")
    ])
    func digitsAreTheDecimalText(n: Int, width: Int, text: String) {
        #expect(Digits.text(Int64(n), width: width) == text)
        #expect(pad(n, width) == text)
    }

    /// Russian's and Polish's three forms, as their Plural-Forms say (the generated Swift).
    @Test func slavicPluralsTakeTheirThreeForms() {
        let ru = Catalog(.ru), pl = Catalog(.pl)
        func form(_ c: Catalog, _ n: Int) -> Int { c.table!.plural(n) }
        #expect([1, 2, 5, 11, 12, 21, 22, 25, 101, 111, 112].map { form(ru, $0) } == [0, 1, 2, 2, 2, 0, 1, 2, 0, 2, 2])
        #expect([1, 2, 5, 11, 12, 21, 22, 25, 101, 112, 122].map { form(pl, $0) } == [0, 1, 2, 2, 2, 2, 1, 2, 2, 2, 1])
        #expect(Catalog(.ja).table!.plural(5) == 0)
        #expect(Catalog(.fr).table!.plural(0) == 0 && Catalog(.fr).table!.plural(2) == 1)
    }

    @Test func thePseudoLocaleKeepsPlaceholdersAndConversions() {
        let t = Catalog.pseudoText("[{title_icon} ]{title} · due {due} %d %-d %1$s")
        #expect(t == "⟦[{title_icon} ]{title} · đúé {due} %d %-d %1$s⟧")
        #expect(Catalog.pseudo.trn("%d day", "%d days", 3) == "⟦3 đáýš⟧")
    }

    /// Every built-in catalog is sorted as the lookup's binary search needs (the generator sorts
    /// by UTF-8 bytes) and finds each of its own messages.
    @Test func everyCatalogFindsEachOfItsMessages() {
        for table in Catalog.tables {
            // (`all` takes the packed entries apart on its own: the lookup's oracle.)
            let all = table.all
            for (i, entry) in all.enumerated() {
                if i > 0 { #expect(Array(all[i - 1].0.utf8).lexicographicallyPrecedes(Array(entry.0.utf8))) }
                var key = Array(entry.0.utf8)
                let found = key.withUnsafeMutableBufferPointer { table.forms(UnsafeBufferPointer($0)) }
                #expect(found == entry.1, "\(table.code): \(entry.0)")
                let first = key.withUnsafeMutableBufferPointer { table.first(UnsafeBufferPointer($0)) }
                #expect(first == entry.1.first, "\(table.code): \(entry.0)")
                // A key one byte longer or shorter, or with its last byte changed, is not found.
                for other in [key + [0x78], Array(key.dropLast()), Array(key.dropLast()) + [0x01], [UInt8]()]
                where !all.contains(where: { Array($0.0.utf8) == other }) {
                    var other = other
                    #expect(other.withUnsafeMutableBufferPointer { table.forms(UnsafeBufferPointer($0)) } == nil)
                    #expect(other.withUnsafeMutableBufferPointer { table.first(UnsafeBufferPointer($0)) } == nil)
                }
            }
        }
    }

    /// A run's language is found by its code alone (the other catalogs are not made): each
    /// code gives its own table, and a code without one none.
    @Test func aCatalogIsFoundByItsCodeAlone() {
        for table in Catalog.tables { #expect(Catalog.table(table.code)?.code == table.code) }
        for code in ["", "en", "qps", "de_DE", "pt", "DE", "zz"] { #expect(Catalog.table(code) == nil, "\(code)") }
        #expect(Catalog.chosen(by: ["LANG": "pt_BR.UTF-8"]).code == "pt_BR")
        #expect(Catalog.chosen(by: ["LANG": "pt_PT.UTF-8"]).code == "en")
    }

    @Test func datesTakeTheLocalesNamesAndTheCatalogsOrder() {
        let d = CivilDate(year: 2026, month: 11, day: 27)
        #expect(TimeNames.english.format(d, "%a %-d %b") == "Fri 27 Nov")
        #expect(TimeNames.english.format(d, "%A %d.%m.%Y %e") == "Friday 27.11.2026 27")
        #expect(TimeNames.english.format(CivilDate(year: 2026, month: 3, day: 5), "%-m/%e/%y") == "3/ 5/26")
        var us = Words.english
        us.names.monthFirst = true
        #expect(us.dayAndMonth(d) == "Fri Nov 27")
        #expect(Words.english.dayAndMonth(d) == "Fri 27 Nov")
    }
}
