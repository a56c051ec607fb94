import CTMinusSys
import Glibc
public import TMinusCore

/// The real follower's wait: one `poll` over a CLOCK_REALTIME timerfd armed at the next entry's
/// date (absolute, so suspend, resume and clock steps are honoured; Swift's clocks are
/// monotonic), a signalfd (SIGUSR1 reload; SIGTERM, SIGINT, SIGHUP exit; SIGCONT recompute),
/// inotify on the watched directories (an atomic rename replaces a file, so directories are
/// watched and events filtered by name), stdin for clicks, and stdout for a reader that went away.
public struct SystemFollowDriver: FollowDriver {
    /// `--now` in follow mode: the clock starts there and runs.
    let offset: Int64
    let timer: Int32
    let signals: Int32
    let inotify: Int32
    var watches: [Int32: Set<String>] = [:]
    var readClicks: Bool
    /// The block name clicks must carry (when they carry one).
    let blockName: String
    var stdinBuffer: [UInt8] = []

    /// - Parameters:
    ///   - watch: directories and the file names in each whose change means reload.
    ///   - clicks: read click events from stdin (i3blocks persist, i3bar).
    ///   - blockName: the name in click events meant for us.
    public init(offset: Int64, watch: [String: Set<String>], clicks: Bool, blockName: String = "tminus") throws(TMinusError) {
        self.offset = offset
        readClicks = clicks
        self.blockName = blockName
        signal(SIGPIPE, SIG_IGN)
        timer = ctminus_timerfd_create()
        signals = ctminus_signalfd_create()
        inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard timer >= 0, signals >= 0, inotify >= 0 else {
            throw .failure("cannot set up --follow (timerfd, signalfd, inotify): \(FileIO.errorText())")
        }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
        for (dir, names) in watch {
            let wd = inotify_add_watch(inotify, dir, mask)
            if wd >= 0 { watches[wd, default: []].formUnion(names) }
        }
    }

    public mutating func now() -> Instant {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Instant(Int64(ts.tv_sec) + offset)
    }

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

    public mutating func wait(until: Instant?) -> [FollowEvent] {
        ctminus_timerfd_at(timer, until.map { $0.seconds - offset } ?? -1, 0)
        while true {
            var fds = [
                pollfd(fd: timer, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signals, events: Int16(POLLIN), revents: 0),
                pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                pollfd(fd: 1, events: 0, revents: 0),
                pollfd(fd: readClicks ? 0 : -1, events: Int16(POLLIN), revents: 0),
            ]
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
            if fds[2].revents != 0, readInotify() { events.append(.reload) }
            if fds[3].revents & Int16(POLLERR | POLLHUP) != 0 { return [.exit] }
            if fds[4].revents != 0 { events += readStdin() }
            if !events.isEmpty { return events }
        }
    }

    /// Drains inotify; true when a watched name changed.
    mutating func readInotify() -> Bool {
        var buffer = [UInt8](repeating: 0, count: 8192)
        var changed = false
        while true {
            let n = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            if n <= 0 { return changed }
            var offset = 0
            while offset + 16 <= n {
                let wd = buffer[offset..<offset + 4].withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }
                let len = Int(buffer[offset + 12..<offset + 16].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) })
                let nameBytes = buffer[(offset + 16)..<min(n, offset + 16 + len)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                if watches[wd]?.contains(name) == true { changed = true }
                offset += 16 + len
            }
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
