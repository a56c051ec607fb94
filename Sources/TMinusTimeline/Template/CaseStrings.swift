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
    public var slot: Int { Placeholder.allCases.firstIndex(of: self)! }
    public static var slotCount: Int { allCases.count }
}

extension EntryState: SlotKey {
    public var slot: Int { EntryState.allCases.firstIndex(of: self)! }
    public static var slotCount: Int { allCases.count }
}

/// The values of a template's placeholders.
public struct PlaceholderValues: Equatable, Sendable, ExpressibleByDictionaryLiteral {
    var slots = Slots(count: Placeholder.slotCount)
    public init(dictionaryLiteral elements: (Placeholder, String)...) { for (k, v) in elements { self[k] = v } }
    public subscript(key: Placeholder) -> String? {
        get { slots.strings[key.slot] }
        set { slots.strings[key.slot] = newValue }
    }
    /// Every value passed through `transform`; nil when no value changed (so the text rendered
    /// from these values can be used as it is).
    public func mapValuesIfChanged(_ transform: (String) -> String) -> PlaceholderValues? {
        var out = self
        var changed = false
        for (i, value) in slots.strings.enumerated() {
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

/// A string per entry state (colours, icons).
public struct StateStrings: Equatable, Sendable, ExpressibleByDictionaryLiteral {
    var slots = Slots(count: EntryState.slotCount)
    public init(dictionaryLiteral elements: (EntryState, String)...) { for (k, v) in elements { self[k] = v } }
    public subscript(key: EntryState) -> String? {
        get { slots.strings[key.slot] }
        set { slots.strings[key.slot] = newValue }
    }
}

/// An entry's three templates.
public struct FamilyTemplates: Equatable, Sendable {
    public var small: CompiledTemplate
    public var medium: CompiledTemplate
    public var large: CompiledTemplate

    public init(small: CompiledTemplate, medium: CompiledTemplate, large: CompiledTemplate) {
        self.small = small
        self.medium = medium
        self.large = large
    }

    public subscript(family: Family) -> CompiledTemplate {
        switch family {
        case .small: small
        case .medium: medium
        case .large: large
        }
    }
}
