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

    /// tminus never changes the mode of a directory it did not create; its own files are 0600.
    @Test(arguments: [0o755, 0o1777, 0o711])
    func aPreexistingHomeKeepsItsModeAndFilesAre0600(mode: Int) throws {
        let h = try TempHome()
        try FileManager.default.createDirectory(at: h.home, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: h.home.path)
        try h.ok("todo", "First")
        #expect(try h.mode("") == mode)
        #expect(try h.mode("store.json") == 0o600)
        // A file someone loosened is 0600 again after the next write; the home stays as it was.
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: h.storePath)
        try h.ok("done", "First")
        #expect(try h.mode("") == mode)
        for file in ["store.json", "summary.json", "archive.jsonl"] { #expect(try h.mode(file) == 0o600, "\(file)") }
    }

    @Test func aHomeTminusCreatesIs0700WithItsParents() throws {
        let h = try TempHome()
        let deep = h.root.appendingPathComponent("a/b/home")
        try h.ok(["--home", deep.path, "todo", "First"])
        for path in ["a", "a/b", "a/b/home"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: h.root.appendingPathComponent(path).path)
            #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o7777 } == 0o700, "\(path)")
        }
    }

    @Test func configInitLeavesItsFoldersParentAlone() throws {
        let h = try TempHome()
        let parent = h.root.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: parent.path)
        try h.ok("config", "init")
        let attributes = try FileManager.default.attributesOfItem(atPath: parent.path)
        #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o7777 } == 0o755)
    }

    /// config init's "$schema": the installed schema when there is one (this build has none), else
    /// one written beside the config, which is config schema's.
    @Test func configInitNamesASchemaEditorsRead() throws {
        let h = try TempHome()
        #expect(h.inProcess(["config", "init"]).status == 0)
        let folder = h.root.appendingPathComponent("config/tminus")
        let config = try String(contentsOf: folder.appendingPathComponent("config.json"), encoding: .utf8)
        #expect(config.contains("\n  \"$schema\": \"./config.schema.json\",\n"))
        let beside = try String(contentsOf: folder.appendingPathComponent("config.schema.json"), encoding: .utf8)
        let printed = h.inProcess(["config", "schema"])
        #expect(printed.status == 0 && printed.stdout == beside)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(beside.utf8)) as? [String: Any])
        #expect(json["$schema"] as? String == "http://json-schema.org/draft-07/schema#")
        #expect(h.inProcess(["config", "check"]).status == 0)
    }

    @Test func anEmptyHomeIsAUsageError() throws {
        let h = try TempHome()
        for args in [["--home", "", "list"], ["--home=", "todo", "x"], ["--config", "", "show"]] {
            let r = try h.run(args)
            #expect(r.status == 2, "\(args): \(r)")
            #expect(r.stderrLines.count == 1 && r.stderr.hasPrefix("tminus: "))
        }
        // Nothing was written in the current directory.
        #expect(try FileManager.default.contentsOfDirectory(atPath: h.root.path).sorted() == ["output"])
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
        (["XDG_DATA_HOME": ""], ".local/share/tminus")
    ])
    func homeIsFoundFromTheEnvironment(env: [String: String], expected: String) throws {
        let h = try TempHome()
        var env = env
        for (key, value) in env where !value.isEmpty && !value.hasPrefix("/") {
            env[key] = h.root.appendingPathComponent(value).path
        }
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
