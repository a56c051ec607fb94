import Foundation
import Testing
import TMinusTestSupport
import TMinusCore
import TMinusSystem

/// What the user's locale says about clocks and weeks, read through glibc (LC_TIME): the C
/// locale and a locale the system does not have fall back to 24 hours and Monday.
struct LocaleClockTests {
    /// Whether en_US.UTF-8 is installed (asked of glibc, and the process's LC_TIME put back).
    static var hasUS: Bool { Needs.runs(withLocale: "en_US.UTF-8") }

    @Test func theCLocaleAndUnknownOnesAreISO() {
        for name in ["", "C", "POSIX", "C.UTF-8", "xx_XX.UTF-8"] {
            let env: Environment = ["LANG": name]
            #expect(LocaleClock.firstWeekday(environment: env) == 1, "\(name)")
            #expect(LocaleClock.preferred(environment: env) == .h24, "\(name)")
        }
    }

    @Test(.enabled(if: hasUS, Comment(rawValue: Needs.message("en_US.UTF-8", install: Needs.localeInstall))))
    func americanWeeksStartOnSunday() {
        #expect(LocaleClock.firstWeekday(environment: ["LC_TIME": "en_US.UTF-8"]) == 0)
        #expect(LocaleClock.preferred(environment: ["LC_ALL": "en_US.UTF-8"]) == .h12)
    }
}
