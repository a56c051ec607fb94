import Foundation
import Glibc
import TMinusCore
import Testing
import TMinusTestSupport
@testable import TMinusSystem
@testable import TMinusBus

/// Failures made to happen for real (a path under a regular file, a name too long, /dev/full, a
/// read-only file system, a program that cannot run, a bus socket that is not there): each error
/// keeps the file and the system call's errno as fields, and the error underneath as its cause.
final class SystemCallErrorTests {
    var dirs: [String] = []
    deinit { for d in dirs { try? FileManager.default.removeItem(atPath: d) } }

    func scratch() throws -> String {
        let dir = try #require(mkdtemp(strdup("/tmp/tminus-syscall.XXXXXX")).map { String(cString: $0) })
        dirs.append(dir)
        return dir
    }

    /// Runs `body`, which must throw, and hands its error to `check`.
    func failing(_ what: String, _ body: () throws(TMinusError) -> Void, _ check: (TMinusError) -> Void) {
        do {
            try body()
            Issue.record("\(what): no error")
        } catch {
            #expect(error.kind == .failure && error.exitCode == 1, "\(what)")
            check(error)
        }
    }

    @Test func aHomeThatIsAFileKeepsThePathAndENOTDIR() throws {
        let file = try scratch() + "/home"
        try FileIO.writeAtomically(Array("x".utf8), to: file)
        failing("makeDirectory", { () throws(TMinusError) in try FileIO.makeDirectory(file) }) { error in
            #expect(error.path == file && error.errno == ENOTDIR, "\(error.path ?? "nil") \(error.errno ?? 0)")
        }
    }

    @Test func writesUnderARegularFileKeepThePathAndENOTDIR() throws {
        let file = try scratch() + "/plain"
        try FileIO.writeAtomically(Array("x".utf8), to: file)
        let path = file + "/store.json"
        let bytes = Array("{}\n".utf8)
        for (what, body) in [
            ("writeAtomically", { () throws(TMinusError) in try FileIO.writeAtomically(bytes, to: path) }),
            ("append", { () throws(TMinusError) in try FileIO.append(bytes, to: path) }),
            ("write at", { () throws(TMinusError) in _ = try FileIO.write(bytes, to: path, at: 0) }),
            ("makeDirectory", { () throws(TMinusError) in try FileIO.makeDirectory(path) }),
            ("withLock", { () throws(TMinusError) in try FileIO.withLock(path + ".lock") {} })
        ] as [(String, () throws(TMinusError) -> Void)] {
            failing(what, body) { error in
                #expect(error.errno == ENOTDIR, "\(what): \(error.errno ?? 0)")
                // (makeDirectory names the folder it could not make: the one under the file.)
                #expect(error.path == (what == "withLock" ? path + ".lock" : path), "\(what): \(error.path ?? "nil")")
            }
        }
    }

