import Foundation
import Testing
import TMinusCore

@Suite("CLI: summary.json")
struct CLISummaryFileTests {
    /// The summary's open items, as (handle, title) sorted by handle.
    func summaryItems(_ h: TempHome) throws -> [String] {
        let s = try h.summary()
        return (s.deadlines.map { "\($0.handle) \($0.title)" } + s.todos.map { "\($0.handle) \($0.title)" })
            .sorted { Int($0.split(separator: " ")[0])! < Int($1.split(separator: " ")[0])! }
    }

    /// The open items `list` shows, in the same form.
    func listItems(_ h: TempHome) throws -> [String] {
        try h.list().compactMap { item in item["handle"]?.intValue.map { "\($0) \(item["title"]?.stringValue ?? "")" } }
            .sorted { Int($0.split(separator: " ")[0])! < Int($1.split(separator: " ")[0])! }
    }

    @Test func summaryFollowsEveryChange() throws {
        let h = try TempHome()
        let steps: [[String]] = [
            ["add", "Thesis", "--due", "2026-12-01T17:00", "--tag", "study"],
            ["todo", "Buy milk", "--due", "today", "--tag", "errand", "--star"],
            ["todo", "Call mom", "--priority", "high"],
            ["done", "2"],
            ["undo", "2"],
            ["edit", "3", "--title", "Call dad", "--due", "2026-03-11T18:00"],
            ["tag", "edit", "study", "--color", "#123456"],
            ["tag", "add", "school"],
            ["edit", "1", "--tag", "school"],
            ["rm", "3"],
            ["done", "1"]
        ]
        var lastGenerated: Instant?
        for (i, step) in steps.enumerated() {
            let now = "2026-03-10T12:\(String(format: "%02d", i)):00Z"
            try h.ok(step, now: now)
            let summary = try h.summary()
            #expect(try summaryItems(h) == listItems(h), "after \(step)")
            #expect(summary.generated == RFC3339.parse(now), "after \(step)")
            if let lastGenerated { #expect(summary.generated > lastGenerated) }
            lastGenerated = summary.generated
            // It parses as the documented format, and as what `summary` prints.
            let raw = try JSONParser.parse(Array(try #require(h.bytes("summary.json"))))
            #expect(raw["format"]?.stringValue == "tminus-summary")
            #expect(raw["version"]?.intValue == 1)
            #expect(try Summary(json: h.ok("summary").json()) == summary)
        }
        let final = try h.summary()
        #expect(final.deadlines.isEmpty)
        #expect(final.todos.map(\.title) == ["Buy milk"])
        #expect(final.todos.first?.color == "#d08770" && final.todos.first?.starred == true)
        #expect(final.tags.first { $0.name == "study" }?.color == "#123456")
        #expect(final.tags.contains { $0.name == "school" })
        #expect(final.sources.first?.items == 1)
    }

    @Test func summaryCarriesResolvedColoursAndDates() throws {
        let h = try Seed.home()
        let s = try h.summary()
        #expect(s.deadlines.map(\.handle) == [2, 1, 3])
        let thesis = try #require(s.deadlines.first { $0.handle == 1 })
        #expect(thesis.due == .instant(RFC3339.parse("2026-12-01T16:00:00Z")!))
        #expect(thesis.color == "#ebcb8b" && thesis.icon == "🎓" && thesis.note == "chapter 3")
        #expect(s.deadlines.first?.due == .day(CivilDate(year: 2026, month: 3, day: 31)))
        #expect(s.todos.map(\.handle) == [4, 5, 6, 7, 8])
        #expect(s.todos.first?.priority == .high)
    }

    @Test func summaryPathAndRebuild() throws {
        let h = try Seed.home()
        #expect(try h.ok("summary", "--path").stdout == h.summaryPath + "\n")
        try FileManager.default.removeItem(atPath: h.summaryPath)
        // A missing summary is rebuilt from the store.
        let printed = try Summary(json: h.ok("summary").json())
        #expect(printed.todos.count == 5 && printed.deadlines.count == 3)
        #expect(try h.summary() == printed)
    }
}

@Suite("CLI: a summary older than the store")
struct CLIStaleSummaryTests {
    /// A writer killed between its two renames leaves the new store and the old summary: the next
    /// reader notices (the store's stamp differs) and shows the store's data, rebuilding the file.
    @Test func theNextReaderRebuildsIt() throws {
        let h = try TempHome()
        try h.ok("add", "Old title", "--due", "2026-12-01")
        let oldSummary = try #require(h.bytes("summary.json"))
        try h.ok("edit", "1", "--title", "New title")
        try oldSummary.write(to: URL(fileURLWithPath: h.summaryPath))
        #expect(try h.ok("show").stdout.contains("New title"))
        #expect(try h.summary().deadlines.first?.title == "New title")
    }

    /// Items of another source in the summary survive a change to the store.
    @Test func anotherSourcesItemsAreKept() throws {
        let h = try TempHome()
        try h.ok("add", "Mine", "--due", "2026-12-01")
        var json = try JSONParser.parse(Array(try #require(h.bytes("summary.json"))))
        guard case .object(var members) = json else { Issue.record("not an object"); return }
        for (i, m) in members.enumerated() where m.key == "sources" || m.key == "todos" {
            guard case .array(var list) = m.value else { continue }
            if m.key == "sources" {
                list.append(
                    .object(["name": .string("phone"), "stamp": .string("2026-03-10T12:00:00Z"), "items": .int(1)]))
            } else {
                list.append(
                    .object([
                        "id": .string("phone-1"), "handle": .int(0), "title": .string("From the phone"),
                        "source": .string("phone")
                    ]))
            }
            members[i] = JSON.Member(m.key, .array(list))
        }
        json = .object(members)
        try Data((JSONWriter.compact(json) + "\n").utf8).write(to: URL(fileURLWithPath: h.summaryPath))
        try h.ok("todo", "Also mine")
        let summary = try h.summary()
        #expect(summary.todos.map(\.title).sorted() == ["Also mine", "From the phone"])
        #expect(summary.sources.map(\.name) == ["tminus", "phone"])
        #expect(try h.ok("show", "--family", "large").stdout.contains("From the phone"))
    }
}
