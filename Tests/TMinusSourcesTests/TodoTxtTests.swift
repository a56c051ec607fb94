import Testing
import TMinusCore
@testable import TMinusSources

/// todo.txt as the format's README has it, and as clients write it.
@Suite("todo.txt")
struct TodoTxtTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var line: String
        var title: String
        var priority: Priority = .none
        var due: String?
        var tag: String?
        var done = false
        var testDescription: String { line }
    }

    static let cases: [Case] = [
        Case(
            line: "(A) Thank Mom for the meatballs @phone", title: "Thank Mom for the meatballs", priority: .high,
            tag: "phone"),
        Case(
            line: "(B) Schedule Goodwill pickup +GarageSale @phone", title: "Schedule Goodwill pickup",
            priority: .medium, tag: "GarageSale"),
        Case(
            line: "(C) 2011-03-02 Post signs around the neighborhood +GarageSale",
            title: "Post signs around the neighborhood", priority: .low, tag: "GarageSale"),
        Case(line: "(D) Something", title: "Something", priority: .low),
        Case(line: "Really gotta call Mom (A) @phone @someday", title: "Really gotta call Mom (A)", tag: "phone"),
        Case(line: "(b) Get back to the boss", title: "(b) Get back to the boss"),
        Case(line: "(B)->Submit TPS report", title: "(B)->Submit TPS report"),
        Case(
            line: "2011-03-02 Document +TodoTxt task format due:2011-03-10", title: "Document task format",
            due: "2011-03-10", tag: "TodoTxt"),
        Case(line: "Email SoAndSo at soandso@example.com", title: "Email SoAndSo at soandso@example.com"),
        Case(line: "Learn how to add 2+2", title: "Learn how to add 2+2"),
        Case(line: "x 2011-03-03 Call Mom", title: "Call Mom", done: true),
        Case(line: "xylophone lesson", title: "xylophone lesson"),
        Case(line: "X 2012-01-01 Make resolutions", title: "X 2012-01-01 Make resolutions"),
        Case(
            line: "x 2011-03-02 2011-03-01 Review Tim's pull request +TodoTxtTouch @github",
            title: "Review Tim's pull request", tag: "TodoTxtTouch", done: true),
        Case(
            line: "Meeting at 10:00 see http://example.com/x due:2026-02-30",
            title: "Meeting at 10:00 see http://example.com/x due:2026-02-30"),
        Case(line: "x 2026-03-10 Paid rent pri:A", title: "Paid rent", priority: .high, done: true)
    ]

    @Test(arguments: cases)
    func readsALine(_ c: Case) throws {
        let entries = TodoTxt.parse(Array((c.line + "\n").utf8), source: "txt")
        let item = try #require(entries.first?.item)
        #expect(entries.count == 1)
        #expect(item.title == c.title)
        #expect(item.priority == c.priority)
        #expect(item.due == c.due.map { .day(DateTimeText.parse($0)!.0.date) })
        #expect(item.tag == c.tag)
        #expect(item.isOpen == !c.done)
        #expect(item.source == "txt" && item.id.hasPrefix("txt-"))
    }

    static let file =
        "(A) 2026-03-01 Call mom +family due:2026-03-12\r\n\r\nx 2026-03-02 Old\r\nBuy milk @errands\r\nBuy milk @errands"

    @Test func blankLinesAreNotTodosAndCopiesGetTheirOwnIds() {
        let entries = TodoTxt.parse(Array(Self.file.utf8), source: "t")
        #expect(entries.map(\.line) == [1, 3, 4, 5])
        #expect(entries[2].item.id != entries[3].item.id && entries[3].item.id == entries[2].item.id + "#2")
        #expect(entries[0].item.title == "Call mom")
    }

    @Test func doneAndUndoneKeepTheIdAndEveryOtherByte() throws {
        let bytes = Array(Self.file.utf8)
        let id = TodoTxt.parse(bytes, source: "t")[0].item.id
        let done = try TodoTxt.complete(bytes, id: id, source: "t", on: CivilDate(year: 2026, month: 3, day: 10))
        #expect(
            String(decoding: done, as: UTF8.self)
                == "x 2026-03-10 2026-03-01 Call mom +family due:2026-03-12 pri:A\r\n\r\nx 2026-03-02 Old\r\nBuy milk @errands\r\nBuy milk @errands"
        )
        #expect(TodoTxt.parse(done, source: "t")[0].item.id == id)
        let undone = try TodoTxt.reopen(done, id: id, source: "t")
        #expect(undone == bytes)
    }

    @Test func removingTheSecondCopyRemovesThatLineOnly() throws {
        let bytes = Array(Self.file.utf8)
        let second = TodoTxt.parse(bytes, source: "t")[3].item.id
        let out = try TodoTxt.remove(bytes, id: second, source: "t")
        #expect(
            String(decoding: out, as: UTF8.self)
                == "(A) 2026-03-01 Call mom +family due:2026-03-12\r\n\r\nx 2026-03-02 Old\r\nBuy milk @errands\r\n")
        #expect(throws: TodoTxt.EditError.notFound) { try TodoTxt.remove(out, id: second, source: "t") }
    }

    @Test func editsKeepTokensTheyDoNotTouch() throws {
        let bytes = Array("2026-03-01 Call mom t:2026-03-05 +family @phone rec:1w\n".utf8)
        let old = TodoTxt.parse(bytes, source: "t")[0].item
        var new = old
        new.title = "Call dad"
        new.priority = .medium
        new.due = .day(CivilDate(year: 2026, month: 3, day: 20))
        new.tag = "home"
        let out = try TodoTxt.update(bytes, id: old.id, source: "t", from: old, to: new, zone: .utc)
        #expect(
            String(decoding: out, as: UTF8.self)
                == "(B) 2026-03-01 Call dad t:2026-03-05 +home @phone rec:1w due:2026-03-20\n")
    }

    @Test func appendingAddsALineAndAFinalBreakWhenMissing() {
        let item = Item(
            kind: .todo, id: "", handle: 1, title: "Pick up parcel",
            due: .day(CivilDate(year: 2026, month: 3, day: 11)),
            tag: "errands", priority: .high, source: "t")
        let (out, id, added) = TodoTxt.append(
            Array("Buy milk".utf8), item: item, created: CivilDate(year: 2026, month: 3, day: 10), zone: .utc)
        #expect(added)
        // Made again after a kill: the line is there already.
        let again = TodoTxt.append(
            out, item: item, created: CivilDate(year: 2026, month: 3, day: 10), zone: .utc, again: true)
        #expect(!again.added && again.bytes == out && again.id == id)
        #expect(
            TodoTxt.append(out, item: item, created: CivilDate(year: 2026, month: 3, day: 10), zone: .utc).added,
            "asked twice, added twice")
        #expect(
            String(decoding: out, as: UTF8.self) == "Buy milk\n(A) 2026-03-10 Pick up parcel +errands due:2026-03-11\n")
        #expect(TodoTxt.parse(out, source: "t").last?.item.id == id)
        let crlf = TodoTxt.append(
            Array("a\r\n".utf8), item: item, created: CivilDate(year: 2026, month: 3, day: 10), zone: .utc
        ).bytes
        #expect(String(decoding: crlf, as: UTF8.self).hasSuffix("due:2026-03-11\r\n"))
    }
}

