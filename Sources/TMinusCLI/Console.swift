import Glibc

/// Writes to stdout and stderr with `write(2)`, so nothing waits in a buffer and a closed pipe
/// shows as an error instead of killing the process.
public struct Console: Sendable {
    /// Where output goes instead of stdout and stderr, when set (output kept to show it elsewhere,
    /// e.g. as a notification).
    public final class Capture: @unchecked Sendable {
        public internal(set) var out: [String] = []
        public internal(set) var err: [String] = []
        /// An empty capture.
        public init() {}
    }
    var capture: Capture?

    /// Writes to stdout and stderr, or only to `capture` when one is given.
    public init(capture: Capture? = nil) { self.capture = capture }

    /// False when the reader has gone away (EPIPE).
    @discardableResult
    public func out(_ text: String) -> Bool {
        if let capture { capture.out.append(text); return true }
        return Self.write(1, text)
    }

    /// Writes `text` to stderr (a newline added when it has none), or to the capture.
    public func err(_ text: String) {
        if let capture { capture.err.append(text); return }
        Self.write(2, text)
    }

    /// Whether what `out` writes reaches a terminal (never when captured).
    var outIsTerminal: Bool { capture == nil && isatty(1) == 1 }

    /// Writes bytes as they are (no newline added); false when the reader has gone away.
    @discardableResult
    func raw(_ bytes: [UInt8]) -> Bool { Self.write(1, bytes) }

    @discardableResult
    static func write(_ fd: Int32, _ text: String) -> Bool {
        var bytes = Array(text.utf8)
        if bytes.last != 0x0A { bytes.append(0x0A) }
        return write(fd, bytes)
    }

    static func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }
}

/// Output gathered into 64 KiB writes, for commands that print a lot (a long timeline).
struct BufferedOutput {
    let console: Console
    var buffer: [UInt8] = []

    init(console: Console) {
        self.console = console
        buffer.reserveCapacity(1 << 16)
    }

    mutating func write(_ text: String) {
        buffer += text.utf8
        if buffer.count >= 1 << 16 { flush() }
    }

    mutating func flush() {
        guard !buffer.isEmpty else { return }
        console.raw(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
