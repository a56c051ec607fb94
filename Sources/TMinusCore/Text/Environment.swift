/// Environment variables by name.
///
/// A list, not a Dictionary: the first `[String: …]` a process builds makes the Swift runtime
/// scan every protocol conformance in the executable (to check `String: Hashable`), which on the
/// poll path costs about as much as reading the summary.
public struct Environment: Sendable, ExpressibleByDictionaryLiteral {
    var pairs: [(String, String)]

    /// The variables of a literal, in its order.
    public init(dictionaryLiteral elements: (String, String)...) { pairs = elements }
    /// The variables `pairs` (name, value), in order.
    public init(_ pairs: [(String, String)]) { self.pairs = pairs }

    /// Every variable, in order (for a child process).
    public var all: [(String, String)] { pairs }

    /// The value of the variable `name` (its last one, when set twice); nil when it is not set.
    public subscript(name: String) -> String? {
        pairs.last { $0.0 == name }?.1
    }
}
