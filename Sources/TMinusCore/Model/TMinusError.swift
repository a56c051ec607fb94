/// Every error a command can report, each with one line that says what to do instead.
/// `CLI` maps them to exit codes in one place: usage/validation 2, failure 1.
public enum TMinusError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Bad input from the user: exit 2.
    case usage(String)
    /// A file that cannot be read or parsed, or an I/O failure: exit 1.
    case failure(String)

    /// The message, whatever the kind.
    public var description: String {
        switch self {
        case .usage(let m), .failure(let m): m
        }
    }

    /// The process exit status: 2 for a usage error, 1 for a failure.
    public var exitCode: Int32 {
        switch self {
        case .usage: 2
        case .failure: 1
        }
    }
}

extension TMinusError {
    /// The same error with `detail` added to its message.
    public func withDetail(_ detail: String) -> TMinusError {
        guard !detail.isEmpty else { return self }
        switch self {
        case .usage(let m): return .usage(m + detail)
        case .failure(let m): return .failure(m + detail)
        }
    }
}
