import Glibc
public import TMinusCore

/// The desktop's notification server (org.freedesktop.Notifications), reached through
/// `notify-send` (libnotify), which every desktop has; `gdbus` (GLib), when installed, asks the
/// server what it can do first. With actions, notify-send stays until the notification is closed
/// and prints the action the user chose: that child is an `ActionWatch`.
public struct NotificationServer: Sendable {
    /// The server renders markup in the body: the body must be escaped (assumed when unknown:
    /// escaped text shown literally is safe, unescaped text parsed as markup is not).
    public var markup = true
    /// The server shows action buttons (Done, Snooze).
    public var actions = false
    /// The server answered GetCapabilities (else these are assumptions; ask again later).
    public var known = false
    let environment: Environment

    public static let snoozeSeconds: Int64 = 600

    public init(environment: Environment, markup: Bool = true, actions: Bool = false) {
        self.environment = environment
        self.markup = markup
        self.actions = actions
    }

    /// Asks the server for its capabilities (GetCapabilities); without gdbus or an answer, the
    /// safe assumptions.
    public static func connect(environment: Environment) -> NotificationServer {
        var server = NotificationServer(environment: environment)
        guard let r = try? ChildProcess.run("gdbus", ["call", "--session", "--dest", "org.freedesktop.Notifications",
                                                      "--object-path", "/org/freedesktop/Notifications",
                                                      "--method", "org.freedesktop.Notifications.GetCapabilities"],
                                            environment: environment, timeout: 5_000), r.status == 0 else { return server }
        let text = String(decoding: r.stdout, as: UTF8.self)
        server.known = true
        server.actions = text.contains("'actions'")
        server.markup = text.contains("'body-markup'")
        return server
    }

    /// Whether a notification can ask and hear the answer: the server shows buttons, and
    /// notify-send (with stdbuf) can wait for the choice.
    public var canAsk: Bool { actions && Self.installed("notify-send", environment) && Self.installed("stdbuf", environment) }

    /// Whether notify-send is installed (in the given PATH).
    public func isAvailable() -> Bool { Self.installed("notify-send", environment) }

    static func installed(_ program: String, _ environment: Environment) -> Bool {
        ChildProcess.which(program, environment: environment) != nil
    }

    public static let missing = "notify needs notify-send to reach the desktop's notification server (Debian/Ubuntu: apt install libnotify-bin); tminus notify --dry-run shows what it would send"

    /// Hands one notification to the server; returns the child that waits for an action when
    /// `withActions`, else nil once it was delivered. Throws when it was not delivered.
    /// A reminder's buttons.
    public static let reminderButtons = [(id: "done", label: "Done"), (id: "snooze", label: "Snooze 10 min")]

    public func send(summary: String, body: String, critical: Bool, withActions: Bool,
                     buttons: [(id: String, label: String)] = reminderButtons) throws(TMinusError) -> ActionWatch? {
        var args = ["--app-name=tminus", "--print-id", "--urgency=\(critical ? "critical" : "normal")"]
        if withActions { args += buttons.map { "--action=\($0.id)=\($0.label)" } }
        args += ["--", summary, body]
        // With actions notify-send stays running, and its id would wait in stdio's buffer until it
        // exits: stdbuf (coreutils) makes it write each line at once.
        let waits = withActions && Self.installed("stdbuf", environment)
        if withActions && !waits { return try send(summary: summary, body: body, critical: critical, withActions: false) }
        // (Can it wait for a choice at all? Callers that must ask check `canAsk` first.)
        let child: ChildProcess.Spawned
        do {
            child = try waits ? ChildProcess.spawn("stdbuf", ["-oL", "notify-send"] + args, environment: environment, mergeErrors: true)
                              : ChildProcess.spawn("notify-send", args, environment: environment, mergeErrors: true)
        } catch {
            if error == .notFound { throw .failure(Self.missing) }
            throw .failure("cannot run notify-send: \(error)")
        }
        let watch = ActionWatch(pid: child.pid, fd: child.stdout)
        // The id comes once the server has the notification.
        let first = watch.firstLine(timeoutMilliseconds: 10_000)
        guard let first, !first.isEmpty, first.allSatisfy(\.isNumber) else {
            // Its own reason: the first line it printed and whatever followed.
            let rest = watch.finish()
            let said = Validation.trimmedText(ControlText.clean((first ?? "") + " " + rest, replacement: " "))
            throw .failure("notify-send could not reach the notification server\(said.isEmpty ? "" : ": " + said)")
        }
        if waits { return watch }
        _ = watch.finish()
        return nil
    }
}

/// A notify-send that waits for the user's choice: its pid and output. `lines()` gives the
/// actions chosen; nil once it has exited (the notification was closed).
public final class ActionWatch: @unchecked Sendable {
    public let pid: pid_t
    public let fd: Int32
    var buffer: [UInt8] = []
    var closed = false
    var reaped = false
    /// The reminder it belongs to (set by the notifier).
    public var itemID = ""
    public var itemSource = ""
    public var title = ""

    init(pid: pid_t, fd: Int32) {
        self.pid = pid
        self.fd = fd
    }

    /// Reads until the first line (or the end, or the time limit).
    func firstLine(timeoutMilliseconds: Int32) -> String? {
        var waited: Int32 = 0
        while !closed {
            if let nl = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<nl], as: UTF8.self)
                buffer.removeSubrange(...nl)
                return line
            }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let n = poll(&p, 1, 100)
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 {
                waited += 100
                if waited >= timeoutMilliseconds { kill(pid, SIGKILL); return nil }
                continue
            }
            readAvailable()
        }
        return nil
    }

    func readAvailable() {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let r = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if r <= 0 { closed = true } else { buffer += chunk[0..<r] }
    }

    /// Waits for the user's choice: the action's id, or nil when the notification was closed
    /// without one (or after `timeoutSeconds`, when the notification is withdrawn).
    public func choice(timeoutSeconds: Int32) -> String? {
        let line = firstLine(timeoutMilliseconds: timeoutSeconds * 1000)
        finish()
        return line.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The child has exited, been reaped and its pipe closed.
    public var isDone: Bool { closed }

    /// After the fd was readable: the complete lines so far (once the child is done, it is
    /// reaped and its pipe closed: `isDone`).
    public func lines() -> [String] {
        readAvailable()
        var out: [String] = []
        while let nl = buffer.firstIndex(of: 0x0A) {
            out.append(String(decoding: buffer[..<nl], as: UTF8.self))
            buffer.removeSubrange(...nl)
        }
        if closed { finish() }
        return out
    }

    /// Stops the child (its notification stays on screen; its buttons no longer do anything).
    public func stop() {
        if !reaped {
            kill(pid, SIGTERM)
            // A second for it to go; then it is killed (stop must never hang the notifier).
            var waited: Int32 = 0
            while !closed && waited < 1_000 {
                var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                if poll(&p, 1, 100) > 0 { readAvailable() } else { waited += 100 }
            }
            if !closed { kill(pid, SIGKILL) }
        }
        finish()
    }

    /// Closes the pipe and reaps the child; returns what it printed last (its error, if any).
    @discardableResult
    public func finish() -> String {
        while !closed { readAvailable() }
        if !reaped {
            reaped = true
            close(fd)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        return Validation.trimmedText(ControlText.clean(String(decoding: buffer, as: UTF8.self), replacement: " "))
    }
}
