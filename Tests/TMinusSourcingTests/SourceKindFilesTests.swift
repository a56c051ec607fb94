import Foundation
import Testing
import TMinusCore
import TMinusSourcing

/// A new source kind is its file and its parser: the lists of kinds are made from the kinds' files
/// by `tools/source-kinds.py` (`SourceConfig.Kind` in TMinusCore, `SourceKinds.io` here).
@Suite("Source kinds: the lists made from the kinds' files")
struct SourceKindFilesTests {
    /// The kinds' lists (`SourceConfig.Kind`, `SourceKinds.io`) are made from the kinds' files by
    /// `tools/source-kinds.py`: every kind file is in them, each with what its file says.
    @Test func everyKindFileIsInTheListsWithItsFacts() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folder = root.appendingPathComponent("Sources/TMinusSourcing/Kinds")
        let declaration = try Regex(#"static let kind = SourceConfig\.Kind\.(\w+)"#)
        var declared: [String] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            if let m = text.firstMatch(of: declaration), let kind = m.output[1].substring {
                declared.append(String(kind))
            }
        }
        #expect(
            declared.sorted() == SourceConfig.Kind.allCases.map(\.rawValue),
            "the kinds' files declare \(declared.sorted()): run python3 tools/source-kinds.py")
        for kind in SourceConfig.Kind.allCases {
            let io = SourceKinds.io(kind)
            #expect(io.kind == kind, "\(kind): SourceKinds.io gives \(io)")
            #expect(
                io.facts == SourceKindFacts(kind),
                "\(kind): its file's facts changed: run python3 tools/source-kinds.py")
        }
    }

}
