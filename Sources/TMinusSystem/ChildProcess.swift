import Glibc
public import TMinusCore

/// Runs a program (found in `PATH`) with arguments, no shell, stdin from /dev/null, and collects
/// its output, within a time limit: a program that hangs is killed, and its caller says so. The
/// child gets this process's whole environment with `environment`'s variables set over it.
public enum ChildProcess {
    /// A finished program: its exit status and what it wrote.
    public struct Result: Sendable {
        /// Its exit code, or 128 plus the signal number when a signal ended it (as a shell says).
        public var status: Int32
        /// What it wrote on stdout; past about `outputLimit` bytes the rest is dropped.
        public var stdout: [UInt8]
        /// What it wrote on stderr (about the first 64 KiB).
        public var stderr: [UInt8]
    }

    /// Why a program could not be run to its end.
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The program is not installed (not in `PATH`).
        case notFound
        case timedOut
        /// A system call failed (pipe, posix_spawn): its error number.
        case failed(errno: Int32)

        /// The failed system call's error number, if that was why.
        public var errno: Int32? {
            if case .failed(let code) = self { return code }
            return nil
        }

        /// What a message says of it: "not installed", "timed out", or the system's reason
        /// ("Permission denied"). (It used to be the case's Swift spelling, `failed("…")`.)
        public var description: String {
            switch self {
            case .notFound: "not installed"
            case .timedOut: "timed out"
            case .failed(let code): FileIO.errorText(code)
            }
        }

