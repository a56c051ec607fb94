import Foundation

/// The iCalendar files other projects wrote: `$TMINUS_CORPUS` when set, else `../shared/corpus`
/// beside the repository. Every test reads the corpus through here. A clone with nothing beside
/// it skips what needs it (one line each, by Swift Testing's skip comment); `.ci/run` sets
/// `TMINUS_REQUIRE_CORPUS=1` where `../shared` exists, so there a missing corpus fails instead.
public enum Corpus {
    /// The repository's root (this file is Tests/TMinusTestSupport/Corpus.swift).
    public static let repo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The corpus folder, a link at its root followed (a corpus linked in from elsewhere).
    public static var root: URL {
        let env = ProcessInfo.processInfo.environment["TMINUS_CORPUS"] ?? ""
        let url =
            env.isEmpty
            ? repo.deletingLastPathComponent().appendingPathComponent("shared/corpus") : URL(fileURLWithPath: env)
        return url.resolvingSymlinksInPath()
    }

    /// Whether the corpus must be there (CI): a missing one then fails the tests that read it.
    public static var required: Bool { ProcessInfo.processInfo.environment["TMINUS_REQUIRE_CORPUS"] == "1" }

    /// Whether the tests that read the corpus run: it is there, or it is required.
    public static var available: Bool { required || FileManager.default.fileExists(atPath: root.path) }

    /// Why they were skipped.
    public static let skippedReason =
        "needs the iCalendar corpus (../shared/corpus beside the repository, or TMINUS_CORPUS); CI has it"

    /// The file at `path` in the corpus (which may be missing).
    public static func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// The bytes of the file at `path`, or nil when it is missing.
    public static func contents(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: url(path).path).map { Array($0) }
    }

    /// Every .ics file in the corpus, by path relative to it, sorted; nil when there is no corpus.
    public static func icsFilesIfPresent() -> [String]? {
        guard let e = FileManager.default.enumerator(atPath: root.path) else { return nil }
        var out: [String] = []
        while let p = e.nextObject() as? String {
            if p.hasSuffix(".ics") { out.append(p) }
        }
        return out.sorted()
    }
}
