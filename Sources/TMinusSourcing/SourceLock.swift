import Glibc
import TMinusCore
import TMinusSystem

/// Readers of one calendar source take turns (docs/sources.md, "One reading at a time"): the bar's
/// follower, the notifier and a command that all find a big calendar changed would each parse
/// it; with this lock the first parses and keeps its reading in the cache, and the others wait
/// for it and take the reading from there. The lock is a file beside the source's cache in the
/// home's `cache/`, taken only while the source is read, and never while the home's lock is
/// waited for (the home's lock may be held while a source is read again, never the other way
/// round), so the two never wait on each other. Like the cache it is only a shortcut: a lock
/// that cannot be taken, or a wait past `maxWait` (a reader stopped with its lock), reads the
/// source as if there were none.
enum SourceLock {
    /// How long a reader waits for another one's reading, in milliseconds.
    static let maxWait = 30_000

    /// Runs `body` holding the lock beside `cachePath` (none without one); `waited`: another
    /// reader held it when this one came, so what it left in the cache was read a moment ago.
    static func whileReading<T>(_ cachePath: String?, _ body: (_ waited: Bool) throws(TMinusError) -> T)
        throws(TMinusError) -> T
    {
        guard let cachePath else { return try body(false) }
        let folder = FileIO.directory(of: cachePath)
        if !FileIO.isDirectory(folder) { try? FileIO.makeDirectory(folder) }
        let fd = open(cachePath + ".lock", O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return try body(false) }
        defer { close(fd) }
        var waited = false
        var slept = 0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, slept < maxWait else { return try body(false) }
            waited = true
            usleep(20_000)
            slept += 20
        }
        defer { flock(fd, LOCK_UN) }
        return try body(waited)
    }
}
