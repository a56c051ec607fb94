import Glibc

/// Other processes, as far as tminus needs them.
public enum Processes {
    /// Whether a process with this pid exists (it may belong to someone else).
    public static func isAlive(_ pid: Int32) -> Bool { pid > 0 && (kill(pid, 0) == 0 || errno == EPERM) }
}
