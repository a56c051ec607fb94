import Glibc
public import TMinusCore

/// Paths to other programs' files that others may have laid links in (a shared todo.txt, a
/// collection in a group-writable calendar folder). A symbolic link is followed only when this
/// user or root owns it: a link another user made could point anywhere (the user's `~/.bashrc`,
/// `~/.ssh/authorized_keys`), and Linux's own guard (`fs.protected_symlinks`) covers only
/// world-writable sticky folders and is often off. The path is walked one name at a time through
/// opened folders (`openat`, `fstatat` without following), so a link swapped in after a check is
/// never followed: each folder on the way is held open, a link is read with `readlinkat` and its
/// owner and inode checked again after reading it, and the last name is opened `O_NOFOLLOW`
/// inside the folder that holds it.
extension FileIO {
    /// The most links one path may pass through (the kernel's limit too).
    static let maxLinks = 40

    /// The folder that holds the last name of `path` (an open descriptor the caller closes) and
    /// that name. Links on the way are followed only when this user or root owns them; the last
    /// name too with `followLast` (else it is returned as it is, for the caller to refuse). The
    /// last name need not exist (a file about to be made).
    static func walk(_ path: String, followLast: Bool) throws(TMinusError) -> (dirfd: Int32, name: String) {
        var pending = components(path)
        var dirfd = open(path.hasPrefix("/") ? "/" : ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dirfd >= 0 else { throw FileIO.failure(tr: "cannot open %s: %s", path) }
        var links = 0
        var lastName = "."
        while !pending.isEmpty {
            let name = pending.removeFirst()
            let isLast = pending.isEmpty
            var st = stat()
            if fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 {
                let code = errno
                if isLast && code == ENOENT { return (dirfd, name) }
                close(dirfd)
                throw FileIO.failure(tr: "cannot open %s: %s", path, code)
            }
            if (st.st_mode & S_IFMT) == S_IFLNK && (!isLast || followLast) {
                links += 1
                let target: String
                do throws(TMinusError) {
                    guard links <= maxLinks else { throw FileIO.failure(tr: "cannot open %s: %s", path, ELOOP) }
                    target = try trustedLink(dirfd, name, st, path: path)
                } catch {
                    close(dirfd)
                    throw error
                }
                if target.hasPrefix("/") {
                    close(dirfd)
                    dirfd = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                    guard dirfd >= 0 else { throw FileIO.failure(tr: "cannot open %s: %s", path) }
                }
                let more = components(target)
                pending = more.isEmpty ? ["."] + pending : more + pending
                continue
            }
            if isLast {
                lastName = name
                break
            }
            // A folder on the way: held open, so renaming its path later changes nothing here.
            let next = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let code = errno
            close(dirfd)
            guard next >= 0 else {
                throw FileIO.failure(tr: "cannot open %s: %s", path, code == ELOOP ? ENOTDIR : code)
            }
            dirfd = next
        }
        return (dirfd, lastName)
    }

    /// Where the link `name` in `dirfd` points, when this user or root owns it; else a one-line
    /// refusal. The link is looked at again after reading it: the same inode and owner, so what
    /// was read is that link's (a link's text never changes; a new link is a new inode).
    static func trustedLink(_ dirfd: Int32, _ name: String, _ st: stat, path: String) throws(TMinusError) -> String {
        guard st.st_uid == getuid() || st.st_uid == 0 else {
            throw .failure(
                tr:
                    "%s goes through a symbolic link that another user (uid %s) owns (%s); tminus follows only links you or root own, since one in a shared folder could point at any of your files. Put the file itself there, or set \"path\" to where it should lead",
                "\(path)", "\(st.st_uid)", "\(name)",
                path: path, errno: EPERM)
        }
        var buf = [CChar](repeating: 0, count: 4097)
        let n = readlinkat(dirfd, name, &buf, 4096)
        var again = stat()
        guard n > 0, fstatat(dirfd, name, &again, AT_SYMLINK_NOFOLLOW) == 0, again.st_ino == st.st_ino,
            again.st_dev == st.st_dev, again.st_uid == st.st_uid
        else {
            throw .failure(
                tr: "%s changed while tminus read it (a link on the way was replaced); try again", "\(path)", path: path
            )
        }
        return String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The names of a path, without empty ones (`a//b`, a trailing `/`).
    static func components(_ path: String) -> [String] {
        path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    /// A file others may have laid links to: its bytes (at most `limit`; nil when it does not
    /// exist), reached through links only this user or root owns (`walk`). Only a regular file is
    /// read.
    public static func readTrusted(_ path: String, limit: Int) throws(TMinusError) -> [UInt8]? {
        try readTrustedStamped(path, limit: limit)?.bytes
    }

    /// The same, with the stamp of the file read (its `fstat` before reading it): what a source
    /// records to see later whether the file changed. A stamp taken by path before opening could
    /// be of another file than the one read (a link swapped in and out meanwhile: the stamp of
    /// where it points, the bytes of the file put back), and that file's stamp would then keep a
    /// stale reading "unchanged" for as long as the link stays.
    public static func readTrustedStamped(_ path: String, limit: Int) throws(TMinusError)
        -> (bytes: [UInt8], stamp: FileStamp)?
    {
        let fd = try openTrusted(path)
        if fd < 0 { return nil }
        defer { close(fd) }
        let r = try readOpened(fd, path: path, limit: limit)
        let stamp = FileStamp(r.stat)
        if ReadLog.entries != nil { ReadLog.note(path, stamp) }
        return (r.bytes, stamp)
    }

    /// `path` opened to be read through links only this user or root owns (`walk`); -1 when it
    /// does not exist.
    public static func openTrusted(_ path: String) throws(TMinusError) -> Int32 {
        for _ in 0..<3 {
            let (dirfd, name) = try walk(path, followLast: true)
            let fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            let code = errno
            close(dirfd)
            if fd >= 0 { return fd }
            if code == ENOENT { return -1 }
            // A link put there after the walk looked at it: walked again.
            if code != ELOOP { throw FileIO.failure(tr: "cannot read %s: %s", path, code) }
        }
        throw .failure(tr: "%s keeps changing while tminus reads it; try again", "\(path)", path: path)
    }

    /// An opened folder (the caller closes it) reached through links only this user or root owns.
    public static func openTrustedFolder(_ path: String) throws(TMinusError) -> Int32 {
        let (dirfd, name) = try walk(path, followLast: true)
        defer { close(dirfd) }
        let fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw FileIO.failure(tr: "cannot open %s: %s", path) }
        return fd
    }

    /// The entry `name` of an opened folder, read, with the stamp of the file read
    /// (`readTrustedStamped`): a regular file directly (`O_NOFOLLOW`), a link only when this user
    /// or root owns it (`shown` is its path, for messages and for following it). Nil when it is
    /// gone.
    public static func readEntry(_ dirfd: Int32, _ name: String, shown: String, limit: Int) throws(TMinusError)
        -> (bytes: [UInt8], stamp: FileStamp)?
    {
        let fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT { return nil }
            guard errno == ELOOP else { throw FileIO.failure(tr: "cannot read %s: %s", shown) }
            var st = stat()
            guard fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
            _ = try trustedLink(dirfd, name, st, path: shown)
            return try readTrustedStamped(shown, limit: limit)
        }
        defer { close(fd) }
        let r = try readOpened(fd, path: shown, limit: limit)
        let stamp = FileStamp(r.stat)
        if ReadLog.entries != nil { ReadLog.note(shown, stamp) }
        return (r.bytes, stamp)
    }
}
