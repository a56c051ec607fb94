import TMinusCore
import TMinusTimeline
import Testing

/// Timelines in several zones across both DST changes: entries only where content changes,
/// `remaining` always true, the over entry on the due instant.
struct TimelineTests {
    /// The acceptance case: LA, due 2027-03-15 16:30 seen from 2027-03-12 10:00 (spring forward between).
    @Test func losAngelesAcrossSpringForward() throws {
        let la = Fixtures.zone("America/Los_Angeles")
        let now = Fixtures.at("2027-03-12T10:00", la)
        let due = Fixtures.at("2027-03-15T16:30", la)
        let p = Fixtures.provider([Fixtures.deadline("Thesis", due: .instant(due), start: now)], zone: la)
        let t = p.timeline(from: now, limit: 100_000)
        Fixtures.checkInvariants(t)
        #expect(t.policy == .never)
        let last = try #require(t.entries.last)
        #expect(last.date == due)
        #expect(last.state == .over)
        #expect(RFC3339.format(last.date, offset: la.offset(at: last.date)) == "2027-03-15T16:30:00-07:00")
        // Hourly while a day or more is left, per minute under a day, per second in the last hour.
        #expect((4_900...5_300).contains(t.entries.count), "\(t.entries.count) entries")
        #expect(t.entries[0].small == "⏳ 3d 6h")
        let lastHour = t.entries.filter { due - $0.date <= 3600 && due - $0.date > 0 }
        #expect(lastHour.count == 3599)
    }

    @Test(arguments: [
        ("America/Los_Angeles", "2026-10-30T09:15", "2026-11-02T08:45"),  // fall back
        ("America/Los_Angeles", "2027-03-12T10:00", "2027-03-15T16:30"),  // spring forward
        ("Europe/Berlin", "2026-10-23T22:00", "2026-10-26T01:30"),
        ("Europe/Berlin", "2027-03-26T12:00", "2027-03-29T02:30"),
        ("Australia/Lord_Howe", "2026-10-02T20:00", "2026-10-05T03:00"),  // 30-minute spring forward
        ("Australia/Lord_Howe", "2027-04-02T20:00", "2027-04-05T01:45"),  // 30-minute fall back
        ("Asia/Kathmandu", "2026-12-30T18:00", "2027-01-01T00:00")  // +05:45, turn of a year
    ])
    func overLandsOnTheDueInstant(_ row: (String, String, String)) throws {
        let zone = Fixtures.zone(row.0)
        let now = Fixtures.at(row.1, zone)
        let due = Fixtures.at(row.2, zone)
        let p = Fixtures.provider([Fixtures.deadline("D", due: .instant(due), start: now - 86_400)], zone: zone)
        let t = p.timeline(from: now, limit: 100_000)
        Fixtures.checkInvariants(t)
        let last = try #require(t.entries.last)
        #expect(last.date == due && last.state == .over && t.policy == .never)
        #expect(t.entries.filter { $0.state == .over }.count == 1)
        // Thresholds: warning from 24 h before, critical from 1 h before.
        let firstWarning = try #require(t.entries.first { $0.state == .warning })
        #expect(due - firstWarning.date == 86_399 || firstWarning.date == now)
        let firstCritical = try #require(t.entries.first { $0.state == .critical })
        #expect(due - firstCritical.date == 3599)
    }

    @Test func wholeDayDeadlineCountsToTheEndOfTheDay() throws {
        let z = Fixtures.zone("Europe/Berlin")
        let now = Fixtures.at("2026-11-29T20:00", z)
        let p = Fixtures.provider(
            [Fixtures.deadline("Tax", due: .day(CivilDate(year: 2026, month: 11, day: 30)), start: now - 3600)], zone: z
        )
        let e = p.entry(at: now)
        let remaining = try #require(e.deadline?.remaining)
        #expect(remaining == 100_800)
        #expect(e.small == "⏳ 1d 4h")
        let last = try #require(p.timeline(from: now, limit: 100_000).entries.last)
        #expect(last.date == Fixtures.at("2026-12-01T00:00", z))
    }

    @Test func deadlineAtLocalMidnight() throws {
        let z = Fixtures.zone("America/Los_Angeles")
        let now = Fixtures.at("2026-12-31T22:00", z)
        let due = Fixtures.at("2027-01-01T00:00", z)
        let t = Fixtures.provider([Fixtures.deadline("New year", due: .instant(due), start: now)], zone: z).timeline(
            from: now, limit: 100_000)
        Fixtures.checkInvariants(t)
        #expect(t.entries.last?.date == due)
        #expect(t.entries.first?.small == "⌛ 2h 00m")
    }

    @Test func deadlineAlreadyPast() {
        let z = Zone.utc
        let now = Instant(1_800_000_000)
        let t = Fixtures.provider([Fixtures.deadline("Old", due: .instant(now - 100), start: now - 1000)], zone: z)
            .timeline(from: now)
        #expect(t.entries.count == 1)
        #expect(t.entries[0].state == .over && t.entries[0].small == "🏁 over")
        #expect(t.policy == .never)
    }

    @Test func noDeadlinesAtAll() {
        let t = Fixtures.provider([], zone: .utc).timeline(from: Instant(1_800_000_000))
        #expect(t.entries.count == 1)
        #expect(t.entries[0].state == .none && t.entries[0].medium == "no deadlines")
        #expect(t.policy == .never)
    }

