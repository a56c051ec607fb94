import Foundation
import Testing
import TMinusCore
import TMinusICal
@_exported import TMinusTestSupport

/// The iCalendar files other projects wrote (`../shared/corpus` beside the repository, or
/// `$TMINUS_CORPUS`): the tests read them as they are.
enum Corpus {
    static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static var root: URL {
        if let env = ProcessInfo.processInfo.environment["TMINUS_CORPUS"], !env.isEmpty {
            return URL(fileURLWithPath: env)
        }
        return repo.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }

    /// Whether the corpus is there. A clone with nothing beside it skips the corpus suites (Swift
    /// Testing names each skipped test); CI sets TMINUS_REQUIRE_CORPUS=1, so there a missing
    /// corpus fails them instead of skipping them.
    static var available: Bool {
        ProcessInfo.processInfo.environment["TMINUS_REQUIRE_CORPUS"] == "1"
            || FileManager.default.fileExists(atPath: root.path)
    }

    static let skipped: Comment = "needs ../shared/corpus beside the repository (or TMINUS_CORPUS); CI has it"

    static func bytes(_ path: String) throws -> [UInt8] {
        let url = root.appendingPathComponent(path)
        let data = try #require(
            FileManager.default.contents(atPath: url.path),
            "missing \(url.path): the corpus lives in ../shared/corpus (or set TMINUS_CORPUS)")
        return Array(data)
    }

    /// Every .ics file in the corpus, by path relative to it.
    static func icsFiles() throws -> [String] {
        let e = try #require(FileManager.default.enumerator(atPath: root.path), "missing corpus at \(root.path)")
        var out: [String] = []
        while let p = e.nextObject() as? String {
            if p.hasSuffix(".ics") { out.append(p) }
        }
        return out.sorted()
    }
}

/// A zone by IANA name from the system's files, when iCalendar may name it.
func systemZone(_ name: String) -> Zone? {
    ICalZones.isZoneName(name) ? systemZoneIfPresent(name) : nil
}

func zone(_ name: String) throws -> Zone {
    try #require(systemZone(name), "missing /usr/share/zoneinfo/\(name); install tzdata")
}

func ics(_ lines: String) -> [UInt8] { Array(lines.utf8) }
