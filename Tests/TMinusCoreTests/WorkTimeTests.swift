import Testing
@testable import TMinusCore

/// A working-time count to check: from and to as wall times in the zone, the hours, the days off.
struct WorkCase: Sendable, CustomTestStringConvertible {
    var zone: String
    var from: LocalDateTime
    var to: LocalDateTime
    var hours = "Mon-Fri 09:00-17:00"
    var daysOff: [CivilDate] = []
    var expected: Int64
    var note: String
    var testDescription: String { "\(zone): \(note)" }
}

@Suite("Working hours and working time")
struct WorkTimeTests {
    static let zones = ["America/Los_Angeles", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu"]

    /// Each zone's spring-forward Saturday (its night runs into the Sunday the clocks go forward)
    /// and how much shorter that night is; Kathmandu has no DST.
    static let springNight: [String: (CivilDate, Int64)] = [
        "America/Los_Angeles": (day(2027, 3, 13), 3600), "Europe/Berlin": (day(2027, 3, 27), 3600),
        "Australia/Lord_Howe": (day(2026, 10, 3), 1800), "Asia/Kathmandu": (day(2027, 3, 27), 0)
    ]
    static let fallNight: [String: (CivilDate, Int64)] = [
        "America/Los_Angeles": (day(2026, 10, 31), 3600), "Europe/Berlin": (day(2026, 10, 24), 3600),
        "Australia/Lord_Howe": (day(2027, 4, 3), 1800), "Asia/Kathmandu": (day(2026, 10, 24), 0)
    ]

    static let cases: [WorkCase] = zones.flatMap { z -> [WorkCase] in
        let (spring, short) = springNight[z]!
        let (fall, long) = fallNight[z]!
        return [
            WorkCase(
                zone: z, from: wall(2026, 11, 27, 16), to: wall(2026, 11, 30, 10), expected: 7200,
                note: "Friday 16:00 to Monday 10:00 is 2 working hours"),
            WorkCase(
                zone: z, from: wall(2026, 11, 27, 16), to: wall(2026, 12, 1, 10), daysOff: [day(2026, 11, 30)],
                expected: 7200,
                note: "a holiday Monday in between: to Tuesday 10:00 is 2 hours"),
            WorkCase(
                zone: z, from: wall(2026, 12, 23, 12), to: wall(2027, 1, 5, 12),
                daysOff: [day(2026, 12, 24), day(2026, 12, 25), day(2026, 12, 26), day(2026, 12, 31), day(2027, 1, 1)],
                expected: 5 * 3600 + 4 * 8 * 3600 + 3 * 3600, note: "over Christmas and New Year, holidays out"),
            WorkCase(
                zone: z, from: wall(2026, 11, 27, 18), to: wall(2026, 11, 30, 9), expected: 0,
                note: "a weekend alone is no working time"),
            WorkCase(
                zone: z, from: wall(2026, 11, 30, 8), to: wall(2026, 11, 30, 18),
                hours: "Mon-Fri 09:00-12:00,13:00-17:00",
                expected: 7 * 3600, note: "two ranges a day, lunch out"),
            WorkCase(
                zone: z, from: spring.adding(days: -1).at(16), to: spring.adding(days: 2).at(10), expected: 7200,
                note: "Friday to Monday over the weekend the clocks go forward: still 2 hours"),
            WorkCase(
                zone: z, from: spring.at(20), to: spring.adding(days: 1).at(7),
                hours: "Sat 22:00-24:00; Sun 00:00-06:00",
                expected: 8 * 3600 - short, note: "a night shift the night the clocks go forward is shorter"),
            WorkCase(
                zone: z, from: fall.at(20), to: fall.adding(days: 1).at(7), hours: "Sat 22:00-24:00; Sun 00:00-06:00",
                expected: 8 * 3600 + long, note: "a night shift the night the clocks go back is longer"),
            WorkCase(
                zone: z, from: spring.at(12), to: spring.adding(days: 1).at(12), hours: "Mon-Sun 00:00-24:00",
                expected: 24 * 3600 - short, note: "round the clock: the true hours of a DST day"),
            WorkCase(
                zone: z, from: wall(2026, 11, 2, 9), to: wall(2027, 11, 1, 9), hours: "Mon-Sun 00:00-24:00",
                expected: -1, note: "round the clock for a year: the true seconds")
        ]
    }

    @Test("working seconds between two wall times", arguments: cases)
    func counts(_ c: WorkCase) throws {
        let zone = try systemZone(c.zone)
        let hours = try WorkingHours.parse(c.hours).get()
        let work = WorkTime(hours: hours, daysOff: c.daysOff, zone: zone)
        let a = zone.instant(c.from), b = zone.instant(c.to)
        // (-1: the true seconds between the two, whatever the zone's changes in between.)
        let expected = c.expected < 0 ? b - a : c.expected
        #expect(work.seconds(from: a, to: b) == expected)
        #expect(work.walked(from: a, to: b) == expected)
        if expected > 0 {
            // The inverse: the instant the count is used up is the last working second's end.
            let end = try #require(work.instant(after: a, working: expected))
            #expect(work.seconds(from: a, to: end) == expected)
            #expect(work.seconds(from: a, to: end - 1) == expected - 1)
        }
    }

    @Test("the sum by weeks is the day-by-day walk, for any span, hours and holidays", arguments: zones)
    func weeksEqualWalk(_ name: String) throws {
        let zone = try systemZone(name)
        var rng = Seeded(seed: UInt64(name.utf8.count) * 7919)
        let hourTexts = [
            "Mon-Fri 09:00-17:00", "Mon-Fri 09:00-12:00,13:00-17:30; Sat 10:00-12:00", "Mon-Sun 00:00-24:00",
            "Sat 22:00-24:00; Sun 00:00-06:00", "Tue,Thu 01:30-03:15", "Mon-Sun 02:00-03:00"
        ]
        let base = wall(2026, 1, 1).secondsAsUTC
        for round in 0..<300 {
            let hours = try WorkingHours.parse(hourTexts[round % hourTexts.count]).get()
            var off: [CivilDate] = []
            for _ in 0..<Int(rng.next() % 20) { off.append(day(2026, 1, 1).adding(days: Int(rng.next() % 1100))) }
            let work = WorkTime(hours: hours, daysOff: off, zone: zone)
            let a = Instant(base + Int64(rng.next() % (1000 * 86_400)))
            let b = a + Int64(rng.next() % (round % 3 == 0 ? 40 * 86_400 : 400 * 86_400))
            let fast = work.seconds(from: a, to: b), slow = work.walked(from: a, to: b)
            #expect(fast == slow, "\(hourTexts[round % hourTexts.count]) from \(a) to \(b)")
            if slow > 0 {
                let k = Int64(rng.next() % UInt64(slow)) + 1
                let u = try #require(work.instant(after: a, working: k))
                #expect(work.seconds(from: a, to: u) == k && work.seconds(from: a, to: u - 1) == k - 1)
            }
        }
    }

    @Test("the offset changes of a zone, found week by week")
    func offsetChanges() throws {
        let berlin = try systemZone("Europe/Berlin")
        let changes = berlin.offsetChanges(from: at("2026-01-01T00:00:00Z"), to: at("2028-01-01T00:00:00Z"))
        #expect(
            changes == [
                at("2026-03-29T01:00:00Z"), at("2026-10-25T01:00:00Z"), at("2027-03-28T01:00:00Z"),
                at("2027-10-31T01:00:00Z")
            ])
        #expect(
            try systemZone("Asia/Kathmandu").offsetChanges(
                from: at("2026-01-01T00:00:00Z"), to: at("2036-01-01T00:00:00Z")
            ).isEmpty)
    }

    @Test(
        "workingHours texts read, or say what is wrong",
        arguments: [
            ("Mon-Fri 09:00-17:00", "Mon-Fri 09:00-17:00"),
            ("mon-fri 9:00-17:00", "Mon-Fri 09:00-17:00"),
            ("Mon, Wed 09:00-12:00, 13:00-17:00", "Mon,Wed 09:00-12:00,13:00-17:00"),
            ("Mon-Thu 08:00-16:00; Fri 08:00-12:00", "Mon-Thu 08:00-16:00; Fri 08:00-12:00"),
            ("Fri-Mon 10:00-11:00", "Mon,Fri-Sun 10:00-11:00"),
            ("Monday 09:00-10:00,09:30-11:00", "Mon 09:00-11:00"),
            ("Sat 22:00-24:00; Sun 00:00-06:00", "Sat 22:00-24:00; Sun 00:00-06:00")
        ])
    func reads(_ text: String, _ canonical: String) throws {
        #expect(try WorkingHours.parse(text).get().description == canonical)
    }

    @Test(
        "bad workingHours texts are refused with the reason",
        arguments: [
            ("", "needs days and times"), ("Mon-Fri", "needs days and times"), ("09:00-17:00", "needs days and times"),
            ("Mo-Fr 09:00-17:00", "is not a day"), ("Mon-Fri 17:00-09:00", "ends before it starts"),
            ("Mon-Fri 09:00-25:00", "is not a range of times"), ("Mon-Fri 9-17", "is not a range of times"),
            ("Mon-Fri 09:00-17:00;", "needs days and times"), ("Mon-Fri 09:60-17:00", "is not a range of times")
        ])
    func refuses(_ text: String, _ reason: String) {
        guard case .failure(let e) = WorkingHours.parse(text) else { Issue.record("'\(text)' was read"); return }
        #expect(e.message.contains(reason), "\(e.message)")
    }
}

extension CivilDate {
    func at(_ hour: Int) -> LocalDateTime { LocalDateTime(date: self, hour: hour) }
}

/// A seeded linear congruential generator (Knuth's MMIX constants): the same cases on every run.
struct Seeded {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 17
    }
}
