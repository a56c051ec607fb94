import Testing
import TMinusCore
@testable import TMinusSources

/// Logseq's Markdown blocks in the forms its documentation shows: markers, priorities, the
/// LOGBOOK a NOW task gets, `id::` properties, DEADLINE and SCHEDULED with a repeater.
@Suite("Logseq")
struct LogseqTests {
    static let zone = OrgFileTests.zone
    static let now = OrgFileTests.now

    static let page = """
        - Tasks for the week
        \t- LATER buy groceries
        \t  :LOGBOOK:
        \t  CLOCK: [2026-11-20 Fri 10:35:42]--[2026-11-20 Fri 10:35:43] =>  00:00:01
        \t  :END:
        \t- NOW [#C] play with Logseq #fun
        \t- DONE watch a film
        \t- finish reading a book
        \t  DEADLINE: <2026-11-29 Sun>
        \t- TODO [#A] finish reading a book #[[reading list]]
        \t  id:: 63db4c7f-c7d4-46fb-adde-08d714b5da18
        \t  DEADLINE: <2026-11-29 Sun 18:00 -1d>
        \t- LATER daily exercise
        \t  SCHEDULED: <2026-11-26 Thu .+2d>
        \t- CANCELED old plan

        """

    static func entries(_ text: String = page, file: String = "pages/Week.md") -> [Logseq.Entry] {
        Logseq.parse(Array(text.utf8), source: "lsq", file: file, zone: zone)
    }

