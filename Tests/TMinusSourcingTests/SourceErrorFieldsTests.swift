import Foundation
import Glibc
import TMinusCore
import Testing
import TMinusTestSupport
@testable import TMinusSystem
@testable import TMinusSourcing

/// A source whose file is missing, or whose folder is a file: the error names the path as a field,
/// for each kind that reads a file or a folder.
final class SourceErrorFieldsTests {
    let dir: String
    init() throws {
        dir = try #require(mkdtemp(strdup("/tmp/tminus-source-errors.XXXXXX")).map { String(cString: $0) })
    }
    deinit { try? FileManager.default.removeItem(atPath: dir) }

    func readError(_ kind: SourceConfig.Kind, _ path: String) -> TMinusError? {
        let source = SourceConfig(name: "s", kind: kind, path: path)
        let sourcing = Sourcing(sources: [source], zone: .utc, hold: 600, environment: [:], configDirectory: dir)
        var out = SourceRead()
        do {
            try SourceKinds.io(kind).read(source, sourcing, now: at("2026-03-10T12:00:00Z"), origin: nil, into: &out)
            return nil
        } catch { return error }
    }

    @Test(arguments: [SourceConfig.Kind.ics, .todotxt])
    func aMissingFileIsNamed(kind: SourceConfig.Kind) {
        let path = dir + "/missing"
        let error = readError(kind, path)
        #expect(error?.path == path && error?.kind == .failure, "\(kind): \(String(describing: error))")
    }

    @Test(arguments: [SourceConfig.Kind.vdir, .obsidian, .logseq])
    func aFolderThatIsAFileIsNamed(kind: SourceConfig.Kind) throws {
        let path = dir + "/plain"
        try FileIO.writeAtomically(Array("x".utf8), to: path)
        let error = readError(kind, path)
        #expect(error?.path == path && error?.kind == .failure, "\(kind): \(String(describing: error))")
    }
}
