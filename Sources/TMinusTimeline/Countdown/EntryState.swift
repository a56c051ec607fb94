/// The urgency of an entry; `ongoing`: a calendar event in progress (it counts down to its end);
/// `overdue`: an open todo is overdue, whatever else the bar shows (docs/countdown.md).
public enum EntryState: String, CaseIterable, Sendable {
    case none, normal, warning, critical, over, ongoing, overdue
}
