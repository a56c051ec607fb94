import Foundation

/// A private session bus (`dbus-daemon`, without activation: nothing starts on its own); nil where
/// none is installed. Ends with the value.
public final class SessionBus: @unchecked Sendable {
    /// The daemon's pid.
    public let pid: pid_t
    /// Its address, for DBUS_SESSION_BUS_ADDRESS.
    public let address: String

    /// Starts one (nil without /usr/bin/dbus-daemon).
    public init?() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon") else { return nil }
        let config = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tminus-bus-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).conf")
        try """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig><type>session</type><listen>unix:tmpdir=/tmp</listen>
        <policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/><allow own="*"/></policy>
        </busconfig>
        """.write(to: config, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        // (The forked daemon keeps its stdout open: read the two lines it prints, not to the end.)
        guard
            let pipe = popen(
                "/usr/bin/dbus-daemon --config-file='\(config.path)' --fork --nopidfile --print-address=1 --print-pid=1",
                "r")
        else { return nil }
        var lines: [String] = []
        var line = [CChar](repeating: 0, count: 4096)
        while lines.count < 2, fgets(&line, Int32(line.count), pipe) != nil {
            lines.append(
                String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines))
        }
        pclose(pipe)
        guard lines.count >= 2 else { return nil }
        address = lines[0]
        pid = pid_t(lines[1]) ?? 0
    }

    deinit { if pid > 0 { kill(pid, SIGTERM) } }

    /// The variables a client of this bus needs.
    public var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }
}
