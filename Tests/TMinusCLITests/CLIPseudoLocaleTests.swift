import Foundation
import Testing
import TMinusCore

@testable import TMinusCLI

/// The pseudo-locale (`LANGUAGE=qps`): every message from a catalog is accented and wrapped in
/// ⟦ ⟧. With titles and tags in letters that are not ASCII, any ASCII word left in what a person
/// reads (the bar's text and tooltip in every family and state, list, agenda, cal, board) did not
/// come through a catalog: a word a translator cannot reach.
@Suite("CLI: every word through the catalogs (pseudo-locale)")
struct CLIPseudoLocaleTests {
    let pseudo = ["LANG": "en_US.UTF-8", "LANGUAGE": "qps"]

    /// The home: deadlines in each state, an overdue, a timed, an undated and a many-todo day.
    func home() throws -> TempHome {
        let h = try TempHome()
        try h.ok("tag", "add", "ŝçĥóóĺ")
        try h.ok("add", "Ŧĥéšíš", "--due", "2026-03-12T17:00", "--tag", "ŝçĥóóĺ", "--start", "2026-03-01")
        try h.ok("add", "Éхам", "--due", "2026-03-10T13:30")
        try h.ok("add", "Рарег", "--due", "2026-04-02")
        try h.ok("todo", "Оплата", "--due", "2026-03-09", "--priority", "high")
        try h.ok("todo", "Звонок", "--due", "2026-03-10T18:00", "--star")
        try h.ok("todo", "Молоко")
        return h
    }

    /// The ASCII words of `text` once every ⟦…⟧ is taken out, and the names the locale gives
    /// days and months (LC_TIME's: not the catalogs').
    func bypassing(_ text: String) -> [String] {
        var depth = 0
        var rest = ""
        for c in text {
            if c == "⟦" { depth += 1 } else if c == "⟧" { depth -= 1 } else if depth == 0 { rest.append(c) }
        }
        let names = Set(
            (TimeNames.english.abbreviatedDays + TimeNames.english.days + TimeNames.english.abbreviatedMonths
                + TimeNames.english.months + TimeNames.english.abbreviatedDays.map { String($0.prefix(2)) }
                + ["AM", "PM"]))
        return
            rest.split { !($0.isASCII && $0.isLetter) }.map(String.init).filter { $0.count >= 2 && !names.contains($0) }
    }

