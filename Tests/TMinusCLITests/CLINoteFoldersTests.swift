import Foundation
import Glibc
import Testing

/// What the three kinds whose programs save notes in place share (an Obsidian vault, a folder of
/// Org files, a Logseq graph): each file's reading kept by its stamp (the file cache), the notes
/// being worked on watched themselves, and the widget cache kept for folders of many notes.
@Suite("CLI: folders of notes saved in place")
struct CLINoteFoldersTests {
    /// A kind, its folder, and a note's text with a task and without one.
    struct Kind: CustomStringConvertible, Sendable {
        var name: String
        var top: String
        var file: @Sendable (Int) -> String
        var task: @Sendable (String) -> String
        var prose: String
        var description: String { name }

        var source: String { #"{ "name": "notes", "kind": "\#(name)", "path": "~/\#(top)" }"# }
    }

    static let kinds = [
        Kind(
            name: "obsidian", top: "vault", file: { "vault/\($0 % 10)/Note \($0).md" },
            task: { "# Note\n- [ ] \($0) 📅 2026-04-01\n" }, prose: "# Note\nNo tasks here.\n"),
        Kind(
            name: "org", top: "org", file: { "org/note-\($0).org" },
            task: { "* Note\n** TODO \($0)\n   DEADLINE: <2026-04-01 Wed>\n" }, prose: "* Note\nNo tasks here.\n"),
        Kind(
            name: "logseq", top: "graph", file: { "graph/pages/Note \($0).md" },
            task: { "- Note\n- TODO \($0)\n  DEADLINE: <2026-04-01 Wed>\n" }, prose: "- Note\n- No tasks here.\n")
    ]

    /// `count` notes, every 50th with a task, a minute old.
    static func folder(_ kind: Kind, count: Int) throws -> SourcesFixture {
        let f = try SourcesFixture()
        try f.write("config/tminus/config.json", "{ \"sources\": [ \(kind.source) ] }")
        if kind.name == "logseq" { try f.write("graph/journals/.keep", "") }
        for i in 0..<count { try f.write(kind.file(i), i % 50 == 0 ? kind.task("Chore \(i)") : kind.prose) }
        try age(f, kind, by: 60)
        return f
    }

    static func age(_ f: SourcesFixture, _ kind: Kind, by seconds: Double) throws {
        let old = Date().addingTimeInterval(-seconds)
        let url = f.root.appendingPathComponent(kind.top)
        var paths = [url.path]
        if let e = FileManager.default.enumerator(atPath: url.path) {
            while let p = e.nextObject() as? String { paths.append(url.appendingPathComponent(p).path) }
        }
        for p in paths { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: p) }
    }

    /// Rewrites a note in place, as Obsidian, Logseq and Emacs (after its first save) do: its
    /// folder's stamp stays as it was.
    static func saveInPlace(_ f: SourcesFixture, _ relative: String, _ text: String, age seconds: Double = 30) throws {
        let url = f.root.appendingPathComponent(relative)
        let folder = url.deletingLastPathComponent().path
        let before = try FileManager.default.attributesOfItem(atPath: folder)[.modificationDate] as? Date
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-seconds)], ofItemAtPath: url.path)
        let after = try FileManager.default.attributesOfItem(atPath: folder)[.modificationDate] as? Date
        try #require(before == after, "the folder's stamp changed")
    }

    /// The kind's cache file in the home's `cache/` folder.
    static func cache(_ f: SourcesFixture, _ kind: Kind) throws -> URL {
        let folder = f.h.home.appendingPathComponent("cache")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix(kind.name + "-")
        }
        try #require(names.count == 1, "\(names)")
        return folder.appendingPathComponent(names[0])
    }

    /// One note changed among 2,000: it is read again, the others come from the file cache.
    /// Proved as the vdir's cache is: a title edited in the cache shows for every note that did
    /// not change, the changed note's own text for it.
    @Test(arguments: kinds.filter { $0.name != "obsidian" })  // (CLIObsidianTests: 5,000 notes)
    func oneChangedNoteIsTheOnlyOneReadAgain(_ kind: Kind) throws {
        let f = try Self.folder(kind, count: 2000)
        #expect(try f.items().count == 40)
        let cache = try Self.cache(f, kind)
        try editCache(cache, "Chore ", "Kept ")
        try Self.saveInPlace(f, kind.file(250), kind.task("Changed chore"))
        let items = try f.items()
        #expect(items["Changed chore"] != nil, "\(items.keys.sorted())")
        #expect(items.keys.filter { $0.hasPrefix("Kept ") }.count == 39, "\(items.keys.sorted().prefix(5))")
        #expect(items.keys.filter { $0.hasPrefix("Chore ") }.isEmpty)
    }

    /// A note without tasks, changed lately (today's daily note, the note being worked on), gets
    /// a task typed into it and saved in place: the next poll shows it, no follower needed. A note
    /// untouched for more than a week is not watched by itself (docs/sources.md).
    @Test(arguments: kinds)
    func aTaskTypedIntoARecentNoteShowsAtTheNextPoll(_ kind: Kind) throws {
        let f = try Self.folder(kind, count: 120)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-10 * 86_400)],
            ofItemAtPath: f.root.appendingPathComponent(kind.file(7)).path)
        #expect(try f.items().count == 3)
        try Self.saveInPlace(
            f, kind.file(3),
            kind.prose + kind.task("Typed in").split(separator: "\n").dropFirst().joined(separator: "\n") + "\n")
        #expect(try f.items()["Typed in"] != nil)
        try Self.saveInPlace(f, kind.file(7), kind.task("Old note"), age: 10 * 86_400)
        #expect(try f.items()["Old note"] == nil, "an old note saved in place waits for its folder to change")
        try f.drop(kind.file(1000), kind.prose)
        #expect(try f.items()["Old note"] != nil)
    }

    /// 300 notes with tasks are 300 watched files (past the 256 the widget cache once kept): the
    /// bar's poll is still kept, and a note saved in place is seen by the next one.
    @Test func aFolderOfManyWatchedNotesIsKept() throws {
        let kind = Self.kinds[1]
        let p = try CLIWidgetCacheTests.Poller()
        try "{ \"sources\": [ \(kind.source) ] }".write(to: p.config, atomically: false, encoding: .utf8)
        let f = try SourcesFixture(p.h)
        // (Due next year, so that they lead the bar at the real time.)
        for i in 0..<300 { try f.write(kind.file(i), "* TODO Chore \(i)\n  DEADLINE: <2027-04-01 Thu>\n") }
        try Self.age(f, kind, by: 60)
        _ = try p.poll("plain")
        try p.age()  // (what the first poll wrote is trusted two seconds later: made older)
        let first = try p.poll("plain")
        #expect(first.contains("Chore"), "\(first)")
        #expect(p.kept.count == 1, "the poll was kept")
        #expect(try p.poll("plain") == first)
        try Self.saveInPlace(f, kind.file(299), "* TODO Sooner\n  DEADLINE: <2026-12-31 Thu>\n")
        let later = try p.poll("plain")
        #expect(later.contains("Sooner"), "\(later)")
    }
}
