import TMinusCore
import TMinusRender
import TMinusTimeline
import Testing

/// The escalating reminder's text at each update, and when the updates come: a table.
@Suite("Escalating reminders: the text and the updates")
struct EscalationTextTests {
    let zone = Zone.fixed(0, name: "UTC")
    /// A todo due at 08:03 reminded at 08:00 (2027-01-15 UTC), a deadline alert, a reminder of an undated todo.
    let due = Instant(1_800_000_000 - 1_800_000_000 % 3600 + 180)

    func todo(due: Due?) -> Item { Item(kind: .todo, id: "a", handle: 1, title: "Submit the form", due: due) }

    @Test(
        "the body counts down, then on in minutes; critical from the due",
        arguments: [
            (-180, "due today 08:03 · in 3 minutes", false), (-120, "due today 08:03 · in 2 minutes", false),
            (-1, "due today 08:03 · in less than a minute", false),
            (0, "due now · was due today 08:03", true), (59, "due now · was due today 08:03", true),
            (60, "1 min late · was due today 08:03", true), (3600, "60 min late · was due today 08:03", true)
        ])
    func todoText(_ offset: Int64, _ line: String, _ critical: Bool) {
        let item = todo(due: .instant(due))
        let r = Reminder(
            key: Reminder.key(.remind, at: due - 180, item: item), kind: .remind, at: due - 180, item: item)
        let m = NotificationText.make(r, now: due + offset, zone: zone, late: false, markup: false, escalating: true)
        #expect(m.body == line && m.critical == critical, "\(m.body) \(m.critical)")
    }

    @Test func aDeadlineIsOverAndAnUndatedTodoCountsFromItsReminder() {
        let deadline = Item(kind: .deadline, id: "d", handle: 2, title: "Thesis", due: .instant(due))
        let alert = Reminder(
            key: Reminder.key(.alert(600), at: due - 600, item: deadline), kind: .alert(600), at: due - 600,
            item: deadline)
        #expect(
            NotificationText.make(alert, now: due + 120, zone: zone, late: false, markup: false, escalating: true).body
                == "over 2 min ago · was due today 08:03")
        let undated = todo(due: nil)
        let r = Reminder(key: Reminder.key(.remind, at: due, item: undated), kind: .remind, at: due, item: undated)
        let first = NotificationText.make(r, now: due, zone: zone, late: false, markup: false, escalating: true)
        #expect(first.body == "now" && first.critical)
        #expect(
            NotificationText.make(r, now: due + 185, zone: zone, late: false, markup: false, escalating: true).body
                == "3 min ago")
        // Not escalating: the text as it always was.
        #expect(!NotificationText.make(r, now: due, zone: zone, late: false, markup: false).critical)
    }

    @Test(
        "updates on the minute in the due's phase, and none after the hour",
        arguments: [
            (-185, -180), (-180, -120), (-1, 0), (0, 60), (3540, 3600)
        ])
    func updates(_ from: Int64, _ next: Int64) {
        #expect(Escalation.nextUpdate(after: due + from, target: due) == due + next)
    }

    @Test func theWindowEndsTheUpdatesAndKindsChooseThem() {
        #expect(Escalation.nextUpdate(after: due + 3600, target: due) == nil)
        let item = todo(due: .instant(due))
        let own = Reminder(key: "remind/1/tminus/a", kind: .remind, at: due, item: item)
        let alert = Reminder(key: "alert/60/1/tminus/a", kind: .alert(60), at: due, item: item)
        #expect(Escalation.escalates(own, [.reminders]) && !Escalation.escalates(alert, [.reminders]))
        #expect(Escalation.escalates(alert, [.alerts]) && !Escalation.escalates(own, []))
        #expect(Escalation.kind(ofKey: "alert/600/1800000000/tminus/x") == .alert(600))
        #expect(Escalation.kind(ofKey: "again/5/cal/x") == .again && Escalation.kind(ofKey: "nonsense") == nil)
        // The target: the item's due when not before the reminder, else the reminder's time.
        #expect(Escalation.target(own, zone: zone) == due)
        let late = Reminder(key: "remind/2/tminus/a", kind: .remind, at: due + 600, item: item)
        #expect(Escalation.target(late, zone: zone) == due + 600)
    }
}
