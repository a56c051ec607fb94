import Foundation
import Testing
import TMinusCore
@testable import TMinusICal

/// Recurring events as servers write them (Exchange, Cyrus, Apple, Google): the files and their
/// expected instances are in Tests/oracle/servers, which Tests/oracle/run.py also checks against an
/// independent implementation (Python's recurring-ical-events). Each case differed before.
@Suite("Recurrence in files servers write")
struct RecurrenceServerFilesTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var file: String
        var instances: [String]
        var problems: Int
        var testDescription: String { file }
    }

    static let folder = Corpus.repo.appendingPathComponent("Tests/oracle/servers")

    /// `FILE [problems=N] [oracle: …] : INSTANT …` lines of expected.txt.
    static var cases: [Case] {
        let text = (try? String(contentsOf: folder.appendingPathComponent("expected.txt"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") && $0.contains(" : ") }.map { line in
            let parts = line.components(separatedBy: " : ")
            let head = parts[0].split(separator: " ")
            let problems = head.first { $0.hasPrefix("problems=") }.flatMap { Int($0.dropFirst(9)) } ?? 0
            return Case(
                file: String(head[0]), instances: parts[1].split(separator: " ").map(String.init), problems: problems)
        }
    }

    @Test func theTableIsThere() { #expect(Self.cases.count >= 8) }

    @Test(arguments: cases)
    func instancesInOrder(_ c: Case) throws {
        let bytes = try #require(FileManager.default.contents(atPath: Self.folder.appendingPathComponent(c.file).path))
        let zones = ICalZones(local: .utc, system: systemZone)
        var now = at(c.instances[0]) - 86_400
        var seen: [Instant] = []
        var problems = 0
        while seen.count <= c.instances.count {
            let read = ICalRead.read(
                Array(bytes), options: ICalOptions(now: now, hold: 0, events: true, source: "s"),
                zones: zones, fallbackID: "f")
            problems = max(problems, read.problems.count)
            guard case .instant(let due)? = read.entries.first?.item.due else { break }
            seen.append(due)
            // The next instance comes once this one has ended (an all-day one lasts its day).
            now = (read.entries.first?.item.end ?? due) + 1
        }
        #expect(seen == c.instances.map(at), "\(c.file)")
        #expect(problems == c.problems, "\(c.file)")
    }
}

@Suite("A calendar file with a broken structure")
struct ICalStructureTests {
    /// A typo'd `END:VTOOD` left the VTODO open, and the next ones became its children: every
    /// todo after it was gone, with no problem reported.
    @Test func aMistypedEndSwallowsNothing() {
        let ics = """
            BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:a\r\nSUMMARY:First\r\nEND:VTOOD\r
            BEGIN:VTODO\r\nUID:b\r\nSUMMARY:Second\r\nEND:VTODO\r
            BEGIN:VTODO\r\nUID:c\r\nSUMMARY:Third\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT5M\r\nEND:VALARM\r\nEND:VTODO\r
            END:VCALENDAR\r\n
            """
        let read = ICalRead.read(
            Array(ics.utf8), options: ICalOptions(now: at("2026-03-01T00:00:00Z"), hold: 0, events: true, source: "s"),
            zones: ICalZones(local: .utc, system: systemZone), fallbackID: "f")
        #expect(read.entries.map(\.item.title) == ["First", "Second", "Third"])
        #expect(read.problems.map(\.line) == [5, 2], "\(read.problems)")
    }
}

@Suite("A calendar file that asks for too much")
struct ICalBoundsTests {
    /// Several RRULEs are read (Cyrus), but not thousands: each is a bounded walk, and so is their number.
    @Test func thousandsOfRulesAreCutToAFew() {
        let rules = (0..<2000).map { "RRULE:FREQ=MONTHLY;BYMONTHDAY=\($0 % 28 + 1)\r\n" }.joined()
        let ics =
            "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nSUMMARY:x\r\nDTSTART:20260101T090000Z\r\n\(rules)END:VEVENT\r\nEND:VCALENDAR\r\n"
        let read = ICalRead.read(
            Array(ics.utf8), options: ICalOptions(now: at("2026-03-01T00:00:00Z"), hold: 0, events: true, source: "s"),
            zones: ICalZones(local: .utc, system: systemZone), fallbackID: "f")
        #expect(read.problems.map(\.message) == ["2000 rules; the first 8 are used"])
        // The first 8 rules: days 1–8 of each month; the next after 1 March 00:00 is 1 March 09:00.
        #expect(read.entries.first?.item.due == .instant(at("2026-03-01T09:00:00Z")))
    }
}

@Suite("RDATE dates and periods on a timed event")
struct RDatePeriodTests {
    /// Each instance of rdate-date-and-period-on-timed.ics ends as recurring-ical-events ends it:
    /// the master's hour, the date-only PERIOD's whole day, a DATE's hour from its midnight, and
    /// a `start/PT30M` period's own half hour. Before, the dates were dropped and the period lasted an hour.
    @Test func eachInstanceEndsWhereItsPeriodEnds() throws {
        let path = RecurrenceServerFilesTests.folder.appendingPathComponent("rdate-date-and-period-on-timed.ics").path
        let bytes = try #require(FileManager.default.contents(atPath: path))
        let expected = [
            ("2026-11-23T18:00:00Z", "2026-11-23T19:00:00Z"), ("2026-11-25T00:00:00Z", "2026-11-26T00:00:00Z"),
            ("2026-11-27T00:00:00Z", "2026-11-27T01:00:00Z"), ("2026-11-28T10:00:00Z", "2026-11-28T10:30:00Z")
        ]
        for (start, end) in expected {
            let read = ICalRead.read(
                Array(bytes), options: ICalOptions(now: at(start) - 1, hold: 0, events: true, source: "s"),
                zones: ICalZones(local: .utc, system: systemZone), fallbackID: "f")
            #expect(read.entries.first?.item.due == .instant(at(start)), "\(start)")
            #expect(read.entries.first?.item.end == at(end), "\(start)")
            #expect(read.problems.isEmpty, "\(read.problems)")
        }
    }
}
