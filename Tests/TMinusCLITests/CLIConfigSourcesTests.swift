import Foundation
import Testing
import TMinusCore

/// The config is part of what the bar depends on (docs/sources.md): a source added to or removed
/// from config.json changes the bar at the next poll, the summary and the kept output alike.
@Suite("CLI: the config's sources and the bar")
struct CLIConfigSourcesTests {
    static func home() throws -> TempHome {
        let h = try TempHome()
        h.now = "2026-11-26T08:00:00Z"
        let txt = h.root.appendingPathComponent("todo.txt")
        try Data("Call mom due:2026-11-26\n".utf8).write(to: txt)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: txt.path)
        try h.writeConfig(#"{ "sources": [ { "name": "txt", "kind": "todotxt", "path": "~/todo.txt" } ] }"#)
        try h.ok("add", "Thesis", "--due", "2026-11-27T17:00")
        return h
    }

    @Test func removingTheLastSourceTakesItsItemsOffTheBar() throws {
        let h = try Self.home()
        #expect(try h.ok("show", "--format", "plain").stdout == "Thesis 1d 8h · 1 todo\n")
        try h.writeConfig(#"{ "sources": [] }"#)
        #expect(try h.ok("show", "--format", "plain").stdout == "Thesis 1d 8h\n")
        #expect(!(try h.ok("list").stdout.contains("Call mom")))
        // Added back: at the next poll again.
        try h.writeConfig(#"{ "sources": [ { "name": "txt", "kind": "todotxt", "path": "~/todo.txt" } ] }"#)
        #expect(try h.ok("show", "--format", "plain").stdout == "Thesis 1d 8h · 1 todo\n")
    }

    @Test func aPollWithTheKeptOutputSeesTheConfigChange() throws {
        let h = try Self.home()
        let runtime = h.root.appendingPathComponent("runtime")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: runtime.path)
        let env = ["XDG_RUNTIME_DIR": runtime.path]
        #expect(try h.spawn(["show", "--format", "plain"], env: env).stdout == "Thesis 1d 8h · 1 todo\n")
        #expect(try h.spawn(["show", "--format", "plain"], env: env).stdout == "Thesis 1d 8h · 1 todo\n")
        try h.writeConfig(#"{ "sources": [] }"#)
        #expect(try h.spawn(["show", "--format", "plain"], env: env).stdout == "Thesis 1d 8h\n")
        // Added back: at the next poll again.
        try h.writeConfig(#"{ "sources": [ { "name": "txt", "kind": "todotxt", "path": "~/todo.txt" } ] }"#)
        #expect(try h.spawn(["show", "--format", "plain"], env: env).stdout == "Thesis 1d 8h · 1 todo\n")
    }
}
