import Foundation
import Glibc
import Testing
import TMinusTestSupport
import TMinusCore

/// Links in a source's path, as another member of a shared folder lays them: a link that user
/// owns is never followed (not read, not written, no file made through it), while the user's own
/// link (a todo.txt linked into a synced folder) keeps working. Another user's link is made by
/// giving the link to `nobody` (lchown), which only root may do: those tests run as root (CI).
@Suite("CLI: links in sources")
struct CLISourceLinksTests {
    static let isRoot = Needs.runsAsRoot
    static let nobody: uid_t = 65534

    /// The rc file the link points at: what must never be read as todos nor written.
    static let victim = "export PATH=$HOME/bin:$PATH\nalias ll='ls -l'\n"

    func swapForLink(_ f: SourcesFixture, _ relative: String, to target: String, owner: uid_t) throws {
        let path = f.root.appendingPathComponent(relative).path
        try? FileManager.default.removeItem(atPath: path)
        try #require(symlink(target, path) == 0)
        try #require(lchown(path, owner, owner) == 0, "lchown \(path)")
    }

    @Test func yourOwnLinkedTodoTxtIsReadAndWrittenWhereItLeads() throws {
        let f = try SourcesFixture()
        try f.write("Sync/todo.txt", SourcesFixture.todoTxt)
        try swapForLink(f, "todo.txt", to: f.root.appendingPathComponent("Sync/todo.txt").path, owner: getuid())
        let call = try #require(try f.items()["Call mom"]?["handle"]?.intValue)
        try f.h.ok("done", String(call))
        #expect(f.text("Sync/todo.txt").hasPrefix("x 2026-03-10 2026-03-01 Call mom"))
        let link = f.root.appendingPathComponent("todo.txt").path
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) != nil, "the link stays a link")
        try f.h.ok("todo", "Pay rent", "--to", "txt")
        #expect(f.text("Sync/todo.txt").contains("Pay rent"))
    }

    @Test(
        .enabled(
            if: isRoot,
            Comment(rawValue: Needs.message("root, to lchown to another user", install: "run the tests as root"))))
    func aTodoTxtSwappedForAnotherUsersLinkIsNeitherReadNorWritten() throws {
        let f = try SourcesFixture()
        try f.write("alice/.bashrc", Self.victim)
        let victim = f.root.appendingPathComponent("alice/.bashrc").path
        try swapForLink(f, "todo.txt", to: victim, owner: Self.nobody)
        let items = try f.items()
        #expect(items["export PATH=$HOME/bin:$PATH"] == nil && items["alias ll='ls -l'"] == nil, "\(items.keys)")
        #expect(items["Write report"] != nil, "the other sources still show")
        let sources = try f.h.ok("sources").stdout
        #expect(sources.contains("symbolic link that another user (uid 65534) owns"), "\(sources)")
        let add = try f.h.run("todo", "Call mom", "--to", "txt")
        #expect(add.status == 1 && add.stderr.split(separator: "\n").count == 1, "\(add)")
        #expect(add.stderr.contains("another user"), "\(add)")
        #expect(f.text("alice/.bashrc") == Self.victim)
    }

    @Test(
        .enabled(
            if: isRoot,
            Comment(rawValue: Needs.message("root, to lchown to another user", install: "run the tests as root"))))
    func aFolderOnTheWayThatIsAnotherUsersLinkIsNotFollowed() throws {
        let f = try SourcesFixture()
        // The todo.txt's folder is a link another user made: the same as the file being one.
        try f.write("alice/notes/todo.txt", "Secret line\n")
        try f.write("shared/.keep", "")
        try swapForLink(
            f, "shared/box", to: f.root.appendingPathComponent("alice/notes").path, owner: Self.nobody)
        try f.writeConfig(
            extraSources: #"{ "name": "box", "kind": "todotxt", "path": "~/shared/box/todo.txt" },"#)
        #expect(try f.items()["Secret line"] == nil)
        let add = try f.h.run("todo", "Planted", "--to", "box")
        #expect(add.status == 1, "\(add)")
        #expect(f.text("alice/notes/todo.txt") == "Secret line\n")
    }

    @Test(
        .enabled(
            if: isRoot,
            Comment(rawValue: Needs.message("root, to lchown to another user", install: "run the tests as root"))))
    func aCollectionSwappedForAnotherUsersLinkGetsNoNewFile() throws {
        let f = try SourcesFixture()
        let autostart = f.root.appendingPathComponent("alice/.config/autostart")
        try FileManager.default.createDirectory(at: autostart, withIntermediateDirectories: true)
        try FileManager.default.removeItem(at: f.root.appendingPathComponent("calendars/work"))
        try swapForLink(f, "calendars/work", to: autostart.path, owner: Self.nobody)
        let add = try f.h.run("todo", "Run me", "--to", "cal")
        #expect(add.status != 0, "\(add)")
        #expect(add.stderr.contains("another user"), "\(add)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: autostart.path).isEmpty)
        // Its files are not read either; the other collection still is.
        try f.write(
            "alice/.config/autostart/evil.ics", SourcesFixture.plants.replacingOccurrences(of: "Water", with: "Evil"))
        let items = try f.items()
        #expect(items["Evil plants"] == nil && items["Water plants"] != nil, "\(items.keys)")
    }
}
