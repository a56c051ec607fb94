import Testing
import TMinusCore
@testable import TMinusSources

/// The Obsidian Tasks plugin's task lines, on the examples of its documentation (Dates, Priority,
/// Recurring Tasks, the Dataview Format page) and as its code reads them: fields taken off the
/// end of the line in any order, tags kept in the description.
@Suite("Obsidian Tasks")
struct ObsidianTasksTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var line: String
        var title: String
        var due: String?
        var priority: Priority = .none
        var tag: String?
        var open = true
        var testDescription: String { line }
    }

    static let cases: [Case] = [
        // (From the plugin's sample vault: on-completion fields, a `1)` marker.)
        Case(
            line: "- [ ] Remove this instance when done 🔁 every day 🏁 delete 📅 2021-04-25",
            title: "Remove this instance when done", due: "2021-04-25"),
        Case(
            line: "- [ ] Parent task 🆔 abcdef ⛔ 123456,abc123 🔼 🔁 every day when done 🏁 delete",
            title: "Parent task", priority: .medium),
        Case(
            line: "- [ ] Dataview one [repeat:: every day]  [onCompletion:: delete]  [due:: 2021-04-25]",
            title: "Dataview one", due: "2021-04-25"),
        Case(
            line: "1) [ ] numbered task with parenthesis 📅 2021-04-25", title: "numbered task with parenthesis",
            due: "2021-04-25"),
        Case(
            line: "- [ ] take out the trash 🔁 every Sunday 📅 2021-04-25", title: "take out the trash", due: "2021-04-25"
        ),
        Case(
            line: "- [x] take out the trash 🔁 every Sunday 📅 2021-04-25 ✅ 2021-04-24", title: "take out the trash",
            due: "2021-04-25", open: false),
        Case(line: "- [ ] sweep the floors 🔁 every week ⏳ 2021-02-06", title: "sweep the floors", due: "2021-02-06"),
        Case(
            line: "-   [ ] Mow the lawn 🔁 every 2 weeks ⏳ 2021-10-28 📅 2021-10-30", title: "Mow the lawn",
            due: "2021-10-30"),
        Case(
            line: "- [ ] #task Has a due date  [due:: 2023-04-16]", title: "Has a due date", due: "2023-04-16",
            tag: "task"),
        Case(line: "- [ ] #task Has a start date  [start:: 2023-04-15]", title: "Has a start date", tag: "task"),
        Case(
            line: "- [x] #task Has a done date  [completion:: 2023-04-17]", title: "Has a done date", tag: "task",
            open: false),
        Case(
            line: "- [-] #task Has a cancelled date  [cancelled:: 2023-04-18]", title: "Has a cancelled date",
            tag: "task",
            open: false),
        Case(
            line: "- [ ] #task Lowest priority  [priority:: lowest]", title: "Lowest priority", priority: .low,
            tag: "task"),
        Case(
            line: "- [ ] #task Highest priority  [priority:: highest]", title: "Highest priority", priority: .high,
            tag: "task"),
        Case(
            line: "- [ ] #task Medium priority  [priority:: medium]", title: "Medium priority", priority: .medium,
            tag: "task"),
        Case(
            line: "- [ ] This is a task [priority:: high], [start:: 2023-04-24], [due:: 2023-05-01]",
            title: "This is a task", due: "2023-05-01", priority: .high),
        Case(
            line: "- [ ] (parens) work too (due:: 2023-05-02)", title: "(parens) work too", due: "2023-05-02"),
        Case(
            line: "- [ ] #task Is a recurring task [repeat:: every day when done]", title: "Is a recurring task",
            tag: "task"),
        Case(line: "- [ ] Do it 🔺 📅 2026-11-27", title: "Do it", due: "2026-11-27", priority: .high),
        Case(line: "- [ ] Do it ⏬", title: "Do it", priority: .low),
        Case(line: "- [ ] Do it 🔼\u{FE0F} ➕ 2026-11-01 🛫 2026-11-20", title: "Do it", priority: .medium),
        // Any order, tags among the fields kept in the description.
        Case(
            line: "- [ ] Do something #tag1 📅 2026-11-27 #tag2 ⏫ ⏳ 2026-11-25", title: "Do something",
            due: "2026-11-27",
            priority: .high, tag: "tag1"),
        // A field inside the text is text (only the end is read).
        Case(line: "- [ ] call 📅 2026-11-27 about it", title: "call 📅 2026-11-27 about it"),
        Case(line: "* [/] in progress 📆2026-12-01", title: "in progress", due: "2026-12-01"),
        Case(line: "12. [ ] numbered 🗓 2026-12-02 ^block-1", title: "numbered", due: "2026-12-02"),
        Case(line: "\t> - [X] quoted ✅ 2026-11-02", title: "quoted", open: false),
        Case(line: "- [?] a custom status is open", title: "a custom status is open"),
        Case(line: "- [ ] 🆔 abc123 ⛔ x1,y2 ids go 📅 2026-11-30", title: "🆔 abc123 ⛔ x1,y2 ids go", due: "2026-11-30"),
        Case(line: "- [ ] ids go 🆔 abc123 ⛔ x1,y2 📅 2026-11-30", title: "ids go", due: "2026-11-30"),
        Case(line: "- [ ] reminder ⏰ 2026-11-30 09:00", title: "reminder"),
        Case(line: "- [ ] url http://x/y#frag stays", title: "url http://x/y#frag stays"),
        Case(line: "- [ ] a day that does not exist 📅 2026-02-30", title: "a day that does not exist")
    ]

    @Test(arguments: cases)
    func readsTheLine(_ c: Case) throws {
        let entries = ObsidianTasks.parse(Array((c.line + "\n").utf8), note: "n.md", source: "o")
        let item = try #require(entries.first?.item, "no task")
        #expect(item.title == c.title)
        #expect(item.due == c.due.map { .day(ObsidianTasks.date($0)!) })
        #expect(item.priority == c.priority)
        #expect(item.tag == c.tag)
        #expect(item.isOpen == c.open)
        #expect(item.kind == .todo)
    }

    @Test func notTasks() {
        let note = """
            ---
            - [ ] in the front matter 📅 2026-11-27
            ---
            - plain list item 📅 2026-11-27
            -[ ] no space
            - [] empty box
            ```
            - [ ] in a code block 📅 2026-11-27
            ```
            ~~~md
            - [ ] in another 📅 2026-11-27
            ~~~
            - [ ] the only task
            """
        let entries = ObsidianTasks.parse(Array(note.utf8), note: "n.md", source: "o")
        #expect(entries.map(\.item.title) == ["the only task"])
        #expect(entries.first?.line == 13)
    }

    /// Ids: the note and the task's text without what done, undo and priority change; copies
    /// in one note numbered; another note's task with the same text another id.
    @Test func idsSurviveDoneAndAreDistinct() {
        let a = ObsidianTasks.parse(
            Array("- [ ] Pay 📅 2026-11-27\n- [ ] Pay 📅 2026-11-27\n".utf8), note: "a.md", source: "o")
        let done = ObsidianTasks.parse(
            Array("- [x] Pay ⏫ 📅 2026-11-27 ✅ 2026-11-26\n- [ ] Pay 📅 2026-11-27\n".utf8), note: "a.md", source: "o")
        let b = ObsidianTasks.parse(Array("- [ ] Pay 📅 2026-11-27\n".utf8), note: "b.md", source: "o")
        #expect(a.map(\.item.id) == done.map(\.item.id))
        #expect(a[1].item.id == a[0].item.id + "#2")
        #expect(b[0].item.id != a[0].item.id)
        #expect(ObsidianTasks.noteHash(ofID: a[1].item.id) == ObsidianTasks.noteHash("a.md"))
    }

    static let day = CivilDate(year: 2021, month: 4, day: 24)

    func complete(_ text: String, on date: CivilDate = day, line: Int = 0) throws -> String {
        let bytes = Array(text.utf8)
        let id = ObsidianTasks.parse(bytes, note: "n.md", source: "o")[line].item.id
        return String(
            decoding: try ObsidianTasks.complete(bytes, note: "n.md", id: id, source: "o", on: date), as: UTF8.self)
    }

    /// The Recurring Tasks page's examples, byte for byte.
    @Test func doneWritesWhatThePluginDocumentsAndTheNextInstanceAbove() throws {
        #expect(
            try complete("- [ ] take out the trash 🔁 every Sunday 📅 2021-04-25\n")
                == "- [ ] take out the trash 🔁 every Sunday 📅 2021-05-02\n- [x] take out the trash 🔁 every Sunday 📅 2021-04-25 ✅ 2021-04-24\n"
        )
        let feb13 = CivilDate(year: 2022, month: 2, day: 13)
        #expect(
            try complete("- [ ] sweep the floors 🔁 every week ⏳ 2021-02-06\n", on: feb13)
                == "- [ ] sweep the floors 🔁 every week ⏳ 2021-02-13\n- [x] sweep the floors 🔁 every week ⏳ 2021-02-06 ✅ 2022-02-13\n"
        )
        #expect(
            try complete("- [ ] sweep the floors 🔁 every week when done ⏳ 2021-02-06\n", on: feb13)
                == "- [ ] sweep the floors 🔁 every week when done ⏳ 2022-02-20\n- [x] sweep the floors 🔁 every week when done ⏳ 2021-02-06 ✅ 2022-02-13\n"
        )
        let mow = try complete("-   [ ] Mow the lawn 🔁 every 2 weeks ⏳ 2021-10-28 📅 2021-10-30")
        #expect(mow.hasPrefix("-   [ ] Mow the lawn 🔁 every 2 weeks ⏳ 2021-11-11 📅 2021-11-13\n"))
        // No line break at the end: none added; the Dataview format's done field.
        #expect(
            try complete("- [ ] #task Has a due date  [due:: 2023-04-16]")
                == "- [x] #task Has a due date  [due:: 2023-04-16]  [completion:: 2021-04-24]")
        // The done date goes before a block link; the next instance has none, nor a created date or id.
        #expect(
            try complete("\t- [/] weekly ⏫ 🔁 every week ➕ 2021-04-01 🆔 abc 📅 2021-04-26 ^link-1\r\n")
                == "\t- [ ] weekly ⏫ 🔁 every week 📅 2021-05-03\r\n\t- [x] weekly ⏫ 🔁 every week ➕ 2021-04-01 🆔 abc 📅 2021-04-26 ✅ 2021-04-24 ^link-1\r\n"
        )
        // Done already: nothing changes.
        let doneLine = "- [x] t 📅 2021-04-25 ✅ 2021-04-20\n"
        #expect(try complete(doneLine) == doneLine)
    }

    /// Each next due date of the page's monthly examples, completed one after another.
    @Test(arguments: [
        (
            "every month on the last", "2022-01-31",
            ["2022-02-28", "2022-03-31", "2022-04-30", "2022-05-31", "2022-06-30"]
        ),
        ("every month", "2021-10-31", ["2021-11-30", "2021-12-30", "2022-01-30", "2022-02-28", "2022-03-28"]),
        ("every month on the 31st", "2022-01-31", ["2022-03-31", "2022-05-31", "2022-07-31", "2022-08-31"]),
        ("every weekday", "2026-11-27", ["2026-11-30", "2026-12-01"]),
        ("every week on Tuesday, Friday", "2026-11-27", ["2026-12-01", "2026-12-04", "2026-12-08"]),
        ("every 2 weeks on Monday", "2026-11-23", ["2026-12-07", "2026-12-21"]),
        ("every 3 days", "2026-11-27", ["2026-11-30", "2026-12-03"]),
        ("every month on the 1st", "2026-11-27", ["2026-12-01", "2027-01-01"]),
        ("every year", "2024-02-29", ["2025-02-28", "2026-02-28"])
    ])
    func monthlyAndOtherRules(_ rule: String, _ first: String, _ next: [String]) throws {
        var line = "- [ ] do stuff 🔁 \(rule) 📅 \(first)\n"
        for want in next {
            let out = try complete(line, on: CivilDate(year: 2020, month: 1, day: 1))
            let newLine = String(out.split(separator: "\n")[0])
            #expect(newLine == "- [ ] do stuff 🔁 \(rule) 📅 \(want)")
            line = newLine + "\n"
        }
    }

    @Test func undoRemovesTheDoneMarkAndTheNextInstance() throws {
        let before = "# Week\n- [ ] take out the trash 🔁 every Sunday 📅 2021-04-25\nafter\n"
        let done = try complete(before, line: 0)
        let bytes = Array(done.utf8)
        let id = ObsidianTasks.parse(bytes, note: "n.md", source: "o")[1].item.id
        #expect(id == ObsidianTasks.parse(Array(before.utf8), note: "n.md", source: "o")[0].item.id)
        let undone = try ObsidianTasks.reopen(bytes, note: "n.md", id: id, source: "o")
        #expect(String(decoding: undone, as: UTF8.self) == before)
        let dv = "- [x] #task Has a done date  [completion:: 2023-04-17]"
        let dvID = ObsidianTasks.parse(Array(dv.utf8), note: "n.md", source: "o")[0].item.id
        #expect(
            String(
                decoding: try ObsidianTasks.reopen(Array(dv.utf8), note: "n.md", id: dvID, source: "o"), as: UTF8.self)
                == "- [ ] #task Has a done date")
    }

    @Test func removeEditAndAppendChangeTheTaskLineOnly() throws {
        let note = "Intro\r\n- [ ] Pay rent #home 🔼 📅 2026-11-30\r\n- [ ] Other\r\nno break at the end"
        let bytes = Array(note.utf8)
        let entries = ObsidianTasks.parse(bytes, note: "n.md", source: "o")
        let removed = try ObsidianTasks.remove(bytes, note: "n.md", id: entries[0].item.id, source: "o")
        #expect(String(decoding: removed, as: UTF8.self) == "Intro\r\n- [ ] Other\r\nno break at the end")
        var new = entries[0].item
        new.title = "Pay the rent"
        new.due = .day(CivilDate(year: 2026, month: 12, day: 1))
        new.priority = .high
        new.tag = "flat"
        let edited = try ObsidianTasks.update(
            bytes, note: "n.md", id: entries[0].item.id, source: "o", from: entries[0].item, to: new, zone: .utc)
        #expect(
            String(decoding: edited, as: UTF8.self)
                == "Intro\r\n- [ ] Pay the rent #flat ⏫ 📅 2026-12-01\r\n- [ ] Other\r\nno break at the end")
        var item = Item(kind: .todo, id: "", handle: 0, title: "Buy milk", source: "o")
        item.due = .day(CivilDate(year: 2026, month: 11, day: 28))
        item.tag = "shop"
        let (out, id, added) = ObsidianTasks.append(bytes, note: "n.md", item: item, zone: .utc)
        #expect(added)
        #expect(String(decoding: out, as: UTF8.self) == note + "\r\n- [ ] Buy milk #shop 📅 2026-11-28\r\n")
        #expect(ObsidianTasks.parse(out, note: "n.md", source: "o").last?.item.id == id)
        let again = ObsidianTasks.append(out, note: "n.md", item: item, zone: .utc, again: true)
        #expect(!again.added && again.bytes == out && again.id == id)
    }

    /// A field is at most 256 characters long: the fuzzer found a task whose text ended in a
    /// million digits, which the id, depends-on, rule and tag fields each scanned back to the
    /// line's start, round after round, parse after parse (10 s for one input). Longer is text,
    /// and a line of a megabyte costs its length.
    @Test func aFieldIsBoundedAndALineOfAMegabyteCostsItsLength() throws {
        let long = "every day" + String(repeating: " and", count: 70)
        let parsed = ObsidianTasks.parse(Array("- [ ] Rule 🔁 \(long) 📅 2026-11-27\n".utf8), note: "n.md", source: "o")
        #expect(parsed.first?.item.title.hasPrefix("Rule 🔁 every day and") == true)
        let short = ObsidianTasks.parse(Array("- [ ] Rule 🔁 every day 📅 2026-11-27\n".utf8), note: "n.md", source: "o")
        #expect(short.first?.item.title == "Rule")
        let bytes = Array(("- [ ] Pay #work ⏫ 📅 2026-11-27\n1. [ ] Old " + String(repeating: "9", count: 1 << 20)).utf8)
        let started = ContinuousClock.now
        let entries = ObsidianTasks.parse(bytes, note: "n.md", source: "o")
        #expect(entries.count == 2 && entries[1].item.title.hasPrefix("Old 999"))
        _ = try ObsidianTasks.complete(bytes, note: "n.md", id: entries[1].item.id, source: "o", on: Self.day)
        #expect(ContinuousClock.now - started < .seconds(20))
    }

    @Test func aLineNotUTF8IsNotRewritten() {
        var bytes = Array("- [ ] caf".utf8) + [0xE9] + Array(" 📅 2026-11-27\n".utf8)
        bytes += Array("- [ ] fine\n".utf8)
        let entries = ObsidianTasks.parse(bytes, note: "n.md", source: "o")
        #expect(entries.count == 2)
        #expect(throws: ObsidianTasks.EditError.notUTF8(line: 1)) {
            try ObsidianTasks.complete(bytes, note: "n.md", id: entries[0].item.id, source: "o", on: Self.day)
        }
    }

    /// Tasks in comments are not tasks (the plugin's test data: "not seen by Obsidian or any of
    /// its task-based plugins").
    @Test func tasksInCommentsAreNotTasks() {
        let note = """
            - [ ] before 📅 2021-04-25
            %%
            - [ ] I look like a task but am in an Obsidian (percent) comment
            %%
            <!--
            - [ ] I look like a task but am in an HTML comment
            -->
            - [ ] after %% a note %% 📅 2021-04-26

            """
        let titles = ObsidianTasks.parse(Array(note.utf8), note: "n.md", source: "o").map(\.item.title)
        #expect(titles.count == 2 && titles[0] == "before", "\(titles)")
    }

    /// An open task that carries a done (and a cancelled) date already, as the plugin's smoke-test
    /// note has one: `done` changes the done date (one stays), `undo` takes off only what done
    /// set, the cancelled date stays.
    @Test func doneAndUndoOnALineWithDatesOfBothStates() throws {
        let line = "- [ ] Sample 📅 2024-09-04 ❌ 2024-09-05 ✅ 2024-09-06\n"
        let id = try #require(ObsidianTasks.parse(Array(line.utf8), note: "n.md", source: "o").first?.item.id)
        let done = try ObsidianTasks.complete(
            Array(line.utf8), note: "n.md", id: id, source: "o", on: CivilDate(year: 2026, month: 11, day: 27))
        #expect(String(decoding: done, as: UTF8.self) == "- [x] Sample 📅 2024-09-04 ❌ 2024-09-05 ✅ 2026-11-27\n")
        let doneID = try #require(ObsidianTasks.parse(done, note: "n.md", source: "o").first?.item.id)
        let undone = try ObsidianTasks.reopen(done, note: "n.md", id: doneID, source: "o")
        #expect(String(decoding: undone, as: UTF8.self) == "- [ ] Sample 📅 2024-09-04 ❌ 2024-09-05\n")
    }
}
