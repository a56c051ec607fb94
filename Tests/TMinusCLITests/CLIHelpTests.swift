import Foundation
import Testing

@Suite("CLI: help")
struct CLIHelpTests {
    /// The item and file commands, each with its own help page.
    static let itemCommands = ["add", "todo", "list", "ls", "done", "undo", "rm", "edit", "tag", "stats", "summary", "config"]
    /// Every command tminus knows.
    static let allCommands = itemCommands + ["show", "timeline", "next", "prev", "demo"]

    @Test(arguments: allCommands)
    func everyCommandsHelpExits0AndWritesNothing(command: String) throws {
        let h = try TempHome()
        for args in [[command, "--help"], [command, "-h"], [command, "Some title", "--help"], ["help", command]] {
            let result = try h.run(args)
            #expect(result.status == 0, "\(args): \(result)")
            #expect(result.stderr.isEmpty, "\(args): \(result)")
            #expect(result.stdout.contains("usage: tminus"), "\(args): \(result)")
        }
        #expect(!FileManager.default.fileExists(atPath: h.home.path))
    }

    @Test(arguments: itemCommands)
    func itemCommandsHaveTheirOwnPage(command: String) throws {
        let h = try TempHome()
        let result = try h.run(command, "--help")
        #expect(result.stdout.hasPrefix("usage: tminus \(command)"), "\(result.stdout)")
        #expect(try h.run("help", command).stdout == result.stdout)
    }

    @Test(arguments: [[], ["--help"], ["-h"], ["help"]])
    func overview(args: [String]) throws {
        let h = try TempHome()
        let result = try h.run(args)
        #expect(result.status == 0)
        #expect(result.stdout.contains("usage: tminus"))
        for command in ["add", "todo", "list", "done", "edit", "tag", "stats", "summary", "config"] {
            #expect(result.stdout.contains(command))
        }
    }

    @Test func version() throws {
        let result = try TempHome().run("--version")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("tminus "))
    }
}
