import Glibc
import TMinusCore

/// A notification that waits for the user's choice (Done, Snooze, Add…): on our bus connection,
/// its id, whose ActionInvoked and NotificationClosed signals the bus routes here; or, where
/// notify-send is the way, that child: its pid and output, one line per action. `lines()` gives
/// the actions chosen; `isDone` once the notification was closed.
public final class ActionWatch: @unchecked Sendable {
    /// The notify-send child's pid; 0 for a notification on the bus.
    public let pid: pid_t
    /// What to poll: the bus connection (shared by every watch on it) or the child's output.
    public let fd: Int32
    let bus: NotificationBus?
    /// The server's id for the notification (on the bus).
    public let notificationID: UInt32
    var buffer: [UInt8] = []
    var closed = false
    var reaped = false
    /// The reminder it belongs to (set by the notifier).
    public var itemID = ""
    /// The source of that item (with `itemID`, it finds the item again).
    public var itemSource = ""
    /// The item's title (for the snooze message and the snoozed reminder).
    public var title = ""
    /// The reminder's ledger key, for one that escalates (its end is recorded when it closes).
    public var key = ""

    init(pid: pid_t, fd: Int32) {
        self.pid = pid
        self.fd = fd
        bus = nil
        notificationID = 0
    }

    init(bus: NotificationBus, id: UInt32) {
        pid = 0
        fd = bus.fd
        self.bus = bus
        notificationID = id
    }

    /// Reads until the first line (or the end, or the time limit).
    func firstLine(timeoutMilliseconds: Int32) -> String? {
        var waited: Int32 = 0
        while !closed {
            if let bus {
                let got = bus.take(notificationID)
                if let first = got.actions.first { return first }
                if got.closed { closed = true; break }
                guard waited < timeoutMilliseconds else { return nil }
                bus.pump(timeoutMilliseconds: 100)
                waited += 100
                continue
            }
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
        if let bus, line == nil, !closed { bus.close(notificationID) }
        finish()
        return line.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The notification was closed (the child has exited, been reaped and its pipe closed).
    public var isDone: Bool { closed }

    /// After the fd was readable: the actions chosen so far (once the notification is closed, the
    /// watch is finished: `isDone`).
    public func lines() -> [String] {
        if let bus {
            bus.pump()
            let got = bus.take(notificationID)
            if got.closed { finish() }
            return got.actions
        }
        readAvailable()
        var out: [String] = []
        while let nl = buffer.firstIndex(of: 0x0A) {
            out.append(String(decoding: buffer[..<nl], as: UTF8.self))
            buffer.removeSubrange(...nl)
        }
        if closed { finish() }
        return out
    }

    /// Stops waiting (the notification stays on screen; its buttons no longer do anything).
    public func stop() {
        if bus == nil && !reaped {
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

    /// Ends the watch: on the bus, forgets the id; a child's pipe is closed and the child reaped.
    /// Returns what a child printed last (its error, if any).
    @discardableResult
    public func finish() -> String {
        if let bus {
            closed = true
            bus.unwatch(notificationID)
            return ""
        }
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
