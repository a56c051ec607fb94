import Foundation
import Glibc
import TMinusCore
import Testing
@testable import TMinusIO

/// One error type that keeps what it is about: the file, the line in it, the system call's errno
/// and the error underneath are fields, asserted as fields; the exit code comes from the kind.
final class ErrorFieldsTests {
    var dirs: [String] = []
    deinit { for d in dirs { try? FileManager.default.removeItem(atPath: d) } }

    func home() throws -> Container {
        let dir = try #require(mkdtemp(strdup("/tmp/tminus-errors.XXXXXX")).map { String(cString: $0) })
        dirs.append(dir)
        return Container(home: Home(directory: dir, configPath: dir + "/config.json"))
    }

    @Test func aFailedSystemCallKeepsThePathAndErrno() throws {
        let c = try home()
        // A name longer than a file system allows: open(2) says ENAMETOOLONG (root reads anything,
        // and a missing file is no error: it reads as none).
        let path = c.home.directory + "/" + String(repeating: "x", count: 300)
        do {
            _ = try FileIO.read(path)
            Issue.record("read through a file")
        } catch {
            #expect(error.kind == .failure && error.exitCode == 1)
            #expect(error.path == path && error.errno == ENAMETOOLONG)
            #expect(error.message == "cannot read \(path): \(String(cString: strerror(ENAMETOOLONG)))")
        }
    }

    @Test func aBrokenSummaryKeepsItsFileLineAndCause() throws {
        let c = try home()
        try FileIO.makeDirectory(c.home.directory)
        try FileIO.writeAtomically(
            Array("{\n\"format\": \"tminus-summary\",\n\"version\": 1,\n\"generated\": nope\n}\n".utf8),
            to: c.home.summaryPath)
        do {
            _ = try c.loadSummary()
            Issue.record("read a broken summary")
        } catch {
            #expect(
                error.kind == .failure && error.path == c.home.summaryPath && error.line == 4,
                "\(error.path ?? "") \(error.line ?? 0)")
            #expect(error.cause is JSONSyntaxError)
            #expect(error.message.hasPrefix(c.home.summaryPath + " line 4: "), "\(error.message)")
        }
    }

    @Test func kindsMapToExitCodes() {
        #expect(TMinusError.usage("give a title").exitCode == 2 && TMinusError.failure("disk full").exitCode == 1)
        #expect(TMinusError.usage("x").withDetail("; more").message == "x; more")
        #expect(TMinusError.failure("x", path: "/a") != TMinusError.failure("x", path: "/b"))
    }
}
