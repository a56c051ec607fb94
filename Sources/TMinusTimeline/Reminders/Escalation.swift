public import TMinusCore

/// The escalating reminder (config `escalate`, docs/reminders.md): one notification, updated in
/// place each minute (its body counting down, "in 3 minutes" → "due now" → "2 min late", critical
/// from the due on) until Done, Snooze or dismissal, or an hour after the due. Pure: when, and
/// which reminders.
public enum Escalation {
    /// Updates stop this long after the due (the notification stays as it last was).
    public static let window: Int64 = 3600
    /// One update a minute: the body's text changes no more often.
    public static let step: Int64 = 60

    /// Which reminders the config's `escalate` names: "reminders" (an item's own, and one armed
    /// again), "alerts" (a deadline's).
    public enum Kind: String, CaseIterable, Sendable {
        case reminders, alerts
    }

    /// Whether `r` escalates under `kinds`.
    public static func escalates(_ r: Reminder, _ kinds: [Kind]) -> Bool {
        switch r.kind {
        case .remind, .again: kinds.contains(.reminders)
        case .alert: kinds.contains(.alerts)
        }
    }

    /// What it counts to: the item's due when it has one not before the reminder, else the
    /// reminder's own time.
    public static func target(_ r: Reminder, zone: Zone) -> Instant {
        guard let due = r.item.due?.instant(in: zone), due >= r.at else { return r.at }
        return due
    }

    /// The next update after `t`: the next whole minute counted from the target (so "in 3
    /// minutes" turns "in 2 minutes" exactly when it is true); nil once past the window.
    public static func nextUpdate(after t: Instant, target: Instant) -> Instant? {
        let phase = ((target - t) % step + step) % step
        let next = t + (phase == 0 ? step : phase)
        return next <= target + window ? next : nil
    }

    /// The kind of reminder a ledger key names (`Reminder.key`): its own, an alert, or again.
    public static func kind(ofKey key: String) -> Reminder.Kind? {
        let parts = key.split(separator: "/", maxSplits: 2, omittingEmptySubsequences: false)
        switch parts.first {
        case "remind"?: return .remind
        case "again"?: return .again
        case "alert"?: return parts.count > 1 ? Int64(parts[1]).map { .alert($0) } : nil
        default: return nil
        }
    }
}
