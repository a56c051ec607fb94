import Foundation
import Testing

/// What `setup` and `config` print, in the user's language (the bar names, paths and config
/// words stay as they are; the snippets and the config file's own comments are file contents).
@Suite("CLI: setup and config lines through the catalogs")
struct CLISetupConfigLanguageTests {
    let pseudo = ["LANG": "en_US.UTF-8", "LANGUAGE": "qps"]

    @Test func setupsListOfBarsComesThroughTheCatalogs() throws {
        let h = try TempHome()
        let r = h.inProcess(["setup"], env: pseudo)
        #expect(r.status == 0, "\(r)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count > 10, "\(r.stdout)")
        for line in lines {
            // The bar's name (what one types), padded, then its description through a catalog.
            let name = line.prefix(15)
            #expect(!name.contains("⟦") && line.dropFirst(15).hasPrefix("⟦") && line.hasSuffix("⟧"), "\(line)")
        }
        #expect(r.stderr.hasPrefix("⟦") && r.stderr.hasSuffix("⟧\n"), "\(r.stderr)")
    }

    @Test func configInitAndCheckSpeakTheLanguage() throws {
        let h = try TempHome()
        let noConfig = h.inProcess(["config", "check"], env: ["LANG": "de_DE.UTF-8"])
        #expect(noConfig.stdout.hasPrefix("keine Konfiguration unter "), "\(noConfig)")
        let initial = h.inProcess(["config", "init"], env: ["LANG": "de_DE.UTF-8"])
        #expect(
            initial.status == 0 && initial.stdout.hasPrefix("/") && initial.stdout.hasSuffix(" geschrieben\n"),
            "\(initial)")
        let check = h.inProcess(["config", "check"], env: ["LANG": "fr_FR.UTF-8"])
        #expect(check.status == 0, "\(check)")
        #expect(check.stdout.contains(": correct ; deadline: next (pour l'instant "), "\(check.stdout)")
        let english = h.inProcess(["config", "check"], env: ["LANG": "C"])
        #expect(english.stdout.contains(": ok; deadline: next (now "), "\(english.stdout)")
    }
}
