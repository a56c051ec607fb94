import Foundation
import Testing
import TMinusCore

/// An Obsidian vault as a source (`"kind": "obsidian"`, docs/sources.md): its notes' task lines
/// in the Tasks plugin's format are listed, counted down to and written back, every other byte of
/// the vault as it was.
@Suite("CLI: an Obsidian vault")
struct CLIObsidianTests {
    static let work = """
        ---
        aliases: [work]
        ---
        # Work

        Some prose with a [link](http://example.org/#x) and a list:
        - not a task
        - [ ] Pay invoice #work ⏫ 📅 2026-03-12
        - [ ] take out the trash 🔁 every week 📅 2026-03-10 ^trash
            * [/] Write report [priority:: medium]  [due:: 2026-03-13]
        - [x] Old one 📅 2026-03-01 ✅ 2026-03-02

        ```
        - [ ] code, not a task 📅 2026-03-11
        ```

        """

    /// A vault: a note with LF, one with CRLF and no final line break, a nested one, and
    /// Obsidian's own folders, whose Markdown is not read.
    static func vault(_ sources: String = #"{ "name": "notes", "kind": "obsidian", "path": "~/vault" }"#) throws
        -> SourcesFixture
    {
        let f = try SourcesFixture()
        try f.write("config/tminus/config.json", "{ \"sources\": [ \(sources) ] }")
        try f.write("vault/Work.md", work)
        try f.write("vault/Home.md", "# Home\r\n- [ ] Call mom ⏳ 2026-03-10\r\nno break at the end")
        try f.write("vault/Projects/2026/Plan.md", "1. [ ] Plan the year 📅 2026-03-20\n")
        try f.write("vault/.obsidian/templates/T.md", "- [ ] template task 📅 2026-03-11\n")
        try f.write("vault/.trash/Gone.md", "- [ ] trashed task 📅 2026-03-11\n")
        try f.write("vault/notes.txt", "- [ ] not a note 📅 2026-03-11\n")
        return f
    }

    @Test func tasksAreReadFromEveryNoteButHiddenFolders() throws {
        let f = try Self.vault()
        let items = try f.items()
        #expect(
            Set(items.keys) == ["Pay invoice", "take out the trash", "Write report", "Call mom", "Plan the year"],
            "\(items.keys.sorted())")
        #expect(items["Pay invoice"]?["due"]?.stringValue == "2026-03-12")
        #expect(items["Pay invoice"]?["priority"]?.stringValue == "high")
        #expect(items["Pay invoice"]?["tag"]?.stringValue == "work")
        #expect(items["Write report"]?["priority"]?.stringValue == "medium")
        #expect(items["Write report"]?["due"]?.stringValue == "2026-03-13")
        // Scheduled without a due date: a todo for that day.
        #expect(items["Call mom"]?["due"]?.stringValue == "2026-03-10")
        #expect(items["Call mom"]?["kind"]?.stringValue == "todo")
        let sources = try f.h.ok("sources").stdout
        #expect(sources.contains("notes  obsidian"), "\(sources)")
    }

