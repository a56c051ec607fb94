import Foundation
import Testing
import TMinusCore

/// The agenda and the calendar as the bar's tooltip (config "tooltip"), on a home with calendars,
/// a todo.txt and another program's summary (SourcesFixture, Tuesday 2026-03-10 13:00 Berlin),
/// and the wheel that moves the calendar's month.
@Suite("CLI: agenda and calendar tooltips")
struct CLITooltipTests {
    func fixture(_ keys: String) throws -> SourcesFixture {
        let f = try SourcesFixture()
        try f.write(
            "config/tminus/config.json",
            """
            {
              \(keys)
              "sources": [
                { "name": "cal", "kind": "vdir", "path": "~/calendars", "collection": "work" },
                { "name": "holidays", "kind": "ics", "path": "~/holidays.ics" },
                { "name": "txt", "kind": "todotxt", "path": "~/todo.txt" },
                { "name": "phone", "kind": "summary", "path": "~/phone.json" },
              ]
            }
            """)
        try f.h.ok("todo", "Pay rent", "--due", "2026-03-09")
        return f
    }

    @Test func theAgendaInWaybarsTooltip() throws {
        let f = try fixture(#""tooltip": "agenda", "agendaDays": 3,"#)
        let out = f.h.inProcess(["show", "--format", "waybar"])
        #expect(out.status == 0, "\(out.stderr)")
        let json = try JSONParser.parse(Array(out.stdout.utf8))
        let tooltip = try #require(json["tooltip"]?.stringValue)
        // Every source's items by day: the overdue todo first, Wednesday's standup and report,
        // Thursday's call from the todo.txt, undated todos last (by title, NaturalOrder).
        #expect(
            tooltip.hasSuffix(
                """

                Overdue
                  Mon 9 Mar  Pay rent
                Tomorrow · Wed 11 Mar
                  09:30–09:45  Standup
                  17:00  Write report !!
                Thu 12 Mar
                  all day  Call mom !!
                No date
                  Buy milk
                  Water plants
                """), "\(tooltip)")
    }

    @Test func theCalendarAndTheWheel() throws {
        let f = try fixture(#""tooltip": "calendar","#)
        let large = f.h.inProcess(["show", "--family", "large"]).stdout
        #expect(large.hasPrefix("         March 2026\n Mo  Tu  We  Th  Fr  Sa  Su\n"), "\(large)")
        #expect(large.contains("  9•>10  11• 12• 13  14  15"), "\(large)")
        // The wheel: down is the next month, for a minute.
        let down = f.h.inProcess(["scroll", "down"])
        #expect(down.stdout == "the calendar shows April 2026; back to this month after a minute without scrolling\n")
        #expect(
            f.h.inProcess(["show", "--family", "large"], now: "2026-03-10T13:00:30").stdout.hasPrefix(
                "         April 2026\n"))
        #expect(
            f.h.inProcess(["show", "--family", "large"], now: "2026-03-10T13:01:00").stdout.hasPrefix(
                "         March 2026\n"))
        // Scrolling again goes on from the month shown.
        _ = f.h.inProcess(["scroll", "down"], now: "2026-03-10T13:00:10")
        #expect(
            f.h.inProcess(["show", "--family", "large"], now: "2026-03-10T13:00:20").stdout.hasPrefix(
                "          May 2026\n"))
        // i3blocks shows no tooltip: its wheel (buttons 4 and 5) cycles the deadlines, the month stays.
        _ = f.h.inProcess(["show", "--format", "i3blocks"], now: "2026-03-10T13:00:15", env: ["BLOCK_BUTTON": "5"])
        #expect(
            f.h.inProcess(["show", "--family", "large"], now: "2026-03-10T13:00:20").stdout.hasPrefix(
                "          May 2026\n"))
        _ = f.h.inProcess(["scroll", "up"], now: "2026-03-10T13:00:20")
        _ = f.h.inProcess(["scroll", "up"], now: "2026-03-10T13:00:21")
        #expect(
            f.h.inProcess(["show", "--family", "large"], now: "2026-03-10T13:00:22").stdout.hasPrefix(
                "         March 2026\n"))
        // What a bar streams: the month goes back a minute after the last scroll.
        _ = f.h.inProcess(["scroll", "down"], now: "2026-03-10T13:00:30")
        let timeline = try JSONParser.parse(
            Array(try f.h.ok(["timeline", "--until", "2026-03-10T13:02"], now: "2026-03-10T13:00:31").stdout.utf8))
        let entries = timeline["entries"]?.arrayValue ?? []
        let back = try #require(
            entries.first { $0["date"]?.stringValue == "2026-03-10T13:01:30+01:00" }, "\(entries.count) entries")
        #expect(entries.first?["large"]?.stringValue?.hasPrefix("         April 2026\n") == true)
        #expect(back["large"]?.stringValue?.hasPrefix("         March 2026\n") == true)
        #expect(
            f.h.inProcess(["scroll", "sideways"]).stderr
                == "tminus: scroll takes up or down, not 'sideways'; e.g. tminus scroll down\n")
    }

    @Test func withoutACalendarTheWheelCycles() throws {
        let f = try fixture("")
        try f.h.ok("add", "Exam", "--due", "2026-03-13T09:00")
        #expect(f.h.inProcess(["scroll", "down"]).stdout.hasPrefix("showing #"))
        #expect(
            !FileManager.default.contents(atPath: f.h.home.appendingPathComponent("state.json").path).map {
                String(decoding: $0, as: UTF8.self)
            }!.contains("month"))
    }
}
