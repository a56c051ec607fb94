import Glibc
import TMinusSystem

/// Writes to stdout and stderr with `write(2)`, so nothing waits in a buffer and a closed pipe
/// shows as an error instead of killing the process.
public struct Console: Sendable {
    /// Where output goes instead of stdout and stderr, when set (output kept to show it elsewhere,
    /// e.g. as a notification).
    /// In-process runs (tests) read standard input from here too: `input`, never a terminal.
    public final class Capture: @unchecked Sendable {
        /// What each `out` and `raw` call wrote, as given.
        public internal(set) var out: [String] = []
        /// What each `err` call wrote, as given.
        public internal(set) var err: [String] = []
        /// stdout's bytes as a process would have written them (newlines added as `out` adds them).
        public internal(set) var stdout: [UInt8] = []
        /// stderr's bytes, likewise.
        public internal(set) var stderr: [UInt8] = []
        /// Standard input: read once, then end of input (empty: as `/dev/null`).
        public var input: [UInt8]

        /// An empty capture reading `input` as standard input.
        public init(input: [UInt8] = []) { self.input = input }
    }
    /// Where output goes instead of the process's stdout and stderr (nil: to them).
    package private(set) var capture: Capture?

    /// Writes to stdout and stderr, or only to `capture` when one is given.
    public init(capture: Capture? = nil) { self.capture = capture }

    /// False when the reader has gone away (EPIPE).
    @discardableResult
    public func out(_ text: String) -> Bool {
        if let capture {
            capture.out.append(text)
            capture.stdout += Self.line(text)
            return true
        }
        return Self.write(1, text)
    }

    /// Writes `text` to stderr (a newline added when it has none), or to the capture.
    public func err(_ text: String) {
        if let capture {
            capture.err.append(text)
            capture.stderr += Self.line(text)
            return
        }
        Self.write(2, text)
    }

    /// Whether what `out` writes reaches a terminal (never when captured).
    package var outIsTerminal: Bool { capture == nil && isatty(1) == 1 }

    /// Whether standard input is a terminal a person answers at (never when captured).
    package var inputIsTerminal: Bool { capture == nil && isatty(0) == 1 }

    /// Up to `limit` bytes of standard input (empty at its end): the capture's `input` when captured.
    package func readInput(limit: Int) -> [UInt8] {
        if let capture {
            let bytes = Array(capture.input.prefix(limit))
            capture.input.removeFirst(bytes.count)
            return bytes
        }
        var buffer = [UInt8](repeating: 0, count: limit)
        let n = read(0, &buffer, limit)
        return n > 0 ? Array(buffer[0..<n]) : []
    }

    /// Writes bytes as they are (no newline added); false when the reader has gone away.
    @discardableResult
    package func raw(_ bytes: [UInt8]) -> Bool {
        if let capture {
            capture.out.append(String(decoding: bytes, as: UTF8.self))
            capture.stdout += bytes
            return true
        }
        return Self.write(1, bytes)
    }

    /// `text` with a newline at its end (added when it has none).
    static func line(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8)
        if bytes.last != 0x0A { bytes.append(0x0A) }
        return bytes
    }

    @discardableResult
    static func write(_ fd: Int32, _ text: String) -> Bool { write(fd, line(text)) }

    static func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool { FileIO.writeAll(fd, bytes) }
}

/// Output gathered into 64 KiB writes, for commands that print a lot (a long timeline).
package struct BufferedOutput {
    let console: Console
    var buffer: [UInt8] = []

    /// Output for `console`, written in 64 KiB pieces.
    package init(console: Console) {
        self.console = console
        buffer.reserveCapacity(1 << 16)
    }

    /// Adds `text` (written once 64 KiB wait).
    package mutating func write(_ text: String) {
        buffer += text.utf8
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes what waits.
    package mutating func flush() {
        guard !buffer.isEmpty else { return }
        console.raw(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
