import Foundation
import Glibc
import TMinusCore
import TMinusSources
import TMinusSystem
import TMinusTestSupport
import Testing

@testable import TMinusSourcing

/// Org, Obsidian and Logseq write a change back with the same steps (`rewriteEntry`), each in
/// its own words: a line that is not UTF-8 is refused with the kind's message, its file, line and
/// parser's error as fields, and nothing is written.
@Suite(.serialized)
final class TextEditsTests {
    var dirs: [String] = []
    deinit { for d in dirs { try? FileManager.default.removeItem(atPath: d) } }

    struct Case: Sendable, CustomStringConvertible {
        var kind: SourceConfig.Kind
        /// The file's name under the source's folder (Org: the source's own file).
        var file: String
        /// A task whose title is not UTF-8 (line 1), then one that is.
        var bytes: [UInt8]
        /// The refusal's words, with SOURCE and PATH for the source's name and the file's path.
        var notUTF8: String
        var description: String { kind.rawValue }
    }

    static let cases: [Case] = [
        Case(
            kind: .org, file: "todo.org",
            bytes: Array("* TODO Caf".utf8) + [0xE9] + Array(" bill\n* TODO Fine\n".utf8),
            notUTF8:
                "source SOURCE: the entry at line 1 of PATH is not UTF-8, and tminus does not re-encode it; change it in Emacs"
        ),
        Case(
            kind: .obsidian, file: "n.md",
            bytes: Array("- [ ] Caf".utf8) + [0xE9] + Array(" bill 📅 2026-11-27\n- [ ] Fine\n".utf8),
            notUTF8:
                "source SOURCE: line 1 of PATH is not UTF-8, and tminus does not re-encode it; change it in your editor"
        ),
        Case(
            kind: .logseq, file: "pages/p.md",
            bytes: Array("- TODO Caf".utf8) + [0xE9] + Array(" bill\n- TODO Fine\n".utf8),
            notUTF8:
                "source SOURCE: the block at line 1 of PATH is not UTF-8, and tminus does not re-encode it; change it in Logseq"
        )
    ]

    static let now = at("2026-03-10T12:00:00Z")

    /// The source's folder with the case's file, the source, and the file's items as its parser reads them.
    func setUp(_ c: Case) throws -> (SourceConfig, Sourcing, path: String, items: [Item]) {
        let dir = try #require(mkdtemp(strdup("/tmp/tminus-textedits.XXXXXX")).map { String(cString: $0) })
        dirs.append(dir)
        try FileManager.default.createDirectory(atPath: dir + "/pages", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/journals", withIntermediateDirectories: true)
        let path = dir + "/" + c.file
        try FileIO.writeAtomically(c.bytes, to: path)
        let source = SourceConfig(name: "s", kind: c.kind, path: c.kind == .org ? path : dir)
        let sourcing = Sourcing(sources: [source], zone: .utc, hold: 600, environment: [:], configDirectory: dir)
        let items: [Item]
        switch c.kind {
        case .org: items = OrgFile.parse(c.bytes, source: "s", file: "", zone: .utc, now: Self.now).map(\.item)
        case .obsidian: items = ObsidianTasks.parse(c.bytes, note: c.file, source: "s").map(\.item)
        default: items = Logseq.parse(c.bytes, source: "s", file: c.file, zone: .utc).map(\.item)
        }
        return (source, sourcing, path, items)
    }

    func apply(_ op: PendingSourceChange, _ c: Case, _ source: SourceConfig, _ sourcing: Sourcing)
        throws(TMinusError) -> String
    {
        let io = SourceKinds.io(c.kind)
        return try io.apply(op, source, sourcing, again: false)
    }

    @Test(arguments: cases) func aLineThatIsNotUTF8IsRefusedInTheKindsWords(_ c: Case) throws {
        let (source, sourcing, path, items) = try setUp(c)
        #expect(items.count == 2)
        var renamed = items[0]
        renamed.title = "Coffee bill"
        for op in [
            PendingSourceChange(kind: .complete, item: items[0], at: Self.now),
            PendingSourceChange(kind: .update, item: items[0], to: renamed, at: Self.now)
        ] {
            do {
                _ = try apply(op, c, source, sourcing)
                Issue.record("\(c.kind) \(op.kind): changed a line that is not UTF-8")
            } catch {
                let words = c.notUTF8.replacingOccurrences(of: "SOURCE", with: "s")
                    .replacingOccurrences(of: "PATH", with: path)
                #expect(error.message == words)
                #expect(error.path == path && error.line == 1, "\(error.path ?? "nil") \(error.line ?? 0)")
                #expect(
                    (error.cause as? TodoTxt.EditError) == .notUTF8(line: 1)
                        || (error.cause as? ObsidianTasks.EditError) == .notUTF8(line: 1),
                    "\(String(describing: error.cause))")
            }
            #expect(FileManager.default.contents(atPath: path) == Data(c.bytes), "nothing written")
        }
    }
}
