import Foundation
import Testing
import TMinusCore

@Suite("CLI: add, todo, done, undo, edit, rm")
struct CLIItemCommandsTests {
    @Test func listAllJSONHasEveryFieldOfEveryItem() throws {
        let h = try Seed.home()
        let items = try h.list("--all")
        #expect(items.count == 8)
        let fields = [
            "handle", "id", "kind", "title", "note", "due", "start", "completed", "tag", "color", "starred", "priority",
            "remind", "source"
        ]
        for item in items {
            for field in fields { #expect(item[field] != nil, "\(field) missing in \(JSONWriter.compact(item))") }
            let id = try #require(item["id"]?.stringValue)
            #expect(id.count == 36 && id == id.lowercased())
            #expect(item["source"]?.stringValue == "tminus")
            #expect(item["completed"] == .bool(false))
        }
        #expect(items.filter { $0["kind"]?.stringValue == "deadline" }.count == 3)
        #expect(items.filter { $0["kind"]?.stringValue == "todo" }.count == 5)
        #expect(Set(items.compactMap { $0["id"]?.stringValue }).count == 8)

        let thesis = try #require(items.item(1))
        #expect(thesis["kind"]?.stringValue == "deadline")
        #expect(thesis["title"]?.stringValue == "Thesis")
        #expect(thesis["note"]?.stringValue == "chapter 3")
        #expect(thesis["due"]?.stringValue == "2026-12-01T17:00:00+01:00")
        #expect(thesis["start"]?.stringValue == "2026-03-01T10:05:00+01:00")
        #expect(thesis["tag"]?.stringValue == "study")
        #expect(thesis["color"]?.stringValue == "#ebcb8b")
        #expect(thesis["icon"]?.stringValue == "🎓")
        #expect(thesis["starred"] == .bool(false))
        #expect(thesis["priority"]?.stringValue == "none")
        #expect(thesis["remind"] == .null)

        let milk = try #require(items.item(4))
        #expect(milk["kind"]?.stringValue == "todo")
        #expect(milk["starred"] == .bool(true))
        #expect(milk["priority"]?.stringValue == "high")
        #expect(milk["tag"]?.stringValue == "errand")
        #expect(milk["color"]?.stringValue == "#d08770")
        #expect(milk["start"] == .null)

        let call = try #require(items.item(5))
        #expect(call["note"]?.stringValue == "birthday")
        #expect(call["priority"]?.stringValue == "medium")
        #expect(call["due"]?.stringValue == "2026-03-10T18:00:00+01:00")

        let bike = try #require(items.item(8))
        #expect(bike["due"] == .null)
        #expect(bike["tag"] == .null && bike["color"] == .null)
        #expect(bike["remind"]?.stringValue == "2026-03-12T08:00:00+01:00")
        #expect(bike["note"]?.stringValue == "Flat tyre")
    }

    @Test func wholeDayDueShowsAsADate() throws {
        let h = try Seed.home()
        let items = try h.list()
        #expect(items.item(2)?["due"]?.stringValue == "2026-03-31")
        #expect(items.item(4)?["due"]?.stringValue == "2026-03-10")
        #expect(items.item(2)?["allDay"] == .bool(true))
        #expect(items.item(1)?["allDay"] == .bool(false))
        // "today" and "tomorrow" are whole days too.
        try h.ok("todo", "Later", "--due", "tomorrow")
        #expect(try h.list().first { $0["title"]?.stringValue == "Later" }?["due"]?.stringValue == "2026-03-11")
        // And the store keeps the day, not an instant.
        let store = String(decoding: try #require(h.bytes("store.json")), as: UTF8.self)
        #expect(store.contains("\"2026-03-31\""))
    }

    @Test func addAndTodoSayWhatTheyAdded() throws {
        let h = try TempHome()
        let add = try h.ok("add", "Thesis", "--due", "2026-12-01T17:00")
        #expect(add.stdout == "added deadline #1 Thesis, due Tue 2026-12-01 17:00\n")
        let todo = try h.ok("todo", "Buy milk", "--due", "today")
        #expect(todo.stdout == "added todo #2 Buy milk, due today\n")
    }

    /// `done` several refs at once (handle, title, id prefix): exactly those are completed, the rest untouched.
    @Test func doneChangesExactlyWhatItNames() throws {
        let h = try Seed.home()
        let before = try h.list("--all")
        let bikeID = try #require(before.item(8)?["id"]?.stringValue)
        let done = try h.ok("done", "4", "read paper", String(bikeID.prefix(8)), now: "2026-03-10T14:00:00Z")
        #expect(done.stdout.split(separator: "\n").count == 3)
        let after = try h.list("--all")
        #expect(after.count == 8)
        for handle in 1...8 {
            let old = try #require(before.item(handle)), new = try #require(after.item(handle))
            if [4, 7, 8].contains(handle) {
                #expect(new["completed"] == .bool(true))
                #expect(new["completedAt"]?.stringValue == "2026-03-10T15:00:00+01:00")
                #expect(
                    new.text(without: ["completed", "completedAt"]) == old.text(without: ["completed", "completedAt"]),
                    "only completion changed for #\(handle)")
            } else {
                #expect(new.text == old.text, "#\(handle) changed")
            }
        }
        #expect(try h.handles() == [6, 5, 2, 1, 3])
        // Completed items live in the archive, not the store.
        let archive = String(decoding: try #require(h.bytes("archive.jsonl")), as: UTF8.self)
        #expect(archive.split(separator: "\n").count == 3)
    }

    @Test func undoReopensExactlyWhatItNames() throws {
        let h = try Seed.home()
        let before = try h.list("--all")
        try h.ok("done", "4", "7", "2")
        try h.ok("undo", "4", "tax return")
        let after = try h.list("--all")
        #expect(after.item(4).text == before.item(4).text)
        #expect(after.item(2).text == before.item(2).text)
        #expect(after.item(7)?["completed"] == .bool(true))
        for handle in [1, 3, 5, 6, 8] { #expect(after.item(handle).text == before.item(handle).text) }
        #expect(try h.handles() == [6, 5, 4, 2, 1, 3, 8])
        // An open item cannot be undone.
        let again = try h.run("undo", "4")
        #expect(again.status == 2)
        #expect(again.stderr.contains("no completed item matches '4'"))
    }

    @Test func editChangesExactlyWhatItNames() throws {
        let h = try Seed.home()
        let before = try h.list("--all")
        try h.ok(
            "edit", "5", "--title", "Call dad", "--due", "2026-03-11", "--tag", "work", "--star", "--priority", "low",
            "--note", "new note", "--remind", "2026-03-11T09:00")
        var after = try h.list("--all")
        let call = try #require(after.item(5))
        #expect(call["title"]?.stringValue == "Call dad")
        #expect(call["due"]?.stringValue == "2026-03-11")
        #expect(call["tag"]?.stringValue == "work")
        #expect(call["color"]?.stringValue == "#5e81ac")
        #expect(call["starred"] == .bool(true))
        #expect(call["priority"]?.stringValue == "low")
        #expect(call["note"]?.stringValue == "new note")
        #expect(call["remind"]?.stringValue == "2026-03-11T09:00:00+01:00")
        #expect(call["id"] == before.item(5)?["id"])
        #expect(call["created"] == before.item(5)?["created"])
        for handle in [1, 2, 3, 4, 6, 7, 8] {
            #expect(after.item(handle).text == before.item(handle).text, "#\(handle) changed")
        }

        // Removing optional fields, and one field alone.
        try h.ok("edit", "Call dad", "--due", "none", "--tag", "none", "--remind", "none", "--unstar")
        try h.ok("edit", "1", "--due", "2026-12-02T09:30", "--icon", "📚")
        after = try h.list("--all")
        let dad = try #require(after.item(5))
        #expect(dad["due"] == .null && dad["tag"] == .null && dad["remind"] == .null && dad["starred"] == .bool(false))
        #expect(dad["title"]?.stringValue == "Call dad")
        #expect(after.item(1)?["due"]?.stringValue == "2026-12-02T09:30:00+01:00")
        #expect(after.item(1)?["icon"]?.stringValue == "📚")
        #expect(after.item(1)?["title"] == before.item(1)?["title"])
        #expect(after.item(1)?["note"] == before.item(1)?["note"])
    }

    @Test func rmRemovesExactlyWhatItNames() throws {
        let h = try Seed.home()
        try h.ok("done", "7")
        let before = try h.list("--all")
        // An open item by title, an open one by handle, and a completed one.
        let rm = try h.ok("rm", "conference talk", "8", "7")
        #expect(rm.stdout.split(separator: "\n").count == 3)
        let after = try h.list("--all")
        #expect(after.compactMap { $0["handle"]?.intValue }.sorted() == [1, 2, 4, 5, 6])
        for handle in [1, 2, 4, 5, 6] { #expect(after.item(handle).text == before.item(handle).text) }
        // Handles are never reused.
        let next = try h.ok("todo", "New")
        #expect(next.stdout.hasPrefix("added todo #9 "))
        // The archive's record of the removed item is marked removed (one byte, in place).
        let archive = String(decoding: h.bytes("archive.jsonl") ?? Data(), as: UTF8.self)
        let lines = archive.split(separator: "\n").filter { $0.contains("Read paper") }
        #expect(lines.count == 1 && lines[0].hasPrefix(#"{"removed":1,"#))
        #expect(try h.ok("stats", "--json").json()["completed"]?.intValue == 0)
    }

    /// The same item named twice (by handle and by title) is acted on once.
    @Test(arguments: ["done", "rm"])
    func aRefRepeatedActsOnce(command: String) throws {
        let h = try Seed.home()
        let result = try h.ok(command, "4", "buy milk", "#4")
        #expect(result.stdout.split(separator: "\n").count == 1, "\(result)")
        #expect(try h.handles() == [6, 5, 7, 2, 1, 3, 8])
        #expect(try h.handles("--all").count == (command == "done" ? 8 : 7))
    }

    @Test(arguments: [
        ["done", "4", "99"],
        ["done", "99", "4"],
        ["rm", "1", "nope"],
        ["undo", "4", "5"],
        ["done", "4", "same"]
    ])
    func oneBadRefChangesNothing(args: [String]) throws {
        let h = try Seed.home()
        try h.ok("todo", "Same")
        try h.ok("todo", "same")
        try h.ok("done", "5")
        let store = h.bytes("store.json"), archive = h.bytes("archive.jsonl"), summary = h.bytes("summary.json")
        let result = try h.start(args).wait()
        #expect(result.status == 2, "\(result)")
        #expect(result.stderrLines.count == 1 && result.stderr.hasPrefix("tminus: "), "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(h.bytes("store.json") == store)
        #expect(h.bytes("archive.jsonl") == archive)
        #expect(h.bytes("summary.json") == summary)
    }

    @Test func ambiguousRefListsTheCandidates() throws {
        let h = try TempHome()
        try h.ok("todo", "Same")
        try h.ok("add", "same", "--due", "2026-04-01")
        let result = try h.run("done", "SAME")
        #expect(result.status == 2)
        #expect(result.stderr.contains("#1 Same (todo)"))
        #expect(result.stderr.contains("#2 same (deadline)"))
    }
}
