import Foundation
import TMinusTestSupport
import Testing
import TMinusCore

/// Every way text enters is cleaned the same: a web page's link, the command line and another
/// program's file alike lose bidi overrides, isolates and marks (U+202A–202E, U+2066–2069,
/// U+200E, U+200F, U+061C), and line and paragraph separators (U+2028, U+2029) are no line
/// breaks in a title. A link with U+202E used to be previewed as "Pay exe.pdf now" and kept the
/// override in `show --format json` (what the GNOME extension and the Plasma applet show), the
/// summary, the timeline, `list --json` and the reminder.
@Suite("CLI: text is cleaned wherever it enters")
struct CLITextCleaningTests {
    static let unwanted: [Unicode.Scalar] = [
        "\u{202E}", "\u{202C}", "\u{2066}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}", "\u{2028}", "\u{2029}"
    ]

    func expectClean(_ text: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for bad in Self.unwanted {
            #expect(
                !text.unicodeScalars.contains(bad), "\(what) has U+\(String(bad.value, radix: 16, uppercase: true))",
                sourceLocation: sourceLocation)
        }
    }

    func outputs(_ h: TempHome) throws -> [(String, String)] {
        var out: [(String, String)] = []
        for args in [
            ["list", "--json"], ["list"], ["show", "--format", "json"], ["show", "--format", "waybar"],
            ["timeline", "--limit", "5"], ["agenda"], ["notify", "--dry-run", "--once"]
        ] {
            let r = try h.run(args)
            out.append((args.joined(separator: " "), r.stdout + r.stderr))
        }
        out.append(("summary.json", String(decoding: h.bytes("summary.json") ?? Data(), as: UTF8.self)))
        return out
    }

    @Test func aLinksBidiOverrideReachesNoPreviewAndNoOutput() throws {
        let h = try TempHome()
        let title = ItemLink.encode("Pay \u{202E}fdp.exe\u{202C} now")
        let note = ItemLink.encode("line\u{2028}two\u{2066}x\u{2069}")
        let link = "tminus://add?kind=todo&title=\(title)&note=\(note)&due=2026-03-10T18:00&remind=2026-03-10T12:00"
        let env = try CLILinkAskTests.desktop(h, choice: "dismiss")
        _ = try h.run(["open", "--notify", link], env: env)
        let asked = String(
            decoding: FileManager.default.contents(atPath: h.root.path + "/asked.log") ?? Data(), as: UTF8.self)
        #expect(asked.contains("Pay fdp.exe now"), "the preview: \(asked)")
        expectClean(asked, "the preview")
        let added = try h.ok("open", "--yes", link).stdout
        expectClean(added, "open's line")
        #expect(try h.list().first?["title"]?.stringValue == "Pay fdp.exe now")
        #expect(try h.list().first?["note"]?.stringValue == "line\ntwox")
        for (what, text) in try outputs(h) { expectClean(text, what) }
    }

    @Test func typedTextLosesBidiControlsToo() throws {
        let h = try TempHome()
        try h.ok("todo", "Call \u{200F}mom\u{2029}", "--note", "a\u{2029}b\u{061C}")
        let item = try #require(try h.list().first)
        #expect(item["title"]?.stringValue == "Call mom")
        #expect(item["note"]?.stringValue == "a\nb")
    }

    @Test func aSourcesMarksAndSeparatorsAreGone() throws {
        let f = try SourcesFixture()
        try f.write(
            "todo.txt",
            "Pay \u{200E}rent\u{2028}now\u{200F} due:2026-03-10\n(A) Call \u{061C}mom\u{2029} +fam\u{202E}ily due:2026-03-10\n"
        )
        let titles = Set(try f.items().keys)
        #expect(titles.contains("Pay rent now") && titles.contains("Call mom"), "\(titles)")
        for (what, text) in try outputs(f.h) { expectClean(text, what) }
    }
}
