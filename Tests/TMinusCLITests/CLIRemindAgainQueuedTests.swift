import Foundation
import Testing
import TMinusCore

/// `remind --again` with no notification server: queued, not failed. It exited 1 and left a
/// `sending again` entry, and that reminder was never sent when a server appeared.
@Suite("CLI: remind --again without a server")
struct CLIRemindAgainQueuedTests {
    @Test func againWithoutAServerIsQueuedAndSentWhenOneAppears() throws {
        let n = try CLIRemindersTests.Notifying(fail: true)
        try n.run("todo", "Pay rent", "--remind", "12:30", now: "2026-03-10T11:00:00Z")
        let again = try n.run("remind", "--again", "Pay rent", now: "2026-03-10T11:40:00Z")
        #expect(again.status == 0, "\(again)")
        #expect(
            again.stdout
                == "no notification server now; the reminder for #1 Pay rent is sent when one appears (tminus notify)\n"
        )
        #expect(again.stderr.isEmpty, "\(again)")
        // The listing says it is due, armed again; nothing says it is being sent.
        let list = try n.run("list", "--reminders", now: "2026-03-10T11:40:10Z").stdout
        #expect(!list.contains("sending"), "\(list)")
        #expect(list.contains("due         again       #1 Pay rent"), "\(list)")
        // The server appears: the next pass sends it, once.
        try n.install(fail: false)
        #expect(try n.run("notify", "--once", now: "2026-03-10T11:41:00Z").status == 0)
        #expect(try n.run("notify", "--once", now: "2026-03-10T11:42:00Z").status == 0)
        #expect(n.summaries == ["Pay rent", "Pay rent"], "its own reminder (caught up) and the one armed again")
        let after = try n.run("list", "--reminders", now: "2026-03-10T11:43:00Z").stdout
        #expect(after.contains("sent        again       #1 Pay rent"), "\(after)")
    }

    /// A notifier whose send of an armed reminder failed left a lone `sending`: the reminder
    /// was no longer armed, so no later pass sent it. Now it is sent as any lone `sending` is.
    @Test func anArmedReminderWhoseSendFailedIsSentLater() throws {
        let n = try CLIRemindersTests.Notifying(fail: true)
        try n.run("todo", "Water plants", now: "2026-03-10T11:00:00Z")
        let armed = try n.run("remind", "--again", "1", "--in", "5m", now: "2026-03-10T11:00:00Z")
        #expect(armed.status == 0, "\(armed)")
        #expect(try n.run("notify", "--once", now: "2026-03-10T11:06:00Z").status == 1)
        try n.install(fail: false)
        #expect(try n.run("notify", "--once", now: "2026-03-10T11:07:00Z").status == 0)
        #expect(try n.run("notify", "--once", now: "2026-03-10T11:08:00Z").status == 0)
        #expect(n.summaries == ["Water plants"])
    }
}
