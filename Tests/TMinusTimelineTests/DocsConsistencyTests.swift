import Foundation
import TMinusTimeline
import Testing

/// The README's placeholder table and the code agree, both ways.
struct DocsConsistencyTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

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

    /// The README's bar snippets are the integration files' (what the real-bar tests run): the
    /// ini sections line for line without comments, Waybar's module key for key.
    @Test func readmeSnippetsAreTheIntegrationFiles() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        func file(_ path: String) throws -> String {
            try String(contentsOf: Self.root.appendingPathComponent(path), encoding: .utf8)
        }
        /// The lines of the `[name]` section of an ini text, without comments and blank lines (in the
        /// README, up to the end of its code block).
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
        for (path, name) in [
            ("integrations/i3blocks/config", "tminus"), ("integrations/polybar/config.ini", "module/tminus")
        ] {
            let expected = section(try file(path), name)
            #expect(expected.count > 2, "\(path) has a [\(name)] section")
            #expect(section(readme, name) == expected, "the README's [\(name)] snippet is not \(path)'s")
        }
        // Waybar: every "key": "value" of the README's module is the same in the integration file.
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

    @Test func readmeDocumentsEveryConfigKey() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## Configuration").dropFirst().first)
        for key in ConfigKey.all {
            #expect(section.contains("`\(key.name)`"), "README's Configuration lacks the config key \(key.name)")
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
