import Glibc
public import TMinusCore

/// Plain POSIX file I/O: small, no Foundation, cheap enough for the poll path.
public enum FileIO {
    /// The whole file, or nil when it does not exist.
    public static func read(_ path: String) throws(TMinusError) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw .failure("cannot read \(path): \(errorText())")
        }
        defer { close(fd) }
        var st = stat()
        // Read straight into an array of the file's size (plus room to notice growth), no zero-fill.
        var capacity = fstat(fd, &st) == 0 && st.st_size > 0 ? Int(st.st_size) + 1 : 4096
        var out: [UInt8] = []
        while true {
            var failed = false
            let chunk = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                count = 0
                while count < capacity {
                    let n = Glibc.read(fd, buffer.baseAddress! + count, capacity - count)
                    if n < 0 {
                        if errno == EINTR { continue }
                        failed = true
                        return
                    }
                    if n == 0 { break }
                    count += n
                }
            }
            if failed { throw .failure("cannot read \(path): \(errorText())") }
            out += chunk
            if chunk.count < capacity { break }
            capacity = max(capacity, 65_536)
        }
        return out
    }

    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    public static func errorText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

    /// Creates `path` and missing parents (mode 0700), then makes `path` itself 0700.
    public static func makeDirectory(_ path: String) throws(TMinusError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/" + part
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw .failure("cannot create the directory \(prefix): \(errorText())")
            }
        }
        var st = stat()
        guard stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR else {
            throw .failure("\(path) is not a directory; pass another --home")
        }
        if st.st_mode & 0o7777 != 0o700 { chmod(path, 0o700) }
    }

    /// The path with symlinks resolved when it is one (so a write replaces the target, not the link).
    static func resolvedTarget(_ path: String) -> String {
        var st = stat()
        guard lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFLNK, let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// Writes a file atomically (DESIGN §8): a temp file in the same directory, fsync, rename over
    /// the file, fsync the directory. The file is 0600 afterwards; a symlink stays a symlink and
    /// its target is replaced (`Data.write(.atomic)` loses both).
    public static func writeAtomically(_ bytes: [UInt8], to path: String) throws(TMinusError) {
        let target = resolvedTarget(path)
        let dir = directory(of: target)
        let name = target.split(separator: "/").last.map(String.init) ?? target
        let temp = "\(dir)/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .failure("cannot write \(path): \(errorText())") }
        var ok = writeAll(fd, bytes)
        let code = errno
        ok = ok && fchmod(fd, 0o600) == 0 && fsync(fd) == 0
        close(fd)
        guard ok, rename(temp, target) == 0 else {
            let e = ok ? errno : code
            unlink(temp)
            throw .failure("cannot write \(path): \(errorText(e))")
        }
        syncDirectory(dir)
    }

    /// Appends bytes and fsyncs (the archive journal); the file is created 0600.
    public static func append(_ bytes: [UInt8], to path: String) throws(TMinusError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .failure("cannot write \(path): \(errorText())") }
        defer { close(fd) }
        guard writeAll(fd, bytes), fsync(fd) == 0 else { throw .failure("cannot write \(path): \(errorText())") }
        fchmod(fd, 0o600)
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    static func syncDirectory(_ dir: String) {
        let fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 { fsync(fd); close(fd) }
    }

    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Holds an exclusive `flock` on `path` (created 0600) while `body` runs.
    public static func withLock<T>(_ path: String, _ body: () throws(TMinusError) -> T) throws(TMinusError) -> T {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .failure("cannot open the lock file \(path): \(errorText())") }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR { throw .failure("cannot lock \(path): \(errorText())") }
        }
        defer { flock(fd, LOCK_UN) }
        return try body()
    }
}
