import Testing
import TMinusCore
@testable import TMinusSources

/// Edits of an Org file change one entry's lines and keep every other byte (Emacs's own output
/// for done and undo: Tests/interop/org.sh).
@Suite("Org: edits")
struct OrgFileEditTests {
    static let zone = OrgFileTests.zone
    static let now = OrgFileTests.now

    static func id(_ text: String, _ title: String) -> String {
        OrgFile.parse(Array(text.utf8), source: "org", zone: zone, now: now).first { $0.item.title == title }!.item.id
    }

    static let file =
        "#+STARTUP: logdone\r\n* Notes\r\nkeep me\r\n* TODO Pay rent :home:\r\nDEADLINE: <2026-11-01 Sun 10:00 ++1m>\r\n* TODO Call mom\r\n* TODO Read\r\nSCHEDULED: <2026-11-20 Fri>\r\nchapter 3\r\n"

    func run(_ edit: ([UInt8], String) throws -> [UInt8], _ title: String) throws -> String {
        String(decoding: try edit(Array(Self.file.utf8), Self.id(Self.file, title)), as: UTF8.self)
    }

    @Test func doneOfAOneOffChangesItsHeadingAndAddsClosed() throws {
        let out = try run(
            { try OrgFile.complete($0, id: $1, source: "org", zone: Self.zone, now: Self.now) }, "Call mom")
        #expect(
            out
                == Self.file.replacingOccurrences(
                    "* TODO Call mom\r\n", "* DONE Call mom\r\nCLOSED: [2026-11-27 Fri 10:00]\r\n"))
        let back = String(
            decoding: try OrgFile.reopen(
                Array(out.utf8), id: Self.id(Self.file, "Call mom"), source: "org", zone: Self.zone, now: Self.now),
            as: UTF8.self)
        #expect(back == Self.file)
    }

    @Test func doneOfARepeaterMovesTheStampAndLogs() throws {
        let out = try run(
            { try OrgFile.complete($0, id: $1, source: "org", zone: Self.zone, now: Self.now) }, "Pay rent")
        let heading = "* TODO Pay rent" + String(repeating: " ", count: 77 - 15 - 6) + ":home:"
        #expect(
            out
                == Self.file.replacingOccurrences(
                    "* TODO Pay rent :home:\r\nDEADLINE: <2026-11-01 Sun 10:00 ++1m>\r\n",
                    heading
                        + "\r\nDEADLINE: <2026-12-01 Tue 10:00 ++1m>\r\n:PROPERTIES:\r\n:LAST_REPEAT: [2026-11-27 Fri 10:00]\r\n:END:\r\n- State \"DONE\"       from \"TODO\"       [2026-11-27 Fri 10:00]\r\n"
                ))
    }

    @Test func removeTakesTheEntryOnly() throws {
        let out = try run({ try OrgFile.remove($0, id: $1, source: "org", zone: Self.zone, now: Self.now) }, "Read")
        #expect(
            out == Self.file.replacingOccurrences("* TODO Read\r\nSCHEDULED: <2026-11-20 Fri>\r\nchapter 3\r\n", ""))
    }

    @Test func editRewritesTitleAndStamp() throws {
        let old = OrgFile.parse(Array(Self.file.utf8), source: "org", zone: Self.zone, now: Self.now).first {
            $0.item.title == "Read"
        }!.item
        var new = old
        new.title = "Read more"
        new.due = .day(CivilDate(year: 2026, month: 12, day: 2))
        let out = try run(
            { try OrgFile.update($0, id: $1, source: "org", from: old, to: new, zone: Self.zone, now: Self.now) },
            "Read")
        #expect(
            out
                == Self.file.replacingOccurrences(
                    "* TODO Read\r\nSCHEDULED: <2026-11-20 Fri>", "* TODO Read more\r\nSCHEDULED: <2026-12-02 Wed>"))
    }

    @Test func appendAddsAnEntryAtTheEnd() {
        var item = Item(kind: .deadline, id: "", handle: 0, title: "Submit", source: "org")
        item.due = .instant(Self.zone.instant(LocalDateTime(date: CivilDate(year: 2026, month: 12, day: 1), hour: 17)))
        let (out, id, added) = OrgFile.append(Array("* Notes".utf8), item: item, zone: Self.zone, now: Self.now)
        #expect(added && id.hasPrefix("org-"))
        #expect(String(decoding: out, as: UTF8.self) == "* Notes\n* TODO Submit\nDEADLINE: <2026-12-01 Tue 17:00>\n")
        let again = OrgFile.append(out, item: item, zone: Self.zone, now: Self.now, again: true)
        #expect(!again.added && again.bytes == out && again.id == id)
    }

    @Test func anEntryThatIsNotUTF8IsNotRewritten() {
        let bytes: [UInt8] = Array("* TODO Caf".utf8) + [0xE9] + Array("\n".utf8)
        let id = OrgFile.parse(bytes, source: "org", zone: Self.zone, now: Self.now)[0].item.id
        #expect(throws: TodoTxt.EditError.notUTF8(line: 1)) {
            try OrgFile.complete(bytes, id: id, source: "org", zone: Self.zone, now: Self.now)
        }
    }
}

extension String {
    fileprivate func replacingOccurrences(_ a: String, _ b: String) -> String {
        guard let r = firstRange(of: a) else { return "NOT FOUND: " + a }
        var s = self
        s.replaceSubrange(r, with: b)
        return s
    }
}
