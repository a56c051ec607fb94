public import TMinusCore

/// How many notifications another source (a calendar, a synced summary) may cause over time
/// (docs/reminders.md, "A flood from others"): at most `perWindow` in any `window` seconds, the
/// last of them one "and N more from SOURCE" for everything then due beyond it; what is due once
/// none is left waits, unrecorded, for the oldest to leave the window. The user's own reminders,
/// and those the user armed again, are not counted against it.
public enum SourceRate {
    /// Notifications of one source in any `window`: five one by one, and one for the rest.
    public static let perWindow = 6
    /// Ten minutes, in seconds.
    public static let window: Int64 = 600

    /// Whether a reminder is under the rate: another source's, not armed again by the user.
    public static func applies(to r: Reminder) -> Bool {
        guard r.item.source != Item.ownSource else { return false }
        if case .again = r.kind { return false }
        return true
    }

    /// Splits `pending` due reminders of one source (oldest first) given the times of its
    /// notifications so far (`recent`, any order; only those in the last `window` count): how many
    /// of the first go one by one, how many after them go as one, and when a place frees for what
    /// must wait (nil: nothing waits).
    public static func split(pending: Int, recent: [Instant], now: Instant) -> (
        one: Int, grouped: Int, freeAt: Instant?
    ) {
        let inWindow = recent.filter { $0 > now - window && $0 <= now }.sorted()
        let free = perWindow - inWindow.count
        guard pending > 0 else { return (0, 0, nil) }
        guard free > 0 else {
            // The window holds perWindow or more: a place frees when the one that brings it back
            // to perWindow - 1 leaves.
            return (0, 0, inWindow[inWindow.count - perWindow] + window)
        }
        if pending <= free { return (pending, 0, nil) }
        return (free - 1, pending - (free - 1), nil)
    }
}
