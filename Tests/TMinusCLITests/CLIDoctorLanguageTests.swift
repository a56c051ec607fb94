import Foundation
import Testing

/// `doctor` in the user's language: each finding's kind and message come through the catalogs
/// (TMinusStore returns the messages, the command words them), the kinds padded to one width.
@Suite("CLI: doctor through the catalogs")
struct CLIDoctorLanguageTests {
    let pseudo = ["LANG": "en_US.UTF-8", "LANGUAGE": "qps"]

    /// A home whose summary.json is gone: one finding to repair.
    func home() throws -> TempHome {
        let h = try TempHome()
        try h.ok("add", "Exam", "--due", "2026-03-12")
        try FileManager.default.removeItem(atPath: h.summaryPath)
        return h
    }

    @Test func everyLineComesThroughTheCatalogs() throws {
        let h = try home()
        let r = h.inProcess(["doctor"], env: pseudo)
        #expect(r.status == 1, "\(r)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(r.stdout)")
        for line in lines {
            // The kind and the message each wrapped, or the whole line (the first and the last).
            #expect(line.hasPrefix("⟦") && line.hasSuffix("⟧"), "not through the catalogs: \(line)")
            var depth = 0
            var outside = ""
            for c in line {
                if c == "⟦" { depth += 1 } else if c == "⟧" { depth -= 1 } else if depth == 0 { outside.append(c) }
            }
            #expect(outside.allSatisfy { $0 == " " }, "words outside the catalogs: \(outside) in \(line)")
        }
    }

    @Test func aGermanUserReadsGermanFindingsInColumns() throws {
        let h = try home()
        let r = h.inProcess(["doctor"], env: ["LANG": "de_DE.UTF-8"])
        #expect(r.status == 1, "\(r)")
        // The longest kind is "repariert": every kind padded to its width and one space.
        #expect(r.stdout.contains("\nok        store.json: 1 offene Einträge;"), "\(r.stdout)")
        #expect(
            r.stdout.contains(
                "\ngefunden  summary.json fehlt oder ist nicht lesbar (tminus summary --rebuild schreibt sie)\n"),
            "\(r.stdout)")
        #expect(r.stdout.hasSuffix("führe tminus doctor --repair aus, um es jetzt zu beheben\n"), "\(r.stdout)")
        let english = h.inProcess(["doctor"], env: ["LANG": "C.UTF-8"])
        #expect(
            english.stdout.contains(
                "\nfound    summary.json is missing or unreadable (tminus summary --rebuild writes it)\n"),
            "\(english.stdout)")
        #expect(english.stdout.hasSuffix("run tminus doctor --repair to fix it now\n"), "\(english.stdout)")
    }

    @Test func theRepairSpeaksTheLanguageToo() throws {
        let h = try home()
        let r = h.inProcess(["doctor", "--repair"], env: ["LANG": "ja_JP.UTF-8"])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("修復するものはありません") || r.stdout.contains("修復 "), "\(r.stdout)")
        #expect(!r.stdout.contains("nothing to repair") && !r.stdout.contains("repaired "), "\(r.stdout)")
    }
}
