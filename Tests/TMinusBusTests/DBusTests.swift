import Foundation
import Glibc
import TMinusCore
@testable import TMinusBus
import Testing
import TMinusTestSupport

/// The session-bus client: the wire format against hand-worked bytes, reading never crashing on
/// broken input, and a real `dbus-daemon` (the reference implementation) accepting our messages
/// and `dbus-send` signals reaching a waiting notification. Tests/notify/run.sh does the same with
/// a real notification server (dunst).
struct DBusTests {
    @Test func aHintsDictionaryHasTheSpecsLayout() {
        var w = DBusWriter()
        w.write(.stringVariants([("urgency", .byte(1))]))
        // Length 16 (from the first element, after padding to 8), the key "urgency" with its NUL,
        // the variant's signature "y", the byte.
        let expected: [UInt8] =
            [16, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0] + Array("urgency".utf8) + [0, 1, UInt8(ascii: "y"), 0, 1]
        #expect(w.bytes == expected)
    }

    @Test func aNotifyCallRoundTrips() throws {
        var m = DBusMessage.call(
            "org.freedesktop.Notifications", "/org/freedesktop/Notifications", "org.freedesktop.Notifications",
            "Notify",
            [
                .string("tminus"), .uint32(0), .string(""), .string("Pay <rent> & ‮fdp.exe"), .string("line\nline"),
                .array("s", [.string("done"), .string("Done")]), .stringVariants([("urgency", .byte(2))]), .int32(-1)
            ])
        let bytes = m.encoded(serial: 7)
        #expect(try DBusMessage.length(of: bytes[...]) == bytes.count)
        let back = try DBusMessage.decode(bytes)
        m.serial = 7
        #expect(back == m)
        #expect(back.body.map(\.signature).joined() == "susssasa{sv}i")
        // An empty array keeps its element type.
        var w = DBusWriter()
        w.write(.array("s", []))
        #expect(w.bytes == [0, 0, 0, 0])
    }

