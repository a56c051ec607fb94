import Testing
import TMinusCore
@testable import TMinusICal

/// `done` on a recurring VTODO completes one instance and moves the task on (as Thunderbird,
/// Nextcloud Tasks and tasks.org do); `undo` puts the instance back.
@Suite("iCalendar writer: recurring todos")
struct RecurringTodoTests {
    static func file(_ lines: String) -> [UInt8] {
        Array(
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Nextcloud//EN\r\nBEGIN:VTODO\r\nUID:bins\r\nSUMMARY:Bins\r\n\(lines)END:VTODO\r\nEND:VCALENDAR\r\n"
                .utf8)
    }
    static func props(_ bytes: [UInt8]) -> [String: String] {
        var out: [String: String] = [:]
        for p in ICalParser.parse(bytes).find(["VTODO"]).first?.properties ?? [] {
            out[p.name + ICalWriter.parameterText(p)] = String(decoding: p.value, as: UTF8.self)
        }
        return out
    }
    static let t1 = at("2026-03-10T12:00:00Z"), t2 = at("2026-03-17T12:00:00Z")

    @Test func doneMovesDueAndStartToTheNextInstanceKeepingTheirZones() throws {
        let before = Self.file(
            "DTSTART;TZID=Europe/Berlin:20260309T180000\r\nDUE;TZID=Europe/Berlin:20260309T200000\r\nRRULE:FREQ=WEEKLY;COUNT=3\r\n"
        )
        let after = try ICalWriter.apply(.complete(at: Self.t1), to: before, uid: "bins", isEvent: false)
        let p = Self.props(after)
        #expect(p["DUE;TZID=Europe/Berlin"] == "20260316T200000")
        #expect(p["DTSTART;TZID=Europe/Berlin"] == "20260316T180000")
        #expect(p["RRULE"] == "FREQ=WEEKLY;COUNT=2")
        #expect(p["STATUS"] == nil && p["COMPLETED"] == nil, "the task stays open")
        // Made again after a kill: nothing moves twice.
        #expect(try ICalWriter.apply(.complete(at: Self.t1), to: after, uid: "bins", isEvent: false) == after)
        // undo puts the instance back and takes tminus's note out.
        let back = try ICalWriter.apply(.reopen(at: Self.t2), to: after, uid: "bins", isEvent: false)
        let q = Self.props(back)
        #expect(
            q["DUE;TZID=Europe/Berlin"] == "20260309T200000" && q["DTSTART;TZID=Europe/Berlin"] == "20260309T180000")
        #expect(q["RRULE"] == "FREQ=WEEKLY;COUNT=3" && q["X-TMINUS-PREVIOUS"] == nil)
    }

    @Test func theLastInstanceCompletesTheTask() throws {
        let before = Self.file("DUE;VALUE=DATE:20260309\r\nRRULE:FREQ=DAILY;COUNT=1\r\n")
        let after = try ICalWriter.apply(.complete(at: Self.t1), to: before, uid: "bins", isEvent: false)
        #expect(Self.props(after)["STATUS"] == "COMPLETED")
        #expect(Self.props(after)["DUE;VALUE=DATE"] == "20260309")
    }

    /// Without DTSTART the series runs from DUE (tasks.org); EXDATEd instances and UNTIL are kept.
    @Test func exdatesAreSkippedAndUntilEndsTheSeries() throws {
        let before = Self.file(
            "DUE:20260302T090000Z\r\nRRULE:FREQ=WEEKLY;UNTIL=20260317T000000Z\r\nEXDATE:20260309T090000Z\r\n")
        let after = try ICalWriter.apply(.complete(at: Self.t1), to: before, uid: "bins", isEvent: false)
        #expect(Self.props(after)["DUE"] == "20260316T090000Z")
        #expect(Self.props(after)["RRULE"] == "FREQ=WEEKLY;UNTIL=20260317T000000Z")
        let last = try ICalWriter.apply(.complete(at: Self.t2), to: after, uid: "bins", isEvent: false)
        #expect(Self.props(last)["STATUS"] == "COMPLETED", "no instance after UNTIL")
        #expect(Self.props(last)["X-TMINUS-PREVIOUS"] == nil)
    }

    /// Moved on by another client since: undo leaves the task where that client put it.
    @Test func undoLeavesATaskAnotherClientMovedAlone() throws {
        let before = Self.file("DUE:20260302T090000Z\r\nRRULE:FREQ=WEEKLY\r\n")
        let after = try ICalWriter.apply(.complete(at: Self.t1), to: before, uid: "bins", isEvent: false)
        let elsewhere = Array(
            String(decoding: after, as: UTF8.self).replacingOccurrences(
                of: "DUE:20260309T090000Z", with: "DUE:20260316T090000Z"
            ).utf8)
        #expect(try ICalWriter.apply(.reopen(at: Self.t2), to: elsewhere, uid: "bins", isEvent: false) == elsewhere)
    }
}
