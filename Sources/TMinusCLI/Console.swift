import Glibc

/// Writes to stdout and stderr with `write(2)`, so nothing waits in a buffer and a closed pipe
/// shows as an error instead of killing the process.
public struct Console: Sendable {
    public init() {}

    /// False when the reader has gone away (EPIPE).
    @discardableResult
    public func out(_ text: String) -> Bool { Self.write(1, text) }

    public func err(_ text: String) { Self.write(2, text) }

    @discardableResult
    static func write(_ fd: Int32, _ text: String) -> Bool {
        var bytes = Array(text.utf8)
        if bytes.last != 0x0A { bytes.append(0x0A) }
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
