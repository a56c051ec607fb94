import Foundation
import Testing
import TMinusCore
@testable import TMinusICal

/// A big file read in parts gives what the same file read whole gives: the same entries in the
/// same order (overrides with their masters, the newest copy of a UID, items without a UID named
/// by their place) and the same problems on the same lines; checked on a file with all of that and
/// on every calendar of the corpus other projects wrote, with parts as small as one component.
struct PartsTests {
    static let berlin = systemZone("Europe/Berlin")!

    static let file =
        [
            "\u{FEFF}BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN",
            "BEGIN:VTIMEZONE", "TZID:Custom/Zone", "BEGIN:STANDARD", "DTSTART:19700101T000000", "TZOFFSETFROM:+0300",
            "TZOFFSETTO:+0300", "END:STANDARD", "END:VTIMEZONE",
            "BEGIN:VEVENT", "UID:over@x", "RECURRENCE-ID;TZID=Custom/Zone:20261202T090000",
            "DTSTART;TZID=Custom/Zone:20261202T110000",
            "SUMMARY:Moved standup", "END:VEVENT",
            "BEGIN:VEVENT", "UID:solo@x", "DTSTART:20261201T100000Z", "SUMMARY:Solo", "END:VEVENT",
            "BEGIN:VTODO", "SUMMARY:No UID one", "DUE:20261205T100000Z", "END:VTODO",
            "this line has no colon",
            "begin:vevent", "uid:o", " ver@x", "DTSTART;TZID=Custom/Zone:20261125T090000", "RRULE:FREQ=DAILY;COUNT=30",
            "SUMMARY:Standup", "BEGIN:VALARM", "UID:alarm-uid", "ACTION:DISPLAY", "TRIGGER:-PT5M", "END:VALARM",
            "end:vevent",
            "BEGIN:VTODO", "UID:copy@x", "SEQUENCE:1", "SUMMARY:Copy one", "END:VTODO",
            "BEGIN:VEVENT", "UID:bad@x", "DTSTART:not a date", "SUMMARY:Broken", "END:VEVENT",
            "BEGIN:VTODO", "SUMMARY:No UID two", "END:VTODO",
            "BEGIN:VTODO", "UID:copy@x", "SEQUENCE:2", "SUMMARY:Copy two", "END:VTODO",
            "BEGIN:VJOURNAL", "UID:j@x", "SUMMARY:A journal", "END:VJOURNAL",
            "BEGIN:VEVENT", "UID:no-end@x", "DTSTART:20261203T100000Z", "SUMMARY:No END",
            "BEGIN:VEVENT", "UID:after@x", "DTSTART:20261204T100000Z", "SUMMARY:After", "END:VEVENT",
            "END:VCALENDAR", "BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:second-calendar@x",
            "SUMMARY:In the second calendar", "END:VTODO",
            "END:VCALENDAR"
        ].joined(separator: "\r\n") + "\r\n"

