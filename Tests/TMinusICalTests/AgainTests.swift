import Foundation
import Testing
import TMinusCore
@testable import TMinusICal

/// A big file read in parts keeps the open entries nearest now its source shows, one more, and a
/// margin (the rest is left out: `ICalRead.cutoff`); read again as its events end
/// (`ICalRead.again`), it re-reads only those events and gives the nearest open entries a read in
/// parts gives then, until the margin is used up or the cutoff's time comes, and then says the
/// file must be read whole (nil), never a shorter or a wrong list.
struct AgainTests {
    static var zones: ICalZones { ICalZones(local: systemZone("Europe/Berlin")!, system: systemZone) }
    static let start = at("2026-11-26T08:00:00Z")

    /// A todo, 50 past events, 200 events 7 minutes apart, a daily series with an override
    /// further on, and copies of a UID.
    static let bytes: [UInt8] = {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN",
            "BEGIN:VTODO", "UID:first@x", "SUMMARY:First todo", "END:VTODO",
            "BEGIN:VEVENT", "UID:daily@x", "DTSTART:20261126T081000Z", "RRULE:FREQ=DAILY;COUNT=30", "SUMMARY:Daily",
            "END:VEVENT",
            "BEGIN:VEVENT", "UID:copy@x", "SEQUENCE:1", "DTSTART:20261126T084000Z", "SUMMARY:Copy one", "END:VEVENT"
        ]
        for i in 0..<250 {
            let t = Instant(start.seconds + Int64(i - 50) * 420 + 60)
            lines += ["BEGIN:VEVENT", "UID:e\(i)@x", "DTSTART:\(t.seconds.utcText)", "SUMMARY:Event \(i)", "END:VEVENT"]
        }
        lines += [
            "BEGIN:VEVENT", "UID:daily@x", "RECURRENCE-ID:20261127T081000Z", "DTSTART:20261127T093000Z",
            "SUMMARY:Daily, later", "END:VEVENT",
            "BEGIN:VEVENT", "UID:copy@x", "SEQUENCE:2", "DTSTART:20261126T085000Z", "SUMMARY:Copy two", "END:VEVENT",
            "END:VCALENDAR"
        ]
        return Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
    }()

    static func options(_ now: Instant) -> ICalOptions {
        var o = ICalOptions(now: now, hold: 300, events: true, source: "cal")
        o.openLimit = 4
        return o
    }

    static func read(_ now: Instant) -> ICalRead {
        ICalRead.readInParts(bytes, options: options(now), zones: zones, fallbackID: "cal.ics", partSize: 2_000)
    }

    /// The 4 open entries nearest `now` (what a source of `maxItems` 3 shows, and one more).
    static func shown(_ r: ICalRead, _ now: Instant) -> [String] {
        let open = r.entries.filter(\.item.isOpen).map { (Nearness($0.item, now: now, zone: zones.local), $0) }
        return open.sorted { ($0.0, $0.1.ordinal) < ($1.0, $1.1.ordinal) }.prefix(4).map(\.1).map {
            "\($0.ordinal) \($0.item.title) \($0.item.due.map { "\($0)" } ?? "-") \($0.expires?.seconds ?? 0)"
        }
    }

    @Test func readingAgainGivesTheNearestOpenEntriesUntilTheMarginIsUsed() throws {
        var earlier = Self.read(Self.start).indexed(Self.bytes)
        #expect(earlier.cutoff != nil && earlier.leftOut > 0, "the read left entries out")
        #expect(earlier.entries.filter(\.item.isOpen).count == 4 + ICalRead.margin(4))
        var again = 0, whole = 0
        var now = Self.start
        for _ in 0..<150 {
            now = now + 420
            let truth = Self.read(now)
            let wholeRead = ICalRead.read(
                Self.bytes, options: Self.options(now), zones: Self.zones, fallbackID: "cal.ics")
            #expect(Self.shown(wholeRead, now) == Self.shown(truth, now), "whole vs parts at \(now.seconds)")
            if let r = ICalRead.again(
                earlier, options: Self.options(now), zones: Self.zones, fallbackID: "cal.ics",
                piece: { Array(Self.bytes[$0]) })
            {
                #expect(Self.shown(r, now) == Self.shown(truth, now), "at \(now.seconds)")
                earlier = r
                again += 1
            } else {
                // Only when too few of what it kept are open, or the cutoff's time has come.
                let open = earlier.entries.filter { $0.item.isOpen && ($0.expires.map { $0 > now } ?? true) }
                #expect(open.count < 4 + 2 || now.seconds >= earlier.cutoff?.time ?? .max, "at \(now.seconds)")
                earlier = truth.indexed(Self.bytes)
                whole += 1
            }
        }
        #expect(again > 120 && whole >= 1 && whole <= 4, "\(again) re-reads, \(whole) whole reads")
    }

    /// A piece that does not read back (the file is not what the read was of) is never guessed at.
    @Test func aPieceThatDoesNotReadBackMeansReadWhole() {
        let earlier = Self.read(Self.start).indexed(Self.bytes)
        let later = Self.start + 3_600
        #expect(
            ICalRead.again(
                earlier, options: Self.options(later), zones: Self.zones, fallbackID: "cal.ics", piece: { _ in nil })
                == nil)
        #expect(
            ICalRead.again(
                earlier, options: Self.options(later), zones: Self.zones, fallbackID: "cal.ics",
                piece: { Array(Self.bytes[$0].dropLast()) }) == nil)
        #expect(
            ICalRead.again(
                earlier, options: Self.options(Self.start + 1), zones: Self.zones, fallbackID: "cal.ics",
                piece: { _ in nil }) != nil,
            "nothing is over: nothing is read")
    }
}

