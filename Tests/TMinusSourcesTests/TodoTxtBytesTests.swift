import Testing
import TMinusCore
@testable import TMinusSources

/// todo.txt files as other programs and other systems leave them: any line break (LF, CRLF, a CR
/// alone) and lines that are not UTF-8. An edit changes its line and keeps every other byte.
@Suite("todo.txt: line breaks and bytes")
struct TodoTxtBytesTests {
    static let zone = Zone.utc

    @Test(arguments: [[UInt8]([0x0A]), [0x0D, 0x0A], [0x0D]])
    func everyLineBreakSeparatesTodos(_ brk: [UInt8]) throws {
        let file =
            Array("(A) Call mom".utf8) + brk + Array("Buy milk @errands".utf8) + brk
            + Array("Pay rent due:2026-03-12".utf8) + brk
        let items = TodoTxt.parse(file, source: "txt")
        #expect(items.map(\.item.title) == ["Call mom", "Buy milk", "Pay rent"])
        // A title edit changes that line only; the others, and the breaks, stay byte for byte.
        let milk = try #require(items.first { $0.item.title == "Buy milk" }).item
        var renamed = milk
        renamed.title = "Buy oat milk"
        let out = try TodoTxt.update(file, id: milk.id, source: "txt", from: milk, to: renamed, zone: Self.zone)
        #expect(
            out == Array("(A) Call mom".utf8) + brk + Array("Buy oat milk @errands".utf8) + brk
                + Array("Pay rent due:2026-03-12".utf8) + brk)
        // A new todo uses the file's own line break.
        var new = Item(kind: .todo, id: "", handle: 1, title: "New one", source: "txt")
        new.priority = .none
        let appended = TodoTxt.append(
            file, item: new, created: CivilDate(year: 2026, month: 3, day: 10), zone: Self.zone)
        #expect(appended.bytes == file + Array("2026-03-10 New one".utf8) + brk)
        // Removing a line takes its break with it.
        let removed = try TodoTxt.remove(file, id: milk.id, source: "txt")
        #expect(removed == Array("(A) Call mom".utf8) + brk + Array("Pay rent due:2026-03-12".utf8) + brk)
    }

    /// "Café" in Latin-1 (0xE9): done and undone keep the byte; a title edit is refused.
    @Test func aLineThatIsNotUTF8IsKeptByteForByte() throws {
        let latin1: [UInt8] = Array("(B) Caf".utf8) + [0xE9] + Array(" bill +home".utf8)
        let file = Array("Buy milk\n".utf8) + latin1 + [0x0A]
        let item = try #require(TodoTxt.parse(file, source: "txt").last).item
        #expect(item.title == "Caf\u{FFFD} bill")
        let done = try TodoTxt.complete(file, id: item.id, source: "txt", on: CivilDate(year: 2026, month: 3, day: 10))
        #expect(
            done == Array("Buy milk\n".utf8) + Array("x 2026-03-10 Caf".utf8) + [0xE9]
                + Array(" bill +home pri:B\n".utf8))
        let doneItem = try #require(TodoTxt.parse(done, source: "txt").last).item
        #expect(doneItem.id == item.id)
        let undone = try TodoTxt.reopen(done, id: item.id, source: "txt")
        #expect(undone == file)
        var renamed = item
        renamed.title = "Coffee bill"
        #expect(throws: TodoTxt.EditError.notUTF8(line: 2)) {
            try TodoTxt.update(file, id: item.id, source: "txt", from: item, to: renamed, zone: Self.zone)
        }
    }
}
