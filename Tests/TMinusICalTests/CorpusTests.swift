import Testing
import TMinusCore
@testable import TMinusICal

/// The calendars in `../shared/corpus`, written by other projects (python-icalendar, khal,
/// libical, ical.js): each is read without a crash or a hang, every problem names its line and
/// property, and the ones whose meaning is clear give the items a khal or todoman user expects.
@Suite("iCalendar corpus", .enabled(if: Corpus.available, Corpus.skipped))
struct CorpusTests {
    static let berlin = systemZone("Europe/Berlin")!

    static func read(_ path: String, now: String = "2000-01-01T00:00:00Z", hold: Int64 = 3600, local: Zone = berlin)
        throws -> ICalRead
    {
        let zones = ICalZones(local: local, system: systemZone)
        return ICalRead.read(
            try Corpus.bytes(path), options: ICalOptions(now: at(now), hold: hold, events: true, source: "cal"),
            zones: zones, fallbackID: path)
    }

    @Test func everyFileReadsWithoutACrashAndProblemsSayWhere() throws {
        let files = try Corpus.icsFiles()
        #expect(files.count >= 45)
        var items = 0
        for f in files {
            for now in ["1990-01-01T00:00:00Z", "2026-11-23T12:00:00Z"] {
                let r = try Self.read(f, now: now)
                items += r.entries.count
                for p in r.problems {
                    #expect(p.line > 0, "\(f): \(p)")
                    #expect(!p.message.isEmpty)
                    #expect(p.description.hasPrefix("line \(p.line): "))
                }
                for e in r.entries {
                    #expect(!e.item.title.isEmpty && e.item.title.count <= Validation.maxTitleLength)
                    #expect(e.item.due?.isSupported ?? true)
                    #expect(e.item.source == "cal")
                }
            }
        }
        #expect(items > 50)
    }

    @Test func todoWithAWholeDayDue() throws {
        let r = try Self.read("collective-icalendar/src/icalendar/tests/todos/example.ics")
        let todo = try #require(r.entries.first?.item)
        #expect(r.entries.count == 1 && todo.kind == .todo)
        #expect(todo.due == .day(CivilDate(year: 2007, month: 5, day: 1)))
        #expect(todo.tag == "FAMILY")
        #expect(todo.isOpen)
        #expect(todo.id == "20070313T123432Z-456553@example.com")
    }

    @Test func ianaZoneWithoutVTIMEZONE() throws {
        let r = try Self.read("collective-icalendar/src/icalendar/tests/calendars/issue_722_missing_timezones.ics")
        let todo = try #require(r.entries.first { $0.item.kind == .todo }?.item)
        #expect(todo.due == .instant(at("2014-08-29T00:00:00Z")))  // 08:00 in Singapore (+08)
    }