    /// done, undo, edit, rm: only the task's line changes (and a recurring task's next instance
    /// comes above it, as the plugin writes it); the notes are otherwise byte for byte.
    @Test func writeBackChangesTheTaskLinesOnly() throws {
        let f = try Self.vault()
        let items = try f.items()
        let trash = try #require(items["take out the trash"]?["handle"]?.intValue)
        let call = try #require(items["Call mom"]?["handle"]?.intValue)
        try f.h.ok("done", String(trash), String(call))
        #expect(
            f.text("vault/Work.md")
                == Self.work.replacingOccurrences(
                    of: "- [ ] take out the trash 🔁 every week 📅 2026-03-10 ^trash\n",
                    with:
                        "- [ ] take out the trash 🔁 every week 📅 2026-03-17\n- [x] take out the trash 🔁 every week 📅 2026-03-10 ✅ 2026-03-10 ^trash\n"
                ))
        #expect(f.text("vault/Home.md") == "# Home\r\n- [x] Call mom ⏳ 2026-03-10 ✅ 2026-03-10\r\nno break at the end")
        // The next instance is listed; the done ones are not.
        let after = try f.items()
        #expect(after["take out the trash"]?["due"]?.stringValue == "2026-03-17")
        #expect(after["Call mom"] == nil)
        try f.h.ok("undo", String(trash), String(call))
        #expect(f.text("vault/Work.md") == Self.work)
        #expect(f.text("vault/Home.md") == "# Home\r\n- [ ] Call mom ⏳ 2026-03-10\r\nno break at the end")
        let back = try f.items()
        #expect(back["take out the trash"]?["handle"]?.intValue == trash)
        // edit: title, due and priority in place; rm: the line and its break.
        let pay = try #require(back["Pay invoice"]?["handle"]?.intValue)
        try f.h.ok("edit", String(pay), "--title", "Pay the invoice", "--due", "2026-03-14", "--priority", "low")
        #expect(
            f.text("vault/Work.md")
                == Self.work.replacingOccurrences(
                    of: "- [ ] Pay invoice #work ⏫ 📅 2026-03-12", with: "- [ ] Pay the invoice #work 🔽 📅 2026-03-14"))
        #expect(try f.items()["Pay the invoice"]?["handle"]?.intValue == pay)
        let report = try #require(back["Write report"]?["handle"]?.intValue)
        try f.h.ok("rm", String(report))
        #expect(!f.text("vault/Work.md").contains("Write report"))
        #expect(
            f.text("vault/Work.md")
                == Self.work.replacingOccurrences(
                    of: "- [ ] Pay invoice #work ⏫ 📅 2026-03-12", with: "- [ ] Pay the invoice #work 🔽 📅 2026-03-14"
                ).replacingOccurrences(of: "    * [/] Write report [priority:: medium]  [due:: 2026-03-13]\n", with: "")
        )
        // What a task line cannot keep is refused, nothing written.
        let before = f.text("vault/Work.md")
        let refused = try f.h.run("edit", String(pay), "--due", "2026-03-14 10:00")
        #expect(refused.status == 2 && refused.stderr.contains("keeps a due day, not a time"), "\(refused)")
        #expect(f.text("vault/Work.md") == before)
    }

    /// `todo --to`: today's daily note at the vault's top (made when missing), or the configured
    /// note; a note that is not in the vault is refused.
    @Test func newTasksGoToTheDailyNoteOrTheConfiguredOne() throws {
        let f = try Self.vault()
        try f.h.ok("todo", "Buy milk", "--due", "tomorrow", "--to", "notes")
        #expect(f.text("vault/2026-03-10.md") == "- [ ] Buy milk 📅 2026-03-11\n")
        try f.h.ok("todo", "Buy bread", "--tag", "shop", "--priority", "high", "--to", "notes")
        #expect(f.text("vault/2026-03-10.md") == "- [ ] Buy milk 📅 2026-03-11\n- [ ] Buy bread #shop ⏫\n")
        #expect(try f.items()["Buy bread"]?["tag"]?.stringValue == "shop")
        // Where the Daily notes plugin's settings put the daily note (as the plugin's sample vault has them).
        try f.write("vault/.obsidian/daily-notes.json", #"{ "folder": "Daily Notes", "format": "YYYY-MM-DD" }"#)
        try f.write("vault/Daily Notes/2026-03-09.md", "# Yesterday\n")
        try f.h.ok("todo", "Call Al", "--to", "notes")
        #expect(f.text("vault/Daily Notes/2026-03-10.md") == "- [ ] Call Al\n")
        try f.write("vault/.obsidian/daily-notes.json", #"{ "folder": "Daily Notes", "format": "DD.MM.YYYY" }"#)
        try f.h.ok("todo", "Call Bo", "--to", "notes")
        #expect(f.text("vault/Daily Notes/10.03.2026.md") == "- [ ] Call Bo\n")
        try f.write(
            "config/tminus/config.json",
            #"{ "sources": [ { "name": "notes", "kind": "obsidian", "path": "~/vault", "note": "Home.md" } ] }"#)
        try f.h.ok("todo", "Water plants", "--to", "notes")
        #expect(
            f.text("vault/Home.md")
                == "# Home\r\n- [ ] Call mom ⏳ 2026-03-10\r\nno break at the end\r\n- [ ] Water plants\r\n")
        try f.write(
            "config/tminus/config.json",
            #"{ "sources": [ { "name": "notes", "kind": "obsidian", "path": "~/vault", "note": "../escape.md" } ] }"#)
        let out = try f.h.run("todo", "Nope", "--to", "notes")
        #expect(out.status != 0 && out.stderr.contains("inside the vault"), "\(out)")
        #expect(!FileManager.default.fileExists(atPath: f.root.appendingPathComponent("escape.md").path))
        // "note" on another kind is a config error.
        try f.write(
            "config/tminus/config.json",
            #"{ "sources": [ { "name": "t", "kind": "todotxt", "path": "~/todo.txt", "note": "x.md" } ] }"#)
        let check = try f.h.run("config", "check")
        #expect(
            check.status != 0 && (check.stdout + check.stderr).contains("applies to obsidian and org sources only"),
            "\(check)")
    }

    /// Hostile and huge notes are bounded as the other kinds' files are: a note over 16 MB is
    /// not read (said in `sources`), a note of 60,000 tasks gives the source's `maxItems` nearest
    /// now, a line of a megabyte and folders nested past 32 levels cost no more than their bytes.
    @Test func hugeAndHostileNotesAreBounded() throws {
        let f = try Self.vault(#"{ "name": "notes", "kind": "obsidian", "path": "~/vault", "maxItems": 3 }"#)
        var big = Data("- [ ] inside a huge note 📅 2026-03-11\n".utf8)
        big.append(Data(repeating: 0x61, count: 16 << 20))
        try big.write(to: f.root.appendingPathComponent("vault/Huge.md"))
        var many = ""
        for i in 0..<60_000 { many += "- [ ] Task \(i) 📅 2027-\(String(format: "%02d", i % 12 + 1))-01\n" }
        many += "- [ ] The soonest 📅 2026-03-09\n"
        try f.write("vault/Many.md", many)
        try f.write("vault/Line.md", "- [ ] " + String(repeating: "🔁 x #y [due:: ", count: 60_000) + "\n")
        let deep = (0..<40).map { "d\($0)" }.joined(separator: "/")
        try f.write("vault/\(deep)/Deep.md", "- [ ] too deep 📅 2026-03-09\n")
        let list = try f.h.list([])
        let titles = list.compactMap { $0["title"]?.stringValue }
        #expect(titles.contains("The soonest") && titles.count == 3, "\(titles)")
        #expect(!titles.contains("inside a huge note") && !titles.contains("too deep"))
        let sources = try f.h.ok("sources").stdout
        #expect(sources.contains("Huge.md"), "\(sources)")
        #expect(sources.contains("left out"), "\(sources)")
        #expect(sources.contains("deeper than 32"), "\(sources)")
    }

    /// Ages every file and folder of the vault (a stamp from the last two seconds is not trusted).
    func age(_ f: SourcesFixture, by seconds: Double = 60) throws {
        let old = Date().addingTimeInterval(-seconds)
        let url = f.root.appendingPathComponent("vault")
        var paths = [url.path]
        if let e = FileManager.default.enumerator(atPath: url.path) {
            while let p = e.nextObject() as? String { paths.append(url.appendingPathComponent(p).path) }
        }
        for p in paths { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: p) }
    }

    /// One note changed in a vault of 5,000: it is read again and the others come from the file
    /// cache. Proved as the vdir's cache is: a title edited in the cache shows for every note
    /// that did not change, the changed note's own text for it.
    @Test func oneChangedNoteInABigVaultIsTheOnlyOneReadAgain() throws {
        let f = try SourcesFixture()
        try f.write(
            "config/tminus/config.json",
            #"{ "sources": [ { "name": "notes", "kind": "obsidian", "path": "~/vault" } ] }"#)
        for i in 0..<5000 {
            let text = i % 50 == 0 ? "# Note \(i)\n- [ ] Chore \(i) 📅 2026-04-01\n" : "# Note \(i)\nNo tasks here.\n"
            try f.write("vault/\(i % 10)/Note \(i).md", text)
        }
        try age(f)
        #expect(try f.items().count == 100)
        let folder = f.h.home.appendingPathComponent("cache")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix("obsidian-")
        }
        try #require(names.count == 1, "\(names)")
        let cache = folder.appendingPathComponent(names[0])
        try editCache(cache, "Chore ", "Kept ")
        // Note 250 saved in place, as Obsidian saves (its folder's stamp stays as it was).
        let note = f.root.appendingPathComponent("vault/0/Note 250.md")
        let handle = try FileHandle(forWritingTo: note)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data("# Note 250\n- [ ] Changed chore 📅 2026-04-02\n".utf8))
        try handle.close()
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-30)], ofItemAtPath: note.path)
        let items = try f.items()
        #expect(items["Changed chore"] != nil)
        #expect(items.keys.filter { $0.hasPrefix("Kept ") }.count == 99, "\(items.keys.sorted().prefix(5))")
        #expect(items.keys.filter { $0.hasPrefix("Chore ") }.isEmpty)
    }

    /// A follower (`show --follow`) sees a note saved in place by another program, and a new note.
    @Test func aFollowerSeesANoteSavedByAnotherProgram() throws {
        let f = try Self.vault()
        // (Aged and read: the part is current, and only a change can make it read again.)
        try age(f)
        _ = try f.items()
        let follower = try Follower(f.h, ["--format", "json"])
        defer { follower.stop() }
        #expect(follower.waitUntilWatching())
        try #require(follower.waitForLines(1).count == 1)
        let lines = follower.lines.count
        let note = f.root.appendingPathComponent("vault/Projects/2026/Plan.md")
        let handle = try FileHandle(forWritingTo: note)
        try handle.truncate(atOffset: 0)
        try handle.write(
            contentsOf: Data("1. [ ] Plan the year 📅 2026-03-20\n- [ ] Overdue from a phone 📅 2020-01-01\n".utf8))
        try handle.close()
        #expect(follower.waitFor("Overdue from a phone", after: lines) != nil)
        let more = follower.lines.count
        try f.drop("vault/Projects/New.md", "- [ ] Synced in 📅 2020-01-02\n")
        #expect(follower.waitFor("Synced in", after: more, timeout: 5) != nil)
    }
}
