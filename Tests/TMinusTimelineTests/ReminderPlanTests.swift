import TMinusCore
import TMinusTimeline
import Testing

@Suite("Reminders: which are owed, and what to do with each")
struct ReminderPlanTests {
    static let zones = ["America/Los_Angeles", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu"]

    func todo(_ title: String, remind: Instant?, handle: Int = 1, source: String = Item.ownSource) -> Item {
        var t = Fixtures.todo(title, handle: handle)
        t.remind = remind
        t.source = source
        return t
    }

    @Test(arguments: zones)
    func alertsCountBackFromTheDeadlineAcrossDST(_ zoneName: String) {
        let z = Fixtures.zone(zoneName)
        // The night clocks change in each zone's spring or autumn: a "1d" alert is 24 real hours.
        let due = Fixtures.at("2026-11-02T09:00", z)
        let d = Fixtures.deadline("Report", due: .instant(due), start: Fixtures.at("2026-10-01T09:00", z))
        let rs = ReminderPlan.reminders(items: [d], alerts: [86_400, 3600, 0], armed: [], zone: z)
        #expect(rs.map(\.at) == [due - 86_400, due - 3600, due])
        #expect(rs.map(\.kind) == [.alert(86_400), .alert(3600), .alert(0)])
        #expect(Set(rs.map(\.key)).count == 3)
        #expect(rs[2].isUrgent(at: due, zone: z))
        #expect(!rs[0].isUrgent(at: due - 86_400, zone: z))
    }

    @Test(arguments: zones)
    func aWholeDayDeadlineIsOverAtTheNextLocalMidnight(_ zoneName: String) {
        let z = Fixtures.zone(zoneName)
        let day = CivilDate(year: 2026, month: 4, day: 5)
        let d = Fixtures.deadline("Tax", due: .day(day), start: Fixtures.at("2026-03-01T00:00", z))
        let rs = ReminderPlan.reminders(items: [d], alerts: [0], armed: [], zone: z)
        #expect(rs.map(\.at) == [z.startOfDay(day.adding(days: 1))])
    }

    @Test func noAlertFromBeforeTheCountdownStarted() {
        let z = Fixtures.zone("Europe/Berlin")
        let start = Fixtures.at("2026-03-10T12:00", z)
        let d = Fixtures.deadline("Soon", due: .instant(start + 7200), start: start)
        let rs = ReminderPlan.reminders(items: [d], alerts: [86_400, 3600], armed: [], zone: z)
        #expect(rs.map(\.kind) == [.alert(3600)])
    }

    @Test func completedItemsOweNothingAndArmedOnesNeedAnOpenItem() {
        let z = Fixtures.zone("Europe/Berlin")
        let t0 = Fixtures.at("2026-03-10T12:00", z)
        var done = todo("Done already", remind: t0, handle: 2)
        done.completed = t0 - 60
        let open = todo("Open", remind: t0, handle: 1)
        let armedOpen = LedgerRecord(
            key: "again/1/tminus/\(open.id)", state: .armed, at: t0 + 600, time: t0, item: open.id,
            source: open.source, title: open.title)
        let armedGone = LedgerRecord(
            key: "again/2/tminus/gone", state: .armed, at: t0 + 600, time: t0, item: "gone",
            source: "tminus", title: "Gone")
        let rs = ReminderPlan.reminders(items: [open, done], alerts: [], armed: [armedOpen, armedGone], zone: z)
        #expect(rs.map(\.item.title) == ["Open", "Open"])
        #expect(rs.map(\.kind) == [.remind, .again])
    }

    @Test func decideSendsOnceCatchesUpAndRecordsTheOldAsMissed() {
        let z = Fixtures.zone("Europe/Berlin")
        let now = Fixtures.at("2026-03-10T12:00", z)
        let items = [
            todo("due now", remind: now, handle: 1),
            todo("an hour ago", remind: now - 3600, handle: 2),
            todo("two days ago", remind: now - 2 * 86_400, handle: 3),
            todo("later", remind: now + 600, handle: 4),
            todo("sent already", remind: now - 30, handle: 5),
            todo("interrupted", remind: now - 30, handle: 6)
        ]
        let rs = ReminderPlan.reminders(items: items, alerts: [], armed: [], zone: z)
        let states: [String: LedgerRecord.State] = [
            rs.first { $0.item.handle == 5 }!.key: .sent,
            rs.first { $0.item.handle == 6 }!.key: .sending
        ]
        let d = ReminderPlan.decide(rs, latest: { states[$0] }, now: now, catchUp: 86_400)
        #expect(d.send.map(\.reminder.item.title) == ["an hour ago", "interrupted", "due now"])
        #expect(d.send.map(\.late) == [true, false, false])
        #expect(d.miss.map(\.item.title) == ["two days ago"])
        #expect(d.next == now + 600)
        // catchUp 0: everything past is missed, nothing is sent late.
        let strict = ReminderPlan.decide(rs, latest: { states[$0] }, now: now, catchUp: 0)
        #expect(strict.send.map(\.reminder.item.title) == ["due now"])
        #expect(strict.miss.count == 3)
    }

    @Test func keysNameTheReminderNotTheRun() {
        let t = todo("x", remind: Instant(1_000))
        #expect(Reminder.key(.remind, at: Instant(1_000), item: t) == "remind/1000/tminus/\(t.id)")
        #expect(Reminder.key(.alert(60), at: Instant(940), item: t) == "alert/60/1000/tminus/\(t.id)")
        // Moving the reminder makes a new one (it is owed again).
        #expect(
            Reminder.key(.remind, at: Instant(2_000), item: t) != Reminder.key(.remind, at: Instant(1_000), item: t))
    }

    @Test func ledgerLinesRoundTripAndATornLineIsNoRecord() {
        let r = LedgerRecord(
            key: "remind/1/tminus/a\"b", state: .sent, at: Instant(1_800_000_000), time: Instant(1_800_000_005),
            item: "a\"b", source: "tminus", title: "<b>x</b>\n", late: true)
        let bytes = r.line + r.line.dropLast(5)
        #expect(LedgerRecord.parse(bytes) == [r])
        #expect(LedgerRecord.parse(Array("not json\n".utf8)).isEmpty)
    }
}
