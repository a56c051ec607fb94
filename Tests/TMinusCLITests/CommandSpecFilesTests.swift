import Foundation
import Testing
@testable import TMinusCLI

/// Each command's spec is in its command's file (`Commands/NameCommand.swift`: its `Options`, its
/// `Specs.name` and its `run`), and commands read their options through the typed declarations
/// their spec lists (`a[Options.due]`), never by a name in a string, so a misspelt option is a
/// compile error and `--help`, completions and the man page show what is parsed.
@Suite("CLI: each command's spec in its command's file, options declared once")
struct CommandSpecFilesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let commands = root.appendingPathComponent("Sources/TMinusCLI/Commands")

    static func swiftFiles(_ folder: URL) -> [URL] {
        let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (walk?.allObjects as? [URL] ?? []).filter { $0.pathExtension == "swift" }
    }

    /// The specs the command files declare (`static let NAME = CommandSpec(`), by name, with the file.
    static func declaredSpecs() throws -> [String: String] {
        let declaration = try Regex(#"^\s*static let (`?)(\w+)\1 = CommandSpec\("#)
        var found: [String: String] = [:]
        for url in swiftFiles(commands) {
            for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
                if let m = line.firstMatch(of: declaration), let name = m.output[2].substring {
                    found[String(name)] = url.lastPathComponent
                }
            }
        }
        return found
    }

    @Test func everyCommandHasItsSpecInItsCommandsFile() throws {
        let declared = try Self.declaredSpecs()
        #expect(declared.count > 30, "found only \(declared.count) specs: does the pattern still match them?")
        for c in CommandTable.all {
            let file = try #require(declared[c.name], "\(c.name): no static let \(c.name) = CommandSpec( in Commands/")
            let text = try String(contentsOf: Self.commands.appendingPathComponent(file), encoding: .utf8)
            #expect(text.contains("name: \"\(c.name)\""), "\(file): Specs.\(c.name) is not \(c.name)'s spec")
        }
        let listed = Set(CommandTable.all.map(\.name))
        for (name, file) in declared.sorted(by: { $0.key < $1.key }) where !listed.contains(name) {
            Issue.record(
                "\(file): Specs.\(name) is no listed command's spec: add it (Specs.\(name)) to its group in CommandTable.swift"
            )
        }
        let table = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/TMinusCLI/Table/CommandTable.swift"), encoding: .utf8)
        #expect(!table.contains("CommandSpec("), "CommandTable.swift should only list the specs")
    }

    /// An option declared in a command's `Options` but left out of its spec's list would be an
    /// unknown option to the parser (and stop a debug build where the command reads it).
    @Test func everyDeclaredOptionIsInItsSpecsList() throws {
        let declaration = try Regex(#"^\s*static let (`?)(\w+)\1 = (Opt\.|CommandTable\.)"#)
        var seen = 0
        for url in Self.swiftFiles(Self.commands) {
            let text = try String(contentsOf: url, encoding: .utf8)
            for line in text.split(separator: "\n") {
                guard let m = line.firstMatch(of: declaration), let name = m.output[2].substring else { continue }
                seen += 1
                let listed = text.contains(".\(name).spec")
                #expect(
                    listed,
                    "\(url.lastPathComponent): Options.\(name) is declared but not in the spec's options: [… .spec]")
            }
        }
        #expect(seen > 50, "found only \(seen) declarations: does the pattern still match them?")
    }

    @Test func noCommandReadsAnOptionByAString() throws {
        // (Simple word boundaries: Unicode's take `a.value` for one word.)
        let lookup = try Regex(#"\b(value|flag)\(""#).wordBoundaryKind(.simple)
        var found: [String] = []
        for url in Self.swiftFiles(Self.root.appendingPathComponent("Sources")) {
            let lines = try String(contentsOf: url, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            for (i, line) in lines.enumerated() where line.contains(lookup) && !line.contains("Opt.flag(") {
                found.append("\(url.lastPathComponent):\(i + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "read these through the command's Options: \(found.joined(separator: "\n"))")
    }

    /// What the parser takes is what the declaration reads: `--due WHEN`, `--due=WHEN` (the last
    /// one given), a flag, and an option not given.
    @Test func theDeclarationReadsWhatTheParserTook() throws {
        let add = try Arguments.parse(["Thesis", "--due", "fri", "--due=2026-12-01", "--tag", "school"], command: "add")
        #expect(add[AddCommand.Options.due] == "2026-12-01")
        #expect(add[AddCommand.Options.tag] == "school")
        #expect(add[AddCommand.Options.note] == nil)
        let todo = try Arguments.parse(["Call mom", "--star"], command: "todo")
        #expect(todo[TodoCommand.Options.star])
        #expect(!(try Arguments.parse(["x"], command: "todo"))[TodoCommand.Options.star])
        let tag = try Arguments.parse(["uni", "--name", "school"], command: "tag edit")
        #expect(tag[TagCommand.EditOptions.name] == "school" && tag[TagCommand.EditOptions.color] == nil)
    }
}
