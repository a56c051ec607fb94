/// A string per entry state (colours, icons).
public struct StateStrings: Equatable, Sendable, ExpressibleByDictionaryLiteral {
    var slots = Slots(count: EntryState.slotCount)
    /// Strings from a literal, e.g. `[.normal: "#a3be8c"]`; a state left out has none.
    public init(dictionaryLiteral elements: (EntryState, String)...) { for (k, v) in elements { self[k] = v } }
    /// A state's string, or nil when it has none.
    public subscript(key: EntryState) -> String? {
        get { slots.strings[key.slot] }
        set { slots.strings[key.slot] = newValue }
    }
}
