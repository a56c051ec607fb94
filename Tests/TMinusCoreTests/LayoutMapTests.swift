import Foundation
import Testing

/// The README's map of the code ("The code's map") is the house: every product target of
/// `Package.swift` with exactly the targets it uses, and the targets it calls pure import nothing
/// but targets (no Glibc, Foundation or Dispatch).
@Suite("The README's map of the targets")
struct LayoutMapTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The map's rows: target → (uses, holds).
    func map() throws -> [String: (uses: Set<String>, holds: String)] {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## The code's map\n").dropFirst().first)
        var rows: [String: (Set<String>, String)] = [:]
        for line in section.split(separator: "\n").prefix(while: { !$0.hasPrefix("## ") }) where line.hasPrefix("| ") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 4, cells[1] != "target", !cells[1].hasPrefix("---") else { continue }
            let uses = cells[2].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            rows[cells[1]] = (Set(uses.filter { !$0.isEmpty }), cells[3])
        }
        return rows
    }

    /// `Package.swift`'s product targets (those in `Sources/`: not the fuzzer, not the tests') and
    /// what each uses.
    func package() throws -> [String: Set<String>] {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let target = try Regex(
            #"\.(?:target|executableTarget)\(\s*name:\s*"([\w-]+)"(?:,\s*dependencies:\s*\[([^\]]*)\])?"#)
        var out: [String: Set<String>] = [:]
        for m in text.matches(of: target) {
            guard let name = m.output[1].substring.map(String.init),
                FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("Sources/" + name).path)
            else { continue }
            let uses = m.output.count > 2 ? m.output[2].substring.map(String.init) ?? "" : ""
            out[name] = Set(
                uses.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines.union(["\""])) }
            )
            .subtracting([""])
        }
        return out
    }

    @Test func everyTargetAndArrowIsOnTheMap() throws {
        let map = try map()
        let package = try package()
        #expect(package.count >= 10, "\(package.keys.sorted())")
        #expect(
            Set(map.keys) == Set(package.keys),
            "the map has \(map.keys.sorted()), Package.swift \(package.keys.sorted())")
        for (name, uses) in package {
            #expect(
                map[name]?.uses == uses,
                "\(name): the map says \(map[name]?.uses.sorted() ?? []), Package.swift \(uses.sorted())")
        }
    }

    @Test func theTargetsCalledPureImportOnlyTargets() throws {
        let map = try map()
        let pure = map.filter { $0.value.holds.hasPrefix("pure") }.keys
        #expect(pure.count >= 5, "\(pure.sorted())")
        for name in pure {
            let folder = Self.root.appendingPathComponent("Sources/\(name)")
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
            for file in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let words = line.split(separator: " ")
                    guard let i = words.firstIndex(of: "import"), i <= 1 else { continue }
                    let module = words.count > i + 1 ? String(words[i + 1]) : ""
                    #expect(map[module] != nil, "\(name)/\(file) imports \(module), and \(name) is called pure")
                }
            }
        }
    }

    /// Every path of the repository the README, CONTRIBUTING, docs/ and Benchmarks/README.md name
    /// in backticks is there (a folder renamed or a file moved leaves no page pointing at nothing);
    /// placeholders (`NAME`, `Name`, `LL`) and patterns (`*`) aside.
    @Test func everyPathThePagesNameIsThere() throws {
        var pages = ["README.md", "CONTRIBUTING.md", "Benchmarks/README.md"]
        let docs = Self.root.appendingPathComponent("docs")
        pages += try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.map {
            "docs/" + $0
        }
        let path = try Regex(#"`((?:Sources|Tests|Benchmarks|integrations|packaging|po)/[A-Za-z0-9_./+-]*)"#)
        var named = 0
        for page in pages {
            let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
            for m in text.matches(of: path) {
                guard let p = m.output[1].substring.map(String.init) else { continue }
                let parts = p.split(separator: "/")
                if parts.contains(where: { $0.contains("NAME") || $0.hasPrefix("Name") || $0.contains("LL") }) {
                    continue
                }
                if text[m.range.upperBound...].first == "*" { continue }
                named += 1
                let there = FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(p).path)
                #expect(there, "\(page) names \(p), which is not in the repository")
            }
        }
        #expect(named > 50, "only \(named) paths found: the pattern no longer matches the pages")
    }
}
