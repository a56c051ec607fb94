/// A small deterministic generator (a linear congruential one): the same cases on every run, for
/// the tests that build homes or changes at random.
public struct SeededGenerator: Sendable {
    /// The state; the seed at first.
    public var state: UInt64

    /// A generator starting from `state`.
    public init(state: UInt64) { self.state = state }

    /// A number from 0 up to (not including) `n`.
    public mutating func next(_ n: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(n))
    }

    /// One of `options`.
    public mutating func pick<T>(_ options: [T]) -> T { options[next(options.count)] }
}
