import Testing
import TMinusCore

@Suite("Zone.posix")
struct PosixZoneTests {
    /// (TZ string, UTC instant, expected offset, abbreviation)
    @Test(arguments: [
        ("EST5EDT,M3.2.0,M11.1.0", "2026-03-08T06:59:59Z", -18_000, "EST"),
        ("EST5EDT,M3.2.0,M11.1.0", "2026-03-08T07:00:00Z", -14_400, "EDT"),
        ("EST5EDT,M3.2.0,M11.1.0", "2026-11-01T05:59:59Z", -14_400, "EDT"),
        ("EST5EDT,M3.2.0,M11.1.0", "2026-11-01T06:00:00Z", -18_000, "EST"),
        // No rules: the POSIX default is the US rules.
        ("EST5EDT", "2026-07-01T12:00:00Z", -14_400, "EDT"),
        ("EST5EDT", "2026-01-01T12:00:00Z", -18_000, "EST"),
        ("CET-1CEST,M3.5.0,M10.5.0/3", "2026-03-29T00:59:59Z", 3600, "CET"),
        ("CET-1CEST,M3.5.0,M10.5.0/3", "2026-03-29T01:00:00Z", 7200, "CEST"),
        ("CET-1CEST,M3.5.0,M10.5.0/3", "2026-10-25T00:59:59Z", 7200, "CEST"),
        ("CET-1CEST,M3.5.0,M10.5.0/3", "2026-10-25T01:00:00Z", 3600, "CET"),
        ("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", "2026-04-04T14:59:59Z", 39_600, "+11"),
        ("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", "2026-04-04T15:00:00Z", 37_800, "+1030"),
        ("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", "2026-10-03T15:29:59Z", 37_800, "+1030"),
        ("<+1030>-10:30<+11>-11,M10.1.0,M4.1.0", "2026-10-03T15:30:00Z", 39_600, "+11"),
        ("<+0545>-5:45", "2026-03-10T12:00:00Z", 20_700, "+0545"),
        ("<+0545>-5:45", "2099-03-10T12:00:00Z", 20_700, "+0545"),
        ("JST-9", "2026-03-10T12:00:00Z", 32_400, "JST"),
        ("UTC0", "2026-03-10T12:00:00Z", 0, "UTC"),
        // Julian day n (1...365, Feb 29 never counted): J60 is March 1 even in a leap year.
        ("AAA0BBB,J60/0,J300/0", "2024-02-29T23:59:59Z", 0, "AAA"),
        ("AAA0BBB,J60/0,J300/0", "2024-03-01T00:00:00Z", 3600, "BBB"),
        // Zero-based day n (0...365): 59 is February 29 in a leap year.
        ("AAA0BBB,59/0,299/0", "2024-02-28T23:59:59Z", 0, "AAA"),
        ("AAA0BBB,59/0,299/0", "2024-02-29T00:00:00Z", 3600, "BBB"),
        ("AAA0BBB,59/0,299/0", "2026-03-01T00:00:00Z", 3600, "BBB"),
        // Rule times outside 0...24 h (Greenland and Israel use them).
        ("<-02>2<-01>,M3.5.0/-1,M10.5.0/0", "2026-03-29T00:59:59Z", -7200, "-02"),
        ("<-02>2<-01>,M3.5.0/-1,M10.5.0/0", "2026-03-29T01:00:00Z", -3600, "-01"),
        ("IST-2IDT,M3.4.4/26,M10.5.0", "2026-03-26T23:59:59Z", 7200, "IST"),
        ("IST-2IDT,M3.4.4/26,M10.5.0", "2026-03-27T00:00:00Z", 10_800, "IDT")
    ])
    func offsets(tz: String, utc: String, offset: Int, abbr: String) throws {
        let zone = try #require(Zone.posix(tz))
        #expect(zone.offset(at: at(utc)) == offset)
        #expect(zone.abbreviation(at: at(utc)) == abbr)
    }

    @Test(arguments: [
        "", "garbage", "EST", "AB5", "EST5EDT,M13.1.0,M11.1.0", "EST5EDT,M3.2.0", "EST5EDT,M3.6.0,M11.1.0",
        "EST5EDT,J0,J100", "<>5", "<+05", "EST5EDT,M3.2.0,M11.1.0junk"
    ])
    func rejects(tz: String) {
        #expect(Zone.posix(tz) == nil)
    }

    @Test func matchesTheZoneFileForBerlin() throws {
        let posix = try #require(Zone.posix("CET-1CEST,M3.5.0,M10.5.0/3"))
        let file = try systemZone("Europe/Berlin")
        var t = at("2026-01-01T00:00:00Z")
        while t < at("2028-01-01T00:00:00Z") {
            #expect(posix.offset(at: t) == file.offset(at: t))
            t = t + 3 * 3600 + 7
        }
    }
}
