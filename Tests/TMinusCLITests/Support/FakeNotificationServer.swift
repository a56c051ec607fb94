import Foundation
import TMinusCore
@testable import TMinusBus
import TMinusTestSupport

/// A notification server on a test bus (org.freedesktop.Notifications, as dunst is to tminus):
/// it answers Notify with ids counted from 1 (a restarted server starts again at 1, as dunst
/// does), keeps each Notify it got, and answers the rest empty. `stop` ends it (its name goes).
final class FakeNotificationServer: @unchecked Sendable {
    struct Call: Equatable {
        var replaces: UInt32
        var summary: String
        var body: String
        var id: UInt32
        var sender: String
    }

    let connection: DBusConnection
    private let calls = Locked<[Call]>([])
    private let closes = Locked<[UInt32]>([])
    private let running = Locked(true)
    private var thread: Thread?
    private var nextID: UInt32 = 1

    /// Connects to `bus`, owns the name and starts answering.
    init(_ bus: SessionBus) throws {
        connection = try DBusConnection.session(Environment(bus.environment.map { ($0.key, $0.value) }))
        let owned = try connection.call(
            .call(
                "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "RequestName",
                [.string("org.freedesktop.Notifications"), .uint32(4)]))
        guard owned.first == .uint32(1) else { throw DBusConnection.Failure("the name is taken") }
        let t = Thread { [self] in serve() }
        thread = t
        t.start()
    }

    /// Every Notify so far.
    var notified: [Call] { calls.value }
    /// Every CloseNotification so far.
    var closed: [UInt32] { closes.value }

    func serve() {
        while running.value {
            guard (try? connection.fill(50)) != nil else { return }
            while let m = try? connection.nextMessage() {
                guard m.kind == .call else { continue }
                var reply = DBusMessage(kind: .reply, destination: m.sender)
                reply.replySerial = m.serial
                switch m.member {
                case "Notify":
                    let replaces = m.body.count > 1 ? m.body[1].uint32 ?? 0 : 0
                    var id = replaces
                    if replaces == 0 || !calls.value.contains(where: { $0.id == replaces }) {
                        id = nextID
                        nextID += 1
                    }
                    calls.update {
                        $0.append(
                            Call(
                                replaces: replaces, summary: m.body.count > 3 ? m.body[3].string ?? "" : "",
                                body: m.body.count > 4 ? m.body[4].string ?? "" : "", id: id, sender: m.sender ?? ""))
                    }
                    reply.body = [.uint32(id)]
                case "GetCapabilities": reply.body = [.array("s", [.string("body")])]
                case "CloseNotification":
                    if let id = m.body.first?.uint32 { closes.update { $0.append(id) } }
                default: break
                }
                _ = try? connection.send(reply)
            }
        }
    }

    /// Stops answering and leaves the bus (as a server that exits).
    func stop() {
        running.update { $0 = false }
        waitUntil(timeout: 30) { thread?.isFinished != false }
        connection.close()
    }

    deinit { stop() }
}
