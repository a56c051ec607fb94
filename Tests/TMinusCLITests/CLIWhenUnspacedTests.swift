import Foundation
import Testing
import TMinusTestSupport

/// WHEN as Chinese, Japanese and Korean write it, without spaces between the words (`3天后`,
/// `明日17時`, `12月24日`), and a count of days followed by the language's `later` (`3일 후`,
/// `3 Tage später`); the errors' examples show those forms.
@Suite("CLI: dates written without spaces")
struct CLIWhenUnspacedTests {
    /// (locale, WHEN, the due date as `list --json`'s day or instant starts).
    static let cases: [(String, String, String)] = [
        ("zh_CN.UTF-8", "3天后", "2026-11-29"), ("zh_CN.UTF-8", "明天17点", "2026-11-27T17:00"),
        ("zh_CN.UTF-8", "12月24日", "2026-12-24"), ("zh_CN.UTF-8", "2小时后", "2026-11-26T11:00"),
        ("ja_JP.UTF-8", "3日後", "2026-11-29"), ("ja_JP.UTF-8", "明日17時", "2026-11-27T17:00"),
        ("ja_JP.UTF-8", "12月24日", "2026-12-24"), ("ja_JP.UTF-8", "あと3日", "2026-11-29"),
        ("ko_KR.UTF-8", "3일 후", "2026-11-29"), ("ko_KR.UTF-8", "3일후", "2026-11-29"),
        ("ko_KR.UTF-8", "12월 24일", "2026-12-24"), ("ko_KR.UTF-8", "내일 17시", "2026-11-27T17:00"),
        ("de_DE.UTF-8", "3 Tage später", "2026-11-29")
    ].filter { Needs.runs(withLocale: $0.0) }

    @Test(
        .enabled(
            if: !cases.isEmpty,
            Comment(rawValue: Needs.message("zh_CN, ja_JP, ko_KR or de_DE.UTF-8", install: Needs.localeInstall))))
    func datesWithoutSpacesAndWithLater() throws {
        for (locale, when, due) in Self.cases {
            let h = try TempHome()
            let r = h.inProcess(
                ["add", "Thesis", "--due", when], now: "2026-11-26T09:00:00Z", tz: "UTC", env: ["LC_ALL": locale])
            #expect(r.status == 0, "\(locale) \(when): \(r.stderr)")
            let json = h.inProcess(["list", "--json"], now: "2026-11-26T09:00:00Z", tz: "UTC", env: ["LC_ALL": locale])
            #expect(json.stdout.contains("\"due\": \"\(due)"), "\(locale) \(when): \(json.stdout)")
        }
    }

    @Test(
        .enabled(
            if: Needs.runs(withLocale: "zh_CN.UTF-8") && Needs.runs(withLocale: "ja_JP.UTF-8"),
            Comment(rawValue: Needs.message("zh_CN and ja_JP.UTF-8", install: Needs.localeInstall))))
    func theErrorsExamplesReadAsTheySay() throws {
        let h = try TempHome()
        for (locale, example) in [("zh_CN.UTF-8", "明天17点"), ("ja_JP.UTF-8", "明日17時")] {
            let r = h.inProcess(["add", "Thesis", "--due", "blorp"], env: ["LC_ALL": locale])
            #expect(r.stderr.contains(example + ", "), "\(locale): \(r.stderr)")
        }
    }
}
