import Foundation
import Testing
import TMinusCore

/// An instant from RFC 3339 text (`2026-11-23T10:00:00Z`); traps on bad test data.
public func at(_ text: String) -> Instant {
    guard let t = RFC3339.parse(text) else { fatalError("bad RFC 3339 in a test: \(text)") }
    return t
}

/// A zone read from the system's compiled zone files, the way tminus reads them; nil when the
/// file is missing or is no TZif file.
public func systemZoneIfPresent(_ name: String) -> Zone? {
    guard !name.contains(".."), let data = FileManager.default.contents(atPath: "/usr/share/zoneinfo/\(name)") else { return nil }
    return Zone.tzif(Array(data), name: name)
}

/// The same, as a test requirement: a missing zone fails the test with what to install.
public func systemZone(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Zone {
    try #require(systemZoneIfPresent(name), "missing or unreadable /usr/share/zoneinfo/\(name); install tzdata", sourceLocation: sourceLocation)
}
