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
