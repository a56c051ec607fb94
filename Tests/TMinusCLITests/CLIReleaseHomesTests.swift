import Foundation
import Testing

/// A home written by an earlier release opens with this build: read unchanged, every item shown,
/// `doctor` clean, and a change works after (Tests/Fixtures/homes/README.md).
@Suite("CLI: homes written by earlier releases")
struct CLIReleaseHomesTests {
    static let folder = TminusBinary.packageRoot.appendingPathComponent("Tests/Fixtures/homes")
    static var releases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasSuffix(".md") }
            .sorted()
    }

    @Test func thereIsOneForTheFirstRelease() {
        #expect(Self.releases.contains("0.1.0"))
    }

    @Test(arguments: releases)
    func itOpensUnchanged(_ release: String) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tminus-release-\(release)-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.folder.appendingPathComponent(release), to: root)
        defer { try? FileManager.default.removeItem(at: root) }
        let home = root.appendingPathComponent("home").path
        func files() throws -> [String: Data] {
            var out: [String: Data] = [:]
            let e = FileManager.default.enumerator(atPath: home)
            while let name = e?.nextObject() as? String {
                let path = home + "/" + name
                var dir: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &dir), !dir.boolValue,
                    name != "summary.json", !name.hasPrefix(".")
                {
                    out[name] = FileManager.default.contents(atPath: path)
                }
            }
            return out
        }
        let before = try files()
        #expect(before["store.json"] != nil)
        func run(_ args: String...) throws -> (status: Int32, out: String) {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: TminusBinary.path)
            p.arguments =
                [
                    "--home", home, "--config", root.appendingPathComponent("config.json").path, "--now",
                    "2026-11-21T09:00"
                ]
                + args
            p.environment = ["PATH": "/usr/bin:/bin", "HOME": root.path, "TZ": "Europe/Berlin", "LANG": "C.UTF-8"]
            let out = Pipe()
            p.standardOutput = out
            p.standardError = out
            try p.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            p.waitUntilExit()
            return (p.terminationStatus, String(decoding: data, as: UTF8.self))
        }
        let list = try run("list", "--all")
        #expect(list.status == 0, "\(list.out)")
        for title in ["Thesis", "Tax return", "Call mom", "Pay rent", "Buy milk", "Old chore"] {
            #expect(list.out.contains(title), "\(release): \(title) missing from list: \(list.out)")
        }
        #expect(!list.out.contains("Mistake"))
        let show = try run("show", "--family", "large")
        #expect(show.status == 0 && show.out.contains("Pay rent") && !show.out.contains("⚠ tminus"), "\(show.out)")
        for args in [["agenda"], ["cal"], ["item", "1"], ["tag", "list"]] {
            let r = try run(args[0], args.count > 1 ? args[1] : "--help")
            #expect(r.status == 0, "\(release): \(args): \(r.out)")
        }
        let doctor = try run("doctor")
        #expect(doctor.status == 0, "\(release): doctor: \(doctor.out)")
        // Reading changed nothing but the summary (a cache).
        #expect(try files() == before, "\(release): reading rewrote the home")
        // And a change works on it.
        #expect(try run("todo", "New one", "--due", "tomorrow").status == 0)
        #expect(try run("done", "Pay rent").status == 0)
        let after = try run("list", "--all")
        #expect(after.out.contains("New one"), "\(after.out)")
        #expect(try run("doctor").status == 0)
    }
}
