import Foundation
import Testing
@testable import TMinusCLI

/// docs/commands.md and the command table (what `--help`, the man page and the completions are
/// made from) say the same thing: every command and subcommand has its section there with the
/// same summary, usage and aliases, and every option its row with the same one-line meaning,
/// both ways (nothing missing, nothing extra).
@Suite("CLI: docs/commands.md is the command table")
struct CommandsDocTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// One section of the page, or of the table: its summary, aliases, usage and option rows.
    struct Section: Equatable, CustomStringConvertible {
        var summary = ""
        var aliases = ""
        var usage = ""
        var options: [String] = []
        var description: String { ([summary, aliases, usage] + options).joined(separator: "\n") }
    }

    /// A table cell as Markdown writes it (`|` escaped).
    static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }

    static func row(_ o: OptionSpec) -> String { "| `\(cell(o.synopsis))` | \(cell(o.help)) |" }

    /// What the command table says, section by section (`add`, `tag add`, `Global options`).
    static func expected() -> [String: Section] {
        var out = ["Global options": Section(options: CommandTable.globals.map(row))]
        func add(_ c: CommandSpec, _ name: String, parent: String?) {
            var s = Section(summary: c.summary, options: c.options.map(row))
            if !c.aliases.isEmpty {
                s.aliases = "Also: " + c.aliases.map { "`tminus \($0)`" }.joined(separator: ", ") + "."
            }
            if c.subcommands.isEmpty {
                let prefix = parent.map { "tminus \($0)" } ?? "tminus"
                s.usage = "`" + cell(c.usageLines(prefix: prefix, width: .max)[0]) + "`"
            }
            out[name] = s
            for sub in c.subcommands { add(sub, name + " " + sub.name, parent: name) }
        }
        for c in CommandTable.all { add(c, c.name, parent: nil) }
        return out
    }

    /// What the page says: under each `### NAME` (or `#### PARENT SUB`) heading, the first
    /// paragraph is the summary, an `Also:` line the aliases, a line in backquotes starting
    /// `tminus` the usage, and each `| `--…` |` line an option; other prose is free. (Global options
    /// have no summary.)
    static func documented(_ page: String) throws -> [String: Section] {
        let begin = try #require(page.range(of: "<!-- commands:begin -->"))
        let end = try #require(page.range(of: "<!-- commands:end -->"))
        var out: [String: Section] = [:]
        var name: String?
        for raw in page[begin.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(raw)
            if line.hasPrefix("### ") || line.hasPrefix("#### ") {
                let heading = String(line.drop { $0 == "#" }.dropFirst())
                #expect(out[heading] == nil, "docs/commands.md has \(heading) twice")
                name = heading
                out[heading] = Section()
                continue
            }
            guard let n = name, !line.isEmpty else { continue }
            if line.hasPrefix("| `-") {
                out[n]!.options.append(line)
            } else if line.hasPrefix("|") {
                continue  // the table's head
            } else if out[n]!.summary.isEmpty, n != "Global options" {
                out[n]!.summary = line
            } else if line.hasPrefix("Also: ") {
                out[n]!.aliases = line
            } else if line.hasPrefix("`tminus "), line.hasSuffix("`"), line.filter({ $0 == "`" }).count == 2 {
                out[n]!.usage = line
            }
        }
        return out
    }

    @Test func theCommandsPageSaysWhatHelpSays() throws {
        let page = try String(contentsOf: Self.root.appendingPathComponent("docs/commands.md"), encoding: .utf8)
        let documented = try Self.documented(page)
        let expected = Self.expected()
        for name in expected.keys.sorted() {
            #expect(
                documented[name] == expected[name],
                "docs/commands.md's \(name) is not the command table's; it should read:\n\(expected[name]!)")
        }
        for name in documented.keys.sorted() where expected[name] == nil {
            #expect(Bool(false), "docs/commands.md documents \(name), which tminus does not have")
        }
    }

    /// `add --to` writes a VTODO (CLISourcesTests reads the file): help and the man page say so,
    /// not "an event".
    @Test func addToSaysWhatItWrites() throws {
        let add = try #require(CommandTable.named("add"))
        let page = Help.page(add)
        #expect(page.contains("as a task with a due date (a VTODO)"), "\(page)")
        #expect(!page.contains("event"), "\(page)")
        #expect(ManPage.text.contains("as a task with a due date (a VTODO)"))
    }
}
