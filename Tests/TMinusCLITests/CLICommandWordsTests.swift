import Foundation
import Testing
import TMinusCore

/// Words people type for tminus's commands (`delete`, `complete`, `star`): one line saying the
/// command to type, exit 2, nothing done.
@Suite("CLI: words people type")
struct CLICommandWordsTests {
    @Test(arguments: [
        (["delete", "1"], "did you mean: tminus rm 1"),
        (["remove", "1", "4"], "did you mean: tminus rm 1 4"),
        (["Delete", "Buy milk"], "did you mean: tminus rm 'Buy milk'"),
        (["complete", "4"], "did you mean: tminus done 4"),
        (["finish", "Buy milk"], "did you mean: tminus done 'Buy milk'"),
        (["star", "3"], "did you mean: tminus edit 3 --star"),
        (["star", "4", "5"], "did you mean: tminus edit 4 --star"),
        (["unstar", "4"], "did you mean: tminus edit 4 --unstar"),
        (["delete"], "did you mean: tminus rm REF…"),
        (["star"], "did you mean: tminus edit REF --star"),
        (["delete", "--all"], "did you mean: tminus rm REF…"),
        (["tag", "delete", "work"], "unknown tag command 'delete'; did you mean: tminus tag rm work"),
        (["tag", "remove"], "unknown tag command 'remove'; did you mean: tminus tag rm NAME")
    ])
    func aWordPeopleTypeSaysTheCommand(args: [String], line: String) throws {
        let h = try Seed.home()
        let files = ["store.json", "summary.json", "archive.jsonl"].map { h.bytes($0) }
        let result = h.inProcess(args)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result)")
        #expect(result.stderr.hasSuffix(line + "\n"), "\(result)")
        if args[0] != "tag" {
            #expect(result.stderr.hasPrefix("tminus: unknown command '\(args[0])'; "), "\(result)")
        }
        #expect(["store.json", "summary.json", "archive.jsonl"].map { h.bytes($0) } == files, "a file changed")
    }

    /// `star` was two edits from `tag`, and said so. Other misspellings still get the nearest name.
    @Test func starIsNotTag() throws {
        let h = try Seed.home()
        #expect(!h.inProcess(["star", "3"]).stderr.contains("'tag'"))
        #expect(
            h.inProcess(["lsit"]).stderr == "tminus: unknown command 'lsit'; did you mean 'list'? see tminus --help\n")
        // What the line says to type does what was meant.
        #expect(h.inProcess(["edit", "5", "--star"]).status == 0)
        #expect(h.inProcess(["rm", "1"]).status == 0)
    }
}
