/// The values of a template's placeholders.
public struct PlaceholderValues: Equatable, Sendable, ExpressibleByDictionaryLiteral {
    var slots = Slots(count: Placeholder.slotCount)
    /// Values from a literal, e.g. `[.title: "Thesis", .percent: "40"]`.
    public init(dictionaryLiteral elements: (Placeholder, String)...) { for (k, v) in elements { self[k] = v } }
    /// A placeholder's value; nil when it has none (it renders as empty).
    public subscript(key: Placeholder) -> String? {
        get { slots.strings[key.slot] }
        set { slots.strings[key.slot] = newValue }
    }
    /// Every value passed through `transform` (only those of the slots in `used`, a bit per slot:
    /// the others are left as they are); nil when no value changed (so the text rendered from
    /// these values can be used as it is).
    public func mapValuesIfChanged(only used: UInt64, _ transform: (String) -> String) -> PlaceholderValues? {
        var out = self
        var changed = false
        for (i, value) in slots.strings.enumerated() where used >> UInt64(i) & 1 == 1 {
            guard let value else { continue }
            let new = transform(value)
            if new != value { changed = true }
            out.slots.strings[i] = new
        }
        return changed ? out : nil
    }

    /// Sets every value `other` has.
    public mutating func merge(_ other: PlaceholderValues) {
        for (i, value) in other.slots.strings.enumerated() where value != nil { slots.strings[i] = value }
    }
}
