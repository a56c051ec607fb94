import Foundation
import Testing

/// `tminus privacy watch` against a stand-in `pw-dump` (docs/privacy.md, "Failing closed"): what
/// it cannot read counts as sharing, a flipping node writes the state once it settles, and an
/// endless stream of updates costs little.
@Suite("CLI: privacy watch fails closed")
struct CLIPrivacyWatchTests {
    static let node =
        #"{"id":50,"type":"PipeWire:Interface:Node","info":{"state":"running","props":{"media.class":"Video/Source","node.name":"xdpw_stream"}}}"#

    /// Runs `privacy watch` for `seconds` with `pw-dump` being the Python `script`; returns its
    /// output and the CPU it used (ms).
    func watch(_ script: String, seconds: Double) throws -> (stdout: [String], stderr: String, cpu: Int) {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
            Issue.record("python3 is not installed")
            return ([], "", 0)
        }
        let h = try TempHome()
        let bin = h.root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let url = bin.appendingPathComponent("pw-dump")
        try ("#!/usr/bin/python3\nimport sys, time\nout = sys.stdout\n" + script).write(
            to: url, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
        let running = try h.start(["privacy", "watch"], env: ["PATH": bin.path + ":/usr/bin:/bin"])
        Thread.sleep(forTimeInterval: seconds)
        let stat = try String(contentsOfFile: "/proc/\(running.process.processIdentifier)/stat", encoding: .utf8)
        let fields = stat[stat.range(of: ") ")!.upperBound...].split(separator: " ")
        let ticks = (Int(fields[11]) ?? 0) + (Int(fields[12]) ?? 0)
        // What it said while running (the stop adds its own "not shared").
        let said = String(decoding: try Data(contentsOf: running.out), as: UTF8.self)
        running.process.terminate()
        let r = try running.wait()
        return (said.split(separator: "\n").map(String.init), r.stderr, ticks * 10)
    }

    /// A dump over the 16 MiB cap was dropped, and the screen share in it never seen. Now it
    /// counts as sharing, said once on stderr.
    @Test func aDumpTooLargeToReadCountsAsShared() throws {
        let r = try watch(
            """
            out.write('[' + '\(Self.node)' + ',' + ' ' * (17 << 20) + ']\\n'); out.flush()
            time.sleep(30)
            """, seconds: 3)
        #expect(r.stdout.first?.hasPrefix("screen shared") == true, "\(r.stdout)")
        #expect(!r.stdout.contains { $0.contains("not shared") }, "\(r.stdout)")
        #expect(r.stderr.components(separatedBy: "counted as shared until").count == 2, "\(r.stderr)")
    }

    /// A node that flips every 20 ms wrote state.json 280 times in 10 s. Now "shared" is written
    /// at once and "not shared" once it has held a second.
    @Test func aFlippingNodeWritesOnceItSettles() throws {
        let r = try watch(
            """
            for i in range(100):
                out.write('[' + ('\(Self.node)' if i % 2 == 0 else '{"id":50,"info":null}') + ']\\n'); out.flush()
                time.sleep(0.02)
            time.sleep(30)
            """, seconds: 4.5)
        #expect(r.stdout.count <= 2, "\(r.stdout.count) state writes: \(r.stdout.prefix(4))")
        #expect(r.stdout.first?.hasPrefix("screen shared") == true && r.stdout.last?.contains("not shared") == true)
    }

    /// An endless stream of updates took a whole core. Now it counts as sharing and is read
    /// again after a growing pause.
    @Test func anEndlessStreamCostsLittleAndCountsAsShared() throws {
        let r = try watch(
            """
            while True:
                out.write('[{"id":7,"info":null}]\\n')
            """, seconds: 4)
        #expect(r.cpu < 1000, "privacy watch used \(r.cpu) ms of CPU in 4 s")
        #expect(r.stdout.first?.hasPrefix("screen shared") == true, "\(r.stdout)")
    }
}
