import Glibc
public import TMinusCore

/// The one place tminus reads a clock. What the date is: `now()`, the real-time clock unless the
/// run was given another (`CLI.run`'s `clock`, which `reading` hands down), so every reader below
/// the command (a source's racy-stamp rule, "changed in the last week", a follower's now) reads
/// the clock the run was given. The monotonic clock is for timeouts and rates only (it does not
/// jump when the date is set).
public enum SystemClock {
    /// A given clock, kept in a thread-specific slot.
    final class Given {
        let clock: @Sendable () -> Instant
        init(_ clock: @escaping @Sendable () -> Instant) { self.clock = clock }
    }

    /// The slot of the clock the running command was given, for the thread that runs it (a
    /// command runs on one thread from start to end; in-process tests run commands side by side
    /// on their own threads). A thread-specific value, not a task-local one: a bar's poll reads
    /// the clock without starting Swift's concurrency runtime (millions of instructions).
    static let slot: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// The current second: the given clock's, else the real-time clock's.
    public static func now() -> Instant {
        guard let given = pthread_getspecific(slot) else { return real() }
        return Unmanaged<Given>.fromOpaque(given).takeUnretainedValue().clock()
    }

    /// Runs `body` with `clock` as what every `now()` under it on this thread reads.
    public static func reading<R>(_ clock: @escaping @Sendable () -> Instant, _ body: () -> R) -> R {
        let previous = pthread_getspecific(slot)
        let given = Unmanaged.passRetained(Given(clock))
        pthread_setspecific(slot, given.toOpaque())
        defer {
            pthread_setspecific(slot, previous)
            given.release()
        }
        return body()
    }

    /// The real-time clock's current second, as the system says it (the default clock of a run).
    @Sendable public static func real() -> Instant {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Instant(Int64(ts.tv_sec))
    }

    /// The real-time clock's current millisecond (for a wait to its next second).
    public static func milliseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
    }

    /// The monotonic clock in milliseconds: for timeouts and rates, never for the date.
    public static func monotonicMilliseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
    }
}