    func expectThroughCatalogs(
        _ h: TempHome, _ args: [String], now: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let r = h.inProcess(args, now: now, env: pseudo)
        #expect(r.status == 0 || r.status == 33, "\(args): \(r)", sourceLocation: sourceLocation)
        // (A countdown of digits alone, "🔥 30:00", has no word to translate.)
        let digitsOnly = r.stdout.allSatisfy { !$0.isLetter }
        #expect(
            digitsOnly || r.stdout.contains("⟦"), "\(args): nothing translated: \(r.stdout)",
            sourceLocation: sourceLocation)
        #expect(
            bypassing(r.stdout).isEmpty, "\(args) bypasses the catalogs: \(bypassing(r.stdout)) in \(r.stdout)",
            sourceLocation: sourceLocation)
    }

    @Test func theBarsTextAndTooltipInEveryFamilyAndState() throws {
        let h = try home()
        // Normal (two days left), critical (30 minutes), over, and with nothing left to count down.
        for now in ["2026-03-10T12:00:00Z", "2026-03-10T12:00:00Z", "2026-03-12T16:30:00Z", "2026-03-12T16:05:00Z"] {
            for family in ["small", "medium", "large"] {
                expectThroughCatalogs(h, ["show", "--format", "plain", "--family", family], now: now)
            }
        }
        for precision in ["seconds", "minutes", "hours", "days"] {
            let config = try h.writeConfig(#"{"precision": "\#(precision)"}"#)
            _ = config
            expectThroughCatalogs(h, ["show", "--format", "plain", "--family", "large"], now: "2026-03-10T12:00:00Z")
        }
    }

    @Test func theAgendaAndCalendarTooltips() throws {
        let h = try home()
        for tooltip in ["agenda", "calendar"] {
            _ = try h.writeConfig(#"{"tooltip": "\#(tooltip)"}"#)
            expectThroughCatalogs(h, ["show", "--format", "plain", "--family", "large"])
        }
    }

    @Test func theTerminalCommands() throws {
        let h = try home()
        for args in [
            ["list"], ["list", "--deadlines"], ["agenda", "--days", "7"], ["cal"], ["cal", "--weeks"],
            ["board", "--once"]
        ] {
            expectThroughCatalogs(h, args)
        }
    }

    /// The errors people meet most: a mistyped command or option, a date tminus cannot read, a
    /// REF that names nothing, a word too many.
    @Test func everydayErrors() throws {
        let h = try home()
        for args in [
            ["frobnicate"], ["lsit"], ["add", "Ŧĥéšíš", "--due", "blorp"], ["add", "Ŧĥéšíš", "--due", "tomorow"],
            ["add", "Ŧĥéšíš", "--due", "at 5"], ["list", "--bogus"], ["list", "--deadlnes"], ["done", "ŵĥáŧ"],
            ["done", ""], ["stats", "extra"], ["add", "--due"], ["add", "Ŧĥéšíš"], ["add", " ", "--due", "fri"],
            ["edit", "1"], ["edit", "1", "--star", "--unstar"], ["edit", "4", "--start", "fri"],
            ["todo", "Ŧéá", "--priority", "ŭŕĝéñŧ"], ["todo", "Ŧéá", "--repeat", "weekly"],
            ["add", "Ŧĥéšíš", "--due", "fri", "--icon", "ŧóóĺóñĝíçóñ"],
            // What add, todo and edit say of a missing title or REF, and of a time already past.
            ["add"], ["todo"], ["edit"], ["add", "Ŧĥéšíš", "--due", "2026-03-01T10:00"],
            ["todo", "Ŧéá", "--remind", "8am"], ["todo", "Ŧéá", "--remind", "2026-03-01T10:00"]
        ] {
            let r = h.inProcess(args, env: pseudo)
            #expect(r.status == 2, "\(args): \(r)")
            let line = r.stderr.hasPrefix("tminus: ") ? String(r.stderr.dropFirst(8)) : r.stderr
            #expect(line.hasPrefix("⟦"), "\(args): not through a catalog: \(r.stderr)")
            #expect(bypassing(line).isEmpty, "\(args): \(bypassing(line)) in \(r.stderr)")
        }
    }

    /// What the commands that change data say they did.
    @Test func theConfirmations() throws {
        let h = try home()
        for args in [
            ["add", "Ŕéƥóŕŧ", "--due", "2026-03-20T10:00", "--repeat", "weekly"],
            ["todo", "Ŧéá", "--due", "2026-03-11", "--remind", "2026-03-11T08:00", "--repeat", "every 2 days"],
            ["done", "5"], ["undo", "5"], ["done", "8"], ["edit", "1", "--due", "2026-03-13T17:00"], ["rm", "3"]
        ] {
            let r = h.inProcess(args, env: pseudo)
            #expect(r.status == 0, "\(args): \(r.stderr)")
            #expect(
                r.stdout.contains("⟦") && bypassing(r.stdout).isEmpty, "\(args): \(bypassing(r.stdout)) in \(r.stdout)")
        }
    }

    /// What the smaller commands answer: tags, private mode, cycling and the wheel, reminders
    /// sent again with no notification server, their listing, a link's answers, an empty menu.
    @Test func theSmallerCommandsAnswers() throws {
        let h = try home()
        try h.ok("todo", "Ŕéɱ", "--remind", "2026-03-11T08:00")
        for args in [
            ["tag", "add", "ŕéđ", "--color", "#123456"], ["tag", "edit", "ŕéđ", "--color", "#654321"],
            ["tag", "rm", "ŝçĥóóĺ"], ["privacy"], ["privacy", "on"], ["privacy", "off"], ["next"], ["prev"],
            ["next", "--reset"], ["scroll", "down"], ["remind", "--again", "Ŕéɱ"],
            ["remind", "--again", "Ŕéɱ", "--in", "5m"],
            ["list", "--reminders"], ["list", "--reminders", "--year", "2031"], ["menu", "--launcher", "false"],
            ["open", "--yes", "tminus://add?title=%C3%8A&due=2026-03-20"],
            ["open", "--yes", "tminus://add?title=%C3%8A&due=2026-03-20"], ["open", "tminus://show?date=2026-03-10"]
        ] {
            let r = h.inProcess(args, env: pseudo)
            #expect(r.status == 0, "\(args): \(r)")
            let said = r.stdout + r.stderr.replacingOccurrences(of: "tminus: ", with: "")
            #expect(said.contains("⟦") && bypassing(said).isEmpty, "\(args): \(bypassing(said)) in \(said)")
        }
        _ = try h.writeConfig(#"{"tooltip": "calendar"}"#)
        let wheel = h.inProcess(["scroll", "up"], env: pseudo)
        #expect(wheel.stdout.hasPrefix("⟦") && bypassing(wheel.stdout).isEmpty, "\(wheel)")
    }

    /// `sources`: the line without sources, and each source's marks and counts.
    @Test func theSourcesLines() throws {
        let h = try TempHome()
        _ = try h.writeConfig(#"{ "sources": [] }"#)
        let none = h.inProcess(["sources"], env: pseudo)
        #expect(none.status == 0 && none.stdout.hasPrefix("⟦") && bypassing(none.stdout).isEmpty, "\(none)")
        try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n".write(
            to: h.root.appendingPathComponent("feiertage.ics"), atomically: true, encoding: .utf8)
        _ = try h.writeConfig(#"{ "sources": [ { "name": "праздники", "kind": "ics", "path": "~/feiertage.ics" } ] }"#)
        _ = h.inProcess(["list"], env: pseudo)
        let lines = h.inProcess(["sources"], env: pseudo).stdout.split(separator: "\n").map(String.init)
        #expect(lines.count >= 2, "\(lines)")
        // The name, the kind (a config word), the read-only mark, the path.
        #expect(lines.first?.contains("⟦") == true && lines.first?.contains("read-only") == false, "\(lines)")
        #expect(lines.count >= 2 && lines[1].contains("⟦") && bypassing(lines[1]).isEmpty, "\(lines)")
    }

    /// Every command's refusals (an unknown option, a word too many) and `doctor`'s report come
    /// through the catalogs: an error or a finding written in English shows outside ⟦ ⟧.
    @Test func everyCommandsRefusalsAndDoctor() throws {
        let h = try home()
        var checked = 0
        for c in CommandTable.all {
            for args in [[c.name, "--ŵĥáŧ"], [c.name, "ŵ1", "ŵ2", "ŵ3", "ŵ4", "ŵ5", "ŵ6"]] {
                let r = h.inProcess(args, env: pseudo)
                guard r.status != 0 else { continue }
                checked += 1
                for raw in r.stderr.split(separator: "\n") {
                    var line = raw.hasPrefix("tminus: ") ? String(raw.dropFirst(8)) : String(raw)
                    if line.hasPrefix("--now: ") { line.removeFirst(7) }
                    #expect(line.hasPrefix("⟦") && bypassing(line).isEmpty, "\(args): not through a catalog: \(raw)")
                }
            }
        }
        #expect(checked > CommandTable.all.count, "\(checked) refusals")
        try FileManager.default.removeItem(atPath: h.summaryPath)
        let doctor = h.inProcess(["doctor"], env: pseudo)
        #expect(doctor.status == 1, "\(doctor)")
        for line in doctor.stdout.split(separator: "\n") {
            #expect(line.hasPrefix("⟦") && bypassing(String(line)).isEmpty, "doctor: \(line)")
        }
    }

    @Test func englishIsUnchangedWithoutTheLanguage() throws {
        let h = try home()
        let r = h.inProcess(
            ["show", "--format", "plain", "--family", "large"], env: ["LANG": "C.UTF-8", "LANGUAGE": "qps"])
        #expect(!r.stdout.contains("⟦"), "LANGUAGE is not read under the C locale, as gettext does: \(r.stdout)")
    }
}
