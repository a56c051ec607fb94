import Foundation
import TMinusTestSupport
import Testing

@testable import TMinusCore

/// The built-in catalogs as .mo files (what the GNOME Shell extension and the Plasma applets read),
/// read back by gettext's own readers: Python's GNUTranslations and GNU msgunfmt.
@Suite("Catalogs: .mo files")
struct CatalogMOTests {
    static let readers = Needs.runs(with: "python3") && Needs.runs(with: "msgunfmt")

    func written(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("tminus-\(UUID().uuidString).mo").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Every language's file holds each of its one-form messages (in a context too) as gettext
    /// reads them, the charset and the plural rule in its header; no message with plural forms.
    @Test(.enabled(if: readers, "needs python3 and msgunfmt (apt install python3 gettext)"))
    func pythonReadsEveryMessageOfEveryLanguage() throws {
        #expect(Catalog.machineObjects.map(\.code) == Catalog.codes)
        for (code, bytes) in Catalog.machineObjects {
            let path = try written(bytes)
            defer { try? FileManager.default.removeItem(atPath: path) }
            let table = try #require(Catalog.tables.first { $0.code == code })
            let (catalog, plural) = try GettextReader.python(path, counts: [0, 1, 2, 5, 11, 21, 22, 25, 101])
            let single = table.all.filter { $0.1.count == 1 }
            #expect(catalog.count == single.count + 1, "\(code)")
            for (msgid, forms) in single {
                #expect(catalog[msgid] == forms[0], "\(code): \(msgid)")
            }
            for (msgid, forms) in table.all where forms.count > 1 { #expect(catalog[msgid] == nil) }
            let header = try #require(catalog[""], "\(code)")
            #expect(header.contains("Content-Type: text/plain; charset=UTF-8\n"), "\(code)")
            #expect(header.contains("Plural-Forms: \(table.pluralForms)\n") && !table.pluralForms.isEmpty, "\(code)")
            #expect(plural == [0, 1, 2, 5, 11, 21, 22, 25, 101].map(table.plural), "\(code)")
        }
    }

    /// German, as msgunfmt prints it back: the Shell's words in it, its day's own word.
    @Test(.enabled(if: readers, "needs python3 and msgunfmt (apt install python3 gettext)"))
    func msgunfmtReadsGerman() throws {
        let de = try #require(Catalog.machineObjects.first { $0.code == "de" })
        let path = try written(de.bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let po = try GettextReader.msgunfmt(path)
        #expect(po.contains("msgid \"Today\"\nmsgstr \"Heute\"\n"), "\(po)")
        #expect(po.contains("\"Plural-Forms: nplurals=2; plural=(n != 1);\\n\""), "\(po)")
        #expect(po.contains("msgctxt \"a day and a time\"\nmsgid \"%s %s\"\n"), "\(po)")
    }

    /// The layout itself: the header's words, the tables where it says, sorted originals.
    @Test func theLayoutIsGNUs() {
        let bytes = Catalog.machineObject([([], Array("h".utf8)), (Array("a".utf8), Array("b".utf8))])
        func word(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        #expect([0, 4, 8, 12, 16, 20, 24].map(word) == [0x9504_12de, 0, 2, 28, 44, 0, 60])
        #expect([28, 32, 36, 40, 44, 48, 52, 56].map(word) == [0, 60, 1, 61, 1, 63, 1, 65])
        #expect(Array(bytes[60...]) == [0, 0x61, 0, 0x68, 0, 0x62, 0])
    }
}
