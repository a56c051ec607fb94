import Glibc
public import TMinusCore

/// The real-time clock: what a run reads as "now" when no `--now` and no test's clock is given.
public enum SystemClock {
    /// The current second.
    public static func now() -> Instant {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Instant(Int64(ts.tv_sec))
    }

    /// The current millisecond (for a wait to the next second).
    public static func milliseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
    }
}