    @Test func twoDeadlinesDueAtTheSameInstant() throws {
        let z = Zone.utc
        let now = Instant(1_800_000_000)
        let due = now + 600
        let p = Fixtures.provider(
            [
                Fixtures.deadline("A", due: .instant(due), start: now, handle: 1),
                Fixtures.deadline("B", due: .instant(due), start: now, handle: 2)
            ], zone: z)
        let t = p.timeline(from: now, limit: 100_000)
        Fixtures.checkInvariants(t)
        #expect(t.entries.allSatisfy { $0.deadline?.title == "A" })
        #expect(t.entries.last?.date == due && t.entries.last?.state == .over)
        #expect(t.policy == .never)
    }

    @Test func nextHandsOverAfterTheOverHold() throws {
        let z = Zone.utc
        let now = Instant(1_800_000_000)
        let p = Fixtures.provider(
            [
                Fixtures.deadline("A", due: .instant(now + 60), start: now, handle: 1),
                Fixtures.deadline("B", due: .instant(now + 86_400 * 3), start: now, handle: 2)
            ], zone: z)
        let t = p.timeline(from: now, until: now + 7200)
        Fixtures.checkInvariants(t)
        let over = try #require(t.entries.first { $0.state == .over })
        #expect(over.date == now + 60 && over.deadline?.title == "A")
        let handover = try #require(t.entries.first { $0.deadline?.title == "B" })
        #expect(handover.date == now + 60 + 3600)
        guard case .after(let reload) = t.policy else { Issue.record("policy \(t.policy)"); return }
        #expect(reload > now + 7200)
    }

    @Test func aFixedDeadlineStaysOver() {
        var config = Config()
        config.deadline = .ref("A")
        let now = Instant(1_800_000_000)
        let p = Fixtures.provider(
            [
                Fixtures.deadline("A", due: .instant(now + 60), start: now, handle: 1),
                Fixtures.deadline("B", due: .instant(now + 86_400), start: now, handle: 2)
            ], config: config, zone: .utc)
        let t = p.timeline(from: now, limit: 100_000)
        #expect(t.entries.last?.state == .over && t.entries.last?.deadline?.title == "A" && t.policy == .never)
    }

    @Test func todayRollsOverAtMidnightAndTodosTurnOverdue() throws {
        let z = Fixtures.zone("Europe/Berlin")
        let now = Fixtures.at("2026-11-22T22:00", z)
        let todos = [
            Fixtures.todo("Call mom", due: .instant(Fixtures.at("2026-11-22T23:00", z)), handle: 2),
            Fixtures.todo("Buy milk", due: .day(CivilDate(year: 2026, month: 11, day: 23)), handle: 3),
            Fixtures.todo("Someday", handle: 4)
        ]
        let p = Fixtures.provider([], todos: todos, zone: z)
        // (Until 23:00 the timed todo counts down on the bar, a second at a time in its last hour.)
        let t = p.timeline(from: now, limit: 100_000)
        Fixtures.checkInvariants(t)
        #expect(t.entries.first?.deadline?.title == "Call mom")
        let later = t.entries.filter { $0.date >= Fixtures.at("2026-11-22T23:00", z) }
        #expect(
            later.map(\.date) == [
                Fixtures.at("2026-11-22T23:00", z), Fixtures.at("2026-11-23T00:00", z),
                Fixtures.at("2026-11-24T00:00", z)
            ])
        #expect(t.entries[0].todos.map(\.title) == ["Call mom", "Someday"])
        #expect(later[0].todos.first?.overdue == true && later[0].deadline == nil && later[0].state == .overdue)
        #expect(later[1].todos.map(\.title) == ["Call mom", "Buy milk", "Someday"])
        #expect(later[2].todos.map(\.overdue) == [true, true, false])
        #expect(t.policy == .never)
    }

    @Test func limitGivesAtEnd() {
        let now = Instant(1_800_000_000)
        let p = Fixtures.provider([Fixtures.deadline("A", due: .instant(now + 86_400 * 30), start: now)], zone: .utc)
        let t = p.timeline(from: now, limit: 5)
        #expect(t.entries.count == 5 && t.policy == .atEnd)
    }

    @Test func entriesAreLazy() {
        var config = Config()
        config.precision = .seconds
        let now = Instant(1_800_000_000)
        let p = Fixtures.provider(
            [Fixtures.deadline("A", due: .instant(now + 86_400 * 60), start: now)], config: config, zone: .utc)
        // Sixty days at one entry a second would be 5 million entries; reading ten costs ten.
        let first = Array(p.entries(from: now).prefix(10))
        #expect(first.count == 10)
        #expect(first.last!.date == now + 9)
    }

    @Test func minutePrecisionIsOneEntryAMinute() {
        var config = Config()
        config.precision = .minutes
        let now = Instant(1_800_000_000)
        let p = Fixtures.provider(
            [Fixtures.deadline("A", due: .instant(now + 1800), start: now - 86_400 * 365)], config: config, zone: .utc)
        let t = p.timeline(from: now)
        #expect(t.entries.count <= 31 + 2)
    }

    @Test func familiesDefaultText() {
        let now = Instant(1_800_000_000)
        let p = Fixtures.provider(
            [Fixtures.deadline("Thesis", due: .instant(now + 2 * 86_400 + 4 * 3600 + 60), start: now - 86_400)],
            todos: [
                Fixtures.todo("Buy milk", due: .day(CivilDate(year: 2027, month: 1, day: 15)), handle: 2),
                Fixtures.todo("Call mom", due: .day(CivilDate(year: 2027, month: 1, day: 15)), handle: 3)
            ], zone: .utc)
        let e = p.entry(at: now)
        #expect(e.small == "⏳ 2d 4h")
        #expect(e.medium == "Thesis 2d 4h · 2 todos")
        #expect(e.large.split(separator: "\n").count == 4)
        #expect(e.large.contains("• Buy milk"))
    }
}