    @Test func vendorPrefixedZones() throws {
        let r = try Self.read("collective-icalendar/src/icalendar/tests/calendars/issue_313_globally_unique_tzid.ics")
        let dues = r.entries.map { $0.item.due }
        #expect(
            dues == [
                .instant(at("2020-04-26T12:00:00Z")), .instant(at("2020-04-26T18:00:00Z")),
                .instant(at("2020-04-26T17:00:00Z"))
            ])
        #expect(r.problems.isEmpty, "\(r.problems)")
    }

    @Test func customZoneDefinedOnlyByItsVTIMEZONE() throws {
        let r = try Self.read("collective-icalendar/src/icalendar/tests/calendars/issue_218_bad_tzid.ics")
        #expect(r.entries.first?.item.due == .instant(at("2017-02-28T12:00:00Z")))  // 23:00 at +11
        #expect(r.problems.isEmpty, "\(r.problems)")
    }

    @Test func windowsZoneNameThroughCLDR() throws {
        let r = try Self.read("pimutils-khal/tests/ics/tz_windows_format.ics")
        // 13:00 NZDT (+13), Pacific/Auckland
        #expect(r.entries.first?.item.due == .instant(at("2019-11-20T00:00:00Z")))
    }

    @Test func theSameEventWithAndWithoutItsVTIMEZONE() throws {
        let a = try Self.read("pimutils-khal/tests/ics/event_dt_simple.ics")
        let b = try Self.read("pimutils-khal/tests/ics/event_dt_simple_inkl_vtimezone.ics")
        #expect(a.entries.first?.item.due != nil)
        #expect(a.entries.first?.item.due == b.entries.first?.item.due)
    }

    @Test func unknownZoneIsLocalTimeWithAWarningNamingLineAndProperty() throws {
        let r = try Self.read("pimutils-khal/tests/ics/event_dt_local_missing_tz.ics")
        #expect(r.entries.count == 1)
        let p = try #require(r.problems.first)
        #expect(p.property == "DTSTART" && p.line > 1 && p.message.contains("TZID=FOO"))
    }

    @Test func categoriesSplitOnUnescapedCommasOnly() throws {
        let r = try Self.read("collective-icalendar/src/icalendar/tests/calendars/issue_127_categories_with_commas.ics")
        #expect(r.entries.first?.item.tag == "Meeting, John")
    }

    @Test func birthdayEveryYearSince1965GivesTheNextOne() throws {
        // 23 April, a whole day: the deadline is the day's start in the reader's zone.
        let r = try Self.read("pimutils-khal/tests/ics/event_r_past.ics", now: "2026-11-23T12:00:00Z")
        let e = try #require(r.entries.first)
        #expect(e.item.due == .instant(at("2027-04-22T22:00:00Z")))
        #expect(e.item.start == at("2026-04-22T22:00:00Z"))
        // It lasts its day (to the next midnight), then the hold.
        #expect(e.item.end == at("2027-04-23T22:00:00Z"))
        #expect(e.expires == at("2027-04-23T23:00:00Z"))
    }

    @Test func rulesThatEndBeforeTheyStartGiveNothing() throws {
        #expect(
            try Self.read("pimutils-khal/tests/ics/event_dt_rrule_until_before_start.ics", now: "1970-01-01T00:00:00Z")
                .entries.isEmpty)
        #expect(
            try Self.read("pimutils-khal/tests/ics/event_rrule_no_occurence.ics", now: "2020-01-01T00:00:00Z").entries
                .isEmpty)
    }

    @Test func anUnknownFrequencyKeepsTheEventAndSaysSo() throws {
        let r = try Self.read(
            "collective-icalendar/src/icalendar/tests/calendars/issue_1081_invalid_rrule_freq.ics",
            now: "1990-01-01T00:00:00Z")
        #expect(r.entries.count == 1)
        #expect(r.problems.contains { $0.property == "RRULE" && $0.message.contains("INVALID_TYPE") })
    }

    @Test func fuzzedFileEndsQuickly() throws {
        let r = try Self.read("libical/test-data/issue253.ics", now: "2026-11-23T12:00:00Z")
        #expect(r.problems.allSatisfy { $0.line > 0 })
    }

    @Test func iTIPRepliesOfOneUIDGiveOneItem() throws {
        let r = try Self.read("libical/test-data/2446.ics", now: "1990-01-01T00:00:00Z")
        let ids = r.entries.map { ($0.isEvent ? "e" : "t") + $0.item.id }
        #expect(Set(ids).count == ids.count)
    }

    @Test func foldsBlankLinesBOMAndTwoCalendarsInOneFile() throws {
        let r = try Self.read(
            "collective-icalendar/src/icalendar/tests/calendars/multiple_calendar_components.ics",
            now: "1990-01-01T00:00:00Z")
        #expect(r.entries.count >= 2)
        let bom = try Self.read("collective-icalendar/src/icalendar/tests/calendars/bom_calendar.ics")
        #expect(bom.entries.isEmpty && bom.problems.isEmpty)
    }

    @Test func foldInsideAParameterAndTwoSpaceFolds() throws {
        let doc = ICalParser.parse(try Corpus.bytes("kewisch-ical.js/test/parser/quoted_params.ics"))
        let props = doc.components.flatMap { $0.properties + $0.components.flatMap(\.properties) }
        #expect(props.contains { String(decoding: $0.value, as: UTF8.self) == "realvalue yep" })
        let unfolded = ICalParser.parse(try Corpus.bytes("kewisch-ical.js/test/parser/unfold_properties.ics"))
        let all = unfolded.components.flatMap { $0.properties + $0.components.flatMap(\.properties) }
        #expect(all.contains { $0.parameters.contains { $0.name == "RSVP" && $0.values == ["TRUE"] } })
    }
}