    @Test func aNameTooLongKeepsThePathAndENAMETOOLONG() throws {
        let path = try scratch() + "/" + String(repeating: "n", count: 300)
        let bytes = Array("{}\n".utf8)
        for (what, body) in [
            ("writeAtomically", { () throws(TMinusError) in try FileIO.writeAtomically(bytes, to: path) }),
            ("append", { () throws(TMinusError) in try FileIO.append(bytes, to: path) }),
            ("makeDirectory", { () throws(TMinusError) in try FileIO.makeDirectory(path) })
        ] as [(String, () throws(TMinusError) -> Void)] {
            failing(what, body) { error in
                #expect(
                    error.path == path && error.errno == ENAMETOOLONG,
                    "\(what): \(error.path ?? "nil") \(error.errno ?? 0)")
            }
        }
    }

    /// /dev/full takes no byte: the append path's error is ENOSPC with the file named (as any user).
    @Test func devFullKeepsThePathAndENOSPC() {
        failing("append", { () throws(TMinusError) in try FileIO.append([0x78], to: "/dev/full") }) { error in
            #expect(error.path == "/dev/full" && error.errno == ENOSPC, "\(error.path ?? "nil") \(error.errno ?? 0)")
            #expect(error.message == "cannot write /dev/full: \(String(cString: strerror(ENOSPC)))")
        }
    }

    /// A read-only file system (a tmpfs mounted read-only, as root): every write path says EROFS.
    @Test(
        .enabled(
            if: Needs.runsAsRoot,
            Comment(rawValue: Needs.message("root, to mount a tmpfs", install: "run the tests as root"))))
    func aReadOnlyFileSystemKeepsThePathAndEROFS() throws {
        let dir = try scratch()
        guard mount("tmpfs", dir, "tmpfs", UInt(MS_RDONLY), "size=64k") == 0 else {
            Issue.record("cannot mount a tmpfs: \(String(cString: strerror(errno)))")
            return
        }
        defer { umount2(dir, Int32(MNT_DETACH)) }
        let path = dir + "/store.json"
        let bytes = Array("{}\n".utf8)
        for (what, body) in [
            ("writeAtomically", { () throws(TMinusError) in try FileIO.writeAtomically(bytes, to: path) }),
            ("writeTemp", { () throws(TMinusError) in _ = try FileIO.writeTemp(bytes, for: path) }),
            ("append", { () throws(TMinusError) in try FileIO.append(bytes, to: path) }),
            ("write at", { () throws(TMinusError) in _ = try FileIO.write(bytes, to: path, at: 0) }),
            ("makeDirectory", { () throws(TMinusError) in try FileIO.makeDirectory(path) })
        ] as [(String, () throws(TMinusError) -> Void)] {
            failing(what, body) { error in
                #expect(
                    error.path == path && error.errno == EROFS, "\(what): \(error.path ?? "nil") \(error.errno ?? 0)")
            }
        }
    }

    /// A symbolic link named as a file in a shared folder is refused; the error names it, and
    /// reading through one says ELOOP.
    @Test func aLinkInASharedFolderKeepsItsPath() throws {
        let dir = try scratch()
        try FileIO.writeAtomically(Array("x".utf8), to: dir + "/real.txt")
        let link = dir + "/todo.txt"
        #expect(symlink(dir + "/real.txt", link) == 0)
        failing("FolderFile", { () throws(TMinusError) in _ = try FileIO.FolderFile(link, followLink: false) }) {
            error in
            #expect(error.path == link, "\(error.path ?? "nil")")
        }
        let file = try FileIO.FolderFile(dir + "/real.txt", followLink: false)
        defer { file.close() }
        // (The entry is swapped for a link after the folder was opened.)
        #expect(unlink(dir + "/real.txt") == 0 && symlink(dir + "/elsewhere", dir + "/real.txt") == 0)
        failing("read", { () throws(TMinusError) in _ = try file.read(limit: 1 << 20) }) { error in
            #expect(
                error.path == dir + "/real.txt" && error.errno == ELOOP, "\(error.path ?? "nil") \(error.errno ?? 0)")
        }
    }

    /// A program that cannot be run (a file without execute permission): posix_spawn's errno is
    /// kept; the words are those earlier releases printed.
    @Test func aProgramThatCannotRunKeepsErrno() throws {
        let program = try scratch() + "/not-a-program"
        try FileIO.writeAtomically(Array("#!/bin/sh\n".utf8), to: program, mode: 0o600)
        do {
            _ = try ChildProcess.spawn(program, [], environment: [:])
            Issue.record("ran a file that is not executable")
        } catch {
            #expect(error.errno == EACCES, "\(error)")
            #expect("\(error)" == String(cString: strerror(EACCES)))
        }
    }

    /// A session bus address whose socket is not there: the failure keeps the socket's path and
    /// connect's errno; the notifier's error keeps them and the bus failure as its cause.
    @Test func aBusSocketThatIsNotThereKeepsThePathAndErrno() throws {
        let socket = try scratch() + "/no-bus"
        let environment: Environment = ["DBUS_SESSION_BUS_ADDRESS": "unix:path=" + socket]
        do {
            _ = try DBusConnection.session(environment)
            Issue.record("connected to nothing")
        } catch {
            #expect(error.path == socket && error.errno == ENOENT, "\(error.path ?? "nil") \(error.errno ?? 0)")
            #expect(error.description == "cannot connect to the session bus at \(socket): \(FileIO.errorText(ENOENT))")
        }
    }
}
