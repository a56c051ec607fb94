import Foundation
import Glibc
import Testing
import TMinusTestSupport
import TMinusCore

/// `privacy watch` against a PipeWire that misbehaves (a stand-in `pw-dump` on PATH): it fails
/// closed, writes the state once for a node that flips, and stays off a whole core when the graph
/// changes without end. Before: a dump over 16 MiB was dropped and the share in it never seen; a
/// flipping node wrote state.json at every flip (584 writes in 5 s); an endless stream took a core.
@Suite("CLI: privacy watch when PipeWire misbehaves")
struct CLIPrivacyWatchTests {
    static let python = Needs.runs(with: "python3")
    static let share =
        #"{"id": 999, "type": "PipeWire:Interface:Node", "info": {"state": "running", "props": {"media.class": "Video/Source", "node.name": "xdpw_stream"}}}"#

    /// Runs the watch for `seconds` with `script` as pw-dump; its output, its CPU seconds, and
    /// whether state.json says the screen is shared, read before SIGTERM ends it.
    func watch(_ script: String, for seconds: Double) throws -> (
        lines: [String], err: String, cpu: Double, hidden: Bool
    ) {
        let h = try TempHome()
        let bin = h.root.appendingPathComponent("pw")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let tool = bin.appendingPathComponent("pw-dump")
        try ("#!/usr/bin/python3\nimport sys, time, json\nSHARE = json.loads('" + Self.share + "')\n" + script)
            .write(to: tool, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool.path)
        let running = try h.start(["privacy", "watch"], env: ["PATH": bin.path + ":/usr/bin:/bin"])
        Thread.sleep(forTimeInterval: seconds)
        let pid = running.process.processIdentifier
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        // utime and stime: fields 14 and 15 of /proc/PID/stat (12 and 13 after the name).
        let ticks = fields.count > 13 ? (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0) : -1
        let state = String(decoding: h.bytes("state.json") ?? Data(), as: UTF8.self)
        kill(pid, SIGTERM)
        let r = try running.wait()
        return (
            r.stdout.split(separator: "\n").map(String.init), r.stderr, ticks / Double(sysconf(Int32(_SC_CLK_TCK))),
            state.contains(#""screencast": true"#) || state.contains(#""screencast":true"#)
        )
    }

    @Test(.enabled(if: python, "needs python3 for the stand-in pw-dump"))
    func aGraphTooBigToReadCountsAsShared() throws {
        let r = try watch(
            """
            pad = {"id": 5, "type": "PipeWire:Interface:Node", "info": {"props": {"x": "a" * (17 << 20)}}}
            sys.stdout.write(json.dumps([pad, SHARE]) + "\\n"); sys.stdout.flush()
            time.sleep(3600)
            """, for: 4)
        #expect(r.hidden, "\(r.lines) \(r.err)")
        #expect(r.err.components(separatedBy: "titles hidden until").count == 2, "said once: \(r.err)")
    }

    @Test(.enabled(if: python, "needs python3 for the stand-in pw-dump"))
    func aFlippingNodeWritesTheStateOnceEachWay() throws {
        let r = try watch(
            """
            print("[]", flush=True)
            end = time.time() + 2
            while time.time() < end:
                print(json.dumps([SHARE]), flush=True); time.sleep(0.005)
                print(json.dumps([{"id": 999, "info": None}]), flush=True); time.sleep(0.005)
            time.sleep(3600)
            """, for: 4.5)
        #expect(r.lines.count <= 3, "\(r.lines.count) changes: \(r.lines.prefix(5))")
        #expect(r.lines.contains { $0.hasPrefix("screen shared") }, "it hides at once: \(r.lines)")
        #expect(
            r.lines.last?.hasPrefix("screen not shared") == true && !r.hidden, "shown again once settled: \(r.lines)")
    }

    @Test(.enabled(if: python, "needs python3 for the stand-in pw-dump"))
    func anEndlessStreamTakesNoWholeCoreAndHides() throws {
        let r = try watch(
            """
            line = (json.dumps([{"id": i, "type": "PipeWire:Interface:Node", "info": {"state": "idle", "props": {"media.class": "Audio/Sink", "node.name": "n%d" % i}}} for i in range(50)]) + "\\n").encode()
            while True:
                sys.stdout.buffer.write(line)
            """, for: 6)
        #expect(r.cpu >= 0 && r.cpu < 3, "\(r.cpu) s of CPU in 6 s")
        #expect(r.hidden, "\(r.lines) \(r.err)")
    }
}
