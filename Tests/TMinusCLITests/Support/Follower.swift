import Foundation
import Testing
import TMinusCore

/// A running `tminus show --follow`, on the real clock, with its stdout lines timestamped as
/// they arrive.
final class Follower: @unchecked Sendable {
    let process = Process()
    let stdout = Pipe()
    let stdin = Pipe()
    private let lock = NSLock()
    private var received: [(Date, String)] = []
    private var reader: Thread?

    /// Starts `tminus show --follow ARGS…` (or another long-running `command`).
    init(
        _ h: TempHome, _ args: [String], extraEnv: [String: String] = [:], command: [String] = ["show", "--follow"],
        stderr: URL? = nil
    ) throws {
        process.executableURL = URL(fileURLWithPath: TminusBinary.path)
        process.arguments = ["--home", h.home.path] + command + args
        process.environment = h.environment(tz: nil, extra: extraEnv)
        process.standardOutput = stdout
        process.standardInput = stdin
        if let stderr {
            _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: stderr)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        let handle = stdout.fileHandleForReading
        let thread = Thread { [weak self] in
            var buffer = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { return }
                buffer.append(chunk)
                while let nl = buffer.firstIndex(of: 0x0A) {
                    let line = String(decoding: buffer[buffer.startIndex..<nl], as: UTF8.self)
                    buffer.removeSubrange(buffer.startIndex...nl)
                    self?.lock.lock()
                    self?.received.append((Date(), line))
                    self?.lock.unlock()
                }
            }
        }
        thread.start()
        reader = thread
    }

    var lines: [(Date, String)] {
        lock.lock()
        defer { lock.unlock() }
        return received
    }

    /// Waits until at least `n` lines arrived (or `timeout` seconds passed); returns them.
    @discardableResult
    func waitForLines(_ n: Int, timeout: Double = 20) -> [(Date, String)] {
        waitUntil(timeout: timeout) { lines.count >= n }
        return lines
    }

    /// Waits for a line containing `text` after line index `after`; returns its arrival time.
    func waitFor(_ text: String, after: Int = 0, timeout: Double = 20) -> Date? {
        var hit: Date?
        waitUntil(timeout: timeout, every: 2_000) {
            hit = lines.dropFirst(after).first(where: { $0.1.contains(text) })?.0
            return hit != nil
        }
        return hit
    }

    /// The readiness handshake of a follower that prints nothing at first (the notifier): true
    /// once it watches its files (an inotify fd with watches in /proc/PID/fdinfo), so a change
    /// made after this reaches the running process, not its start-up.
    @discardableResult
    func waitUntilWatching(timeout: Double = 20) -> Bool {
        waitUntil(timeout: timeout, every: 2_000) { ProcessState.isWatching(process.processIdentifier) }
    }

    /// How long until its timer fires (`ProcessState.timerRemaining`).
    func timerRemaining() -> Double? { ProcessState.timerRemaining(process.processIdentifier) }

    /// Voluntary context switches so far: how often the process went to sleep and woke up.
    /// How often the follower has slept and woken (its voluntary context switches). A follower
    /// that is gone (or a /proc that cannot be read) fails the test: "few wake-ups" from a dead
    /// process would prove nothing.
    func wakeups(sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        try #require(process.isRunning, "the follower is not running", sourceLocation: sourceLocation)
        let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        let line = try #require(
            status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches") },
            sourceLocation: sourceLocation)
        return try #require(Int(line.split(separator: "\t").last ?? ""), sourceLocation: sourceLocation)
    }

    func stop() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    deinit { stop() }
}

extension TempHome {
    /// Writes the user's config file (`$XDG_CONFIG_HOME/tminus/config.json`); returns its URL.
    @discardableResult
    func writeConfig(_ text: String) throws -> URL {
        let dir = root.appendingPathComponent("config/tminus")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent("config.json")
        // Replaced in one rename, as an editor saves it, so a follower never reads it half-written
        // (Foundation's own atomic write leaves a folder in /tmp behind on Linux).
        let temp = dir.appendingPathComponent(".config.json.test")
        try text.write(to: temp, atomically: false, encoding: .utf8)
        guard rename(temp.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        return url
    }

    /// Sets the home's frozen clock for one-shot commands to the real now, so they agree with a
    /// follower on the real clock.
    func useRealClock() {
        now = RFC3339.format(Instant(Int64(Date().timeIntervalSince1970)), offset: 0)
    }
}
