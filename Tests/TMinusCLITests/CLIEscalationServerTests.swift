import Foundation
import Testing
import TMinusCore
import TMinusBus
import TMinusTestSupport

/// An escalating reminder and the notification server it was shown by (docs/reminders.md, "The
/// session bus"): a fake server on a private bus, restarted, and private mode turned on.
@Suite("CLI: escalating reminders and their server")
struct CLIEscalationServerTests {
    /// A home that escalates reminders, with a private bus (nil: no dbus-daemon here).
    static func home() throws -> (CLIRemindersTests.Notifying, SessionBus, [String: String])? {
        guard let bus = try privateBus() else { return nil }
        let n = try CLIRemindersTests.Notifying()
        try n.h.writeConfig(#"{ "escalate": ["reminders"] }"#)
        return (n, bus, n.env.merging(bus.environment) { $1 })
    }

    /// A private session bus (nil: dbus-daemon did not start, recorded as an issue; a test that
    /// needs it is skipped where none is installed: `Needs.bus`).
    static func privateBus() throws -> SessionBus? {
        guard let bus = try SessionBus() else {
            Issue.record(
                Comment(rawValue: "no private session bus: dbus-daemon did not start; " + Needs.busMessage))
            return nil
        }
        return bus
    }

    /// After dunst restarted, a chat app's notification got the id tminus had kept, and tminus's
    /// next update (replaces-id) wiped it. Now an update goes only to the server instance that
    /// gave the id: after a restart the reminder is over (its notification went with the server).
    @Test(.enabled(if: Needs.bus, Comment(rawValue: Needs.busMessage))) func anUpdateNeverReachesARestartedServer()
        throws
    {
        guard let (n, bus, env) = try Self.home() else { return }
        var a: FakeNotificationServer? = try FakeNotificationServer(bus)
        try n.h.ok("remind", "Kettle", "--in", "5m", now: "2026-03-10T12:00:00Z")
        #expect(try n.h.run(["notify", "--once"], now: "2026-03-10T12:05:10Z", env: env).status == 0)
        #expect(a?.notified.map(\.replaces) == [0] && a?.notified.first?.id == 1, "\(a?.notified ?? [])")
        // The same server: updated in place.
        #expect(try n.h.run(["notify", "--once"], now: "2026-03-10T12:06:10Z", env: env).status == 0)
        #expect(a?.notified.map(\.replaces) == [0, 1], "\(a?.notified ?? [])")
        // The server restarts; a chat app's notification gets id 1 from the new one.
        a?.stop()
        a = nil
        let b = try FakeNotificationServer(bus)
        let chat = try #require(NotificationBus.open(Environment(env.map { ($0.key, $0.value) })))
        #expect(try chat.notify(summary: "Hi from chat", body: "", critical: false, actions: []).id == 1)
        #expect(try n.h.run(["notify", "--once"], now: "2026-03-10T12:07:10Z", env: env).status == 0)
        #expect(b.notified.count == 1, "tminus sent \(b.notified.dropFirst()) to the new server")
        #expect(b.closed.isEmpty, "tminus closed \(b.closed)")
        #expect(n.ledger.contains(#""state":"ended""#), "\(n.ledger)")
        // And nothing later either.
        #expect(try n.h.run(["notify", "--once"], now: "2026-03-10T12:08:10Z", env: env).status == 0)
        #expect(b.notified.count == 1)
    }

    /// An escalating reminder kept its title on screen for up to a minute (its next step) after
    /// private mode turned on. Now the notifier wakes on the change and updates it at once.
    @Test(.enabled(if: Needs.bus, Comment(rawValue: Needs.busMessage)))
    func privateModeReachesAShownNotificationAtOnce() throws {
        guard let (n, bus, env) = try Self.home() else { return }
        let server = try FakeNotificationServer(bus)
        try n.h.ok("remind", "Secret call", "--in", "5m", now: "2026-03-10T12:00:00Z")
        // Ten seconds after its due: shown now, its next step is 50 seconds away.
        let notifier = try n.h.start(["notify"], now: "2026-03-10T12:05:10Z", env: env)
        defer { notifier.process.terminate() }
        waitUntil { !server.notified.isEmpty }
        #expect(server.notified.map(\.summary) == ["Secret call"], "\(server.notified)")
        // (The notifier watches its files once it has shown it.)
        try #require(
            waitUntil { ProcessState.isWatching(notifier.process.processIdentifier) },
            "the notifier did not start watching its files")
        try n.h.ok("privacy", "on", now: "2026-03-10T12:05:11Z")
        waitUntil { server.notified.count >= 2 }
        let update = try #require(server.notified.dropFirst().first, "no update within 20 s of private mode")
        #expect(update.replaces == server.notified[0].id && update.summary == "busy", "\(update)")
        #expect(!server.notified.dropFirst().contains { $0.summary.contains("Secret") || $0.body.contains("Secret") })
    }
}
