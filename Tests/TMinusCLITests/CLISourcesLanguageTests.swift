import Foundation
import Testing
import TMinusCore

/// What `sources` and `doctor` say about others' files, in the reader's language: the summary
/// keeps each problem language-neutral (a bar's follower may run in another language than the
/// terminal), `sources` words it for the person, and `--json` gives it in English.
@Suite("CLI: sources' problems through the catalogs")
struct CLISourcesLanguageTests {
    let pseudo = ["LANG": "en_US.UTF-8", "LANGUAGE": "qps"]

    func fixture() throws -> SourcesFixture {
        let f = try SourcesFixture()
        try f.write(
            "calendars/home/bad.ics",
            "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:bad\nSUMMARY:Broken\nDUE:2026-13-45\nEND:VTODO\nEND:VCALENDAR\n")
        try f.write(
            "calendars/home/rule.ics",
            "BEGIN:VEVENT\nUID:r\nSUMMARY:Odd rule\nDTSTART:20260320T100000Z\nRRULE:FREQ=WEEKLY;COUNT=2;UNTIL=20260401\n"
                + "END:VEVENT\n")
        return f
    }

    @Test func problemsAreWordedWhenShownAndKeptNeutral() throws {
        let f = try fixture()
        let english = "home/bad.ics line 5: DUE: '2026-13-45' is not a date or date-time; the todo is skipped"
        let shown = f.h.inProcess(["sources"], env: pseudo)
        #expect(shown.status == 0, "\(shown)")
        let bad = try #require(shown.stdout.split(separator: "\n").first { $0.contains("bad.ics") }, "\(shown.stdout)")
        // The file, line number, property and value are the file's; every word is a catalog's.
        #expect(bad.hasPrefix("    home/bad.ics ⟦") && bad.contains("DUE: ⟦") && bad.hasSuffix("⟧"), "\(bad)")
        #expect(!bad.contains("is not a date") && !bad.contains("skipped"), "\(bad)")
        let rule = try #require(
            shown.stdout.split(separator: "\n").first { $0.contains("rule.ics") }, "\(shown.stdout)")
        #expect(rule.contains("RRULE: ⟦") && !rule.contains("together"), "\(rule)")
        #expect(!shown.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })

        // The summary (and so every bar, in any language) holds neither words of a language nor
        // anything a terminal would act on once shown.
        let summary = try String(contentsOfFile: f.h.summaryPath, encoding: .utf8)
        #expect(!summary.contains("⟦"), "the summary is not neutral")
        let json = f.h.inProcess(["sources", "--json"], env: pseudo)
        #expect(json.stdout.contains(english) && !json.stdout.contains("⟦") && !json.stdout.contains("\\u0001"))
        #expect(try f.h.ok("sources").stdout.contains("    " + english), "English under C")
    }

    @Test func aGermanUserReadsGermanProblems() throws {
        let f = try fixture()
        let r = f.h.inProcess(["sources"], env: ["LANG": "de_DE.UTF-8"])
        #expect(r.status == 0, "\(r)")
        let words = Words(messages: Catalog.chosen(by: Environment([("LANG", "de_DE.UTF-8")])), names: .english)
        let line =
            "home/bad.ics " + Catalog.format(words.tr("line %s: "), ["5"]) + "DUE: "
            + Catalog.format(words.tr("'%s' is not a date or date-time"), ["2026-13-45"])
            + words.tr("; the todo is skipped")
        #expect(words.tr("line %s: ") != "line %s: ", "German has the message")
        #expect(r.stdout.contains("    " + line + "\n"), "\(r.stdout)")
    }
}
