import Foundation
import Testing
import TMinusCore

/// Tag colours that show: `list`, `agenda` and `tag list` on a terminal (`--color`, `NO_COLOR`),
/// and the bars with `"colorBy": "tag"`.
@Suite("CLI: colours")
struct CLIColorTests {
    func home(_ config: String = "{}") throws -> TempHome {
        let h = try TempHome()
        try h.ok("tag", "add", "school", "--color", "#ff5555")
        try h.ok("add", "Exam", "--due", "2026-03-20T09:00", "--tag", "school")
        try h.ok("todo", "Buy milk")
        let url = h.root.appendingPathComponent("config/tminus/config.json")
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(config.utf8).write(to: url)
        return h
    }

    @Test func listAgendaAndTagsOnATerminal() throws {
        let h = try home()
        let red = "\u{1B}[38;2;255;85;85m"
        let list = h.inProcess(["list", "--color", "always"]).stdout
        #expect(list.contains("Exam  \(red)[school]\u{1B}[0m"), "\(list)")
        #expect(!list.contains("Buy milk\u{1B}"))
        #expect(h.inProcess(["agenda", "--color", "always", "--days", "14"]).stdout.contains("\(red)[school]\u{1B}[0m"))
        let tags = h.inProcess(["tag", "list", "--color", "always"]).stdout
        #expect(tags.contains("\(red)school          \u{1B}[0m  \(red)■\u{1B}[0m #ff5555  1 open"), "\(tags)")
        // Captured output is no terminal: auto means none; NO_COLOR and never too.
        for args in [["list"], ["list", "--color", "never"], ["agenda"], ["tag", "list"]] {
            #expect(!h.inProcess(args).stdout.contains("\u{1B}"), "\(args)")
        }
        #expect(!h.inProcess(["list"], env: ["NO_COLOR": "1"]).stdout.contains("\u{1B}"))
        #expect(
            h.inProcess(["list", "--color", "sometimes"]).stderr
                == "tminus: --color takes auto, always or never, not 'sometimes'\n")
    }

    @Test func theBoard() throws {
        let h = try home()
        let board = h.inProcess(["board"]).stdout
        #expect(
            board.hasPrefix("Deadlines\n  Exam  9d 20h        ░░░░░░░░░░░░░░░░░░░░    0%  Fri 20 Mar 09:00\n"),
            "\(board)")
        #expect(board.contains("\nToday\n  No todos today\n  Someday\n  • Buy milk\n") && !board.contains("\u{1B}"))
        // The bar in the tag's colour.
        #expect(h.inProcess(["board", "--color", "always"]).stdout.contains("\u{1B}[38;2;255;85;85m░"))
    }

    @Test func theBarsByTag() throws {
        let h = try home(#"{"colorBy": "tag"}"#)
        #expect(h.inProcess(["show", "--format", "i3blocks"]).stdout.hasSuffix("\n#ff5555\n"))
        #expect(h.inProcess(["show", "--format", "polybar"]).stdout.hasPrefix("%{F#ff5555}"))
        #expect(h.inProcess(["show", "--format", "pango"]).stdout.hasPrefix("<span foreground=\"#ff5555\">"))
        let waybar = try JSONParser.parse(Array(h.inProcess(["show", "--format", "waybar"]).stdout.utf8))
        #expect(waybar["text"]?.stringValue?.hasPrefix("<span foreground=\"#ff5555\">Exam ") == true)
        #expect(waybar["class"]?.arrayValue?.compactMap(\.stringValue) == ["normal", "tag-school"])
        // By state (the default): the state's colour.
        let state = try home()
        #expect(state.inProcess(["show", "--format", "i3blocks"]).stdout.hasSuffix("\n#a3be8c\n"))
    }
}
