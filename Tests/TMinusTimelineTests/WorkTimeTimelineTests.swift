import TMinusCore
import TMinusTimeline
import Testing

/// Working-time countdowns in the timeline: `{worktime}` for any deadline, `{countdown}` for one
/// with working time on; entries only where working time ticks. In the four zones the time tests
/// use, over a weekend the clocks change.
struct WorkTimeTimelineTests {
    static let zones = ["America/Los_Angeles", "Europe/Berlin", "Australia/Lord_Howe", "Asia/Kathmandu"]

    static func config(_ precision: Precision, templates: String = "{countdown}") -> Config {
        var c = Config()
        c.precision = precision
        c.templates.small = templates
        c.templates.medium = templates
        c.templates.large = templates
        return c
    }

    static func report(due: Instant, worktime: Bool = true, source: String = Item.ownSource) -> Item {
        // (Started long ago: its percent changes every 100 days, adding no entry in these tests.)
        var d = Fixtures.deadline("Report", due: .instant(due), start: due - 10_000 * 86_400)
        d.worktime = worktime
        d.source = source
        return d
    }

    @Test("Friday 16:00 to Monday 10:00 shows 2 working hours", arguments: zones)
    func fridayToMonday(_ name: String) {
        let zone = Fixtures.zone(name)
        let due = Fixtures.at("2026-11-30T10:00", zone)
        let friday = Fixtures.at("2026-11-27T16:00", zone)
        let p = Fixtures.provider(
            [Self.report(due: due)], config: Self.config(.auto, templates: "{countdown}|{countdown_long}|{worktime}"),
            zone: zone)
        #expect(p.entry(at: friday).small == "2h 00m|2 hours|2h 00m")
        // The weekend: no working time passes; the text stands still.
        #expect(p.entry(at: Fixtures.at("2026-11-28T12:00", zone)).small == "1h 00m|1 hour|1h 00m")
        #expect(p.entry(at: Fixtures.at("2026-11-30T09:59:30", zone)).small == "00:30|30 seconds|00:30")
        #expect(p.entry(at: due).small == "over|Deadline is over!|over")
        // Working time off: {countdown} is the wall clock's, {worktime} still counts work.
        let wall = Fixtures.provider(
            [Self.report(due: due, worktime: false)], config: Self.config(.auto, templates: "{countdown}|{worktime}"),
            zone: zone)
        #expect(wall.entry(at: friday).small == "2d 18h|2h 00m")
    }

    @Test("a holiday from the calendar source is a day off", arguments: zones)
    func holidayFromSource(_ name: String) {
        let zone = Fixtures.zone(name)
        let due = Fixtures.at("2026-12-01T10:00", zone)
        var holiday = Fixtures.deadline(
            "St Andrew's Day", due: .day(CivilDate(year: 2026, month: 11, day: 30)), start: due - 86_400 * 60, handle: 2
        )
        holiday.source = "holidays"
        holiday.end = zone.startOfDay(CivilDate(year: 2026, month: 12, day: 1))
        var config = Self.config(.auto)
        config.holidays = "holidays"
        // (The holiday is a deadline too, and due first: the report is pinned.)
        config.deadline = .ref("Report")
        let p = Fixtures.provider([Self.report(due: due), holiday], config: config, zone: zone)
        let e = p.entry(at: Fixtures.at("2026-11-27T16:00", zone))
        #expect(e.deadline?.title == "Report" && e.small == "2h 00m")
        config.holidays = nil
        let without = Fixtures.provider([Self.report(due: due), holiday], config: config, zone: zone)
        #expect(without.entry(at: Fixtures.at("2026-11-27T16:00", zone)).small == "10h 00m")
    }

    @Test("entries fall where working time ticks, none each second over a weekend", arguments: zones)
    func entriesOnlyInWorkingTime(_ name: String) {
        let zone = Fixtures.zone(name)
        let due = Fixtures.at("2026-11-30T10:00", zone)
        let work = WorkTime(hours: .standard, zone: zone)
        let p = Fixtures.provider([Self.report(due: due)], config: Self.config(.seconds), zone: zone)
        let t = p.timeline(from: Fixtures.at("2026-11-27T16:59:00", zone), until: due)
        Fixtures.checkInvariants(t)
        // Every second of Friday's last working minute and of Monday's hour, and the due; out of
        // working time only the warning state (which comes in wall time), no countdown entry.
        let inWork = t.entries.filter { work.isWorking(at: $0.date - 1) }
        let elsewhere = t.entries.filter { !work.isWorking(at: $0.date - 1) }
        #expect(inWork.count == 61 + 3599 + 1)
        #expect(
            elsewhere.map { Fixtures.local($0.date, zone) } == ["2026-11-29T10:00:01"],
            "\(elsewhere.map { Fixtures.local($0.date, zone) })")
        #expect(elsewhere.first?.state == .warning)
    }

    @Test(
        "a DST weekend between: entries and text are exact",
        arguments: [
            ("America/Los_Angeles", "2027-03-12T16:00", "2027-03-15T10:00"),
            ("Europe/Berlin", "2027-03-26T16:00", "2027-03-29T10:00"),
            ("Australia/Lord_Howe", "2026-10-02T16:00", "2026-10-05T10:00"),
            ("Asia/Kathmandu", "2027-03-26T16:00", "2027-03-29T10:00")
        ])
    func dstWeekend(_ row: (String, String, String)) {
        let zone = Fixtures.zone(row.0)
        let from = Fixtures.at(row.1, zone), due = Fixtures.at(row.2, zone)
        let p = Fixtures.provider([Self.report(due: due)], config: Self.config(.minutes), zone: zone)
        #expect(p.entry(at: from).small == "2h 00m")
        let t = p.timeline(from: from, until: due)
        Fixtures.checkInvariants(t)
        // The first entry, a change each working minute (60 on Friday, 60 on Monday), the warning
        // state on Sunday, the due.
        #expect(t.entries.count == 1 + 60 + 1 + 60 + 1)
        #expect(t.entries.last?.date == due)
    }
}

extension Fixtures {
    /// An instant as local wall time in `zone`, "YYYY-MM-DDTHH:MM:SS".
    static func local(_ t: Instant, _ zone: Zone) -> String {
        let l = zone.local(t)
        return "\(l.date)T\(pad(l.hour, 2)):\(pad(l.minute, 2)):\(pad(l.second, 2))"
    }
}
