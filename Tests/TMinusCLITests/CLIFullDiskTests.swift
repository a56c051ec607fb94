import Foundation
import Glibc
import Testing
import TMinusTestSupport

/// A full disk while a change to a todo.txt is pending (its promise is in the store, the file is
/// not changed yet, and no write can finish it): a bar keeps the countdown and a listing the
/// items as committed, each marked, where every read used to be the error; once there is room
/// the next read makes the change. The home and the todo.txt on a 256 KiB tmpfs (root), the
/// change cut by strace making every rename after the promise fail with ENOSPC.
@Suite("CLI: a full disk with a change pending")
struct CLIFullDiskTests {
    struct Disk {
        let dir: String
        var home: String { dir + "/home" }
        var config: String { dir + "/cfg/config.json" }
        var todo: String { dir + "/todo.txt" }

        func run(_ args: [String], strace: [String] = []) throws -> (status: Int32, out: String, err: String) {
            let p = Process()
            let command = [TminusBinary.path, "--home", home, "--config", config] + args
            if strace.isEmpty {
                p.executableURL = URL(fileURLWithPath: command[0])
                p.arguments = Array(command.dropFirst())
            } else {
                p.executableURL = URL(fileURLWithPath: try #require(Needs.program("strace")))
                p.arguments = ["-f", "-qq", "-o", "/dev/null"] + strace + command
            }
            p.environment = ["PATH": "/usr/bin:/bin", "HOME": dir, "TZ": "UTC", "LANG": "C.UTF-8"]
            let out = Pipe(), err = Pipe()
            p.standardOutput = out
            p.standardError = err
            try p.run()
            let o = out.fileHandleForReading.readDataToEndOfFile()
            let e = err.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
        }
    }

    @Test(
        .enabled(
            if: Needs.runsAsRoot && Needs.runs(with: "strace"),
            Comment(rawValue: Needs.message("root (a tmpfs) and strace", install: "apt-get install strace; as root"))))
    func aBarKeepsItsCountdownAndTheChangeIsMadeWhenThereIsRoom() throws {
        let dir = try #require(mkdtemp(strdup("/tmp/tminus-fulldisk.XXXXXX")).map { String(cString: $0) })
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #require(mount("tmpfs", dir, "tmpfs", 0, "size=256k") == 0, "mount: \(String(cString: strerror(errno)))")
        defer { umount2(dir, Int32(MNT_DETACH)) }
        let d = Disk(dir: dir)
        try FileManager.default.createDirectory(atPath: dir + "/cfg", withIntermediateDirectories: true)
        try "(A) Call mom due:2026-11-27\nBuy milk\n".write(toFile: d.todo, atomically: false, encoding: .utf8)
        try #"{ "sources": [ { "name": "txt", "kind": "todotxt", "path": "\#(d.todo)" } ] }"#
            .write(toFile: d.config, atomically: false, encoding: .utf8)
        #expect(try d.run(["add", "Thesis", "--due", "+2d"]).status == 0)
        #expect(try d.run(["list"]).out.contains("Call mom"))
        // done: the promise is committed (the first rename), then nothing more can be written.
        let done = try d.run(
            ["done", "Call mom"],
            strace: ["-e", "inject=rename:error=ENOSPC:when=2+", "-e", "inject=renameat:error=ENOSPC"])
        #expect(done.status != 0, "\(done)")
        try #require(
            (try String(contentsOfFile: d.home + "/store.json", encoding: .utf8)).contains("\"pending\""),
            "no change left pending")
        // The disk full.
        _ = FileManager.default.createFile(atPath: dir + "/fill", contents: nil)
        let fill = try #require(FileHandle(forWritingAtPath: dir + "/fill"))
        let block = Data(count: 4096)
        while (try? fill.write(contentsOf: block)) != nil {}
        try? fill.close()

        let show = try d.run(["show"])
        #expect(show.status == 0 && show.out.hasPrefix("Thesis "), "\(show)")
        let large = try d.run(["show", "--family", "large"])
        #expect(large.out.contains("a change waits to be made"), "\(large)")
        let list = try d.run(["list"])
        #expect(list.status == 0 && list.out.contains("Call mom") && list.out.contains("Thesis"), "\(list)")
        #expect(list.err.contains("a change waits to be made") && list.err.contains("No space left"), "\(list)")
        #expect(try String(contentsOfFile: d.todo, encoding: .utf8) == "(A) Call mom due:2026-11-27\nBuy milk\n")

        // Room again: the next read makes the change.
        try FileManager.default.removeItem(atPath: dir + "/fill")
        let after = try d.run(["list"])
        #expect(after.status == 0 && !after.out.contains("Call mom") && after.err.isEmpty, "\(after)")
        #expect(try String(contentsOfFile: d.todo, encoding: .utf8).hasPrefix("x "))
    }
}
