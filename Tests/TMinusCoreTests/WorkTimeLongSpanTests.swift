import Testing
@testable import TMinusCore

/// The working-time sum over long spans: closed form (whole weeks by arithmetic, the days the
/// offset changes by the year where the zone's rule governs, days off from sums kept for them),
/// so a deadline in 9999 costs what one next month does, and still the day-by-day walk's result.
@Suite("Working time over long spans")
struct WorkTimeLongSpanTests {
    static let zones = WorkTimeTests.zones
    /// POSIX rules no zone file has today: changes on day numbers of the year (`Jn`, `n`: the
    /// weekday moves year by year), and one starting at a negative hour of the day before.
    static let posixRules = ["XST3XDT,J60/2,J300/2", "<+0330>-3:30<+0430>,79/24,263/24", "AST4ADT,M3.5.0/-1,M10.5.0/25"]

    func zone(_ name: String) throws -> Zone {
        if name.contains(",") { return try #require(Zone.posix(name)) }
        return try systemZone(name)
    }

    @Test("a deadline in 9999: the sum looks at a bounded number of days and changes", arguments: zones + posixRules)
    func boundedTo9999(_ name: String) throws {
        let zone = try zone(name)
        let a = zone.instant(wall(2026, 3, 13, 16)), b = zone.instant(wall(9999, 12, 1, 10))
        let holidays = (0..<300).map { day(2026, 1, 1).adding(days: $0 * 97) }
        for hours in ["Mon-Fri 09:00-17:00", "Mon-Sun 00:00-24:00", "Sat 22:00-24:00; Sun 00:00-06:00"] {
            let work = WorkTime(hours: try WorkingHours.parse(hours).get(), daysOff: holidays, zone: zone)
            var steps = 0
            _ = work.seconds(from: a, to: b, steps: &steps)
            // (Day by day it would be 2.9 million days; week by week 416,000 weeks.)
            #expect(steps <= 1000, "\(name) \(hours): \(steps) steps")
        }
        // Round the clock, nothing off: the true seconds, over every change of the clocks to 9999.
        let always = WorkTime(hours: try WorkingHours.parse("Mon-Sun 00:00-24:00").get(), zone: zone)
        #expect(always.seconds(from: a, to: b) == b - a)
    }

    @Test("over decades the closed form is the day-by-day walk", arguments: zones + posixRules)
    func decadesEqualWalk(_ name: String) throws {
        let zone = try zone(name)
        var rng = Seeded(seed: UInt64(name.utf8.count) * 104_729)
        let hourTexts = [
            "Mon-Fri 09:00-17:00", "Mon-Sun 00:00-24:00", "Sat 22:00-24:00; Sun 00:00-06:00",
            "Mon-Sun 01:00-03:30", "Sun 00:00-24:00", "Mon-Fri 09:00-12:00,13:00-17:30; Sat 10:00-12:00"
        ]
        let base = wall(1990, 1, 1).secondsAsUTC
        for round in 0..<12 {
            let hours = try WorkingHours.parse(hourTexts[round % hourTexts.count]).get()
            var off: [ClosedRange<CivilDate>] = []
            for _ in 0..<Int(rng.next() % 40) {
                let first = day(1990, 1, 1).adding(days: Int(rng.next() % 30_000))
                // Single days, weeks, and now and then years.
                let length = [0, 0, 1, 6, 30, 800][Int(rng.next() % 6)]
                off.append(first...first.adding(days: length))
            }
            let work = WorkTime(hours: hours, off: off, zone: zone)
            let a = Instant(base + Int64(rng.next() % (15_000 * 86_400)))
            let b = a + Int64(rng.next() % (60 * 366 * 86_400))
            #expect(
                work.seconds(from: a, to: b) == work.walked(from: a, to: b),
                "\(hourTexts[round % hourTexts.count]) from \(a) to \(b)")
        }
    }

    @Test("one range of days off spanning years takes every day it covers", arguments: zones)
    func rangeSpanningYears(_ name: String) throws {
        let zone = try systemZone(name)
        let hours = WorkingHours.standard
        let range = day(2027, 1, 1)...day(2029, 12, 31)
        let asRange = WorkTime(hours: hours, off: [range], zone: zone)
        let asDays = WorkTime(hours: hours, daysOff: (0...1095).map { range.lowerBound.adding(days: $0) }, zone: zone)
        let a = zone.instant(wall(2026, 12, 1, 12)), b = zone.instant(wall(2030, 2, 1, 12))
        #expect(asRange.seconds(from: a, to: b) == asDays.seconds(from: a, to: b))
        #expect(asRange.seconds(from: a, to: b) == asRange.walked(from: a, to: b))
        // December 2026 from Tuesday the 1st at noon (5 h, then 22 working days) and January 2030
        // (23 working days) to Friday the 1st of February at noon (3 h): nothing in between.
        #expect(asRange.seconds(from: a, to: b) == (5 + 22 * 8 + 23 * 8 + 3) * 3600)
        // In the middle of it nothing is left until it ends: the next working second is 2 January 2030.
        let inside = zone.instant(wall(2028, 6, 1, 12))
        #expect(asRange.instant(after: inside, working: 1) == zone.instant(wall(2030, 1, 1, 9)) + 1)
    }

    @Test("where a fat zone file's table hands over to the rule")
    func ruleTakesOver() throws {
        for name in Self.zones {
            let zone = try systemZone(name)
            guard let k = zone.ruleTakesOver() else {
                #expect(name == "Asia/Kathmandu")
                continue
            }
            // From the hand-over on, every offset is the rule's.
            let rule = try #require(zone.rule)
            var t = zone.transitions.isEmpty ? Int64(0) : zone.transitions[k]
            while t < Int64(2_200_000_000) {
                #expect(zone.offset(at: Instant(t)) == rule.type(at: t).offset, "\(name) at \(t)")
                t += 86_400 * 5 + 3_607
            }
        }
    }
}