    @Test func brokenMessagesAreRefusedNeverCrash() throws {
        let good = DBusMessage.call(
            "a.b", "/a", "a.b", "M", [.string("x"), .array("{sv}", [.dictEntry(.string("k"), .variant(.uint32(3)))])]
        )
        .encoded(serial: 1)
        var rng = SystemRandomNumberGenerator()
        var refused = 0
        for _ in 0..<3_000 {
            var b = good
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                b[Int.random(in: 0..<b.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            if Bool.random(using: &rng) { b = Array(b.prefix(Int.random(in: 0...b.count, using: &rng))) }
            do {
                guard let n = try DBusMessage.length(of: b[...]), n <= b.count else { continue }
                _ = try DBusMessage.decode(Array(b.prefix(n)))
            } catch { refused += 1 }
        }
        #expect(refused > 0)
        // A length larger than this client reads is refused from the header alone.
        var huge = good
        huge[4] = 0xFF; huge[5] = 0xFF; huge[6] = 0xFF; huge[7] = 0x7F
        #expect(throws: DBusFormatError.self) { try DBusMessage.length(of: huge[...]) }
    }

    @Test(arguments: [
        ("unix:path=/run/user/1000/bus", "/run/user/1000/bus", false),
        ("unix:abstract=/tmp/dbus-AbC,guid=0123", "/tmp/dbus-AbC", true),
        ("tcp:host=localhost,port=1;unix:path=/tmp/a%20b", "/tmp/a b", false)
    ])
    func sessionAddresses(_ text: String, _ name: String, _ abstract: Bool) {
        let found = DBusConnection.sessionAddresses(["DBUS_SESSION_BUS_ADDRESS": text])
        #expect(found.count == 1 && found[0].name == name && found[0].abstract == abstract)
    }

    @Test func withoutAnAddressTheUserBusIsTried() {
        #expect(DBusConnection.sessionAddresses(["XDG_RUNTIME_DIR": "/run/user/7"]).map(\.name) == ["/run/user/7/bus"])
        #expect(DBusConnection.sessionAddresses([:]).isEmpty)
        #expect(DBusConnection.sessionAddresses(["DBUS_SESSION_BUS_ADDRESS": "unix:path=/a%00b"]).isEmpty)
    }

    /// A private dbus-daemon (TMinusTestSupport's); nil where it did not start, recorded as an
    /// issue (a test that needs it is skipped where none is installed: `Needs.bus`).
    final class Bus: @unchecked Sendable {
        let session: SessionBus
        var address: String { session.address }

        init?() throws {
            guard let session = try SessionBus() else {
                Issue.record(
                    Comment(rawValue: "no private session bus: dbus-daemon did not start; " + Needs.busMessage)
                )
                return nil
            }
            self.session = session
        }

        var environment: Environment { ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"] }

        func dbusSend(_ args: [String]) throws {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-send")
            p.arguments = ["--session"] + args
            p.environment = ["DBUS_SESSION_BUS_ADDRESS": address]
            try p.run()
            p.waitUntilExit()
        }
    }

    @Test(.enabled(if: Needs.bus, Comment(rawValue: Needs.busMessage))) func theReferenceBusAcceptsUsAndAnswers() throws
    {
        guard let bus = try Bus() else { return }
        let c = try DBusConnection.session(bus.environment)
        #expect(c.uniqueName.hasPrefix(":1."))
        let names = try c.call(
            .call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListNames"))
        #expect(names.first?.strings?.contains("org.freedesktop.DBus") == true)
        // No notification server on this bus: the call fails with the bus's own error, and the
        // connection stays usable.
        let n = try #require(NotificationBus.open(bus.environment))
        #expect(n.capabilities() == nil)
        do {
            _ = try n.notify(summary: "x", body: "y", critical: false, actions: [])
            Issue.record("Notify without a server succeeded")
        } catch {
            #expect(error.errorName == "org.freedesktop.DBus.Error.ServiceUnknown", "\(error)")
        }
        #expect(
            try c.call(.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetId")).first?
                .string?.count == 32)
        let server = NotificationServer.connect(environment: bus.environment)
        #expect(server.bus != nil && !server.known)
        // (No notification server on this bus: the call fails, and the bus's answer is the cause.)
        let error = #expect(throws: TMinusError.self) {
            try server.send(summary: "x", body: "y", critical: false, withActions: false)
        }
        let failure = error?.cause as? DBusConnection.Failure
        #expect(failure?.errorName?.hasPrefix("org.freedesktop.DBus.Error.") == true, "\(String(describing: error))")
    }

    /// Emits the notification server's signal from `from` (a connection to the bus).
    func emit(
        _ from: DBusConnection, _ member: String, _ body: [DBusValue], path: String = "/org/freedesktop/Notifications"
    ) throws {
        try from.send(
            DBusMessage(
                kind: .signal, path: path, interface: "org.freedesktop.Notifications", member: member, body: body))
    }

    func drain(_ watch: ActionWatch, until done: () -> Bool) -> [String] {
        var got: [String] = []
        for _ in 0..<30 where !done() {
            var p = pollfd(fd: watch.fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&p, 1, 100)
            got += watch.lines()
            if got.isEmpty && watch.isDone { break }
        }
        return got
    }

    @Test(.enabled(if: Needs.bus, Comment(rawValue: Needs.busMessage)))
    func signalsReachTheirNotificationOnlyFromItsServer() throws {
        guard let bus = try Bus() else { return }
        // The "server": a connection that owns the name (its signals are the real ones).
        let server = try DBusConnection.session(bus.environment)
        let owned = try server.call(
            .call(
                "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
                [.string("org.freedesktop.Notifications"), .uint32(4)]))
        #expect(owned.first == .uint32(1))
        let n = try #require(NotificationBus.open(bus.environment))
        n.watch(7, server: server.uniqueName)
        n.watch(8, server: server.uniqueName)
        let watch = ActionWatch(bus: n, id: 7)
        let other = ActionWatch(bus: n, id: 8)
        // Anyone else on the bus (dbus-send here) cannot press a button.
        try bus.dbusSend([
            "--type=signal", "/org/freedesktop/Notifications", "org.freedesktop.Notifications.ActionInvoked",
            "uint32:7", "string:forged"
        ])
        try emit(server, "ActionInvoked", [.uint32(99), .string("done")])
        try emit(server, "ActionInvoked", [.uint32(7), .string("done")])
        #expect(drain(watch) { false } == ["done"])
        #expect(!watch.isDone && other.lines().isEmpty)
        try emit(server, "NotificationClosed", [.uint32(7), .uint32(2)])
        _ = drain(watch) { watch.isDone }
        #expect(watch.isDone && !other.isDone)
        // A choice that nobody makes ends at its time limit (and the notification is withdrawn).
        #expect(other.choice(timeoutSeconds: 1) == nil)
    }

    @Test(.enabled(if: Needs.bus, Comment(rawValue: Needs.busMessage))) func aBusThatGoesAwayEndsEveryWatch() throws {
        var bus = try Bus()
        guard bus != nil else { return }
        let n = try #require(NotificationBus.open(bus!.environment))
        n.watch(3, server: ":1.999")
        let watch = ActionWatch(bus: n, id: 3)
        bus = nil
        _ = drain(watch) { watch.isDone }
        #expect(watch.isDone && n.broken)
    }
}
