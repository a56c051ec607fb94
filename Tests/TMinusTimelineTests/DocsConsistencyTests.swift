import Foundation
import TMinusTimeline
import Testing

/// The README's placeholder table and the code agree, both ways.
struct DocsConsistencyTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func readmeListsExactlyThePlaceholders() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let begin = try #require(readme.range(of: "<!-- placeholders:begin -->"))
        let end = try #require(readme.range(of: "<!-- placeholders:end -->"))
        let table = readme[begin.upperBound..<end.lowerBound]
        var documented: Set<String> = []
        for line in table.split(separator: "\n") where line.hasPrefix("| `{") {
            let name = line.dropFirst(4).prefix { $0 != "}" }
            documented.insert(String(name))
        }
        #expect(documented == Set(Placeholder.allCases.map(\.rawValue)))
    }

    @Test func readmeDocumentsEveryConfigKey() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        for key in ["deadline", "precision", "warning", "critical", "overHold", "overText", "templates", "colors", "icons",
                    "tags", "maxLength", "maxTodos", "signals", "sources", "alerts", "catchUp", "clock", "me", "declined", "invited"] {
            #expect(readme.contains("`\(key)`"), "README lacks config key \(key)")
        }
    }
}