    @Test func markersPrioritiesTagsAndStamps() throws {
        let items = Self.entries().map(\.item)
        #expect(
            items.map(\.title) == [
                "buy groceries", "play with Logseq", "watch a film", "finish reading a book", "daily exercise",
                "old plan"
            ])
        #expect(items.map(\.isOpen) == [true, true, false, true, true, false])
        #expect(items[0].note.isEmpty, "the LOGBOOK is not the note")
        #expect(items[1].priority == .low && items[1].tag == "fun")
        let book = items[3]
        #expect(book.kind == .deadline && book.priority == .high && book.tag == "reading list")
        #expect(
            book.due
                == .instant(Self.zone.instant(LocalDateTime(date: CivilDate(year: 2026, month: 11, day: 29), hour: 18)))
        )
        #expect(book.remind == Self.zone.startOfDay(CivilDate(year: 2026, month: 11, day: 28)))
        #expect(items[4].kind == .todo && items[4].due == .day(CivilDate(year: 2026, month: 11, day: 26)))
    }

    @Test func aJournalsTaskIsDueOnItsDay() {
        let items = Self.entries(
            "- TODO call mom\n- TODO dentist\n  SCHEDULED: <2026-12-01 Tue>\n", file: "journals/2026_11_27.md"
        ).map(\.item)
        #expect(items[0].due == .day(CivilDate(year: 2026, month: 11, day: 27)))
        #expect(items[1].due == .day(CivilDate(year: 2026, month: 12, day: 1)))
        #expect(Self.entries("- TODO x\n", file: "pages/2026_11_27.md")[0].item.due == nil)
    }

    static func edited(_ title: String, _ edit: ([UInt8], String) throws -> [UInt8]) throws -> String {
        let id = Self.entries().first { $0.item.title == title }!.item.id
        return String(decoding: try edit(Array(Self.page.utf8), id), as: UTF8.self)
    }

    @Test func doneReplacesTheMarkerOnly() throws {
        let out = try Self.edited("play with Logseq") {
            try Logseq.complete($0, id: $1, source: "lsq", file: "pages/Week.md", zone: Self.zone, now: Self.now)
        }
        #expect(out == Self.page.replacingOccurrences("\t- NOW [#C] play", "\t- DONE [#C] play"))
        let back = try Logseq.reopen(
            Array(out.utf8), id: Self.entries()[1].item.id, source: "lsq", file: "pages/Week.md", zone: Self.zone)
        #expect(
            String(decoding: back, as: UTF8.self)
                == Self.page.replacingOccurrences("\t- NOW [#C] play", "\t- LATER [#C] play"))
    }

    /// Logseq's `.+`: intervals from the stamp until after now; the marker stays, the state line
    /// goes in a new LOGBOOK below the stamp.
    @Test func doneOfARepeaterMovesTheStamp() throws {
        let out = try Self.edited("daily exercise") {
            try Logseq.complete($0, id: $1, source: "lsq", file: "pages/Week.md", zone: Self.zone, now: Self.now)
        }
        #expect(
            out
                == Self.page.replacingOccurrences(
                    "\t  SCHEDULED: <2026-11-26 Thu .+2d>\n",
                    "\t  SCHEDULED: <2026-11-28 Sat .+2d>\n\t  :LOGBOOK:\n\t  * State \"DONE\" from \"LATER\" [2026-11-27 Fri 10:00]\n\t  :END:\n"
                ))
    }

    @Test func removeEditAndAppend() throws {
        let removed = try Self.edited("watch a film") {
            try Logseq.remove($0, id: $1, source: "lsq", file: "pages/Week.md", zone: Self.zone)
        }
        #expect(removed == Self.page.replacingOccurrences("\t- DONE watch a film\n", ""))
        let old = Self.entries().first { $0.item.title == "daily exercise" }!.item
        var new = old
        new.title = "daily run"
        new.due = .day(CivilDate(year: 2026, month: 12, day: 1))
        let updated = try Self.edited("daily exercise") {
            try Logseq.update($0, id: $1, source: "lsq", file: "pages/Week.md", from: old, to: new, zone: Self.zone)
        }
        #expect(
            updated
                == Self.page.replacingOccurrences(
                    "- LATER daily exercise\n\t  SCHEDULED: <2026-11-26 Thu .+2d>",
                    "- LATER daily run\n\t  SCHEDULED: <2026-12-01 Tue .+2d>"))
        var item = Item(kind: .todo, id: "", handle: 0, title: "Buy milk", source: "lsq")
        item.due = .day(CivilDate(year: 2026, month: 11, day: 28))
        let (out, _, added) = Logseq.append(
            Array("-\n".utf8), item: item, file: "journals/2026_11_27.md", zone: Self.zone)
        #expect(added && String(decoding: out, as: UTF8.self) == "- LATER Buy milk\n  SCHEDULED: <2026-11-28 Sat>\n")
        // A page ending in the empty block Logseq keeps for the next one (no final line break, as
        // a personal graph has it): the task takes its place, the other blocks stay.
        let (end, _, _) = Logseq.append(
            Array("- Met Anna\n\t- about the trip\n-".utf8), item: item, file: "journals/2026_11_27.md", zone: Self.zone
        )
        #expect(
            String(decoding: end, as: UTF8.self)
                == "- Met Anna\n\t- about the trip\n- LATER Buy milk\n  SCHEDULED: <2026-11-28 Sat>\n")
        let (dash, _, _) = Logseq.append(
            Array("- x -\n".utf8), item: item, file: "journals/2026_11_27.md", zone: Self.zone)
        #expect(String(decoding: dash, as: UTF8.self).hasPrefix("- x -\n- LATER Buy milk"))
    }

    /// Logseq's repeater rules (its `repeated` handler), next to Org's for the same stamps.
    @Test(arguments: [
        ("<2026-11-20 Fri +1w>", "<2026-11-27 Fri +1w>"),
        ("<2026-11-30 Mon ++1w>", "<2026-11-30 Mon ++1w>"),
        ("<2026-11-20 Fri ++1w>", "<2026-11-27 Fri ++1w>"),
        ("<2026-11-01 Sun .+1w>", "<2026-11-29 Sun .+1w>")
    ])
    func logseqRepeaters(_ before: String, _ after: String) {
        let s = OrgStamp.parse(Substring(before))!
        let at = s.repeatedInLogseq(now: LocalDateTime(date: CivilDate(year: 2026, month: 11, day: 27), hour: 10))!
        #expect(OrgStamp.moved(Substring(before), to: at) == after)
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
