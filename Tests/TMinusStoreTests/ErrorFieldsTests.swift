import Foundation
import Glibc
import TMinusCore
import Testing
import TMinusTestSupport
@testable import TMinusSystem
@testable import TMinusStore

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

    /// A full disk (a 64 KiB tmpfs, as root): every write path's error keeps the file the user
    /// knows and ENOSPC (the atomic write, the temp writer, an append, a write into a held folder).
    @Test(
        .enabled(
            if: Needs.runsAsRoot,
            Comment(rawValue: Needs.message("root, to mount a tmpfs", install: "run the tests as root"))))
    func aFullDiskKeepsThePathAndErrno() throws {
        let dir = try #require(mkdtemp(strdup("/tmp/tminus-full.XXXXXX")).map { String(cString: $0) })
        dirs.append(dir)
        guard mount("tmpfs", dir, "tmpfs", 0, "size=64k") == 0 else {
            Issue.record("cannot mount a tmpfs: \(String(cString: strerror(errno)))")
            return
        }
        defer { umount2(dir, Int32(MNT_DETACH)) }
        let big = [UInt8](repeating: 0x78, count: 256 << 10)
        let path = dir + "/store.json"
        func expectFull(_ what: String, _ body: () throws(TMinusError) -> Void) {
            do {
                try body()
                Issue.record("\(what): wrote 256 KiB into 64 KiB")
            } catch {
                #expect(
                    error.path == path && error.errno == ENOSPC, "\(what): \(error.path ?? "nil") \(error.errno ?? 0)")
                #expect(error.message.hasPrefix("cannot write \(path): "), "\(what): \(error.message)")
            }
        }
        expectFull("writeAtomically") { () throws(TMinusError) in try FileIO.writeAtomically(big, to: path) }
        expectFull("writeTemp") { () throws(TMinusError) in _ = try FileIO.writeTemp(big, for: path) }
        try FileIO.writeAtomically(Array("{}\n".utf8), to: path)
        expectFull("write at") { () throws(TMinusError) in _ = try FileIO.write(big, to: path, at: 3) }
        #expect(FileManager.default.contents(atPath: path) == Data("{}\n".utf8), "cut back after a failed write")
        expectFull("append") { () throws(TMinusError) in try FileIO.append(big, to: path) }
        // Nothing of the failed writes is left beside the file.
        let left = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(left == ["store.json"], "\(left)")
    }
}
