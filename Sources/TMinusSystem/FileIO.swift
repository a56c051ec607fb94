import Glibc
public import TMinusCore

/// Plain POSIX file I/O: small, no Foundation, cheap enough for the poll path. Every failure is a
/// `TMinusError.failure` naming the file the user knows (never a temp file's name).
public enum FileIO {
    /// The whole file, or nil when it does not exist. Only regular files are read (a FIFO,
    /// /dev/zero or a directory named as a config or zone file is an error, not a hang), and at
    /// most `limit` bytes.
    public static func read(_ path: String, limit: Int = 1 << 30) throws(TMinusError) -> [UInt8]? {
        // (Not through readStamped: an optional tuple costs the poll path more than these lines.)
        let fd = try openToRead(path)
        if fd < 0 { return nil }
        defer { close(fd) }
        let r = try readOpened(fd, path: path, limit: limit)
        if ReadLog.entries != nil { ReadLog.note(path, FileStamp(r.stat)) }
        return r.bytes
    }

    /// A file opened to be read; -1 when it does not exist.
    static func openToRead(_ path: String) throws(TMinusError) -> Int32 {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT || errno == ENOTDIR { ReadLog.note(path, nil); return -1 }
            throw FileIO.failure(tr: "cannot read %s: %s", path)
        }
        return fd
    }

    /// The whole file and the stamp of what was read, or nil when it does not exist.
    public static func readStamped(_ path: String, limit: Int = 1 << 30) throws(TMinusError) -> (
        bytes: [UInt8], stamp: FileStamp
    )? {
        let fd = try openToRead(path)
        if fd < 0 { return nil }
        defer { close(fd) }
        let r = try readOpened(fd, path: path, limit: limit)
        // (The stamp of what was read: a file replaced after this is seen as changed.)
        let stamp = FileStamp(r.stat)
        if ReadLog.entries != nil { ReadLog.note(path, stamp) }
        return (r.bytes, stamp)
    }

    /// An open file's whole content (a regular file only, at most `limit` bytes) and its `stat`.
    static func readOpened(_ fd: Int32, path: String, limit: Int) throws(TMinusError) -> (bytes: [UInt8], stat: stat) {
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else {
            throw .failure(tr: "cannot read %s: it is not a regular file", "\(path)", path: path)
        }
        guard Int(st.st_size) <= limit else {
            throw .failure(
                tr: "cannot read %s: it is larger than %s MB", "\(path)", "\(limit >> 20)", path: path, errno: EFBIG)
        }
        // Read straight into an array of the file's size, no zero-fill. tminus replaces its files
        // by renaming, so the size fstat gives is the whole file: no read past it to find the end
        // (one syscall less on the poll path). A file that says size 0 (/proc) is read to its end.
        let size = Int(st.st_size)
        var capacity = size > 0 ? size : 4096
        var out: [UInt8] = []
        while true {
            guard let chunk = read(fd: fd, at: Int64(out.count), count: capacity) else {
                throw FileIO.failure(tr: "cannot read %s: %s", path)
            }
            // (The first chunk is the array: appending it would copy every byte once more.)
            if out.isEmpty { out = chunk } else { out += chunk }
            if chunk.count < capacity || out.count == size { break }
            guard out.count <= limit else {
                throw .failure(
                    tr: "cannot read %s: it is larger than %s MB", "\(path)", "\(limit >> 20)", path: path, errno: EFBIG
                )
            }
            capacity = max(capacity, 65_536)
        }
        return (out, st)
    }

    /// Up to `count` bytes at `offset` (fewer at the end of the file).
    public static func read(fd: Int32, at offset: Int64, count: Int) -> [UInt8]? {
        var failed = false
        let out = [UInt8](unsafeUninitializedCapacity: count) { buffer, n in
            n = 0
            while n < count {
                let r = pread(fd, buffer.baseAddress! + n, count - n, off_t(offset) + off_t(n))
                if r < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    return
                }
                if r == 0 { break }
                n += r
            }
        }
        return failed ? nil : out
    }

    /// Whether anything exists at `path` (a dangling symlink does not).
    public static func exists(_ path: String) -> Bool {
        ReadLog.note(path)
        return access(path, F_OK) == 0
    }

    /// The system's message for an errno value (by default the current one).
    public static func errorText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

    /// A failed system call on `path`: `template` ("cannot read %s: %s") filled with the path and the
    /// system's reason, keeping the path and
    /// errno as fields (read `errno` before anything else can change it).
    public static func failure(tr template: StaticString, _ path: String, _ code: Int32 = errno) -> TMinusError {
        .failure(tr: template, path, errorText(code), path: path, errno: code)
    }

    /// Creates `path` and its missing parents, each 0700. Directories that exist already are
    /// left exactly as they are (tminus never changes the mode of a directory it did not make).
    public static func makeDirectory(_ path: String) throws(TMinusError) {
        var st = stat()
        if stat(path, &st) == 0 {
            guard (st.st_mode & S_IFMT) == S_IFDIR else {
                throw .failure(tr: "%s is not a directory; pass another --home", "\(path)", path: path, errno: ENOTDIR)
            }
            return
        }
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            // (String to String: `"/" + part` joined a String and a Substring through the generic
            // append, whose first call costs a run 100,000 instructions of the runtime's lookups.)
            prefix += "/"
            prefix += String(part)
            if mkdir(prefix, 0o700) == 0 {
                // The umask may have taken bits away; a directory tminus made is exactly 0700.
                chmod(prefix, 0o700)
            } else if errno != EEXIST {
                throw FileIO.failure(tr: "cannot create the directory %s: %s", prefix)
            }
        }
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else {
            throw .failure(tr: "%s is not a directory; pass another --home", "\(path)", path: path, errno: ENOTDIR)
        }
    }

    /// The path with symlinks resolved when it is one (so a write replaces the target, not the link).
    static func resolvedTarget(_ path: String) -> String {
        var st = stat()
        guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFLNK, let real = realpath(path, nil) else {
            return path
        }
        defer { free(real) }
        return String(cString: real)
    }

    /// The part before the last `/`: `.` when there is none, `/` for a file at the root.
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last non-empty path component; `path` itself when there is none (`/`).
    public static func baseName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    // MARK: atomic replacement, in two steps

    /// A complete, fsynced copy of a file's new content, not yet in place.
    public struct Temp: Sendable {
        /// The file the user knows (for messages).
        public let path: String
        let target: String
        let temp: String
        /// The stamp the file will have once the temp is renamed into place.
        public let stamp: FileStamp
        /// Where the content is until then.
        public var tempPath: String { temp }
    }

    /// The name of a temp file for `target`: hidden, with our pid, ending `.tmp`.
    static func tempName(for target: String) -> String {
        "\(directory(of: target))/.\(baseName(of: target)).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    }

    /// Is `name` one of our temp files (`.NAME.PID.RANDOM.tmp`)? Returns the pid.
    public static func tempPid(_ name: String) -> Int32? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        let parts = name.dropLast(4).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 4, let pid = Int32(parts[parts.count - 2]), UInt32(parts[parts.count - 1]) != nil else {
            return nil
        }
        return pid
    }

    /// A temp file being written piece by piece (for files too big to build in memory).
    public struct TempWriter {
        let path: String
        let target: String
        let temp: String
        let fd: Int32
        let mode: mode_t

        /// Creates the temp file beside `path` (mode 0600, or `mode`: another program's file keeps its own).
        public init(for path: String, mode: mode_t = 0o600) throws(TMinusError) {
            self.path = path
            self.mode = mode
            target = resolvedTarget(path)
            temp = tempName(for: target)
            fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw FileIO.failure(tr: "cannot write %s: %s", path) }
        }

        /// Appends `bytes` to the temp file; on failure the temp is removed (abandoned) and it throws.
        public func write(_ bytes: [UInt8]) throws(TMinusError) {
            try write(bytes[...])
        }

        /// The same for a slice (a piece of a bigger buffer, not copied).
        public func write(_ bytes: ArraySlice<UInt8>) throws(TMinusError) {
            guard bytes.withUnsafeBytes({ writeAll(fd, $0) }) else {
                let code = errno
                abandon()
                throw FileIO.failure(tr: "cannot write %s: %s", path, code)
            }
        }

        /// Fsyncs and closes it: ready for `commit`. `durable: false` skips the fsync (a cache,
        /// which is only a shortcut: after a crash it may be empty or cut, and is then not used).
        public func finish(durable: Bool = true) throws(TMinusError) -> Temp {
            var st = stat()
            let ok = fchmod(fd, mode) == 0 && (!durable || fsync(fd) == 0) && fstat(fd, &st) == 0
            let code = errno
            close(fd)
            guard ok else {
                unlink(temp)
                throw FileIO.failure(tr: "cannot write %s: %s", path, code)
            }
            return Temp(path: path, target: target, temp: temp, stamp: FileStamp(st))
        }

        /// Closes and removes the temp file; nothing is put in place.
        public func abandon() {
            close(fd)
            unlink(temp)
        }
    }

    /// Writes `bytes` to a temp file beside `path` (mode 0600) and fsyncs it. Nothing the user sees
    /// has changed yet; `commit` puts it in place, `discard` removes it.
    public static func writeTemp(_ bytes: [UInt8], for path: String, mode: mode_t = 0o600, durable: Bool = true)
        throws(TMinusError) -> Temp
    {
        let w = try TempWriter(for: path, mode: mode)
        try w.write(bytes)
        return try w.finish(durable: durable)
    }

    /// Renames a temp over its file: the atomic step. The directory is not fsynced here (see
    /// `syncDirectory`), so several commits can share one.
    public static func commit(_ t: Temp) throws(TMinusError) {
        guard rename(t.temp, t.target) == 0 else {
            let code = errno
            unlink(t.temp)
            throw FileIO.failure(tr: "cannot write %s: %s", t.path, code)
        }
        OwnWrites.committed?.record(t.target, inode: t.stamp.inode, size: t.stamp.size)
    }

    /// Removes a temp that will not be committed; the file stays as it was.
    public static func discard(_ t: Temp) { unlink(t.temp) }

    /// Writes a file atomically: a temp file in the same directory, fsync, rename over the file,
    /// fsync the directory. The file has `mode` afterwards (0600 unless given); a symlink stays a symlink and its
    /// target
    /// is replaced. A crash leaves the old file or the new one, and at worst a temp file that the
    /// next command removes.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) throws(TMinusError) {
        let t = try writeTemp(bytes, for: path, mode: mode)
        try commit(t)
        syncDirectory(directory(of: t.target))
    }

    /// Where a symlink points (as written in it), or nil when `path` is no symlink.
    public static func readLink(_ path: String) -> String? {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink(path, &buf, buf.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The permission bits of the file at `path` (symlinks followed), or nil when there is none.
    public static func mode(of path: String) -> mode_t? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return st.st_mode & 0o7777
    }

    // MARK: the archive's primitives

    /// Cuts the file to `length` bytes (writes past it never happened) and appends `bytes` there,
    /// then fsyncs; returns the new length. Idempotent for the same arguments. On failure the file
    /// is cut back to `length`.
    public static func write(_ bytes: [UInt8], to path: String, at length: Int64) throws(TMinusError) -> Int64 {
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw FileIO.failure(tr: "cannot write %s: %s", path) }
        defer { close(fd) }
        var ok = ftruncate(fd, off_t(length)) == 0
        var offset = 0
        while ok && offset < bytes.count {
            let n = bytes.withUnsafeBytes {
                pwrite(fd, $0.baseAddress! + offset, bytes.count - offset, off_t(length) + off_t(offset))
            }
            if n < 0 {
                if errno == EINTR { continue }
                ok = false
            } else {
                offset += n
            }
        }
        ok = ok && fsync(fd) == 0
        guard ok else {
            let code = errno
            _ = ftruncate(fd, off_t(length))
            throw FileIO.failure(tr: "cannot write %s: %s", path, code)
        }
        return length + Int64(bytes.count)
    }

    /// Cuts a file to `length` when it is longer (needs no space: it only frees).
    public static func truncate(_ path: String, to length: Int64) {
        var st = stat()
        guard stat(path, &st) == 0, Int64(st.st_size) > length else { return }
        let fd = open(path, O_WRONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        if ftruncate(fd, off_t(length)) == 0 { fsync(fd) }
        close(fd)
    }

    /// Appends to a file and fsyncs it (created 0600).
    public static func append(_ bytes: [UInt8], to path: String) throws(TMinusError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw FileIO.failure(tr: "cannot write %s: %s", path) }
        defer { close(fd) }
        guard writeAll(fd, bytes), fsync(fd) == 0 else { throw FileIO.failure(tr: "cannot write %s: %s", path) }
    }

    /// Writes every byte to `fd` (again after EINTR and short writes); false on an error (EPIPE:
    /// the reader has gone).
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { writeAll(fd, $0) }
    }

    /// The same for the bytes at `bytes`.
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    /// Fsyncs a directory, so renames and new files in it survive a crash; failures are ignored.
    public static func syncDirectory(_ dir: String) {
        let fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 { fsync(fd); close(fd) }
    }

    /// Removes a file; false when it could not be (gone already counts as removed).
    @discardableResult
    public static func remove(_ path: String) -> Bool { unlink(path) == 0 || errno == ENOENT }
}
