import Testing
import TMinusCore
@testable import TMinusSources

/// Org files as the Org manual writes them: headings, keywords, planning lines, stamps.
@Suite("Org: reading")
struct OrgFileTests {
    static let zone = Zone.fixed(3600, name: "CET")
    static let now = Instant(CivilDate(year: 2026, month: 11, day: 27).daysSinceEpoch * 86_400 + 9 * 3600)

    static func items(_ text: String) -> [Item] {
        OrgFile.parse(Array(text.utf8), source: "org", zone: zone, now: now).map(\.item)
    }

    static let file = """
        #+TITLE: Tasks
        * Intro
        Plain text with a <2026-12-24 Thu> stamp.
        * TODO [#A] Renew [[https://example.org/passport][passport]] :admin:home:
        DEADLINE: <2026-11-30 Mon 17:00 -3d>
        :PROPERTIES:
        :ID: x
        :END:
        Bring the old one.
        * TODO Water plants
        SCHEDULED: <2026-11-20 Fri +1w>
        ** DONE [#C] Buy soil
        CLOSED: [2026-11-21 Sat 09:30] DEADLINE: <2026-11-21 Sat>
        * Meeting <2026-11-27 Fri 14:00-15:00>
        * Trip <2026-12-01 Tue>--<2026-12-03 Thu>
        * TODO Someday
        * TODO Someday

        """

    @Test func headingsWithKeywordsAreTodosAndDeadlines() throws {
        let items = Array(Self.items(Self.file).dropFirst())
        #expect(
            items.map(\.title) == [
                "Renew passport", "Water plants", "Buy soil", "Meeting", "Trip", "Someday", "Someday"
            ])
        let passport = items[0]
        #expect(passport.kind == .deadline)
        #expect(passport.priority == .high && passport.tag == "admin")
        #expect(passport.note == "Bring the old one.")
        let due = Self.zone.instant(LocalDateTime(date: CivilDate(year: 2026, month: 11, day: 30), hour: 17))
        #expect(passport.due == .instant(due))
        // The warning period is its reminder: three days before the deadline's day.
        #expect(passport.remind == Self.zone.startOfDay(CivilDate(year: 2026, month: 11, day: 27)))
        #expect(items[1].kind == .todo && items[1].due == .day(CivilDate(year: 2026, month: 11, day: 20)))
        #expect(
            items[2].completed != nil && items[2].priority == .low
                && items[2].due == .day(CivilDate(year: 2026, month: 11, day: 21)))
        #expect(items[5].due == nil && items[5].isOpen)
        #expect(items[5].id != items[6].id && items[6].id == items[5].id + "#2")
    }

    @Test func plainStampsInHeadingsWithoutKeywordAreEvents() {
        let items = Self.items(Self.file)
        let meeting = items[4], trip = items[5]
        let day = CivilDate(year: 2026, month: 11, day: 27)
        #expect(meeting.kind == .deadline)
        #expect(meeting.due == .instant(Self.zone.instant(LocalDateTime(date: day, hour: 14))))
        #expect(meeting.end == Self.zone.instant(LocalDateTime(date: day, hour: 15)))
        #expect(trip.due == .day(CivilDate(year: 2026, month: 12, day: 1)))
        #expect(trip.end == Self.zone.startOfDay(CivilDate(year: 2026, month: 12, day: 4)))
        // A stamp in the body of a heading without keyword: an event on that day (Org's agenda
        // shows it there).
        #expect(items[0].title == "Intro" && items[0].due == .day(CivilDate(year: 2026, month: 12, day: 24)))
    }

    @Test func aRepeatingEventShowsItsNextInstance() {
        let items = Self.items("* Standup <2026-11-02 Mon 09:30-09:45 +1w>\n")
        #expect(
            items.first?.due
                == .instant(
                    Self.zone.instant(
                        LocalDateTime(date: CivilDate(year: 2026, month: 11, day: 30), hour: 9, minute: 30))))
    }

    @Test func theFilesKeywordsAndDoneStates() {
        let items = Self.items(
            "#+TODO: NEXT WAIT(w@/!) | DONE CANCELLED(c)\n* NEXT One\n* WAIT Two\n* CANCELLED Three\n* TODO Four\n")
        #expect(items.map(\.title) == ["One", "Two", "Three"])
        #expect(items.map(\.isOpen) == [true, true, false])
    }

    @Test func theIdStaysWhenTheKeywordPriorityOrTagsChange() {
        let a = Self.items("* TODO Call mom\n")[0].id
        let b = Self.items("* DONE [#A] Call mom :family:\n")[0].id
        #expect(a == b && a.hasPrefix("org-"))
        #expect(Self.items("* TODO Call dad\n")[0].id != a)
    }

    @Test(arguments: [
        ("<2026-11-27 Fri>", true), ("<2026-11-27>", true), ("[2026-11-27 Fri 10:00]", true),
        ("<2026-11-27 Fr. 10:00-11:30 .+1d -2d>", true), ("<2026-02-30 Mon>", false), ("<2026-11-27 Fri 25:00>", false),
        ("<2026-11-27 Fri x1>", false), ("<2026-11-27 Fri", false), ("<2026-11-27 Fri +1w/3d>", true)
    ])
    func stamps(_ text: String, _ valid: Bool) {
        #expect((OrgStamp.parse(Substring(text)) != nil) == valid, "\(text)")
    }

    static func repeated(_ text: String, now: String) -> String {
        let s = OrgStamp.parse(Substring(text))!
        let parts = now.split(separator: " ")
        let d = OrgStamp.date(parts[0])!
        let t = OrgStamp.clock(parts[1])!
        guard let at = s.repeated(now: LocalDateTime(date: d, hour: t / 60, minute: t % 60)) else { return "-" }
        return OrgStamp.moved(Substring(text), to: at)
    }

    /// What Org's org-auto-repeat-maybe does (checked against Emacs 28's Org 9.5, Tests/interop/org.sh).
    @Test(arguments: [
        ("<2026-11-20 Fri +1w>", "<2026-11-27 Fri +1w>"),
        ("<2026-11-01 Sun 10:00 ++1m>", "<2026-12-01 Tue 10:00 ++1m>"),
        ("<2026-10-01 Thu ++1w>", "<2026-12-03 Thu ++1w>"),
        ("<2026-11-25 Wed .+1d>", "<2026-11-28 Sat .+1d>"),
        ("<2026-01-31 Sat +1m>", "<2026-03-03 Tue +1m>"),
        ("<2024-02-29 Thu +1y>", "<2025-03-01 Sat +1y>"),
        ("<2026-11-27 Fri 08:00-09:00 .+2h>", "<2026-11-27 Fri 12:00-13:00 .+2h>"),
        ("<2026-11-27 Fri +1h>", "-"),
        ("<2026-11-27 Fri +0d>", "-")
    ])
    func repeaters(_ before: String, _ after: String) {
        #expect(Self.repeated(before, now: "2026-11-27 10:00") == after)
    }
}
