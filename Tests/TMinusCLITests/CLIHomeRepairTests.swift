import Foundation
import Testing
import TMinusCore

/// Homes damaged outside tminus (a file deleted by hand, a sync tool that carried one file and
/// not the other): writes refuse with one line, nothing is padded or written over, and
/// `doctor --repair` keeps every whole record that is left.
@Suite("CLI: homes that lost a file")
struct CLIHomeRepairTests {
    /// Thesis #1 open, Buy milk #2 done, Call mom #3 open, Third #4 done.
    static func home() throws -> TempHome {
        let h = try TempHome()
        try h.ok("add", "Thesis", "--due", "2026-04-01")
        try h.ok("todo", "Buy milk")
        try h.ok("todo", "Call mom")
        try h.ok("done", "2")
        try h.ok("todo", "Third")
        try h.ok("done", "4")
        return h
    }

    /// store.json gone, archive.jsonl left: a new store used to start at handle 1 and write its
    /// first record over the old history.
    @Test func aMissingStoreWithAnArchiveIsRebuiltNotStartedAfresh() throws {
        let h = try Self.home()
        let archive = try #require(h.bytes("archive.jsonl"))
        try FileManager.default.removeItem(atPath: h.storePath)

        let show = try h.run("show")
        #expect(show.status == 0 && show.stdout.contains("Thesis"), "the bar keeps the last summary: \(show)")
        let todo = try h.run("todo", "New")
        #expect(
            todo.status == 1 && todo.stderr.contains("store.json is missing but")
                && todo.stderr.contains("tminus doctor --repair"), "\(todo)")
        #expect(todo.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: h.storePath), "a refused write made a store")
        #expect(h.bytes("archive.jsonl") == archive)
        #expect(
            try h.run("summary", "--rebuild").status == 1,
            "summary --rebuild would write an empty summary over the open items")

        let doctor = try h.run("doctor")
        #expect(
            doctor.status == 1 && doctor.stdout.contains("found    store.json is missing but archive.jsonl holds"),
            "\(doctor)")
        let repair = try h.run("doctor", "--repair")
        #expect(
            repair.status == 0
                && repair.stdout.contains(
                    "rebuilt store.json: 2 completed items from archive.jsonl (kept as it is), 2 open items from summary.json (without creation times, which it does not keep); handles continue at 5"
                ), "\(repair)")
        #expect(h.bytes("archive.jsonl") == archive, "the archive is kept byte for byte")
        #expect(try h.run("doctor").status == 0)
        let all = try h.list("--all").map {
            "\($0["handle"]?.intValue ?? 0) \($0["title"]?.stringValue ?? "") \($0["completed"]?.boolValue == true)"
        }
        #expect(all == ["1 Thesis false", "2 Buy milk true", "3 Call mom false", "4 Third true"])
        let added = try h.ok("todo", "New")
        #expect(added.stdout.contains("#5"), "handles are never reused: \(added)")
        try h.ok("undo", "2")
        #expect(try h.list().contains { $0["title"]?.stringValue == "Buy milk" })
    }

    /// An archive cut short (a restore from an older copy): the next `done` used to pad the gap
    /// with NULs, after which `doctor --repair` refused too.
    @Test func anArchiveShorterThanTheStoreIsNeverPaddedAndRepairKeepsWhatIsLeft() throws {
        let h = try Self.home()
        let archive = try #require(h.bytes("archive.jsonl"))
        let firstLine = try #require(archive.firstIndex(of: 0x0A))
        // Keep the first record and half of the second.
        let cut = archive.prefix(firstLine + 1 + (archive.count - firstLine - 1) / 2)
        try cut.write(to: h.home.appendingPathComponent("archive.jsonl"))

        #expect(try h.run("show").status == 0)
        let done = try h.run("done", "3")
        #expect(
            done.status == 1 && done.stderr.contains("is shorter than") && done.stderr.contains("doctor --repair"),
            "\(done)")
        #expect(h.bytes("archive.jsonl") == cut, "nothing padded or appended")
        #expect(!(h.bytes("archive.jsonl") ?? Data()).contains(0))

        let doctor = try h.run("doctor")
        #expect(doctor.status == 1 && doctor.stdout.contains("shorter than the store says"), "\(doctor)")
        let repair = try h.run("doctor", "--repair")
        #expect(repair.status == 0, "\(repair)")
        #expect(repair.stdout.contains("cut the \(cut.count - firstLine - 1) bytes of a torn record"), "\(repair)")
        #expect(h.bytes("archive.jsonl") == archive.prefix(firstLine + 1), "the whole record left is kept")
        #expect(try h.run("doctor").status == 0)
        try h.ok("done", "3")
        let all = try h.list("--all").map {
            "\($0["handle"]?.intValue ?? 0) \($0["title"]?.stringValue ?? "") \($0["completed"]?.boolValue == true)"
        }
        #expect(all == ["1 Thesis false", "2 Buy milk true", "3 Call mom true"])
        #expect(!(h.bytes("archive.jsonl") ?? Data()).contains(0))
    }
}
