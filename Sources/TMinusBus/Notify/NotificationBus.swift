public import TMinusCore

/// org.freedesktop.Notifications over our own session-bus connection: Notify (with replaces-id),
/// GetCapabilities, CloseNotification, and the ActionInvoked and NotificationClosed signals,
/// routed to the notifications that wait for them. Titles and notes go only into the socket.
public final class NotificationBus: @unchecked Sendable {
    let connection: DBusConnection
    /// Notifications whose signals we keep, and what arrived for each: the actions chosen, and
    /// whether it was closed.
    /// Each watched notification's server (the unique name that answered Notify): only its
    /// signals count, so another program on the bus cannot press a button for the user.
    var watched: [UInt32: String] = [:]
    var actions: [UInt32: [String]] = [:]
    var closedIDs: Set<UInt32> = []
    /// The connection is gone (the session ended, the bus restarted): every watch is done.
    public private(set) var broken = false

    static let service = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"

    init(connection: DBusConnection) { self.connection = connection }

    /// Our connection to the session bus, listening for the notification server's signals; nil
    /// where there is no bus this client can reach (then notify-send is the way).
    public static func open(_ environment: Environment) -> NotificationBus? {
        guard let c = try? DBusConnection.session(environment) else { return nil }
        // (Servers emit these to everyone or to the sender; either way the match brings them.)
        guard (try? c.addMatch("type='signal',interface='\(service)',path='\(path)'")) != nil else { return nil }
        return NotificationBus(connection: c)
    }

    /// The bus socket, for `poll`.
    public var fd: Int32 { connection.fd }

    /// The connection is gone: a new one is needed to send.
    public var closed: Bool { broken || connection.closed }

    func call(_ member: String, to server: String? = nil, _ body: [DBusValue] = [], timeout: Int32 = 10_000)
        throws(DBusConnection.Failure) -> DBusMessage
    {
        try connection.reply(
            to: .call(server ?? Self.service, Self.path, Self.service, member, body), timeoutMilliseconds: timeout)
    }

    /// What the server can do (`actions`, `body-markup`, …); nil when no server answers.
    public func capabilities() -> [String]? {
        (try? call("GetCapabilities", timeout: 5_000))?.body.first?.strings
    }

    /// This bus's id (`GetId`: each run of the bus daemon has its own), asked once.
    public var busID: String {
        if let cachedBusID { return cachedBusID }
        let id =
            (try? connection.call(
                .call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "GetId"),
                timeoutMilliseconds: 2_000))?.first?.string ?? ""
        if !id.isEmpty { cachedBusID = id }
        return id
    }
    var cachedBusID: String?

    /// Which server instance `server` (the unique name that answered) is, for good: the bus's id
    /// and that name (a bus never gives a unique name twice; a restarted bus has another id).
    public func instance(_ server: String) -> String { busID + " " + server }

    /// Shows a notification (or replaces the one with `replaces`); returns its id and the unique
    /// name of the server that showed it. `to`: that server's unique name only (a replacement
    /// must never reach another server instance: its ids are another program's).
    public func notify(
        summary: String, body: String, critical: Bool, actions: [(id: String, label: String)],
        replaces: UInt32 = 0, to server: String? = nil
    ) throws(DBusConnection.Failure) -> (id: UInt32, server: String) {
        let reply = try call(
            "Notify", to: server,
            [
                .string("tminus"), .uint32(replaces), .string(""), .string(summary), .string(body),
                .array("s", actions.flatMap { [DBusValue.string($0.id), .string($0.label)] }),
                .stringVariants([("urgency", .byte(critical ? 2 : 1))]),
                .int32(-1)
            ])
        guard let id = reply.body.first?.uint32 else {
            throw DBusConnection.Failure("the notification server gave no id")
        }
        return (id, reply.sender ?? "")
    }

    /// Withdraws a notification (of the server instance `to`, when given: see `notify`).
    public func close(_ id: UInt32, to server: String? = nil) {
        _ = try? call("CloseNotification", to: server, [.uint32(id)], timeout: 2_000)
    }

    func watch(_ id: UInt32, server: String) { watched[id] = server }

    func unwatch(_ id: UInt32) {
        watched[id] = nil
        actions[id] = nil
        closedIDs.remove(id)
    }

    /// Reads the signals that arrived (waiting up to `timeout` ms when none is there yet) and
    /// files each under its notification, when one of ours waits for it.
    func pump(timeoutMilliseconds: Int32 = 0) {
        guard !broken else { return }
        do throws(DBusConnection.Failure) {
            for m in try connection.waitForMessages(timeoutMilliseconds: timeoutMilliseconds)
            where m.interface == Self.service {
                guard let id = m.body.first?.uint32, let server = watched[id], m.sender == server else { continue }
                switch (m.member, m.body.count > 1 ? m.body[1] : nil) {
                case ("ActionInvoked", .string(let key)?):
                    if (actions[id]?.count ?? 0) < 16 { actions[id, default: []].append(key) }
                case ("NotificationClosed", _): closedIDs.insert(id)
                default: break
                }
            }
        } catch {
            broken = true
        }
    }

    /// What arrived for one notification: its actions, and whether it is closed.
    func take(_ id: UInt32) -> (actions: [String], closed: Bool) {
        let a = actions.removeValue(forKey: id) ?? []
        return (a, broken || closedIDs.contains(id))
    }
}
