import CTMinusSys
import Glibc
public import TMinusCore
import TMinusSystem

/// A connection to the session bus: a Unix socket, the EXTERNAL authentication (the kernel tells
/// the bus who we are), `Hello`, then method calls and the signals we asked for. Only what the
/// notifier needs; nothing leaves this process but the messages it writes to the socket, so no
/// title or note is ever on a command line (docs/reminders.md, "The session bus").
public final class DBusConnection: @unchecked Sendable {
    /// The socket, for `poll`.
    public let fd: Int32
    var serial: UInt32 = 0
    var buffer: [UInt8] = []
    /// Messages read while waiting for a reply (signals), in order.
    var queued: [DBusMessage] = []
    public private(set) var closed = false
    /// The name the bus gave us (`:1.42`).
    public private(set) var uniqueName = ""
    /// The largest message read (`DBusMessage.maxLength` unless a client expects more: EDS's
    /// calendars).
    public var maxLength = DBusMessage.maxLength

    /// Why the bus could not be reached or a call failed.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// What went wrong, for the user, kept for the reader's language (`Deferred`).
        public let text: String
        /// The bus answered with this error (a call failed; the connection is fine).
        public let errorName: String?
        /// The socket's path (`@name` for an abstract one), when connecting to it failed.
        public let path: String?
        /// The failed system call's error number (connect, send, poll), when one failed.
        public let errno: Int32?
        /// A failure with its text and whatever of the bus error, socket path and errno it has.
        public init(_ text: String, errorName: String? = nil, path: String? = nil, errno: Int32? = nil) {
            self.text = text
            self.errorName = errorName
            self.path = path
            self.errno = errno
        }
        /// What went wrong, in English.
        public var description: String { Deferred.render(text, .english) }
    }

    /// The session bus's addresses, in order: `DBUS_SESSION_BUS_ADDRESS`, else the systemd user
    /// bus at `$XDG_RUNTIME_DIR/bus`. Each is a Unix socket path or abstract name; other
    /// transports (tcp, launchd) are not for this client.
    public static func sessionAddresses(_ environment: Environment) -> [(name: String, abstract: Bool)] {
        if let text = environment["DBUS_SESSION_BUS_ADDRESS"], !text.isEmpty {
            return text.split(separator: ";").compactMap { parse(address: String($0)) }
        }
        if let dir = environment["XDG_RUNTIME_DIR"], dir.hasPrefix("/") { return [(dir + "/bus", false)] }
        return []
    }

    /// `unix:path=/run/user/1000/bus`, `unix:abstract=/tmp/dbus-X,guid=…` (values %-escaped).
    static func parse(address: String) -> (name: String, abstract: Bool)? {
        guard address.hasPrefix("unix:") else { return nil }
        for pair in address.dropFirst(5).split(separator: ",") {
            let kv = pair.split(separator: "=", maxSplits: 1)
            guard kv.count == 2 else { continue }
            guard let value = unescape(String(kv[1])), !value.isEmpty else { return nil }
            if kv[0] == "path" { return (value, false) }
            if kv[0] == "abstract" { return (value, true) }
        }
        return nil
    }

    /// A value %-escaped as the D-Bus spec says (the same escaping as a link's); no NUL.
    static func unescape(_ s: String) -> String? {
        guard let text = try? ItemLink.decode(Substring(s), bad: { TMinusError.failure($0) }), !text.utf8.contains(0)
        else { return nil }
        return text
    }

    /// Connects to the session bus (the first address that answers), authenticates and says Hello.
    public static func session(_ environment: Environment, timeoutMilliseconds: Int32 = 5_000) throws(Failure)
        -> DBusConnection
    {
        let addresses = sessionAddresses(environment)
        guard !addresses.isEmpty else {
            throw Failure(deferred("no session bus (DBUS_SESSION_BUS_ADDRESS is not set)"))
        }
        var last = Failure(deferred("no session bus"))
        for a in addresses {
            let fd = a.name.withCString { ctminus_unix_connect($0, strlen($0), a.abstract ? 1 : 0) }
            guard fd >= 0 else {
                let code = errno
                let place = (a.abstract ? "@" : "") + a.name
                last = Failure(
                    "cannot connect to the session bus at \(place): \(FileIO.errorText(code))", path: place, errno: code
                )
                continue
            }
            let c = DBusConnection(fd: fd)
            do throws(Failure) {
                try c.authenticate(timeoutMilliseconds)
                let reply = try c.call(
                    .call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "Hello"),
                    timeoutMilliseconds: timeoutMilliseconds)
                c.uniqueName = reply.first?.string ?? ""
                return c
            } catch {
                c.close()
                last = error
            }
        }
        throw last
    }

    init(fd: Int32) { self.fd = fd }

    deinit { close() }

    /// Closes the socket (once; later calls do nothing).
    public func close() {
        if !closed {
            closed = true
            Glibc.close(fd)
        }
    }

    /// SASL EXTERNAL with our uid, as the reference implementation does; the bus checks it against
    /// the socket's peer credentials.
    func authenticate(_ timeout: Int32) throws(Failure) {
        let uid = Array(String(getuid()).utf8).map { String($0, radix: 16) }.joined()
        try writeAll([0] + Array("AUTH EXTERNAL \(uid)\r\n".utf8))
        let line = try readLine(timeout)
        guard line.hasPrefix("OK ") else {
            throw Failure(deferred("the session bus refused us: %s", Validation.printable(line)))
        }
        try writeAll(Array("BEGIN\r\n".utf8))
    }

    func readLine(_ timeout: Int32) throws(Failure) -> String {
        while true {
            if let nl = buffer.firstIndex(of: 0x0A) {
                let line = String(decoding: buffer[..<nl], as: UTF8.self)
                buffer.removeSubrange(...nl)
                return line.hasSuffix("\r") ? String(line.dropLast()) : line
            }
            guard buffer.count < 4096 else { throw Failure("the session bus sent a line too long") }
            guard try fill(timeout) else { throw Failure(deferred("the session bus did not answer")) }
        }
    }

    func writeAll(_ bytes: [UInt8]) throws(Failure) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                let code = errno
                if code == EINTR { continue }
                close()
                throw Failure("the session bus connection broke: \(FileIO.errorText(code))", errno: code)
            }
            offset += n
        }
    }

    /// Reads what is there (waiting up to `timeout` ms for something); false on timeout.
    func fill(_ timeout: Int32) throws(Failure) -> Bool {
        guard !closed else { throw Failure("the session bus connection is closed") }
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let n = poll(&p, 1, timeout)
        if n < 0 {
            let code = errno
            if code == EINTR { return true }
            throw Failure("poll: \(FileIO.errorText(code))", errno: code)
        }
        if n == 0 { return false }
        var chunk = [UInt8](repeating: 0, count: 8192)
        let r = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
        if r < 0 && (errno == EAGAIN || errno == EINTR) { return true }
        if r <= 0 {
            close()
            throw Failure(deferred("the session bus closed the connection"))
        }
        buffer += chunk[0..<r]
        return true
    }

    /// The next whole message in the buffer, if one is there.
    func nextMessage() throws(Failure) -> DBusMessage? {
        do throws(DBusFormatError) {
            guard let length = try DBusMessage.length(of: buffer[...], limit: maxLength), buffer.count >= length else {
                return nil
            }
            let bytes = Array(buffer[..<length])
            buffer.removeSubrange(..<length)
            return try DBusMessage.decode(bytes)
        } catch {
            close()
            throw Failure("the session bus sent a broken message: \(error.reason)")
        }
    }

    /// Sends a message; returns its serial.
    @discardableResult
    public func send(_ message: DBusMessage) throws(Failure) -> UInt32 {
        guard !closed else { throw Failure("the session bus connection is closed") }
        serial &+= 1
        if serial == 0 { serial = 1 }
        try writeAll(message.encoded(serial: serial))
        return serial
    }

    /// Calls a method and waits for its reply's values (signals meanwhile are queued for `messages()`).
    public func call(_ message: DBusMessage, timeoutMilliseconds: Int32 = 5_000) throws(Failure) -> [DBusValue] {
        try reply(to: message, timeoutMilliseconds: timeoutMilliseconds).body
    }

    /// Calls a method and waits for its reply (whose `sender` is who answered).
    public func reply(to message: DBusMessage, timeoutMilliseconds: Int32 = 5_000) throws(Failure) -> DBusMessage {
        let serial = try send(message)
        var waited: Int32 = 0
        while true {
            while let m = try nextMessage() {
                if m.replySerial == serial {
                    if m.kind == .error {
                        let text = m.body.first?.string.map { ": " + $0 } ?? ""
                        throw Failure("\(m.errorName ?? "an error")\(text)", errorName: m.errorName ?? "")
                    }
                    return m
                }
                if m.kind == .signal && queued.count < 256 { queued.append(m) }
            }
            guard waited < timeoutMilliseconds else {
                throw Failure(deferred("the session bus did not answer %s in time", message.member ?? ""))
            }
            if !(try fill(100)) { waited += 100 }
        }
    }

    /// The signals that have arrived: reads what the socket has without waiting (call when `fd`
    /// is readable). Throws once the connection is gone.
    public func messages() throws(Failure) -> [DBusMessage] {
        if !closed { _ = try fill(0) }
        var out = queued
        queued = []
        while out.count < 256, let m = try nextMessage() {
            if m.kind == .signal { out.append(m) }
        }
        return out
    }

    /// Waits up to `timeout` ms for signals.
    public func waitForMessages(timeoutMilliseconds: Int32) throws(Failure) -> [DBusMessage] {
        let now = try messages()
        if !now.isEmpty { return now }
        _ = try fill(timeoutMilliseconds)
        return try messages()
    }

    /// Asks the bus to send us the signals that match (`type='signal',interface='…'`).
    public func addMatch(_ rule: String) throws(Failure) {
        _ = try call(
            .call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "AddMatch", [.string(rule)]))
    }
}