        /// The same kept for the reader's language (`deferred`): what goes into a message shown
        /// to the user (`tr: "%s did not run: %s"`), which an English "not installed" would break.
        public var deferredText: String {
            switch self {
            case .notFound: deferred("not installed")
            case .timedOut: deferred("timed out")
            case .failed(let code): FileIO.errorText(code)
            }
        }
    }

    /// A started child: its pid and the read ends of its stdout and stderr (one pipe for both
    /// when they were merged).
    public struct Spawned: Sendable {
        /// The child's process id.
        public var pid: pid_t
        /// The read end of its stdout pipe (its stderr too when merged).
        public var stdout: Int32
        /// The read end of its stderr pipe; nil when merged into `stdout`.
        public var stderr: Int32?
        /// The write end of its stdin, when it was asked for (else its stdin is /dev/null).
        public var stdin: Int32?
    }

    /// Starts `program` (looked up in the given `PATH`) with stdin from /dev/null, or from a pipe
    /// whose write end the caller gets (`withInput`).
    public static func spawn(
        _ program: String, _ arguments: [String], environment: Environment,
        mergeErrors: Bool = false, withInput: Bool = false
    ) throws(Failure) -> Spawned {
        var out: [Int32] = [0, 0], err: [Int32] = [-1, -1], inp: [Int32] = [-1, -1]
        guard pipe(&out) == 0 else { throw .failed(errno: errno) }
        if !mergeErrors {
            guard pipe(&err) == 0 else {
                let code = errno
                close(out[0]); close(out[1])
                throw .failed(errno: code)
            }
        }
        if withInput {
            guard pipe(&inp) == 0 else {
                let code = errno
                for fd in out + err where fd >= 0 { close(fd) }
                throw .failed(errno: code)
            }
        }
        // Not inherited by the child (it gets them as 0, 1 and 2) nor by other children.
        for fd in out + err + inp where fd >= 0 { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        func closeAll() { for fd in out + err + inp where fd >= 0 { close(fd) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if withInput {
            posix_spawn_file_actions_adddup2(&actions, inp[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, out[1], 1)
        posix_spawn_file_actions_adddup2(&actions, mergeErrors ? out[1] : err[1], 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        var pairs: [String] = []
        let overridden = Set(environment.all.map(\.0))
        var e = environ
        while let entry = e.pointee {
            let text = String(cString: entry)
            let name = String(text.prefix { $0 != "=" })
            if !overridden.contains(name) { pairs.append(text) }
            e += 1
        }
        pairs += environment.all.map { "\($0.0)=\($0.1)" }
        let envp: [UnsafeMutablePointer<CChar>?] = pairs.map { strdup($0) } + [nil]
        defer {
            for p in argv { free(p) }
            for p in envp { free(p) }
        }
        // posix_spawnp looks the program up in the PATH of this process; use the given one.
        guard let executable = program.contains("/") ? program : which(program, environment: environment) else {
            closeAll()
            throw .notFound
        }
        // The child starts with no signal blocked and every signal at its default: a follower or
        // notifier blocks SIGTERM & co. for its signalfd and ignores SIGPIPE, and a child that
        // inherited that could not be stopped (and would never see a closed pipe).
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        posix_spawnattr_setsigmask(&attr, &none)
        posix_spawnattr_setsigdefault(&attr, &all)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        var spawned = posix_spawn(&pid, executable, &actions, &attr, argv, envp)
        // ETXTBSY: the program was just written and some process, forked meanwhile by another
        // thread, still holds it open for writing until that child's own exec; it passes in
        // milliseconds (a few tries, 20 ms apart, then the error).
        var tries = 0
        while spawned == ETXTBSY && tries < 25 {
            tries += 1
            usleep(20_000)
            spawned = posix_spawn(&pid, executable, &actions, &attr, argv, envp)
        }
        close(out[1])
        if err[1] >= 0 { close(err[1]) }
        if inp[0] >= 0 { close(inp[0]) }
        guard spawned == 0 else {
            close(out[0])
            if err[0] >= 0 { close(err[0]) }
            if inp[1] >= 0 { close(inp[1]) }
            throw spawned == ENOENT ? .notFound : .failed(errno: spawned)
        }
        return Spawned(pid: pid, stdout: out[0], stderr: mergeErrors ? nil : err[0], stdin: withInput ? inp[1] : nil)
    }

    /// Where `program` is in the environment's PATH (as a shell finds it), or nil.
    public static func which(_ program: String, environment: Environment) -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").lazy.map { "\($0)/\(program)" }.first { access($0, X_OK) == 0 }
    }

    /// Runs `program` to its end (or the time limit); `input`, when given, is its stdin (written
    /// as it reads, so no size can deadlock the two).
    public static func run(
        _ program: String, _ arguments: [String], environment: Environment, timeout: Int = 10_000,
        outputLimit: Int = 64 << 20, input: [UInt8]? = nil
    ) throws(Failure) -> Result {
        let child = try spawn(program, arguments, environment: environment, withInput: input != nil)
        let pid = child.pid
        let out = [child.stdout], err = [child.stderr ?? -1]
        var stdout: [UInt8] = [], stderr: [UInt8] = []
        var open = [out[0], err[0]]
        var inputFD = child.stdin ?? -1
        var written = 0
        // A child that exits before reading all of its input must not kill us with SIGPIPE: it is
        // blocked while we write (and a pending one taken off) so the write fails with EPIPE.
        var pipeSignal = sigset_t(), oldMask = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        if inputFD >= 0 { pthread_sigmask(SIG_BLOCK, &pipeSignal, &oldMask) }
        defer {
            if child.stdin != nil {
                var zero = timespec()
                while sigtimedwait(&pipeSignal, nil, &zero) > 0 {}
                pthread_sigmask(SIG_SETMASK, &oldMask, nil)
            }
        }
        if inputFD >= 0 { _ = fcntl(inputFD, F_SETFL, fcntl(inputFD, F_GETFL) | O_NONBLOCK) }
        let end = SystemClock.monotonicMilliseconds() + Int64(timeout)
        var timedOut = false
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !open.isEmpty {
            let left = end - SystemClock.monotonicMilliseconds()
            if left <= 0 { timedOut = true; break }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            if inputFD >= 0 { fds.append(pollfd(fd: inputFD, events: Int16(POLLOUT), revents: 0)) }
            let n = poll(&fds, nfds_t(fds.count), Int32(min(left, 60_000)))
            if n < 0 { if errno == EINTR { continue }; break }
            for f in fds where f.revents != 0 && f.fd == inputFD {
                let bytes = input ?? []
                let w =
                    bytes.count > written
                    ? bytes.withUnsafeBytes { write(inputFD, $0.baseAddress! + written, bytes.count - written) } : 0
                if w > 0 { written += w }
                // All written, or the child closed its stdin (EPIPE): it gets EOF from here on.
                if written >= bytes.count || (w < 0 && errno != EAGAIN && errno != EINTR)
                    || f.revents & Int16(POLLERR | POLLHUP) != 0
                {
                    close(inputFD)
                    inputFD = -1
                }
            }
            for f in fds where f.revents != 0 && f.fd != inputFD && open.contains(f.fd) {
                let r = buffer.withUnsafeMutableBytes { read(f.fd, $0.baseAddress, $0.count) }
                if r <= 0 {
                    close(f.fd)
                    open.removeAll { $0 == f.fd }
                } else if f.fd == out[0] {
                    if stdout.count < outputLimit { stdout += buffer[0..<r] }
                } else if stderr.count < 65_536 {
                    stderr += buffer[0..<r]
                }
            }
        }
        for fd in open { close(fd) }
        if inputFD >= 0 { close(inputFD) }
        if timedOut { kill(pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        if timedOut { throw .timedOut }
        let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(status: code, stdout: stdout, stderr: stderr)
    }
}
