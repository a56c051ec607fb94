/// A todo's priority.
public enum Priority: String, CaseIterable, Sendable, Comparable {
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

    /// The priority with this name (a scan: `init(rawValue:)` builds a string table whose first
    /// use costs the poll path a runtime conformance lookup).
    public static func named(_ name: String) -> Priority? {
        allCases.first { $0.rawValue == name }
    }

    /// Whether `a` sorts before `b`: higher priorities come first (`.high < .none`).
    public static func < (a: Priority, b: Priority) -> Bool { a.rank < b.rank }
}

extension Priority {
    /// The priority's name in the user's language ("high", "hoch"); `rawValue` is the one
    /// commands take and files keep.
    public func name(_ words: Words) -> String {
        switch self {
        case .high: words.trc("priority", "high")
        case .medium: words.trc("priority", "medium")
        case .low: words.trc("priority", "low")
        case .none: ""
        }
    }
}
