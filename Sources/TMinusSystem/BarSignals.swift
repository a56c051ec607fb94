import CTMinusSys
import Glibc

/// After a change, wakes polling bars at once: `SIGRTMIN+N` to the user's Waybar and i3blocks
/// processes, as their `signal` option expects (config `signals`).
public struct BarSignals: Sendable {
    /// A running process: its pid and its command name (`/proc/PID/comm`).
    public struct Process: Sendable, Equatable {
        /// The process id.
        public var pid: Int32
        /// Its command name (`/proc/PID/comm`, e.g. `waybar`): the key in the config's `signals`.
        public var command: String
        /// A process with this pid and command name.
        public init(pid: Int32, command: String) { self.pid = pid; self.command = command }
    }

    /// Lists the processes that may be signalled (tests pass their own stand-in bars, so no test
    /// ever signals a bar the user is running).
    public let processes: @Sendable () -> [Process]

    /// Signals among `processes` (by default the user's own, from /proc).
    public init(processes: @escaping @Sendable () -> [Process] = BarSignals.userProcesses) {
        self.processes = processes
    }

    /// Sends each configured bar its signal; returns the pids signalled.
    @discardableResult
    public func send(_ signals: [String: Int]) -> [Int32] {
        guard !signals.isEmpty else { return [] }
        let base = ctminus_sigrtmin()
        var sent: [Int32] = []
        for p in processes() {
            guard let n = signals[p.command] else { continue }
            if kill(p.pid, base + Int32(n)) == 0 { sent.append(p.pid) }
        }
        return sent
    }

    /// The current user's processes, from /proc.
    @Sendable public static func userProcesses() -> [Process] {
        let uid = getuid()
        var out: [Process] = []
        for name in FileIO.names(in: "/proc") {
            guard let pid = Int32(name) else { continue }
            var st = stat()
            guard stat("/proc/\(pid)", &st) == 0, st.st_uid == uid else { continue }
            guard let comm = try? FileIO.read("/proc/\(pid)/comm") else { continue }
            out.append(Process(pid: pid, command: String(decoding: comm.prefix { $0 != 0x0A }, as: UTF8.self)))
        }
        return out
    }
}