    func bothWays(_ bytes: [UInt8], now: String = "2026-11-26T00:00:00Z", label: String) {
        let options = ICalOptions(now: at(now), hold: 3600, events: true, source: "cal")
        let whole = ICalRead.read(
            bytes, options: options, zones: ICalZones(local: Self.berlin, system: systemZone), fallbackID: "f.ics")
        for size in [1, 200, 1 << 20] {
            let parts = ICalRead.readInParts(
                bytes, options: options, zones: ICalZones(local: Self.berlin, system: systemZone),
                fallbackID: "f.ics", partSize: size)
            #expect(parts.entries.map(describe) == whole.entries.map(describe), "\(label), parts of \(size) bytes")
            #expect(
                parts.problems.map(\.description).sorted() == whole.problems.map(\.description).sorted(),
                "\(label), parts of \(size) bytes")
        }
    }

    func describe(_ e: ICalRead.Entry) -> String {
        "\(String(decoding: e.item.jsonBytes(), as: UTF8.self)) \(e.uid ?? "-") \(e.isEvent) \(e.expires.map { String($0.seconds) } ?? "-") \(e.sequence)"
    }

    @Test func partsReadWhatTheWholeFileReads() {
        let bytes = Array(Self.file.utf8)
        let whole = ICalRead.read(
            bytes, options: ICalOptions(now: at("2026-11-26T00:00:00Z"), hold: 3600, events: true, source: "cal"),
            zones: ICalZones(local: Self.berlin, system: systemZone), fallbackID: "f.ics")
        // (The file has what parts must get right: an override before its master, copies of a UID,
        // items named by their place, a bad line, a broken date, a missing END.)
        #expect(whole.entries.contains { $0.item.title == "Copy two" })
        #expect(!whole.entries.contains { $0.item.title == "Copy one" })
        #expect(whole.entries.contains { $0.item.id == "f.ics#3" })
        #expect(whole.problems.count >= 3)
        for now in ["2026-11-26T00:00:00Z", "2026-12-02T08:00:00Z", "2027-06-01T00:00:00Z"] {
            bothWays(bytes, now: now, label: now)
        }
        // Line breaks as other writers leave them.
        bothWays(Array(Self.file.replacingOccurrences(of: "\r\n", with: "\n").utf8), label: "LF")
        bothWays(Array(Self.file.replacingOccurrences(of: "\r\n", with: "\r").utf8), label: "CR")
    }

    /// Past the open items a source shows, only the nearest are kept: a file of millions of tiny
    /// items holds what the source shows. Undated ones are kept in the file's order: the first ones
    /// are those of the whole read, also when a later copy of a UID (a higher SEQUENCE) replaces
    /// one of them.
    @Test func partsStopAfterTheOpenItemsShown() {
        var lines = ["BEGIN:VCALENDAR"]
        for i in 1...300 {
            let uid = i == 3 ? "dup" : i == 250 ? "dup" : "t\(i)"
            lines += ["BEGIN:VTODO", "UID:\(uid)", "SEQUENCE:\(i == 250 ? 2 : 0)", "SUMMARY:Todo \(i)", "END:VTODO"]
        }
        lines.append("END:VCALENDAR")
        let bytes = Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
        var options = ICalOptions(now: at("2026-11-26T00:00:00Z"), hold: 3600, events: true, source: "cal")
        let whole = ICalRead.read(
            bytes, options: options, zones: ICalZones(local: Self.berlin, system: systemZone), fallbackID: "f.ics")
        options.openLimit = 11
        let parts = ICalRead.readInParts(
            bytes, options: options, zones: ICalZones(local: Self.berlin, system: systemZone),
            fallbackID: "f.ics", partSize: 1)
        #expect(parts.entries.prefix(10).map(describe) == whole.entries.prefix(10).map(describe))
        #expect(parts.entries.contains { $0.item.title == "Todo 250" })
        #expect(parts.entries.count < 11 + ICalRead.margin(11) + 5, "stopped after the first open items and a margin")
    }

    /// Dated items later in the file that are due sooner are the ones kept, not the first in the
    /// file (a 4,778-event calendar showed its first 2,000 and missed the sooner ones): the
    /// events under way, then by due time (the overdue, then the soonest ahead), then the undated;
    /// the rest is counted as left out.
    @Test func partsKeepTheNearestNotTheFirst() {
        var lines = ["BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:undated", "SUMMARY:Undated", "END:VTODO"]
        // 300 todos due a day apart, the latest first; then one overdue and one event under way.
        for i in 0..<300 {
            lines += [
                "BEGIN:VTODO", "UID:t\(i)", "DUE:\(Int64(1_795_651_200 + (300 - i) * 86_400).utcText)", "END:VTODO"
            ]
        }
        lines += ["BEGIN:VTODO", "UID:overdue", "SUMMARY:Overdue", "DUE:20261101T090000Z", "END:VTODO"]
        lines += [
            "BEGIN:VEVENT", "UID:now", "SUMMARY:Under way", "DTSTART:20261125T230000Z", "DTEND:20261126T030000Z",
            "END:VEVENT", "END:VCALENDAR"
        ]
        let bytes = Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
        var options = ICalOptions(now: at("2026-11-26T00:00:00Z"), hold: 3600, events: true, source: "cal")
        options.openLimit = 11
        let parts = ICalRead.readInParts(
            bytes, options: options, zones: ICalZones(local: Self.berlin, system: systemZone),
            fallbackID: "f.ics", partSize: 1)
        let kept = 11 + ICalRead.margin(11)
        #expect(parts.entries.count == kept && parts.leftOut == 303 - kept)
        let ids = parts.entries.map(\.item.id)
        #expect(ids.contains("now") && ids.contains("overdue") && !ids.contains("undated"), "\(ids)")
        // The soonest todos are the last in the file: t299 (due in a day) back to t(300 - kept + 2).
        #expect(Set(ids.filter { $0.hasPrefix("t") }) == Set((300 - kept + 2..<300).map { "t\($0)" }), "\(ids)")
        #expect(parts.entries.map(\.ordinal) == parts.entries.map(\.ordinal).sorted(), "in the file's order")
    }

    @Test(.enabled(if: Corpus.available, Corpus.skipped))
    func everyCorpusFileReadsTheSameInParts() throws {
        for f in try Corpus.icsFiles() {
            for now in ["1990-01-01T00:00:00Z", "2026-11-23T12:00:00Z"] {
                bothWays(try Corpus.bytes(f), now: now, label: f)
            }
        }
    }
}
