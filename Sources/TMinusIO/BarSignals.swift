import CTMinusSys
import Glibc

/// After a change, wakes polling bars at once: `SIGRTMIN+N` to the user's Waybar and i3blocks
/// processes, as their `signal` option expects (config `signals`).
public enum BarSignals {
    public static func send(_ signals: [String: Int]) {
        guard !signals.isEmpty, let dir = opendir("/proc") else { return }
        defer { closedir(dir) }
        let uid = getuid()
        let base = ctminus_sigrtmin()
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = Int32(name) else { continue }
            guard let comm = try? FileIO.read("/proc/\(pid)/comm") else { continue }
            let command = String(decoding: comm.prefix { $0 != 0x0A }, as: UTF8.self)
            guard let n = signals[command] else { continue }
            var st = stat()
            guard stat("/proc/\(pid)", &st) == 0, st.st_uid == uid else { continue }
            kill(pid, base + Int32(n))
        }
    }
}
