import Foundation
import Testing
@testable import TMinusCLI

@Suite("CLI: help")
struct CLIHelpTests {
    /// Every command tminus knows, and its aliases (the command table is the one list).
    static let allCommands = CommandTable.names
    static let itemCommands = allCommands

    @Test(arguments: allCommands)
    func everyCommandsHelpExits0AndWritesNothing(command: String) throws {
        let h = try TempHome()
        for args in [[command, "--help"], [command, "-h"], [command, "Some title", "--help"], ["help", command]] {
            let result = try h.spawn(args)
            #expect(result.status == 0, "\(args): \(result)")
            #expect(result.stderr.isEmpty, "\(args): \(result)")
            #expect(result.stdout.contains("usage: tminus"), "\(args): \(result)")
        }
        #expect(!FileManager.default.fileExists(atPath: h.home.path))
    }

    @Test(arguments: itemCommands)
    func itemCommandsHaveTheirOwnPage(command: String) throws {
        let h = try TempHome()
        let result = try h.spawn(command, "--help")
        let name = try #require(CommandTable.named(command)).name
        #expect(result.stdout.hasPrefix("usage: tminus \(name)"), "\(result.stdout)")
        #expect(try h.spawn("help", command).stdout == result.stdout)
    }

    @Test(arguments: [[], ["--help"], ["-h"], ["help"]])
    func overview(args: [String]) throws {
        let h = try TempHome()
        let result = try h.spawn(args)
        #expect(result.status == 0)
        #expect(result.stdout.contains("usage: tminus"))
        for command in ["add", "todo", "list", "done", "edit", "tag", "stats", "summary", "config"] {
            #expect(result.stdout.contains(command))
        }
    }

    @Test func version() throws {
        let h = try TempHome()
        let result = try h.spawn("--version")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("tminus "))
        // What a new user types first says the same.
        for flag in ["-V", "-v", "version"] {
            let r = try h.spawn(flag)
            #expect(r.status == 0 && r.stdout == result.stdout && r.stderr.isEmpty, "\(flag): \(r)")
        }
    }
}
