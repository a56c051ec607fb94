import Foundation
import Testing
import TMinusCore

/// A zone read from the system's compiled zone files, the way tminus reads them.
func systemZone(_ name: String) throws -> Zone {
    let path = "/usr/share/zoneinfo/\(name)"
    let data = try #require(FileManager.default.contents(atPath: path), "missing \(path); install tzdata")
    return try #require(Zone.tzif(Array(data), name: name), "\(path) is not a TZif file tminus can read")
}

/// An instant from RFC 3339 text; traps on bad test data.
func at(_ text: String) -> Instant {
    guard let t = RFC3339.parse(text) else { fatalError("bad RFC 3339 in a test: \(text)") }
    return t
}

func day(_ y: Int, _ m: Int, _ d: Int) -> CivilDate { CivilDate(year: y, month: m, day: d) }

func wall(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Int = 0) -> LocalDateTime {
    LocalDateTime(date: CivilDate(year: y, month: mo, day: d), hour: h, minute: mi, second: s)
}

/// A fixed (lower-case) UUID whose text starts with `prefix` (hex), padded with zeros.
func uuid(_ prefix: String) -> String {
    var hex = (prefix + String(repeating: "0", count: 32)).prefix(32).map(String.init).joined()
    for i in [8, 13, 18, 23] { hex.insert("-", at: hex.index(hex.startIndex, offsetBy: i)) }
    return hex.lowercased()
}

/// The usage message a throwing call produced, or nil when it did not throw a usage error.
func usageMessage(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch let error as TMinusError {
        if case .usage(let m) = error { return m }
        return nil
    } catch {
        return nil
    }
}
