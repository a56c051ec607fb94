public import TMinusCore

/// Widget state kept in `state.json`: the deadline the user clicked to (`tminus next|prev`).
public struct WidgetState: Equatable, Sendable {
    public static let version = 1
    /// The selected deadline's id, or nil for "the next one".
    public var selected: String?

    public init(selected: String? = nil) { self.selected = selected }

    public init(json: JSON) {
        selected = json["selected"]?.stringValue
    }

    public func json() -> JSON {
        .object(["version": .int(WidgetState.version), "selected": .string(orNull: selected)])
    }
}
