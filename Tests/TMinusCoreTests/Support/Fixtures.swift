import Foundation
import Testing
import TMinusCore

// (`at` and `systemZone` come from TMinusTestSupport.)
@_exported import TMinusTestSupport

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
        return error.kind == .usage ? error.message : nil
    } catch {
        return nil
    }
}
