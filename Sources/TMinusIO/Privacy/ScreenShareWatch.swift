import CTMinusSys
import Glibc
public import TMinusCore

/// `tminus privacy watch`: follows PipeWire's graph through one `pw-dump --monitor` child and
/// reports each time whether the screen is shared changes (docs/privacy.md). The child is started
/// again with a growing pause (1 s up to 30 s) when it ends (PipeWire restarted, or not yet up);
/// while there is none, nothing counts as shared. SIGTERM, SIGINT or SIGHUP end the watch, which
/// reports "not shared" if it last said "shared".
///
/// It fails closed: a dump it cannot read (over `JSONArrayStream.maxBytes`, or not JSON) or a
/// stream of updates faster than it reads them (over `maxUpdates` in a second) counts as sharing,
/// said once on stderr, and the child is started again after the pause for a fresh dump. Going
/// to "shared" is reported at once; back to "not shared" only once it has held `holdMs` (a node
/// that flips writes nothing until it settles).
public enum ScreenShareWatch {
    /// How the watch went: the program was missing, or a signal ended it.
    public enum End: Equatable, Sendable {
        case noProgram
        case signal(Int32)
    }

    /// How long "not shared" must hold before it is reported, in milliseconds.
    public static let holdMs: Int64 = 1_000
    /// At most this many updates a second are read; more counts as sharing (an endless stream).
    public static let maxUpdates = 100
    /// What a dump it could not read is reported as (it counts as sharing).
    public static let unreadable = "PipeWire state unreadable"

    static func milliseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
    }

    /// Runs until a signal; `changed` gets the sharing nodes' names (empty: not shared) at the
    /// first dump and at each change after. `note` gets a line for the log (a restart).
    public static func run(
        environment: Environment, program: String = "pw-dump",
        note: (String) -> Void, changed: ([String]) -> Void
    ) -> End {
        // (Its lines may go to a pipe nobody reads any more: a closed one must not end the watch.)
        signal(SIGPIPE, SIG_IGN)
        let signals = ctminus_signalfd_create()
        defer { if signals >= 0 { close(signals) } }
        var shared: Bool?
        var pause: Int32 = 1
        var saidBlind = false
        func report(_ names: [String]) {
            guard shared != !names.isEmpty else { return }
            shared = !names.isEmpty
            changed(names)
        }
        /// Fail closed: what cannot be read counts as sharing (said once).
        func blind(_ why: String) {
            if !saidBlind { note(why + "; counted as shared until a dump can be read") }
            saidBlind = true
            report([unreadable])
        }
        while true {
            let child: ChildProcess.Spawned
            do { child = try ChildProcess.spawn(program, ["--monitor"], environment: environment) } catch {
                // (Gone since the last run: nothing is shared any more. Never there: nothing to say.)
                if shared == true { report([]) }
                return .noProgram
            }
            let started = time(nil)
            var stream = JSONArrayStream()
            var graph = ScreenShare()
            var lastError = ""
            var open: [Int32] = [child.stdout] + (child.stderr.map { [$0] } ?? [])
            var ended: Int32?
            var stopped = false
            var buffer = [UInt8](repeating: 0, count: 65_536)
            // "Not shared" seen since (held `holdMs` before it is reported); updates this second.
            var offSince: Int64?
            var second: Int64 = 0
            var updates = 0
            while ended == nil && !stopped && open.contains(child.stdout) {
                var fds = ([signals] + open).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                let wait = offSince.map { Int32(max(0, $0 + holdMs - milliseconds())) } ?? -1
                guard poll(&fds, nfds_t(fds.count), wait) >= 0 || errno == EINTR else { break }
                if fds[0].revents != 0, case let s = ctminus_signalfd_read(signals), s > 0 { ended = s; break }
                for f in fds.dropFirst() where f.revents != 0 {
                    let n = read(f.fd, &buffer, buffer.count)
                    if n <= 0 {
                        open.removeAll { $0 == f.fd }
                        continue
                    }
                    if f.fd == child.stdout {
                        let dropped = stream.dropped
                        var broken = false
                        let arrays = stream.feed(buffer[0..<n])
                        let now = milliseconds()
                        if now / 1000 != second {
                            second = now / 1000
                            updates = 0
                        }
                        updates += arrays.count
                        for array in arrays {
                            guard let dump = try? JSONParser.parse(array) else { broken = true; continue }
                            graph.apply(dump)
                        }
                        if stream.dropped != dropped {
                            blind("a PipeWire dump over \(JSONArrayStream.maxBytes >> 20) MiB")
                        } else if broken {
                            blind("a PipeWire dump that is not JSON")
                        } else if updates > maxUpdates {
                            blind("over \(maxUpdates) PipeWire updates a second")
                        } else {
                            // (Nothing to say before a whole dump has come.)
                            guard !arrays.isEmpty else { continue }
                            let names = graph.sharing
                            if !names.isEmpty || shared == nil {
                                offSince = nil
                                report(names)
                            } else if shared == true && offSince == nil {
                                offSince = now
                            }
                            continue
                        }
                        // (Its state is unknown from here: a fresh child, after the pause, dumps it whole.)
                        offSince = nil
                        stopped = true
                        break
                    } else {
                        lastError =
                            String(decoding: buffer[0..<n], as: UTF8.self).split(separator: "\n").last.map(String.init)
                            ?? lastError
                    }
                }
                if let since = offSince, milliseconds() - since >= holdMs {
                    offSince = nil
                    report([])
                }
            }
            kill(child.pid, SIGTERM)
            close(child.stdout)
            if let e = child.stderr { close(e) }
            var status: Int32 = 0
            while waitpid(child.pid, &status, 0) < 0 && errno == EINTR {}
            // No PipeWire (or it restarted): nothing is shared that tminus can see. (Unless it
            // was stopped for what it could not read: that stays shared.)
            if !stopped { report([]) }
            if let ended {
                if stopped { report([]) }
                return .signal(ended)
            }
            if time(nil) - started > 30 { pause = 1 }
            note(
                "pw-dump \(stopped ? "stopped" : "ended")\(lastError.isEmpty ? "" : " (\(Validation.printable(lastError)))"); again in \(pause) s"
            )
            var fd = [pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
            if poll(&fd, 1, pause * 1000) > 0, case let s = ctminus_signalfd_read(signals), s > 0 {
                if shared == true { report([]) }
                return .signal(s)
            }
            pause = min(pause * 2, 30)
        }
    }
}
