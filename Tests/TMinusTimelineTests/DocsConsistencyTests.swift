import Foundation
import TMinusTimeline
import Testing

/// The docs and the code agree: docs/config.md's placeholder table and config keys, the bar
/// snippets of the README and docs/bars.md.
struct DocsConsistencyTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func page(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func configPageListsExactlyThePlaceholders() throws {
        let page = try Self.page("docs/config.md")
        let begin = try #require(page.range(of: "<!-- placeholders:begin -->"))
        let end = try #require(page.range(of: "<!-- placeholders:end -->"))
        let table = page[begin.upperBound..<end.lowerBound]
        var documented: Set<String> = []
        for line in table.split(separator: "\n") where line.hasPrefix("| `{") {
            let name = line.dropFirst(4).prefix { $0 != "}" }
            documented.insert(String(name))
        }
        #expect(documented == Set(Placeholder.allCases.map(\.rawValue)))
    }

    /// The bar snippets of docs/bars.md (and the README's Waybar module) are the integration
    /// files' (what the real-bar tests run): the ini sections line for line without comments,
    /// Waybar's module key for key.
    @Test(arguments: ["docs/bars.md", "README.md"])
    func barSnippetsAreTheIntegrationFiles(_ path: String) throws {
        let readme = try Self.page(path)
        func file(_ path: String) throws -> String {
            try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        }
        /// The lines of the `[name]` section of an ini text, without comments and blank lines (in a
        /// page, up to the end of its code block).
        func section(_ text: String, _ name: String) -> [String] {
            var out: [String] = [], inside = false
            for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let line = raw.trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("```") { inside = false; continue }  // the end of the README's code block
                if line.hasPrefix("[") { inside = line == "[\(name)]"; if inside { out.append(line) }; continue }
                if inside, !line.isEmpty, !line.hasPrefix("#"), !line.hasPrefix(";") { out.append(line) }
            }
            return out
        }
        for (ini, name) in [
            ("integrations/i3blocks/config", "tminus"), ("integrations/polybar/config.ini", "module/tminus")
        ] where path != "README.md" {
            let expected = section(try file(ini), name)
            #expect(expected.count > 2, "\(ini) has a [\(name)] section")
            #expect(section(readme, name) == expected, "\(path)'s [\(name)] snippet is not \(ini)'s")
        }
        // Waybar: every "key": "value" of the page's module is the same in the integration file.
        let start = try #require(readme.range(of: "\"custom/tminus\": {"))
        let module = readme[start.upperBound...].prefix { $0 != "}" }
        let waybar = try file("integrations/waybar/config.jsonc")
        let pairs = module.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter {
            !$0.isEmpty
        }
        #expect(pairs.count >= 4)
        for pair in pairs {
            let parts = pair.components(separatedBy: "\": ")
            try #require(parts.count == 2, "\(pair)")
            #expect(waybar.contains(parts[0] + "\": " + parts[1]), "integrations/waybar/config.jsonc lacks \(pair)")
        }
    }

    @Test func configPageDocumentsEveryConfigKey() throws {
        let page = try Self.page("docs/config.md")
        let section = try #require(page.components(separatedBy: "## Every key").dropFirst().first)
        // The first cell of each row of the key table: "`warning`, `critical`".
        let named = section.split(separator: "\n").filter { $0.hasPrefix("| `") }.map {
            $0.split(separator: "|", omittingEmptySubsequences: true).first ?? ""
        }
        for key in ConfigKey.all {
            #expect(named.contains { $0.contains("`\(key.name)`") }, "docs/config.md's table lacks the key \(key.name)")
        }
    }

    /// `config init`'s file: every key, read back with no problem and to the defaults.
    @Test func initTextHasEveryKeyAndReadsBackToTheDefaults() {
        let text = ConfigKey.initText(schema: "./config.schema.json")
        for key in ConfigKey.all { #expect(text.contains("\"\(key.name)\": "), "config init lacks \(key.name)") }
        let (config, problems) = Config.parse(Array(text.utf8))
        #expect(problems.isEmpty, "\(problems)")
        #expect(config == Config())
    }

    /// The schema names exactly the keys the parser reads; an unknown key is refused by both.
    @Test func schemaNamesExactlyTheParsersKeys() throws {
        let properties = try #require(ConfigKey.schema["properties"]?.members)
        #expect(properties.map(\.key) == ConfigKey.all.map(\.name))
        #expect(ConfigKey.schema["additionalProperties"] == .bool(false))
        for p in properties {
            #expect(p.value["description"]?.stringValue?.isEmpty == false, "\(p.key) has no description")
        }
        #expect(
            Config.parse(Array(#"{"deadlines": "next"}"#.utf8)).1.first?.message.contains("did you mean \"deadline\"")
                == true)
    }
}
