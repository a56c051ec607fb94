/// An entry's three templates.
public struct FamilyTemplates: Equatable, Sendable {
    /// The small family's template (the countdown).
    public var small: CompiledTemplate
    /// The medium family's template (a bar's text).
    public var medium: CompiledTemplate
    /// The large family's template (a bar's tooltip).
    public var large: CompiledTemplate

    /// The three families' templates.
    public init(small: CompiledTemplate, medium: CompiledTemplate, large: CompiledTemplate) {
        self.small = small
        self.medium = medium
        self.large = large
    }

    /// The placeholders any of the three shows, a bit per slot.
    var used: UInt64 { small.used | medium.used | large.used }

    /// The template of one family.
    public subscript(family: Family) -> CompiledTemplate {
        switch family {
        case .small: small
        case .medium: medium
        case .large: large
        }
    }
}
