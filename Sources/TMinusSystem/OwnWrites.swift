import Glibc

/// The files a long-running process wrote itself, as it left them (inode and size), so that its
/// own inotify events do not wake it: the notifier appends to the ledger it watches for other
/// processes' appends (`remind --again`, another notifier). A file that differs from what was
/// recorded (someone else wrote after us) is a change again.
public final class OwnWrites: @unchecked Sendable {
    var stamps: [String: (inode: UInt64, size: Int64)] = [:]

    /// An empty record: no file counts as its own yet.
    public init() {}

    /// When set, every file this process commits (`FileIO.commit`) is recorded here as the temp
    /// file it renamed in was (taken before the rename, so another writer's file that lands just
    /// after ours is never mistaken for ours). A follower sets it: its own summary and store
    /// writes then do not wake it again.
    nonisolated(unsafe) public static var committed: OwnWrites?

    func record(_ path: String, inode: UInt64, size: Int64) {
        stamps[path] = (inode, size)
    }

    /// Records `path` as it is now, after this process wrote it.
    public func record(_ path: String) {
        guard let s = Self.stamp(path) else { stamps[path] = nil; return }
        stamps[path] = s
    }

    /// Whether `path` is exactly as this process last left it.
    public func isOwn(_ path: String) -> Bool {
        guard let mine = stamps[path], let now = Self.stamp(path) else { return false }
        return mine.inode == now.inode && mine.size == now.size
    }

    static func stamp(_ path: String) -> (inode: UInt64, size: Int64)? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return (UInt64(st.st_ino), Int64(st.st_size))
    }
}
