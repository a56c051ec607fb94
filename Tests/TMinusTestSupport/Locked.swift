import Foundation

/// A value shared with a callback on another thread (a pipe's readability handler), behind a lock.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    /// Holds `value`.
    public init(_ value: Value) { stored = value }

    /// The value now.
    public var value: Value {
        lock.lock()
        defer { lock.unlock() }
        return stored
    }

    /// Changes the value under the lock.
    public func update(_ change: (inout Value) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        change(&stored)
    }
}
