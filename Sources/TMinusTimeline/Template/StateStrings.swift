/// A string per entry state (colours, icons).
public struct StateStrings: Equatable, Sendable, ExpressibleByDictionaryLiteral {
    var slots = Slots(count: EntryState.slotCount)
    public init(dictionaryLiteral elements: (EntryState, String)...) { for (k, v) in elements { self[k] = v } }
    public subscript(key: EntryState) -> String? {
        get { slots.strings[key.slot] }
        set { slots.strings[key.slot] = newValue }
    }
}
