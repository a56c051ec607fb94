/// The urgency of an entry; `ongoing`: a calendar event in progress (it counts down to its end).
public enum EntryState: String, CaseIterable, Sendable {
    case none, normal, warning, critical, over, ongoing
}
