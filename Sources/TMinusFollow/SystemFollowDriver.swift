import CTMinusSys
import Glibc
public import TMinusCore
import TMinusSystem
import TMinusSourcing

/// The real follower's wait: one `poll` over a CLOCK_REALTIME timerfd armed at the next entry's
/// date (absolute, so suspend, resume and clock steps are honoured; Swift's clocks are
/// monotonic), a signalfd (SIGUSR1 reload; SIGTERM, SIGINT, SIGHUP exit; SIGCONT recompute),
/// inotify on the watched directories (an atomic rename replaces a file, so directories are
/// watched and events filtered by name), stdin for clicks, stdout for a reader that went away,
/// and the session bus for sources that signal their changes (`EDSLive`).
public struct SystemFollowDriver: FollowDriver {
    /// `--now` in follow mode: the clock starts there and runs.
    let offset: Int64
    let timer: Int32
    let signals: Int32
    var watcher: DirectoryWatcher
    var readClicks: Bool
    /// The block name clicks must carry (when they carry one).
    let blockName: String
    var stdinBuffer: [UInt8] = []
    /// More folders to watch, set by the loader (the config's sources change with the config).
    let extra: WatchList?
    /// More descriptors to wait on (the notifier's children waiting for an action).
    let inputs: InputList?
    /// Whether a closed stdout means the reader went away (bars: yes; the notifier: no).
    let watchStdout: Bool
    /// Sources that signal their changes (EDS's calendars): news from them means reload.
    let live: EDSLive?
    var extraSeen: [(directory: String, names: [String])] = []

    /// - Parameters:
    ///   - watch: directories and the file names in each whose change means reload; a directory
    ///     may be missing, or be deleted, moved or created later (see `DirectoryWatcher`).
    ///   - clicks: read click events from stdin (i3blocks persist, i3bar).
    ///   - blockName: the name in click events meant for us.
    ///   - own: files this process writes itself; their changes as it left them wake nothing.
    public init(
        offset: Int64, watch: [(directory: String, names: [String])], clicks: Bool, blockName: String = "tminus",
        extra: WatchList? = nil, inputs: InputList? = nil, watchStdout: Bool = true,
        own: OwnWrites? = nil, live: EDSLive? = nil
    ) throws(TMinusError) {
        self.offset = offset
        self.live = live
        self.extra = extra
        self.inputs = inputs
        self.watchStdout = watchStdout
        readClicks = clicks
        self.blockName = blockName
        signal(SIGPIPE, SIG_IGN)
        timer = ctminus_timerfd_create()
        signals = ctminus_signalfd_create()
        guard timer >= 0, signals >= 0 else {
            throw .failure(tr: "cannot set up --follow (timerfd, signalfd): %s", "\(FileIO.errorText())", errno: errno)
        }
        watcher = try DirectoryWatcher(targets: watch)
        watcher.own = own
        base = watch
    }

    let base: [(directory: String, names: [String])]

    /// Re-arms the watches when the loader's list changed.
    mutating func updateWatches() {
        guard let extra else { return }
        let wanted = extra.targets
        guard
            wanted.count != extraSeen.count
                || zip(wanted, extraSeen).contains(where: {
                    $0.0.directory != $0.1.directory || $0.0.names != $0.1.names
                })
        else { return }
        extraSeen = wanted
        watcher.targets = base + wanted
        watcher.armUntilSettled()
    }

    /// The realtime clock in whole seconds, shifted by `offset` (`--now`).
    public mutating func now() -> Instant { SystemClock.now() + offset }

    /// Writes the line and a newline to stdout; false on an error (EPIPE: the reader has gone away).
    public mutating func emit(_ line: String) -> Bool {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(1, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            done += n
        }
        return true
    }

    /// Polls the timer, signals, watches, stdout, stdin and `inputs`; returns the events of one wake.
    public mutating func wait(until: Instant?) -> [FollowEvent] {
        updateWatches()
        ctminus_timerfd_at(timer, until.map { $0.seconds - offset } ?? -1, 0)
        while true {
            var fds =
                [
                    pollfd(fd: timer, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: signals, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: watcher.fd, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: watchStdout ? 1 : -1, events: 0, revents: 0),
                    pollfd(fd: readClicks ? 0 : -1, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: live?.fd ?? -1, events: Int16(POLLIN), revents: 0)
                ] + (inputs?.fds ?? []).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let n = poll(&fds, nfds_t(fds.count), -1)
            if n < 0 {
                if errno == EINTR { continue }
                return [.exit]
            }
            var events: [FollowEvent] = []
            if fds[0].revents != 0 {
                // Fired, or the clock was set (ECANCELED): either way, recompute from the clock.
                _ = ctminus_timerfd_drain(timer)
                events.append(.tick)
            }
            if fds[1].revents != 0 {
                while case let sig = ctminus_signalfd_read(signals), sig != 0 {
                    switch sig {
                    case SIGUSR1: events.append(.reload)
                    case SIGCONT: events.append(.tick)
                    default: return [.exit]
                    }
                }
            }
            if fds[2].revents != 0, watcher.readEvents() { events.append(.reload) }
            if fds[3].revents & Int16(POLLERR | POLLHUP) != 0 { return [.exit] }
            if fds[4].revents != 0 { events += readStdin() }
            if fds[5].revents != 0, live?.changed() == true { events.append(.reload) }
            for f in fds.dropFirst(6) where f.revents != 0 { events.append(.input(f.fd)) }
            if !events.isEmpty { return events }
        }
    }

    /// Reads what the bar wrote on stdin and turns complete lines into clicks.
    mutating func readStdin() -> [FollowEvent] {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
        if n <= 0 {
            readClicks = false  // EOF: nobody will click; stop watching stdin.
            return []
        }
        stdinBuffer += buffer[0..<n]
        var events: [FollowEvent] = []
        while let nl = stdinBuffer.firstIndex(of: 0x0A) {
            let line = String(decoding: stdinBuffer[..<nl], as: UTF8.self)
            stdinBuffer.removeSubrange(...nl)
            if let button = ClickParser.button(line, block: blockName) { events.append(.click(button)) }
        }
        return events
    }
}

/// Descriptors a loop waits on besides its own (a class: the loop and the driver share it).
public final class InputList: @unchecked Sendable {
    /// The descriptors, each reported as `FollowEvent.input` when readable.
    public var fds: [Int32] = []
    /// An empty list.
    public init() {}
}

/// Folders a follower watches besides its own files, changed by whoever loads the data (a class:
/// the loader and the driver share it).
public final class WatchList: @unchecked Sendable {
    /// Directories and the file names in each whose change means reload.
    public var targets: [(directory: String, names: [String])] = []
    /// An empty list.
    public init() {}
}
