import Glibc
public import TMinusCore

/// Another program's file in a folder others may write (a shared calendar collection, a synced
/// todo.txt): read, checked and replaced as one file. The folder is opened once and every step
/// works on names inside it (`openat`, `fstatat`, `renameat`), the file is opened with
/// `O_NOFOLLOW`, and its device and inode are checked again right before the rename: a symlink
/// put in its place, or a file swapped in, is never written through, and the rename replaces only
/// the folder's own entry. The new file never gets setuid, setgid or sticky bits.
extension FileIO {
    /// A file in a folder others may write, reached through the folder's descriptor; `close()` it when done.
    public struct FolderFile {
        /// The path the user knows (for messages).
        public let path: String
        let name: String
        let dirfd: Int32

        /// What was read: the bytes, and the file's identity and permission bits then.
        public struct Read {
            /// The file's contents.
            public let bytes: [UInt8]
            let device: UInt64
            let inode: UInt64
            /// Its size and change time then (a program writing it in place changes them).
            let stamp: FileStamp
            /// Its permission bits (`0o777` masked), which `replace` keeps.
            public let mode: mode_t
        }

        /// Opens the folder of `path`, reached through links only this user or root owns
        /// (`FileIO.walk`). A symlink named as the file itself is followed only with `followLink`
        /// (the user's own configured path), and only when this user or root owns it.
        public init(_ path: String, followLink: Bool) throws(TMinusError) {
            let (fd, last) = try FileIO.walk(path, followLast: followLink)
            var st = stat()
            if !followLink, fstatat(fd, last, &st, AT_SYMLINK_NOFOLLOW) == 0, (st.st_mode & S_IFMT) == S_IFLNK {
                _ = Glibc.close(fd)
                throw .failure(
                    tr:
                        "%s is a symbolic link; tminus reads it but does not write through links in a shared folder (change it where it points)",
                    "\(path)", path: path
                )
            }
            self.path = path
            name = last
            dirfd = fd
        }

        /// Makes the file, which must not exist yet, with `bytes` (mode 0600): a temp file in the
        /// folder, fsync, rename, fsync of the folder. False when something is there already (a new
        /// calendar item's name is its UID: only a copy of the same item can be).
        public func create(_ bytes: [UInt8]) throws(TMinusError) -> Bool {
            var st = stat()
            if fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 { return false }
            let temp = ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
            let fd = openat(dirfd, temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw FileIO.failure(tr: "cannot write %s: %s", path) }
            let ok = writeAll(fd, bytes) && fsync(fd) == 0
            let code = errno
            _ = Glibc.close(fd)
            guard ok else {
                unlinkat(dirfd, temp, 0)
                throw FileIO.failure(tr: "cannot write %s: %s", path, code)
            }
            guard renameat(dirfd, temp, dirfd, name) == 0 else {
                let code = errno
                unlinkat(dirfd, temp, 0)
                throw FileIO.failure(tr: "cannot write %s: %s", path, code)
            }
            _ = fsync(dirfd)
            return true
        }

        /// Closes the folder's descriptor; the file cannot be read or replaced after.
        public func close() { _ = Glibc.close(dirfd) }

        /// The file's bytes (at most `limit`), or nil when it is gone; a link or anything but a
        /// regular file is refused.
        public func read(limit: Int) throws(TMinusError) -> Read? {
            let fd = openat(dirfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            if fd < 0 {
                if errno == ENOENT { return nil }
                if errno == ELOOP {
                    throw .failure(
                        tr: "%s is a symbolic link; tminus does not write through links in a shared folder", "\(path)",
                        path: path, errno: ELOOP)
                }
                throw FileIO.failure(tr: "cannot read %s: %s", path)
            }
            defer { _ = Glibc.close(fd) }
            let (out, st) = try readOpened(fd, path: path, limit: limit)
            return Read(
                bytes: out, device: UInt64(st.st_dev), inode: UInt64(st.st_ino), stamp: FileStamp(st),
                mode: st.st_mode & 0o777)
        }

        /// Whether the folder's entry is still the file that was read (not a link, not another file).
        func isStill(_ r: Read) -> Bool {
            var st = stat()
            return fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && (st.st_mode & S_IFMT) == S_IFREG
                && UInt64(st.st_dev) == r.device && UInt64(st.st_ino) == r.inode && FileStamp(st) == r.stamp
        }

        /// Replaces the file with `bytes` (its permission bits kept, special bits never): a temp
        /// file in the folder, fsync, a last check that the entry is still what was read, rename,
        /// fsync of the folder. False (nothing changed) when the entry changed since it was read.
        public func replace(_ r: Read, with bytes: [UInt8]) throws(TMinusError) -> Bool {
            let temp = ".\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
            let fd = openat(dirfd, temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw FileIO.failure(tr: "cannot write %s: %s", path) }
            let ok = writeAll(fd, bytes) && fchmod(fd, r.mode & 0o777) == 0 && fsync(fd) == 0
            let code = errno
            _ = Glibc.close(fd)
            guard ok else {
                unlinkat(dirfd, temp, 0)
                throw FileIO.failure(tr: "cannot write %s: %s", path, code)
            }
            guard isStill(r) else {
                unlinkat(dirfd, temp, 0)
                return false
            }
            guard renameat(dirfd, temp, dirfd, name) == 0 else {
                let code = errno
                unlinkat(dirfd, temp, 0)
                throw FileIO.failure(tr: "cannot write %s: %s", path, code)
            }
            _ = fsync(dirfd)
            return true
        }

        /// Removes the file when its entry is still what was read; false when it changed.
        public func remove(_ r: Read) throws(TMinusError) -> Bool {
            guard isStill(r) else { return false }
            guard unlinkat(dirfd, name, 0) == 0 || errno == ENOENT else {
                throw FileIO.failure(tr: "cannot remove %s: %s", path)
            }
            _ = fsync(dirfd)
            return true
        }
    }
}
