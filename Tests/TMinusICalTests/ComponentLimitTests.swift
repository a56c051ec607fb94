import Foundation
import Testing
import TMinusCore
@testable import TMinusICal

/// A component past `ICalParser.maxComponentLines` or `maxComponentBytes` is refused with a
/// problem line and the rest of the calendar is read, whole or in parts; a VCALENDAR past the
/// limit keeps its events and lets its own lines go. Nothing of what is refused is kept (a file of
/// millions of four-byte lines used to cost a property of ~170 bytes each).
struct ComponentLimitTests {
    static var zones: ICalZones { ICalZones(local: systemZone("Europe/Berlin")!, system: systemZone) }

    static func event(_ uid: String, day: Int) -> String {
        "BEGIN:VEVENT\r\nUID:\(uid)\r\nSUMMARY:\(uid)\r\nDTSTART:202612\(day < 10 ? "0" : "")\(day)T090000Z\r\nEND:VEVENT\r\n"
    }

    static func junk(_ lines: Int) -> String { String(repeating: "X:1\n", count: lines) }

    /// Read whole and in parts: the same titles and problems both ways.
    func read(_ text: String) -> (titles: [String], problems: [String]) {
        let bytes = Array(text.utf8)
        let options = ICalOptions(now: at("2026-11-22T10:00:00Z"), hold: 3600, events: true, source: "cal")
        let whole = ICalRead.read(bytes, options: options, zones: Self.zones, fallbackID: "f.ics")
        let parts = ICalRead.readInParts(
            bytes, options: options, zones: Self.zones, fallbackID: "f.ics", partSize: 1 << 20)
        #expect(parts.entries.map(\.item.title) == whole.entries.map(\.item.title))
        #expect(parts.problems.map(\.description).sorted() == whole.problems.map(\.description).sorted())
        return (whole.entries.map(\.item.title), whole.problems.map(\.description))
    }

    @Test func anEventOfTooManyLinesIsRefusedAndTheOthersRead() {
        let limit = ICalParser.maxComponentLines
        // Line 8 is the big event's BEGIN.
        let text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + Self.event("Before", day: 1)
            + "BEGIN:VEVENT\r\nUID:huge\r\nDTSTART:20261205T090000Z\r\n" + Self.junk(limit) + "END:VEVENT\r\n"
            + Self.event("After", day: 2) + "END:VCALENDAR\r\n"
        let result = read(text)
        #expect(result.titles == ["Before", "After"])
        #expect(
            result.problems == [
                "line 8: BEGIN:VEVENT is larger than \(limit) lines (no real calendar's is); it is not read"
            ])
        // At the limit it is read.
        let fits = text.replacingOccurrences(of: Self.junk(limit), with: Self.junk(limit - 2))
        let fitting = read(fits)
        #expect(fitting.titles.count == 3)
        #expect(fitting.problems.isEmpty)
    }

    @Test func alarmsThatAddUpPastTheLimitRefuseTheirEvent() {
        let alarm = "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT5M\r\n" + Self.junk(997) + "END:VALARM\r\n"
        let text =
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:alarms\r\nDTSTART:20261205T090000Z\r\n"
            + String(repeating: alarm, count: 11) + "END:VEVENT\r\n" + Self.event("After", day: 2) + "END:VCALENDAR\r\n"
        let result = read(text)
        #expect(result.titles == ["After"])
        #expect(
            result.problems == [
                "line 2: BEGIN:VEVENT is larger than 10000 lines (no real calendar's is); it is not read"
            ]
        )
    }

    @Test func anEventOfTooManyBytesIsRefused() {
        let attachment =
            "ATTACH;ENCODING=BASE64;VALUE=BINARY:" + String(repeating: "A", count: ICalParser.maxComponentBytes)
        let text =
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:fat\r\nDTSTART:20261205T090000Z\r\n" + attachment
            + "\r\nEND:VEVENT\r\n"
            + Self.event("After", day: 2) + "END:VCALENDAR\r\n"
        let result = read(text)
        #expect(result.titles == ["After"])
        #expect(
            result.problems == ["line 2: BEGIN:VEVENT is larger than 16 MB (no real calendar's is); it is not read"])
    }

    @Test func aCalendarOfTooManyLinesOfItsOwnKeepsItsEvents() {
        let limit = ICalParser.maxComponentLines
        let text =
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\n" + Self.event("Before", day: 1) + Self.junk(3 * limit)
            + Self.event("After", day: 2) + "END:VCALENDAR\r\n"
        let result = read(text)
        #expect(result.titles == ["Before", "After"])
        // Its 10,001st line of its own: the VERSION line, then 9,999 of the junk.
        #expect(
            result.problems == [
                "line \(8 + limit - 1): VCALENDAR has more than \(limit) lines of its own; they are ignored from here on (its events are read)"
            ])
        // Nothing past the limit is kept: 10,000 properties, not 30,001.
        let doc = ICalParser.parse(Array(text.utf8))
        #expect(doc.components.first?.properties.count == limit)
        #expect(doc.components.first?.components.count == 2)
    }

    @Test func linesOutsideAnyComponentAreNotKeptNorEveryBadLine() {
        let text = Self.event("Alone", day: 1) + Self.junk(50_000) + String(repeating: "no colon here\n", count: 1_000)
        let doc = ICalParser.parse(Array(text.utf8))
        #expect(doc.components.map(\.name) == ["VEVENT"])
        // The first three are reported: a file of millions keeps no more.
        #expect(doc.badLines == [50_006, 50_007, 50_008])
    }
}
