import CTMinusSys
import Glibc
public import TMinusCore

/// `tminus privacy watch`: follows PipeWire's graph through one `pw-dump --monitor` child and
/// reports each time whether the screen is shared changes (docs/privacy.md). The child is started
/// again with a growing pause (1 s up to 30 s) when it ends (PipeWire restarted, or not yet up);
/// while there is none, nothing counts as shared. SIGTERM, SIGINT or SIGHUP end the watch, which
/// reports "not shared" if it last said "shared".
public enum ScreenShareWatch {
    /// How the watch went: the program was missing, or a signal ended it.
    public enum End: Equatable, Sendable {
        case noProgram
        case signal(Int32)
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
        func report(_ names: [String]) {
            guard shared != !names.isEmpty else { return }
            shared = !names.isEmpty
            changed(names)
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
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while ended == nil && open.contains(child.stdout) {
                var fds = ([signals] + open).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                guard poll(&fds, nfds_t(fds.count), -1) >= 0 || errno == EINTR else { break }
                if fds[0].revents != 0, case let s = ctminus_signalfd_read(signals), s > 0 { ended = s; break }
                for f in fds.dropFirst() where f.revents != 0 {
                    let n = read(f.fd, &buffer, buffer.count)
                    if n <= 0 {
                        open.removeAll { $0 == f.fd }
                        continue
                    }
                    if f.fd == child.stdout {
                        for array in stream.feed(buffer[0..<n]) {
                            guard let dump = try? JSONParser.parse(array) else { continue }
                            graph.apply(dump)
                        }
                        report(graph.sharing)
                    } else {
                        lastError =
                            String(decoding: buffer[0..<n], as: UTF8.self).split(separator: "\n").last.map(String.init)
                            ?? lastError
                    }
                }
            }
            kill(child.pid, SIGTERM)
            close(child.stdout)
            if let e = child.stderr { close(e) }
            var status: Int32 = 0
            while waitpid(child.pid, &status, 0) < 0 && errno == EINTR {}
            // No PipeWire (or it restarted): nothing is shared that tminus can see.
            report([])
            if let ended { return .signal(ended) }
            if time(nil) - started > 30 { pause = 1 }
            note(
                "pw-dump ended\(lastError.isEmpty ? "" : " (\(Validation.printable(lastError)))"); again in \(pause) s")
            var fd = [pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
            if poll(&fd, 1, pause * 1000) > 0, case let s = ctminus_signalfd_read(signals), s > 0 { return .signal(s) }
            pause = min(pause * 2, 30)
        }
    }
}
