import Foundation
import Testing

/// Errors in the user's language: every error is a catalog's template filled with values
/// (`.usage(tr:)`, `.failure(tr:)`), so the pseudo-locale wraps each whole line in ⟦ ⟧, and
/// the values (paths, what was typed, option names) are all that stays as it is.
@Suite("CLI: errors through the catalogs")
struct CLIErrorLanguageTests {
    let pseudo = ["LANG": "en_US.UTF-8", "LANGUAGE": "qps"]

    /// The line after "tminus: " with the ⟦…⟧ taken out: what did not come through a catalog.
    func outside(_ stderr: String) -> String {
        let line = stderr.hasPrefix("tminus: ") ? String(stderr.dropFirst(8)) : stderr
        var depth = 0
        var rest = ""
        for c in line {
            if c == "⟦" { depth += 1 } else if c == "⟧" { depth -= 1 } else if depth == 0 { rest.append(c) }
        }
        return rest
    }

    func expectTranslated(
        _ h: TempHome, _ args: [String], status: Int32, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let r = h.inProcess(args, env: pseudo)
        #expect(r.status == status, "\(args): \(r)", sourceLocation: sourceLocation)
        var line = r.stderr.hasPrefix("tminus: ") ? String(r.stderr.dropFirst(8)) : r.stderr
        // (An option's name before the message it led to: "--now: ⟦…⟧".)
        if line.hasPrefix("--now: ") { line.removeFirst(7) }
        #expect(line.hasPrefix("⟦"), "\(args): not through a catalog: \(r.stderr)", sourceLocation: sourceLocation)
        // What is left are the values put in: nothing a translator would have to reach.
        let words = outside(r.stderr).split { !($0.isASCII && $0.isLetter) }.filter { $0.count >= 4 }
        #expect(
            words.allSatisfy { ["bogus", "sideways", "nosuchbar", "tcsh", "xyzzy"].contains(String($0)) },
            "\(args): \(words) outside the catalogs in \(r.stderr)", sourceLocation: sourceLocation)
    }

    /// Usage errors from many commands (options' values, months, formats, setup, scroll,
    /// privacy, remind, tags, templates, --now, --home).
    @Test func usageErrorsAcrossTheCommands() throws {
        let h = try TempHome()
        try h.ok("add", "Exam", "--due", "2026-03-12")
        for args in [
            ["cal", "--first", "bogus"], ["cal", "xyzzy"], ["cal", "13"], ["show", "--format", "bogus"],
            ["show", "--family", "bogus"], ["list", "--sort", "bogus"], ["agenda", "--days", "0"],
            ["--now", "2026-02-30", "list"], ["--now", "in 3 xyzzy", "list"], ["tag", "add", "work"],
            ["setup", "nosuchbar"], ["completions", "tcsh"], ["privacy", "bogus"], ["scroll", "sideways"],
            ["remind", "1"], ["remind", "1", "--in", "10m", "--at", "17:00"],
            ["add", "X", "--due", "fri", "--repeat", "every 2 xyzzy"],
            ["--home", "", "list"], ["list", "--deadlines", "--todos"], ["share", "bogus"], ["open", "tminus://bogus"]
        ] {
            expectTranslated(h, args, status: 2)
        }
    }

    /// Failures: a store that cannot be read keeps its path and says what to do, in the language.
    @Test func failuresKeepTheirPathAndSpeakTheLanguage() throws {
        let h = try TempHome()
        try h.ok("add", "Exam", "--due", "2026-03-12")
        try #"{"version": 99}"#.write(toFile: h.storePath, atomically: true, encoding: .utf8)
        let r = h.inProcess(["list"], env: pseudo)
        #expect(r.status == 1, "\(r)")
        // The whole line through the catalog, the path in it as it is (a value, not accented).
        #expect(r.stderr.hasPrefix("tminus: ⟦" + h.storePath + " "), "\(r.stderr)")
        let german = h.inProcess(["list"], env: ["LANG": "de_DE.UTF-8"])
        #expect(
            german.stderr.contains("Version 99") && german.stderr.contains("aktualisiere tminus"), "\(german.stderr)")
        let english = h.inProcess(["list"], env: ["LANG": "C.UTF-8"])
        #expect(english.stderr.contains("is version 99, newer than this tminus reads"), "\(english.stderr)")
    }

    /// A config file's problems: "CONFIG line N: key: " and what is wrong, both through the
    /// catalogs, in every command that reads the config and in each line `config check` prints.
    @Test func configProblemsSpeakTheLanguage() throws {
        let h = try TempHome()
        let path = try h.writeConfig(
            """
            {
              "precison": "minutes",
              "colors": { "normal": "blue" },
              "sources": [ { "name": "w", "kind": "vdirr", "path": "~/c" } ]
            }
            """
        ).path
        let list = h.inProcess(["list"], env: pseudo)
        #expect(list.status == 2, "\(list)")
        #expect(list.stderr.hasPrefix("tminus: ⟦" + path + " ĺíñé 2: precison: ⟧⟦"), "\(list.stderr)")
        let check = h.inProcess(["config", "check"], env: pseudo)
        let lines = check.stderr.split(separator: "\n")
        #expect(check.status == 2 && lines.count == 3, "\(check)")
        for line in lines {
            #expect(line.hasPrefix("tminus: ⟦" + path + " ĺíñé ") && line.hasSuffix("⟧"), "\(line)")
        }
        let german = h.inProcess(["config", "check"], env: ["LANG": "de_DE.UTF-8"])
        #expect(
            german.stderr.contains(path + " Zeile 2: precison: unbekannter Schlüssel; meintest du \"precision\"?"),
            "\(german.stderr)")
        #expect(german.stderr.contains("'blue' ist keine Farbe"), "\(german.stderr)")
        let english = h.inProcess(["config", "check"], env: ["LANG": "C"])
        #expect(
            english.stderr.contains(path + " line 2: precison: unknown key; did you mean \"precision\"?"),
            "\(english.stderr)")
    }

    @Test func aGermanUserReadsGermanErrors() throws {
        let h = try TempHome()
        let cal = h.inProcess(["cal", "--first", "xyz"], env: ["LANG": "de_DE.UTF-8"])
        #expect(cal.stderr == "tminus: --first nimmt mon oder sun, nicht 'xyz'\n", "\(cal.stderr)")
        let format = h.inProcess(["show", "--format", "bogus"], env: ["LANG": "fr_FR.UTF-8"])
        #expect(format.stderr.hasPrefix("tminus: format inconnu 'bogus' ; utilisez waybar, "), "\(format.stderr)")
        let when = h.inProcess(["--now", "2026-02-30", "list"], env: ["LANG": "ko_KR.UTF-8"])
        #expect(when.stderr.hasPrefix("tminus: --now: '2026-02-30'은(는) 날짜가 아닙니다: 2026년"), "\(when.stderr)")
    }
}
