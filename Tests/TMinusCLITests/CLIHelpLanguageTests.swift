import Foundation
import Testing

@testable import TMinusCLI

/// `--help` in the user's language: the overview's tagline, groups, each command's summary and
/// the closing lines, and each page's headings, come through the catalogs (the pseudo-locale
/// wraps each in ⟦ ⟧); commands, options and examples are what one types, and stay as they are.
@Suite("CLI: --help through the catalogs")
struct CLIHelpLanguageTests {
    let pseudo = ["LANG": "en_US.UTF-8", "LANGUAGE": "qps"]

    @Test func theOverviewsWordsComeThroughTheCatalogs() throws {
        let h = try TempHome()
        for args in [["--help"], ["help"], []] {
            let r = h.inProcess(args, env: pseudo)
            #expect(r.status == 0, "\(args): \(r)")
            let lines = r.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count > 40, "\(args): \(r.stdout)")
            for line in lines {
                if line.hasPrefix("  ") {
                    // A command: what one types, then its summary.
                    #expect(line.hasSuffix("⟧"), "\(args): a summary not through the catalogs: \(line)")
                } else {
                    #expect(line.hasPrefix("⟦"), "\(args): a line not through the catalogs: \(line)")
                }
            }
        }
    }

    @Test func aPagesHeadingsAndSubcommandsComeThroughTheCatalogs() throws {
        let h = try TempHome()
        let add = h.inProcess(["add", "--help"], env: pseudo)
        for heading in ["usage:", "options:", "examples:"] {
            #expect(add.stdout.contains("⟦") && !add.stdout.contains("\n\(heading)"), "\(heading): \(add.stdout)")
        }
        #expect(add.stdout.hasPrefix("⟦"), "\(add.stdout)")
        let tag = h.inProcess(["help", "tag"], env: pseudo)
        #expect(!tag.stdout.contains("\ncommands:"), "\(tag.stdout)")
        let subcommands = tag.stdout.components(separatedBy: "⟧:\n").dropFirst().first ?? ""
        for line in subcommands.split(separator: "\n").prefix(while: { !$0.isEmpty }) {
            #expect(line.hasSuffix("⟧"), "a subcommand's summary not through the catalogs: \(line)")
        }
        let list = h.inProcess(["ls", "--help"], env: pseudo)
        #expect(!list.stdout.contains("(also:"), "\(list.stdout)")
    }

    /// Every option's description on every command's page (a `--color`'s in its two parts).
    @Test func everyOptionsDescriptionComesThroughTheCatalogs() throws {
        let h = try TempHome()
        var checked = 0
        for c in CommandTable.all {
            let r = h.inProcess([c.name, "--help"], env: pseudo)
            #expect(r.status == 0, "\(c.name): \(r)")
            // The options: the block whose lines after its heading start with "  --".
            let blocks = r.stdout.components(separatedBy: "\n\n").map { $0.split(separator: "\n") }
            guard let options = blocks.first(where: { $0.count > 1 && $0[1].hasPrefix("  --") }) else { continue }
            #expect(options[0].hasPrefix("⟦"), "\(c.name): \(options[0])")
            for line in options.dropFirst() {
                checked += 1
                #expect(line.hasSuffix("⟧"), "\(c.name): an option's description not through the catalogs: \(line)")
            }
        }
        #expect(checked > 60, "only \(checked) options seen")
    }

    /// Every command's paragraphs, and in `show --help` each format's line, are the catalogs'.
    @Test func everyCommandsParagraphsComeThroughTheCatalogs() throws {
        let h = try TempHome()
        for c in CommandTable.all {
            let r = h.inProcess([c.name, "--help"], env: pseudo)
            // The usage lines, then the paragraphs up to the next blank line.
            let blocks = r.stdout.components(separatedBy: "\n\n")
            let text = try #require(blocks.dropFirst().first, "\(c.name): \(r.stdout)")
                .trimmingCharacters(in: .newlines)
            #expect(text.hasPrefix("⟦") && text.hasSuffix("⟧"), "\(c.name): not through the catalogs: \(text)")
            #expect(text.filter { $0 == "⟦" }.count == text.filter { $0 == "⟧" }.count)
            if c.name == "show" {
                // The formats' names are what one types; what each gives is translated.
                #expect(text.contains("waybar (⟦") && text.contains("json (⟦"), "\(text)")
            }
        }
        let german = h.inProcess(["setup", "--help"], env: ["LANG": "de_DE.UTF-8"])
        #expect(german.stdout.contains("waybar, i3blocks"), "the bars are filled in: \(german.stdout)")
        #expect(!german.stdout.contains("Prints the snippet"), "\(german.stdout)")
    }

    @Test func germanHelp() throws {
        let h = try TempHome()
        let r = h.inProcess(["--help"], env: ["LANG": "de_DE.UTF-8"])
        #expect(r.stdout.hasPrefix("tminus: der Countdown bis zu Ihrer nächsten Frist"), "\(r.stdout)")
        #expect(r.stdout.contains("eine neue Frist") && r.stdout.contains("\nEinträge:\n"), "\(r.stdout)")
        let page = h.inProcess(["add", "--help"], env: ["LANG": "de_DE.UTF-8"])
        #expect(page.stdout.hasPrefix("Aufruf: tminus add TITLE --due WHEN"), "\(page.stdout)")
        #expect(page.stdout.contains("\nOptionen:\n") && page.stdout.contains("\nBeispiele:\n"), "\(page.stdout)")
        #expect(page.stdout.contains("wann sie fällig ist (ein ganzer Tag: das Ende dieses Tages)"), "\(page.stdout)")
    }
}
