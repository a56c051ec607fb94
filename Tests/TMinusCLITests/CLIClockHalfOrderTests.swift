import Foundation
import Testing
import TMinusTestSupport

/// A 12-hour time in the order the locale writes it (LC_TIME's `t_fmt_ampm`): the day's half
/// before the time in Japanese, Korean and Chinese ("午後5:00", "오후 5:00", "下午 5:00"), after it
/// in American English ("5:00 PM").
@Suite("CLI: the 12-hour clock's half where the locale puts it")
struct CLIClockHalfOrderTests {
    /// Those installed (in CI all: a missing one fails the test).
    static let locales = [
        ("ja_JP.UTF-8", "午後5:00"), ("ko_KR.UTF-8", "오후 5:00"), ("zh_CN.UTF-8", "下午 5:00"), ("en_US.UTF-8", "5:00 PM")
    ].filter { Needs.runs(withLocale: $0.0) }

    @Test(
        .enabled(
            if: !locales.isEmpty,
            Comment(rawValue: Needs.message("ja_JP, ko_KR, zh_CN or en_US.UTF-8", install: Needs.localeInstall))))
    func theHalfComesWhereTheLocaleWritesIt() throws {
        let h = try TempHome()
        try h.ok("add", "Thesis", "--due", "2026-03-12T17:00")
        _ = try h.writeConfig(#"{"clock": "12h"}"#)
        for (locale, time) in Self.locales {
            for args in [["list"], ["show", "--format", "plain", "--family", "large"]] {
                let r = h.inProcess(args, env: ["LC_ALL": locale])
                #expect(r.status == 0, "\(locale) \(args): \(r)")
                #expect(r.stdout.contains(time), "\(locale) \(args): \(r.stdout)")
            }
        }
    }
}
