import Foundation
import Testing
import TMinusCore

/// `tminus menu` with a stub launcher (a shell command that picks a line from its stdin, as rofi
/// -dmenu does), on a home with calendars and a todo.txt (SourcesFixture, Tuesday 2026-03-10
/// 13:00 Berlin): the chosen todo is done, snoozed or moved, in its own file too.
@Suite("CLI: menu")
struct CLIMenuTests {
    /// A launcher that prints the first line matching one of `patterns` (grep exits 1 on none).
    func stub(_ patterns: String...) -> [String] {
        ["--launcher", "grep -m1 " + patterns.map { "-e '\($0)'" }.joined(separator: " ")]
    }

    func fixture() throws -> SourcesFixture {
        let f = try SourcesFixture()
        try f.h.ok("todo", "Pay rent", "--due", "2026-03-09")
        try f.h.ok("todo", "Call the bank", "--due", "2026-03-10T16:00")
        return f
    }

    @Test func theChosenTodoIsDoneInItsOwnFile() throws {
        let f = try fixture()
        // "Buy milk" lives in the todo.txt: done there, the rest of the file byte for byte.
        let out = f.h.inProcess(["menu"] + stub("Buy milk", "done"))
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.hasPrefix("done #"), "\(out.stdout)")
        #expect(out.stdout.contains("Buy milk"))
        let txt = try String(contentsOfFile: f.root.appendingPathComponent("todo.txt").path, encoding: .utf8)
        #expect(
            txt.hasPrefix("(A) 2026-03-01 Call mom +family due:2026-03-12\nx 2026-03-02 Old\nx 2026-03-10 "), "\(txt)")
        #expect(txt.hasSuffix("Buy milk @errands\n"), "\(txt)")
        #expect(!f.h.inProcess(["list", "--today"]).stdout.contains("Buy milk"))
    }

    @Test func snoozeAndADayLater() throws {
        let f = try fixture()
        #expect(f.h.inProcess(["menu"] + stub("Call the bank", "snooze")).status == 0)
        #expect(
            f.h.inProcess(["list", "--today"]).stdout.contains("today 14:00"),
            "\(f.h.inProcess(["list", "--today"]).stdout)")
        // Overdue since yesterday: a day later is tomorrow, not today.
        #expect(f.h.inProcess(["menu"] + stub("Pay rent", "a day later")).status == 0)
        let item = try JSONParser.parse(Array(f.h.inProcess(["item", "Pay rent", "--json"]).stdout.utf8))
        #expect(item["due"]?.stringValue == "2026-03-11", "\(item)")
    }

    @Test func nothingChosenChangesNothing() throws {
        let f = try fixture()
        let store = f.h.home.appendingPathComponent("store.json").path
        let before = FileManager.default.contents(atPath: store)
        // Closed (exit 1), a line typed that is none of them, an action typed.
        for launcher in [
            ["--launcher", "exit 1"], ["--launcher", "echo '#1  Something else'"], stub("Pay rent", "delete everything")
        ] {
            let out = f.h.inProcess(["menu"] + launcher)
            #expect(out.status == 0 && out.stdout == "nothing chosen\n", "\(launcher): \(out.stdout) \(out.stderr)")
        }
        #expect(FileManager.default.contents(atPath: store) == before)
    }

    /// The last line switches private mode; then the menu itself shows no titles, and offers to
    /// show them again. A todo titled like that line is still the todo (its line starts with #).
    @Test func theLastLineSwitchesPrivateMode() throws {
        let f = try fixture()
        let on = f.h.inProcess(["menu", "--launcher", "grep -m1 '^🔒'"])
        #expect(on.status == 0 && on.stdout.contains("private mode on"), "\(on)")
        let listed = f.h.inProcess(["menu", "--launcher", "cat > \(f.root.path)/menu.txt; exit 1"])
        #expect(listed.stdout == "nothing chosen\n")
        let lines = try String(contentsOfFile: f.root.appendingPathComponent("menu.txt").path, encoding: .utf8)
        #expect(
            !lines.contains("Pay rent") && lines.contains("busy")
                && lines.hasSuffix("🔓 show titles (private mode off)\n"), "\(lines)")
        #expect(f.h.inProcess(["menu", "--launcher", "grep -m1 '^🔓'"]).stdout.contains("private mode off"))
        try f.h.ok("todo", "🔒 private mode: hide titles", "--due", "2026-03-10")
        let spoof = f.h.inProcess(["menu"] + stub("private mode", "done"))
        #expect(
            spoof.stdout.hasPrefix("done #") && f.h.inProcess(["privacy"]).stdout.contains("private mode off"),
            "\(spoof)")
    }

    @Test func aTitleIsOneLineAndNoLauncherIsSaid() throws {
        let f = try fixture()
        // A title from another program's file with a line break: one line in the menu.
        try f.write(
            "calendars/work/evil.ics",
            """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//another program//EN\r
            BEGIN:VTODO\r
            UID:evil-uid\r
            SUMMARY:Evil\\n#99  Fake line\r
            DUE;VALUE=DATE:20260310\r
            END:VTODO\r
            END:VCALENDAR\r

            """)
        let out = f.h.inProcess(["menu", "--launcher", "cat > \(f.root.path)/menu.txt; exit 1"])
        #expect(out.stdout == "nothing chosen\n")
        let lines = try String(contentsOfFile: f.root.appendingPathComponent("menu.txt").path, encoding: .utf8).split(
            separator: "\n")
        #expect(lines.dropLast().allSatisfy { $0.hasPrefix("#") } && lines.count == 6, "\(lines)")
        #expect(lines.last == "🔒 private mode: hide titles")
        #expect(lines.contains { $0.hasSuffix("Evil #99  Fake line") })
        let none = f.h.inProcess(["menu"], env: ["PATH": "/nonexistent"])
        #expect(
            none.status != 0
                && none.stderr
                    == "tminus: no menu program found; install rofi, wofi, fuzzel, bemenu or dmenu, or give --launcher CMD\n"
        )
    }
}
