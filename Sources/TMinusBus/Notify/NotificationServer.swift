import Glibc
public import TMinusCore
import TMinusSystem

/// The desktop's notification server (org.freedesktop.Notifications), reached over our own
/// session-bus connection (NotificationBus: titles and notes never appear on a command line, and
/// the server's action signals come straight back). Where no bus this client can use is found (no
/// address, a transport other than a Unix socket), through `notify-send` (libnotify), with `gdbus`
/// asking for the capabilities; with actions notify-send stays until the notification is closed and
/// prints the action chosen. docs/reminders.md says which is used when.
public struct NotificationServer: Sendable {
    /// The server renders markup in the body: the body must be escaped (assumed when unknown:
    /// escaped text shown literally is safe, unescaped text parsed as markup is not).
    public var markup = true
    /// The server shows action buttons (Done, Snooze).
    public var actions = false
    /// The server answered GetCapabilities (else these are assumptions; ask again later).
    public var known = false
    /// Our bus connection, when one could be made.
    public var bus: NotificationBus?
    let environment: Environment

    /// How long Snooze puts a reminder off: 10 minutes, in seconds.
    public static let snoozeSeconds: Int64 = 600

    /// A server with these capabilities assumed, not asked (`known` false, no bus); `connect` asks.
    public init(environment: Environment, markup: Bool = true, actions: Bool = false) {
        self.environment = environment
        self.markup = markup
        self.actions = actions
    }

