/// A string per case of a small enum (placeholders, states).
///
/// Why not a Dictionary: each dictionary key type makes the Swift runtime look up a `Hashable`
/// conformance the first time, and in a static executable that is a scan of every conformance
/// record (about 120,000 instructions each); the poll path cannot afford four of them.
public struct Slots: Equatable, Sendable {
    var strings: [String?]
    init(count: Int) { strings = Array(repeating: nil, count: count) }
}

/// An enum usable as a slot index.
public protocol SlotKey {
    var slot: Int { get }
    static var slotCount: Int { get }
}

extension Placeholder: SlotKey {
    /// The placeholder's index in `allCases`: its slot.
    public var slot: Int { Placeholder.allCases.firstIndex(of: self)! }
    /// How many placeholders there are: one slot each.
    public static var slotCount: Int { allCases.count }
}

extension EntryState: SlotKey {
    /// The state's index in `allCases`: its slot.
    public var slot: Int { EntryState.allCases.firstIndex(of: self)! }
    /// How many states there are: one slot each.
    public static var slotCount: Int { allCases.count }
}
