import TMinusSystem
import TMinusCore
import TMinusTimeline
import Testing

/// Inputs that trapped, hung or overflowed before (found by the bad-input corpus and the fuzzer,
/// Tests/reliability and Tests/fuzz): each is now a one-line error or a value in range.
@Suite("Range checks: what trapped before")
struct RangeRegressionTests {
    func problems(_ text: String) -> [ConfigProblem] { Config.parse(Array(text.utf8)).1 }

    @Test(arguments: [
        "99999999999999w", "153722867280912930m", "9223372036854775807s", "1d1d1d99999999999999d", "101y", "36601d"
    ])
    func overflowingDurationsAreProblems(_ text: String) {
        #expect(DurationText.parse(text) == nil)
        #expect(problems(#"{"warning": "\#(text)"}"#).first?.key == "warning")
    }

    @Test func durationsUpToAHundredYearsAreFine() {
        #expect(DurationText.parse("36600d") == Int64(36_600) * 86_400)
        #expect(DurationText.parse("1h30m") == 5400)
        #expect(DurationText.parse(" ") == nil && DurationText.parse("") == nil)
        #expect(problems(#"{"warning": 9e15}"#).count == 1)
    }

    @Test func deepTemplatesAreRefusedNotRecursed() {
        let deep = String(repeating: "[", count: 50_000)
        #expect(Template.check(deep)?.contains("bytes") == true)
        let nested = String(repeating: "[", count: 17) + "{title}" + String(repeating: "]", count: 17)
        #expect(Template.check(nested)?.contains("nested") == true)
        let fine = String(repeating: "[", count: 16) + "{title}" + String(repeating: "]", count: 16)
        #expect(Template.check(fine) == nil)
        // Rendering a template that does not parse shows its text, never recursion.
        #expect(CompiledTemplate(deep).render(PlaceholderValues()) == deep)
    }

    @Test func aHugeUnknownKeyIsAShortLineAndQuick() {
        let key = String(repeating: "{", count: 60_000)
        let p = problems("{\"\(key)\": 1}")
        #expect(p.count == 1 && p[0].description.count < 300)
    }

    @Test func aHugeWhenIsRefusedAtOnce() {
        let long = String(repeating: "2", count: 1_000_000)
        #expect(throws: TMinusError.self) { try WhenParser.parse(long, now: Instant(0), zone: .utc) }
    }

    @Test(arguments: [
        ("9999-12-31T23:00", "America/New_York"), ("+1000000w", "UTC"), ("0001-01-01T00:00+23:59", "UTC"),
        ("9999-12-31", "UTC"), ("0001-01-01", "UTC"), ("+4000000d", "UTC"), ("9999-12-30T23:59:59-23:59", "UTC")
    ])
    func datesBeyondTheSupportedRangeAreRefused(text: String, zone: String) throws {
        let z = zone == "UTC" ? Zone.utc : try #require(ZoneLoader.named(zone))
        do {
            let w = try WhenParser.parse(text, now: Instant(1_795_428_000), zone: z)
            Issue.record("\(text) gave \(w)")
        } catch {
            #expect(
                error.description.contains("0001-01-03 to 9999-12-29") || error.description.contains("relative"),
                "\(error)")
        }
    }

    @Test func tzifCountsAndOffsetsAreChecked() {
        var bytes = Array("TZif2".utf8) + Array(repeating: 0, count: 15)
        // isut, isstd, leap, time, type, char: a negative count.
        bytes += [0xFF, 0xFF, 0xFF, 0xFF] + Array(repeating: 0, count: 20)
        #expect(Zone.tzif(bytes, name: "bad") == nil)
        #expect(Zone.posix("EST999999999999999999999EDT") == nil)
        #expect(Zone.posix("<+9999>-9999") == nil)
        #expect(Zone.posix("EST5EDT,M3.2.0/999999999999,M11.1.0") == nil)
    }
}