extension Int64 {
    /// These seconds as an iCalendar UTC date-time.
    var utcText: String {
        let d = LocalDateTime(secondsAsUTC: self)
        return String(
            format: "%04d%02d%02dT%02d%02d%02dZ", d.date.year, d.date.month, d.date.day, d.hour, d.minute, d.second)
    }
}

/// A calendar's X-WR-TIMEZONE (Google writes it) says where its floating times are: read whole,
/// in parts, and again (the small calendar `again` builds from an event's bytes has none of the
/// calendar's own lines, so it carries the zone), the 09:00 is 09:00 in Berlin, not in the reader's zone.
struct CalendarZoneTests {
    static let bytes: [UInt8] = Array(
        [
            "BEGIN:VCALENDAR", "VERSION:2.0", "X-WR-TIMEZONE:Europe/Berlin", "BEGIN:VEVENT", "UID:w@x",
            "DTSTART:20260301T090000", "RRULE:FREQ=DAILY;COUNT=3", "SUMMARY:Review", "END:VEVENT",
            "BEGIN:VEVENT", "UID:z@x", "DTSTART:20270101T000000Z", "SUMMARY:Later", "END:VEVENT", "END:VCALENDAR", ""
        ].joined(separator: "\r\n").utf8)

    static func options(_ now: Instant) -> ICalOptions { ICalOptions(now: now, hold: 0, events: true, source: "s") }
    static var zones: ICalZones { ICalZones(local: .utc, system: systemZone) }

    @Test func floatingTimesAreReadInTheCalendarsZoneEveryWay() throws {
        let now = at("2026-03-01T07:00:00Z")
        let whole = ICalRead.read(Self.bytes, options: Self.options(now), zones: Self.zones, fallbackID: "f")
        let parts = ICalRead.readInParts(
            Self.bytes, options: Self.options(now), zones: Self.zones, fallbackID: "f", partSize: 40)
        for r in [whole, parts] {
            #expect(r.entries.first?.item.due == .instant(at("2026-03-01T08:00:00Z")))
            #expect(r.problems.isEmpty, "\(r.problems)")
        }
        // Once the first instance is over, only that event is read again: the next is 08:00 UTC too.
        let later = at("2026-03-01T08:00:01Z")
        let again = try #require(
            ICalRead.again(whole.indexed(Self.bytes), options: Self.options(later), zones: Self.zones, fallbackID: "f")
            {
                Array(Self.bytes[$0])
            })
        #expect(again.entries.first?.item.due == .instant(at("2026-03-02T08:00:00Z")))
    }

    @Test func aZoneTminusDoesNotKnowIsSaidAndLocalTimeIsUsed() {
        let bytes = Array(
            String(decoding: Self.bytes, as: UTF8.self).replacingOccurrences(
                of: "Europe/Berlin", with: "Mars/Olympus"
            ).utf8)
        let r = ICalRead.read(
            bytes, options: Self.options(at("2026-03-01T07:00:00Z")), zones: Self.zones, fallbackID: "f")
        #expect(r.entries.first?.item.due == .instant(at("2026-03-01T09:00:00Z")))
        #expect(
            r.problems.map(\.message) == [
                "'Mars/Olympus' is not a time zone tminus knows; floating times are read as local time"
            ])
    }
}
