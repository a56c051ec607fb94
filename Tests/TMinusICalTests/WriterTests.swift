import Testing
import TMinusCore
@testable import TMinusICal

/// Write-back is the smallest edit: every byte tminus does not change stays as it was.
@Suite("iCalendar writer")
struct WriterTests {
    static let now = at("2026-11-23T12:00:00Z")
    static let local = systemZone("Europe/Berlin")!

    static func read(_ bytes: [UInt8]) -> ICalRead {
        ICalRead.read(
            bytes, options: ICalOptions(now: at("2026-01-01T00:00:00Z"), hold: 3600, events: true, source: "w"),
            zones: ICalZones(local: local, system: systemZone), fallbackID: "f")
    }

    /// A todo as an Android client writes it: LF line ends, an X- property with parameters, a
    /// folded description with a multi-byte character across the fold, no final line break.
    static let phone = Array(
        """
        BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:-//dmfs.org//mimedir.icalendar//EN\nBEGIN:VTODO\nUID:abc-123\n\
        X-OPENTASKS-FOO;X-BAR="a;b":keep me\nSUMMARY:Pay rent\nDUE;TZID=Europe/Berlin:20261201T170000\n\
        DESCRIPTION:Transfer to the landlord \\, before noon caf\u{C3}\n \u{A9}\nSEQUENCE:4\nEND:VTODO\nEND:VCALENDAR
        """.utf8
    ).map { $0 }

    @Test func completingChangesOnlyTheLinesItMust() throws {
        let before = Self.phone
        let after = try ICalWriter.apply(.complete(at: Self.now), to: before, uid: "abc-123", isEvent: false)
        let text = String(decoding: after, as: UTF8.self)
        // Everything the file had is still there, byte for byte, in order.
        let old = String(decoding: before, as: UTF8.self)
        for line in old.split(separator: "\n") where !line.hasPrefix("SEQUENCE") {
            #expect(text.contains(line), "lost: \(line)")
        }
        #expect(text.contains("\nSTATUS:COMPLETED\n"))
        #expect(text.contains("\nCOMPLETED:20261123T120000Z\n"))
        #expect(text.contains("\nPERCENT-COMPLETE:100\n"))
        #expect(text.contains("\nSEQUENCE:5\n") && !text.contains("SEQUENCE:4"))
        #expect(!text.contains("\r"), "the file's LF line ends are kept")
        let todo = try #require(Self.read(after).entries.first?.item)
        #expect(!todo.isOpen)
        // And back.
        let reopened = try ICalWriter.apply(.reopen(at: Self.now + 60), to: after, uid: "abc-123", isEvent: false)
        let again = try #require(Self.read(reopened).entries.first?.item)
        #expect(again.isOpen)
        #expect(String(decoding: reopened, as: UTF8.self).contains("STATUS:NEEDS-ACTION"))
        #expect(!String(decoding: reopened, as: UTF8.self).contains("PERCENT-COMPLETE"))
    }

    @Test func editsWriteOnlyTheChangedFields() throws {
        let read = try #require(Self.read(Self.phone).entries.first?.item)
        var edited = read
        edited.title = "Pay rent; twice, now"
        edited.due = .day(CivilDate(year: 2026, month: 12, day: 2))
        edited.priority = .high
        edited.tag = "home"
        let after = try ICalWriter.apply(
            .update(from: read, to: edited, at: Self.now), to: Self.phone, uid: "abc-123", isEvent: false)
        let text = String(decoding: after, as: UTF8.self)
        #expect(text.contains("SUMMARY:Pay rent\\; twice\\, now\n"))
        #expect(text.contains("DUE;VALUE=DATE:20261202\n") && !text.contains("TZID=Europe/Berlin:20261201"))
        #expect(text.contains("PRIORITY:1\n") && text.contains("CATEGORIES:home\n"))
        #expect(text.contains("X-OPENTASKS-FOO;X-BAR=\"a;b\":keep me\n"))
        #expect(
            text.contains("DESCRIPTION:Transfer to the landlord \\, before noon caf\u{C3}\n \u{A9}\n"),
            "an untouched fold stays")
        let back = try #require(Self.read(after).entries.first?.item)
        #expect(
            back.title == "Pay rent; twice, now" && back.due == edited.due && back.priority == .high
                && back.tag == "home")
        #expect(back.note == read.note)
    }

    @Test func longLinesFoldAt75OctetsWithoutSplittingCharacters() {
        let title = String(repeating: "é", count: 100)
        let out = ICalWriter.folded(.init("SUMMARY", value: ICalText.escape(title)), lineBreak: [0x0D, 0x0A])
        let lines = String(decoding: out, as: UTF8.self).components(separatedBy: "\r\n").dropLast()
        #expect(lines.count > 2)
        for l in lines { #expect(l.utf8.count <= 75) }
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        let doc = ICalParser.parse(out)
        _ = doc
        let props = ICalParser.parse(Array("BEGIN:VTODO\r\n".utf8) + out + Array("END:VTODO\r\n".utf8)).components
            .first?.properties
        #expect(props?.first?.text == title)
    }

    @Test func aNewItemIsAWholeCalendarThatReadsBack() throws {
        let item = Item(
            kind: .todo, id: "x", handle: 1, title: "Call Bob, then Alice; ok\\", note: "line 1\nline 2",
            due: .instant(at("2026-12-01T16:00:00Z")), tag: "work", priority: .medium)
        let bytes = ICalWriter.newFile(item, uid: "f00-uid", now: Self.now)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:"))
        #expect(text.contains("\r\nUID:f00-uid\r\n") && text.contains("\r\nDTSTAMP:20261123T120000Z\r\n"))
        let back = try #require(Self.read(bytes).entries.first?.item)
        #expect(
            back.title == item.title && back.note == item.note && back.due == item.due && back.tag == "work"
                && back.priority == .medium)
        #expect(back.id == "f00-uid")
    }

    @Test func anEventCannotBeDoneAndAMissingUIDIsNotFound() {
        let event = Array("BEGIN:VEVENT\r\nUID:e1\r\nDTSTART:20261201T100000Z\r\nSUMMARY:Talk\r\nEND:VEVENT\r\n".utf8)
        #expect(throws: ICalWriteError.self) {
            try ICalWriter.apply(.complete(at: Self.now), to: event, uid: "e1", isEvent: true)
        }
        #expect(throws: ICalWriteError.notFound) {
            try ICalWriter.apply(.complete(at: Self.now), to: event, uid: "nope", isEvent: false)
        }
    }

    @Test func movingAnEventKeepsItsLength() throws {
        let event = Array(
            "BEGIN:VEVENT\r\nUID:e1\r\nDTSTART;TZID=Europe/Berlin:20261201T100000\r\nDTEND;TZID=Europe/Berlin:20261201T113000\r\nSUMMARY:Talk\r\nEND:VEVENT\r\n"
                .utf8)
        let read = try #require(Self.read(event).entries.first?.item)
        var moved = read
        moved.due = .instant(at("2026-12-02T09:00:00Z"))
        let out = String(
            decoding: try ICalWriter.apply(
                .update(from: read, to: moved, at: Self.now), to: event, uid: "e1", isEvent: true), as: UTF8.self)
        #expect(
            out.contains("DTSTART:20261202T090000Z\r\n") && out.contains("DURATION:PT5400S\r\n")
                && !out.contains("DTEND"))
    }
}