    /// Connects and asks the server for its capabilities (GetCapabilities); without an answer,
    /// the safe assumptions.
    public static func connect(environment: Environment) -> NotificationServer {
        var server = NotificationServer(environment: environment)
        if let bus = NotificationBus.open(environment) {
            server.bus = bus
            if let caps = bus.capabilities() { server.learn(caps) }
            return server
        }
        guard
            let r = try? ChildProcess.run(
                "gdbus",
                [
                    "call", "--session", "--dest", "org.freedesktop.Notifications",
                    "--object-path", "/org/freedesktop/Notifications",
                    "--method", "org.freedesktop.Notifications.GetCapabilities"
                ],
                environment: environment, timeout: 5_000), r.status == 0
        else { return server }
        // gdbus prints a GVariant text: (['actions', 'body', 'body-markup'],)
        let text = String(decoding: r.stdout, as: UTF8.self)
        server.learn(text.split(separator: "'").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
        return server
    }

    mutating func learn(_ capabilities: [String]) {
        known = true
        actions = capabilities.contains("actions")
        markup = capabilities.contains("body-markup")
    }

    /// Whether a notification can ask and hear the answer: the server shows buttons, and our bus
    /// connection (or notify-send with stdbuf) hears the choice.
    public var canAsk: Bool {
        actions && (bus != nil || (Self.installed("notify-send", environment) && Self.installed("stdbuf", environment)))
    }

    /// Whether there is a way to the server: a session bus address, or notify-send.
    public func isAvailable() -> Bool {
        !DBusConnection.sessionAddresses(environment).isEmpty || Self.installed("notify-send", environment)
    }

    static func installed(_ program: String, _ environment: Environment) -> Bool {
        ChildProcess.which(program, environment: environment) != nil
    }

    /// The error when `notify` finds no way to the server, with what to install.
    public static let missing: StaticString = N_(
        "notify needs a session bus (DBUS_SESSION_BUS_ADDRESS) or notify-send to reach the desktop's notification server (Debian/Ubuntu: apt install libnotify-bin); tminus notify --dry-run shows what it would send"
    )

    /// A reminder's buttons.
    public static let reminderButtons = [(id: "done", label: "Done"), (id: "snooze", label: "Snooze 10 min")]

    /// The reminder's buttons in the user's language (the ids are what a press reports).
    public static func reminderButtons(_ words: Words) -> [(id: String, label: String)] {
        [(id: "done", label: words.tr("Done")), (id: "snooze", label: words.tr("Snooze 10 min"))]
    }

    /// Hands one notification to the server; returns what waits for an action when
    /// `withActions`, else nil once it was delivered. Throws when it was not delivered.
    public func send(
        summary: String, body: String, critical: Bool, withActions: Bool,
        buttons: [(id: String, label: String)] = reminderButtons
    ) throws(TMinusError) -> ActionWatch? {
        if let bus {
            do throws(DBusConnection.Failure) {
                let shown = try bus.notify(
                    summary: summary, body: body, critical: critical, actions: withActions ? buttons : [])
                guard withActions else { return nil }
                bus.watch(shown.id, server: shown.server)
                return ActionWatch(bus: bus, id: shown.id)
            } catch {
                throw Self.busFailure(error)
            }
        }
        return try sendThroughNotifySend(
            summary: summary, body: body, critical: critical, withActions: withActions, buttons: buttons)
    }

    /// Shows a notification, or updates the one with id `replaces` in place, over our bus
    /// connection (an escalating reminder); returns its id, the server instance that showed it
    /// (`NotificationBus.instance`) and, with `watch`, what hears its actions and its closing (with
    /// or without buttons). An update goes to the instance `replaces` came from (`of`) and only to
    /// it: when that one is gone (the server restarted), the id is another program's now, and the
    /// answer is id 0 (nothing shown). Nil where there is no bus connection.
    public func show(
        summary: String, body: String, critical: Bool, buttons: [(id: String, label: String)], replaces: UInt32,
        of instance: String? = nil, watch: Bool
    ) throws(TMinusError) -> (id: UInt32, watch: ActionWatch?, instance: String)? {
        guard let bus else { return nil }
        var server: String?
        if replaces != 0 {
            // (A record from before ids were kept with their instance, or from another bus run.)
            guard let instance, let name = Self.uniqueName(instance, on: bus) else { return (0, nil, "") }
            server = name
        }
        do throws(DBusConnection.Failure) {
            let shown = try bus.notify(
                summary: summary, body: body, critical: critical, actions: buttons, replaces: replaces, to: server)
            let instance = bus.instance(shown.server)
            guard watch else { return (shown.id, nil, instance) }
            bus.watch(shown.id, server: shown.server)
            return (shown.id, ActionWatch(bus: bus, id: shown.id), instance)
        } catch {
            if server != nil && Self.gone.contains(error.errorName ?? "") { return (0, nil, "") }
            throw Self.busFailure(error)
        }
    }

    /// The one line for a bus that failed, keeping the bus's failure (its socket and errno too).
    static func busFailure(_ error: DBusConnection.Failure) -> TMinusError {
        .failure(
            tr: "could not reach the notification server over the session bus: %s", "\(error.description)",
            path: error.path, errno: error.errno, cause: error)
    }

    /// The errors of a call to a unique name nobody has any more.
    static let gone = ["org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner"]

    /// The unique name in `instance` when it is of this bus run (else nil: never to be called).
    static func uniqueName(_ instance: String, on bus: NotificationBus) -> String? {
        let parts = instance.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, parts[0] == bus.busID, parts[1].hasPrefix(":") else { return nil }
        return parts[1]
    }

    /// Withdraws notification `id` of server instance `instance`, when that one is still there.
    public func close(_ id: UInt32, of instance: String?) {
        guard let bus, let instance, let name = Self.uniqueName(instance, on: bus) else { return }
        bus.close(id, to: name)
    }

    func sendThroughNotifySend(
        summary: String, body: String, critical: Bool, withActions: Bool,
        buttons: [(id: String, label: String)]
    ) throws(TMinusError) -> ActionWatch? {
        var args = ["--app-name=tminus", "--print-id", "--urgency=\(critical ? "critical" : "normal")"]
        if withActions { args += buttons.map { "--action=\($0.id)=\($0.label)" } }
        args += ["--", summary, body]
        // With actions notify-send stays running, and its id would wait in stdio's buffer until it
        // exits: stdbuf (coreutils) makes it write each line at once.
        let waits = withActions && Self.installed("stdbuf", environment)
        if withActions && !waits {
            return try sendThroughNotifySend(
                summary: summary, body: body, critical: critical, withActions: false, buttons: buttons)
        }
        // (Can it wait for a choice at all? Callers that must ask check `canAsk` first.)
        let child: ChildProcess.Spawned
        do {
            child =
                try waits
                ? ChildProcess.spawn(
                    "stdbuf", ["-oL", "notify-send"] + args, environment: environment, mergeErrors: true)
                : ChildProcess.spawn("notify-send", args, environment: environment, mergeErrors: true)
        } catch {
            if error == .notFound { throw .failure(tr: Self.missing) }
            throw .failure(tr: "cannot run notify-send: %s", error.deferredText, errno: error.errno, cause: error)
        }
        let watch = ActionWatch(pid: child.pid, fd: child.stdout)
        // The id comes once the server has the notification.
        let first = watch.firstLine(timeoutMilliseconds: 10_000)
        guard let first, !first.isEmpty, first.allSatisfy(\.isNumber) else {
            // Its own reason: the first line it printed and whatever followed.
            let rest = watch.finish()
            let said = Validation.trimmedText(ControlText.clean((first ?? "") + " " + rest, replacement: " "))
            if said.isEmpty { throw .failure(tr: "notify-send could not reach the notification server") }
            throw .failure(tr: "notify-send could not reach the notification server: %s", said)
        }
        if waits { return watch }
        _ = watch.finish()
        return nil
    }
}
