/// A todo's priority.
public enum Priority: String, CaseIterable, Sendable, Codable, Comparable {
    case high, medium, low, none

    /// Sort rank: high first.
    public var rank: Int {
        switch self {
        case .high: 0
        case .medium: 1
        case .low: 2
        case .none: 3
        }
    }

    public static func < (a: Priority, b: Priority) -> Bool { a.rank < b.rank }
}
