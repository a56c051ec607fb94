import Testing
@testable import TMinusICal

/// A rule's numbers come from files others write: any number, the largest and smallest an Int
/// holds among them, is refused with a message or read within its part's range, never a trap
/// (the fuzzer found `BYDAY=-9223372036854775808MO`: the ordinal's magnitude overflowed).
struct RecurrenceRuleBoundsTests {
    @Test(arguments: [
        "FREQ=WEEKLY;BYDAY=-9223372036854775808MO", "FREQ=WEEKLY;BYDAY=9223372036854775807MO",
        "FREQ=WEEKLY;BYDAY=99999999999999999999MO", "FREQ=MONTHLY;BYDAY=-54FR", "FREQ=MONTHLY;BYDAY=+0FR",
        "FREQ=MONTHLY;BYMONTHDAY=-9223372036854775808", "FREQ=YEARLY;BYYEARDAY=9223372036854775807",
        "FREQ=DAILY;COUNT=9223372036854775807", "FREQ=DAILY;INTERVAL=-9223372036854775808",
        "FREQ=DAILY;BYSETPOS=-9223372036854775808", "FREQ=DAILY;BYHOUR=9223372036854775807"
    ])
    func hugeNumbersAreRefusedOrBounded(_ rule: String) {
        do {
            _ = try RecurrenceRule.parse(rule)
        } catch {
            #expect(!error.text.isEmpty)
        }
    }

    @Test func anOrdinalWithinAYearIsRead() throws {
        let rule = try RecurrenceRule.parse("FREQ=MONTHLY;BYDAY=-53MO,53FR")
        #expect(rule.byDay.map(\.ordinal) == [-53, 53])
    }
}
