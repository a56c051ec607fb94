import CTMinusSys
import Glibc
public import TMinusCore
import TMinusSystem

/// `tminus privacy watch`: follows PipeWire's graph through one `pw-dump --monitor` child and
/// reports each time whether the screen is shared changes (docs/privacy.md). The child is started
/// again with a growing pause (1 s up to 30 s) when it ends (PipeWire restarted, or not yet up);
/// while there is none, nothing counts as shared. SIGTERM, SIGINT or SIGHUP end the watch, which
/// reports "not shared" if it last said "shared".
///
/// It fails closed: a graph it cannot read (an update over `JSONArrayStream.maxBytes`, one that is
/// not JSON) or cannot keep up with (more than `readBudget` bytes a second, a client that changes
/// nodes without end) counts as shared, said once, until a fresh dump reads and the stream calms.
/// Hiding is at once; showing again waits until "not shared" has held for `settle` seconds, so a
/// node that flips writes the state once, not at every flip.
public enum ScreenShareWatch {
    /// How the watch went: the program was missing, or a signal ended it.
    public enum End: Equatable, Sendable {
        case noProgram
        case signal(Int32)
    }

    /// How long "not shared" must hold before titles show again, in milliseconds.
    public static let settle: Int64 = 1_000
    /// The most bytes of `pw-dump` output read in a second, after a first `readBurst` (a desktop's
    /// whole graph is a few hundred KiB, its changes a few KiB a second; past this the watch reads
    /// no faster, so its CPU stays bounded, and hides).
    public static let readBudget = 256 << 10
    /// The bytes that may be read at once before the budget counts (the first dump).
    public static let readBurst = 2 << 20
    /// What is reported while the graph cannot be read or kept up with.
    public static let unknown = "(PipeWire's graph, unread)"

    /// Runs until a signal; `changed` gets the sharing nodes' names (empty: not shared) at the
    /// first dump and at each change after. `note` gets a line for the log (a restart, a graph
    /// that cannot be read).
    public static func run(
        environment: Environment, program: String = "pw-dump",
        note: (String) -> Void, changed: ([String]) -> Void
    ) -> End {
        // (Its lines may go to a pipe nobody reads any more: a closed one must not end the watch.)
        signal(SIGPIPE, SIG_IGN)
        let signals = ctminus_signalfd_create()
        defer { if signals >= 0 { close(signals) } }
        var shared: Bool?
        var offSince: Int64?
        var pause: Int32 = 1
        var saidUnreadable = false
        var saidBusy = false
        /// What the graph says now: hidden at once, shown again once it has held (`settle`).
        func report(_ names: [String], now: Int64, at once: Bool = false) {
            if !names.isEmpty {
                offSince = nil
                guard shared != true else { return }
                shared = true
                changed(names)
                return
            }
            guard shared != false else { return }
            if shared == nil || once {
                offSince = nil
                shared = false
                changed([])
                return
            }
            let since = offSince ?? now
            offSince = since
            if now - since >= settle {
                offSince = nil
                shared = false
                changed([])
            }
        }
        while true {
            let child: ChildProcess.Spawned
            do { child = try ChildProcess.spawn(program, ["--monitor"], environment: environment) } catch {
                // (Gone since the last run: nothing is shared any more. Never there: nothing to say.)
                if shared == true { report([], now: milliseconds(), at: true) }
                return .noProgram
            }
            let started = milliseconds()
            var stream = JSONArrayStream()
            var graph = ScreenShare()
            var unreadable = false
            var lastError = ""
            var open: [Int32] = [child.stdout] + (child.stderr.map { [$0] } ?? [])
            var ended: Int32?
            var buffer = [UInt8](repeating: 0, count: 65_536)
            // Bytes that may still be read this second (a token bucket: `readBudget` a second).
            var tokens = readBurst
            var refilled = milliseconds()
            var busy = false
            while ended == nil && open.contains(child.stdout) {
                var now = milliseconds()
                tokens = min(readBurst, tokens + Int((now - refilled) * Int64(readBudget) / 1_000))
                refilled = now
                // Over the budget: only signals are heard until there are bytes to read again.
                let throttled = tokens <= 0
                if throttled && !busy {
                    busy = true
                    if !saidBusy {
                        saidBusy = true
                        note("PipeWire's graph changes faster than tminus reads it; titles hidden until it calms")
                    }
                    report([unknown], now: now)
                }
                var fds = ([signals] + (throttled ? [] : open)).map {
                    pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
                }
                let wait: Int64 =
                    throttled
                    ? Int64(-tokens) * 1_000 / Int64(readBudget) + 1
                    : (offSince.map { max(0, $0 + settle - now) } ?? -1)
                guard poll(&fds, nfds_t(fds.count), Int32(clamping: wait)) >= 0 || errno == EINTR else { break }
                if fds[0].revents != 0, case let s = ctminus_signalfd_read(signals), s > 0 { ended = s; break }
                for f in fds.dropFirst() where f.revents != 0 {
                    let n = read(f.fd, &buffer, buffer.count)
                    if n <= 0 {
                        open.removeAll { $0 == f.fd }
                        continue
                    }
                    if f.fd == child.stdout {
                        tokens -= n
                        for array in stream.feed(buffer[0..<n]) {
                            guard let dump = try? JSONParser.parse(array) else {
                                unreadable = true
                                continue
                            }
                            graph.apply(dump)
                        }
                        if stream.dropped > 0 { unreadable = true }
                    } else {
                        lastError =
                            String(decoding: buffer[0..<n], as: UTF8.self).split(separator: "\n").last.map(String.init)
                            ?? lastError
                    }
                }
                now = milliseconds()
                if busy && tokens > readBurst / 2 { busy = false }
                if unreadable {
                    if !saidUnreadable {
                        saidUnreadable = true
                        note(
                            "pw-dump printed a graph tminus cannot read (over \(JSONArrayStream.maxBytes >> 20) MiB, or not JSON); titles hidden until a fresh dump reads"
                        )
                    }
                    // Counted as shared; a fresh dump (pw-dump started again) reads the whole graph.
                    report([unknown], now: now)
                    break
                }
                report(busy ? [unknown] : graph.sharing, now: now)
            }
            kill(child.pid, SIGTERM)
            close(child.stdout)
            if let e = child.stderr { close(e) }
            var status: Int32 = 0
            while waitpid(child.pid, &status, 0) < 0 && errno == EINTR {}
            if unreadable && ended == nil {
                // Started again at once, after the pause, with what it hid kept hidden meanwhile.
                var fd = [pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
                if poll(&fd, 1, pause * 1000) > 0, case let s = ctminus_signalfd_read(signals), s > 0 {
                    report([], now: milliseconds(), at: true)
                    return .signal(s)
                }
                pause = min(pause * 2, 30)
                continue
            }
            // No PipeWire (or it restarted): nothing is shared that tminus can see.
            report([], now: milliseconds(), at: true)
            if let ended { return .signal(ended) }
            if milliseconds() - started > 30_000 { pause = 1 }
            note(
                "pw-dump ended\(lastError.isEmpty ? "" : " (\(Validation.printable(lastError)))"); again in \(pause) s")
            var fd = [pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
            if poll(&fd, 1, pause * 1000) > 0, case let s = ctminus_signalfd_read(signals), s > 0 { return .signal(s) }
            pause = min(pause * 2, 30)
        }
    }

    /// The monotonic clock in milliseconds.
    static func milliseconds() -> Int64 { SystemClock.monotonicMilliseconds() }
}
