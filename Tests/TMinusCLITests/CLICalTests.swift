import Foundation
import Testing
import TMinusCore

/// `tminus cal` on a home with calendars, a todo.txt and another program's summary
/// (SourcesFixture, Tuesday 2026-03-10 13:00 in Berlin): a mark exactly on the days with items.
@Suite("CLI: cal")
struct CLICalTests {
    func fixture() throws -> SourcesFixture {
        let f = try SourcesFixture()
        try f.h.ok("add", "Exam", "--due", "2026-03-13T09:00", "--tag", "work")
        try f.h.ok("todo", "Pay rent", "--due", "2026-03-09")
        try f.h.ok("todo", "Pack", "--due", "2026-03-11", "--priority", "high", "--tag", "personal")
        return f
    }

    @Test func marksExactlyTheDaysWithItems() throws {
        let f = try fixture()
        let json = try JSONParser.parse(Array(f.h.inProcess(["cal", "--json"]).stdout.utf8))
        let days = try #require(json["days"]?.arrayValue)
        #expect(
            days.map { "\($0["date"]?.stringValue ?? "?") \($0["items"]?.intValue ?? 0)" }
                == ["2026-03-09 1", "2026-03-11 3", "2026-03-12 1", "2026-03-13 1", "2026-03-20 1"])
        // The most urgent item's tag colour: the high-priority Pack (personal) on the 11th.
        #expect(days[1]["color"]?.stringValue == "#a3be8c", "\(days[1])")
        #expect(json["today"]?.stringValue == "2026-03-10" && json["firstWeekday"]?.intValue == 1)
        // The same days in the text, without colour (not a terminal), today marked with >.
        let text = f.h.inProcess(["cal"]).stdout
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "         March 2026" && lines[1] == " Mo  Tu  We  Th  Fr  Sa  Su", "\(text)")
        #expect(lines[3] == "  2   3   4   5   6   7   8")
        #expect(lines[4] == "  9•>10  11• 12• 13• 14  15", "\(text)")
        #expect(lines[6] == " 23  24  25  26  27  28  29")
        #expect(text.hasSuffix("\n• 5 days with items; tminus agenda --from 2026-03-01 --days 31 lists them\n"))
        #expect(!text.contains("\u{1B}"))
        // April: Easter Monday, from the holidays calendar.
        let april = try JSONParser.parse(Array(f.h.inProcess(["cal", "2026-04", "--json"]).stdout.utf8))
        #expect(april["days"]?.arrayValue?.compactMap { $0["date"]?.stringValue } == ["2026-04-06"])
    }

    @Test func weeksFirstDayAndColour() throws {
        let f = try fixture()
        let sunday = f.h.inProcess(["cal", "2026-03", "--first", "sun", "--weeks"]).stdout.split(separator: "\n").map(
            String.init)
        #expect(
            sunday[1] == "Wk  Su  Mo  Tu  We  Th  Fr  Sa" && sunday[2] == "10   1   2   3   4   5   6   7", "\(sunday)")
        let colour = f.h.inProcess(["cal", "--color", "always"]).stdout
        #expect(
            colour.contains("\u{1B}[7m10\u{1B}[0m") && colour.contains("\u{1B}[38;2;163;190;140m•\u{1B}[0m"),
            "\(colour)")
        let none = f.h.inProcess(["cal", "--color", "always"], env: ["NO_COLOR": "1"]).stdout
        #expect(none.contains("\u{1B}"), "--color always wins over NO_COLOR")
        #expect(f.h.inProcess(["cal", "next week"]).stdout.hasPrefix("         March 2026"))
        #expect(f.h.inProcess(["cal", "12"]).stdout.hasPrefix("       December 2026"))
    }

    @Test func badArgumentsSayWhatToDo() throws {
        let f = try fixture()
        for args in [["13"], ["2026-13"], ["someday"], ["--first", "tue"], ["--color", "maybe"], ["2026-03", "extra"]] {
            let r = f.h.inProcess(["cal"] + args)
            #expect(r.status == 2 && r.stdout.isEmpty && r.stderr.split(separator: "\n").count == 1, "\(args): \(r)")
        }
    }
}
