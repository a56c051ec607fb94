import TMinusCore
import TMinusTimeline
import Testing

/// `tminus board`'s frame: every deadline's countdown is the bar's, its bar and percent the
/// entry's, across DST changes in the project's four zones; and a frame changes only where a
/// countdown, a percent or today's todos do.
struct BoardTests {
    /// A deadline counting working time shows its working time, as the bar does.
    @Test(arguments: ["America/Los_Angeles", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu"])
    func workingTimeAsInTheBar(_ name: String) {
        let z = Fixtures.zone(name)
        let due = Fixtures.at("2026-11-30T10:00", z)
        var report = Fixtures.deadline("Report", due: .instant(due), start: due - 10 * 86_400, handle: 1)
        report.worktime = true
        let p = Fixtures.provider(
            [report, Fixtures.deadline("Tax", due: .instant(due), start: due - 86_400, handle: 2)], zone: z)
        let lines = Board.lines(p, at: Fixtures.at("2026-11-27T16:00", z), width: 200, color: false)
        #expect(lines[1].hasPrefix("  Report  2h 00m work "), "\(lines[1])")
        #expect(lines[2].hasPrefix("  Tax     2d 18h "), "\(lines[2])")
    }

    @Test(arguments: ["America/Los_Angeles", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu"])
    func theCountdownsAreTheBars(_ name: String) throws {
        let z = Fixtures.zone(name)
        // A day before each zone's 2026 DST change, due two days later (across it).
        let day = [
            "America/Los_Angeles": "2026-10-31", "Europe/Berlin": "2026-10-24", "Australia/Lord_Howe": "2026-10-03",
            "Asia/Kathmandu": "2026-10-24"
        ][name]!
        let now = Fixtures.at("\(day)T12:00", z)
        let due = now + 2 * 86_400
        let p = Fixtures.provider(
            [
                Fixtures.deadline("Thesis", due: .instant(due), start: now - 2 * 86_400, handle: 1),
                Fixtures.deadline("Tax", due: .instant(due + 86_400), start: now, handle: 2)
            ],
            todos: [Fixtures.todo("Buy milk", handle: 3)], zone: z)
        for t in [now, now + 3600 * 13, due - 59, due - 1] {
            let lines = Board.lines(p, at: t, width: 200, color: false)
            let entry = p.entry(at: t)
            let countdown = try #require(entry.values[.countdown])
            #expect(lines[0] == "Deadlines")
            #expect(lines[1].hasPrefix("  Thesis  " + countdown + " "), "\(lines[1]) vs \(countdown)")
            let percent = String(entry.percent)
            #expect(lines[1].contains(String(repeating: " ", count: 3 - percent.count) + percent + "%"), "\(lines[1])")
            #expect(lines[2].hasPrefix("  Tax     "))
            #expect(lines.contains("  • Buy milk") && lines.last == "q quits")
            #expect(!lines.joined().contains("\u{1B}"))
        }
        // Coloured: the bar in the state's colour (no tag), and nothing else coloured.
        let coloured = Board.lines(p, at: now, width: 200, color: true)
        #expect(coloured[1].components(separatedBy: "\u{1B}[").count == 3, "\(coloured[1])")
        // Narrow: no line longer than the terminal.
        #expect(Board.lines(p, at: now, width: 30, color: false).allSatisfy { $0.count <= 30 || $0 == "Deadlines" })
    }

    /// Columns, not characters: a Korean title's countdown starts where an ASCII one's does, and
    /// a narrow terminal cuts a wide title between characters, within its width.
    @Test func wideTitlesAlignByColumns() {
        let z = Fixtures.zone("Asia/Seoul")
        let now = Fixtures.at("2026-11-26T09:00", z)
        let p = Fixtures.provider(
            [
                Fixtures.deadline("논문 제출", due: .instant(now + 86_400), start: now - 86_400, handle: 1),
                Fixtures.deadline("Thesis", due: .instant(now + 2 * 86_400), start: now - 86_400, handle: 2),
                Fixtures.deadline("締め切り😀", due: .instant(now + 3 * 86_400), start: now - 86_400, handle: 3)
            ], zone: z)
        let lines = Board.lines(p, at: now, width: 200, color: false)
        func column(_ line: String) -> Int { DisplayWidth.of(String(line.prefix { !$0.isNumber })) }
        #expect(column(lines[1]) == column(lines[2]), "\(lines[1]) / \(lines[2])")
        #expect(column(lines[3]) == column(lines[2]), "\(lines[3]) / \(lines[2])")
        for width in 8...20 {
            for line in Board.lines(p, at: now, width: width, color: false) where line != "Deadlines" {
                #expect(DisplayWidth.of(line) <= width, "\(width): \(line)")
            }
        }
    }
}
