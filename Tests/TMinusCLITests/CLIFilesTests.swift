import Foundation
import Testing
import TMinusCore

@Suite("CLI: the container's files")
struct CLIFilesTests {
    @Test func permissionsAre0700And0600AfterEdits() throws {
        let h = try Seed.home()
        try h.ok("done", "4")
        try h.ok("edit", "5", "--title", "Call dad")
        try h.ok("tag", "add", "school")
        try h.ok("rm", "4")
        #expect(try h.mode("") == 0o700)
        for file in ["store.json", "summary.json", "archive.jsonl"] {
            #expect(try h.mode(file) == 0o600, "\(file)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: h.home.path)
        for name in names { #expect(try h.mode(name) & 0o077 == 0, "\(name) is readable by others") }
        #expect(!names.contains { $0.hasSuffix(".tmp") }, "a temp file was left behind: \(names)")
    }

    @Test func aPreexistingHomeAndFilesAreTightened() throws {
        let h = try TempHome()
        try FileManager.default.createDirectory(at: h.home, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        #expect(try h.mode("") == 0o755)
        try h.ok("todo", "First")
        #expect(try h.mode("") == 0o700)
        #expect(try h.mode("store.json") == 0o600)
        // A file someone loosened is 0600 again after the next write.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: h.storePath)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: h.home.path)
        try h.ok("todo", "Second")
        #expect(try h.mode("") == 0o700)
        #expect(try h.mode("store.json") == 0o600)
        #expect(try h.mode("summary.json") == 0o600)
    }

    @Test func aSymlinkedStoreStaysASymlink() throws {
        let h = try TempHome()
        try h.ok("todo", "First")
        // Move the store to a dotfiles folder and link it back, as a user syncing it would.
        let elsewhere = h.root.appendingPathComponent("dotfiles", isDirectory: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let target = elsewhere.appendingPathComponent("store.json")
        try FileManager.default.moveItem(atPath: h.storePath, toPath: target.path)
        try FileManager.default.createSymbolicLink(atPath: h.storePath, withDestinationPath: target.path)

        try h.ok("todo", "Second")
        try h.ok("done", "1")
        let attributes = try FileManager.default.attributesOfItem(atPath: h.storePath)
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: h.storePath) == target.path)
        let text = String(decoding: try Data(contentsOf: target), as: UTF8.self)
        #expect(text.contains("Second") && !text.contains("First"))
        #expect(try h.handles() == [2])
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == ["store.json"])
    }

    /// Where the home is without `--home`: `$TMINUS_HOME`, else `$XDG_DATA_HOME/tminus`, else
    /// `~/.local/share/tminus` (relative to the sandbox's fake `$HOME`).
    @Test(arguments: [
        (["TMINUS_HOME": "mine", "XDG_DATA_HOME": "/nonexistent-xdg"], "mine"),
        (["TMINUS_HOME": "", "XDG_DATA_HOME": "xdg"], "xdg/tminus"),
        (["XDG_DATA_HOME": ""], ".local/share/tminus"),
    ])
    func homeIsFoundFromTheEnvironment(env: [String: String], expected: String) throws {
        let h = try TempHome()
        var env = env
        for (key, value) in env where !value.isEmpty && !value.hasPrefix("/") { env[key] = h.root.appendingPathComponent(value).path }
        let result = try h.start(["todo", "Somewhere"], env: env, passHome: false).wait()
        #expect(result.status == 0, "\(result)")
        #expect(FileManager.default.fileExists(atPath: h.root.appendingPathComponent(expected + "/store.json").path))
        let path = try h.start(["summary", "--path"], env: env, passHome: false).wait()
        #expect(path.stdout == h.root.appendingPathComponent(expected + "/summary.json").path + "\n")
        // --home wins over all of them.
        try h.ok("todo", "Here")
        #expect(try h.handles() == [1])
    }

    @Test func homeIsCreatedOnFirstWriteOnly() throws {
        let h = try TempHome()
        try h.ok("list")
        try h.ok("stats")
        #expect(!FileManager.default.fileExists(atPath: h.home.path))
        try h.ok("todo", "First")
        #expect(FileManager.default.fileExists(atPath: h.storePath))
        #expect(FileManager.default.fileExists(atPath: h.summaryPath))
    }
}
