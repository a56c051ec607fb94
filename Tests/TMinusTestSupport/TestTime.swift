import Foundation
import TMinusCore

/// An instant from RFC 3339 text (`2026-11-23T10:00:00Z`); traps on bad test data.
public func at(_ text: String) -> Instant {
    guard let t = RFC3339.parse(text) else { fatalError("bad RFC 3339 in a test: \(text)") }
    return t
}

/// A zone read from the system's compiled zone files, the way tminus reads them; nil when the
/// file is missing or is no TZif file.
public func systemZoneIfPresent(_ name: String) -> Zone? {
    guard !name.contains(".."), let data = FileManager.default.contents(atPath: "/usr/share/zoneinfo/\(name)") else {
        return nil
    }
    return Zone.tzif(Array(data), name: name)
}

/// A zone the machine lacks (a thrown error fails the test that asked, with what to install).
public struct MissingZone: Error, CustomStringConvertible {
    /// The zone's name.
    public var name: String
    /// What to do.
    public var description: String { "missing or unreadable /usr/share/zoneinfo/\(name); install tzdata" }
}

/// The same, for a test: a missing zone fails it with what to install.
public func systemZone(_ name: String) throws -> Zone {
    guard let zone = systemZoneIfPresent(name) else { throw MissingZone(name: name) }
    return zone
}