@Suite("Taskwarrior export")
struct TaskwarriorExportTests {
    static let export = """
        [{"id":1,"description":"Pay <b>rent</b>","due":"20260401T090000Z","entry":"20260301T100000Z","modified":"20260301T100000Z","priority":"H",
          "project":"home.bills","status":"pending","tags":["money"],"uuid":"7F2E1C5A-0000-4000-8000-000000000001","urgency":9.1,
          "annotations":[{"entry":"20260301T100100Z","description":"the landlord's IBAN"}]},
         {"id":0,"description":"Done thing","end":"20260302T100000Z","entry":"20260301T100000Z","status":"completed","uuid":"00000000-0000-4000-8000-000000000002"},
         {"id":0,"description":"Template","recur":"weekly","status":"recurring","uuid":"00000000-0000-4000-8000-000000000003","due":"20260401T090000Z"},
         {"id":2,"description":"Bad due","due":"2026-04-01","status":"pending","uuid":"00000000-0000-4000-8000-000000000004"},
         {"id":3,"description":"Waiting","status":"waiting","uuid":"00000000-0000-4000-8000-000000000005","tags":["later"]}]
        """

    @Test func tasksBecomeTodos() throws {
        let r = try TaskwarriorExport.parse(Array(Self.export.utf8), source: "tw")
        #expect(r.items.map(\.title) == ["Pay <b>rent</b>", "Done thing", "Waiting"])
        let pay = r.items[0]
        #expect(pay.id == "7f2e1c5a-0000-4000-8000-000000000001" && pay.priority == .high && pay.tag == "home.bills")
        #expect(
            pay.due == .instant(RFC3339.parse("2026-04-01T09:00:00Z")!) && pay.note == "the landlord's IBAN"
                && pay.isOpen)
        #expect(!r.items[1].isOpen && r.items[2].isOpen && r.items[2].tag == "later")
        #expect(r.problems.count == 1 && r.problems[0].contains("is not YYYYMMDDTHHMMSSZ"))
    }

    @Test func somethingElseIsAClearError() {
        // Not JSON: the line and the parse error are kept as fields.
        let notJSON = #expect(throws: TMinusError.self) {
            try TaskwarriorExport.parse(Array("Configuration override".utf8), source: "tw")
        }
        #expect(notJSON?.line == 1 && notJSON?.cause is JSONSyntaxError, "\(String(describing: notJSON))")
        #expect(throws: TMinusError.self) { try TaskwarriorExport.parse(Array("{}".utf8), source: "tw") }
    }
}
