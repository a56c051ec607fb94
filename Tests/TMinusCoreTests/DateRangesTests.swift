import Testing
import TMinusCore

/// The days off an item carries (a recurring holiday's instances): joined, written and read back,
/// and refused when the text is not dates or is too long (a synced summary is others' text).
@Suite("Date ranges")
struct DateRangesTests {
    let d = { (y: Int, m: Int, day: Int) in CivilDate(year: y, month: m, day: day) }

    @Test func rangesThatOverlapOrTouchAreJoined() {
        let joined = DateRanges.joined([
            d(2026, 12, 31)...d(2027, 1, 1), d(2026, 12, 24)...d(2026, 12, 26),
            d(2026, 12, 27)...d(2026, 12, 27), d(2027, 1, 3)...d(2027, 1, 3)
        ])
        #expect(
            joined == [
                d(2026, 12, 24)...d(2026, 12, 27), d(2026, 12, 31)...d(2027, 1, 1), d(2027, 1, 3)...d(2027, 1, 3)
            ])
    }

    @Test func theTextFormRoundTrips() {
        let ranges = [d(2026, 12, 24)...d(2026, 12, 26), d(2027, 12, 25)...d(2027, 12, 25)]
        #expect(DateRanges.text(ranges) == "2026-12-24/2026-12-26,2027-12-25")
        #expect(DateRanges.parse("2026-12-24/2026-12-26,2027-12-25") == ranges)
    }

    @Test(arguments: [
        "", "2026-12-24/", "2026-12-26/2026-12-24", "2026-13-01", "2026-12-24T10:00:00Z",
        "2026-12-24/2026-12-25/2026-12-26",
        "a,b", String(repeating: "2026-12-24,", count: 1001) + "2026-12-24"
    ])
    func textThatIsNotDaysIsRefused(_ text: String) {
        #expect(DateRanges.parse(text) == nil)
    }
}
