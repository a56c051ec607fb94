import Glibc
public import TMinusCore

/// Locks: `flock` on a lock file beside the data.
extension FileIO {
    // MARK: locks

    /// Holds an exclusive `flock` on `path` (created 0600) while `body` runs. On a read-only file
    /// system the lock file is opened read-only (flock works on it); without one, no lock is
    /// needed, since nobody can write.
    public static func withLock<T>(_ path: String, _ body: () throws(TMinusError) -> T) throws(TMinusError) -> T {
        var fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if fd < 0 && (errno == EROFS || errno == EACCES) {
            fd = open(path, O_RDONLY | O_CLOEXEC)
            if fd < 0 { return try body() }
        }
        guard fd >= 0 else { throw FileIO.failure(tr: "cannot open the lock file %s: %s", path) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR { throw FileIO.failure(tr: "cannot lock %s: %s", path) }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }

    /// Runs `body` under the lock when nobody else holds it; nil (and `body` not run) when someone
    /// does or there is no lock file to take.
    public static func withLockIfFree<T>(_ path: String, _ body: () -> T) -> T? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return nil }
        defer { flock(fd, LOCK_UN) }
        return body()
    }
}
