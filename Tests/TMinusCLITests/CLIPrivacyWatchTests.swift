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

    /// What a running watch has done so far: its lines, its stderr, whether state.json says the
    /// screen is shared, and whether the stand-in has made its mark (`MARK`, a path in the script).
    struct Progress {
        var lines: [String]
        var err: String
        var hidden: Bool
        var marked: Bool
    }

    /// Runs the watch with `script` as pw-dump until `done` (or a deadline: then the test fails);
    /// what it did, and its CPU seconds, read before SIGTERM ends it.
    func watch(_ script: String, until done: (Progress) -> Bool, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> (lines: [String], err: String, cpu: Double, hidden: Bool)
    {
        let h = try TempHome()
        let bin = h.root.appendingPathComponent("pw")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let tool = bin.appendingPathComponent("pw-dump")
        let mark = h.root.appendingPathComponent("mark")
        try
            ("#!/usr/bin/python3\nimport sys, time, json\nSHARE = json.loads('" + Self.share + "')\nMARK = '"
            + mark.path + "'\n" + script)
            .write(to: tool, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool.path)
        let running = try h.start(["privacy", "watch"], env: ["PATH": bin.path + ":/usr/bin:/bin"])
        func progress() -> Progress {
            let text = { (url: URL) in String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self) }
            let state = String(decoding: h.bytes("state.json") ?? Data(), as: UTF8.self)
            return Progress(
                lines: text(running.out).split(separator: "\n").map(String.init), err: text(running.err),
                hidden: state.contains(#""screencast": true"#) || state.contains(#""screencast":true"#),
                marked: FileManager.default.fileExists(atPath: mark.path))
        }
        var last = progress()
        let reached = waitUntil(timeout: 30, every: 20_000) {
            last = progress()
            return done(last)
        }
        #expect(reached, "the watch never got there: \(last)", sourceLocation: sourceLocation)
        let pid = running.process.processIdentifier
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        // utime and stime: fields 14 and 15 of /proc/PID/stat (12 and 13 after the name).
        let ticks = fields.count > 13 ? (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0) : -1
        let hidden = progress().hidden
        kill(pid, SIGTERM)
        let r = try running.wait()
        return (
            r.stdout.split(separator: "\n").map(String.init), r.stderr, ticks / Double(sysconf(Int32(_SC_CLK_TCK))),
            hidden
        )
    }

    @Test(.enabled(if: python, "needs python3 for the stand-in pw-dump"))
    func aGraphTooBigToReadCountsAsShared() throws {
        let r = try watch(
            """
            pad = {"id": 5, "type": "PipeWire:Interface:Node", "info": {"props": {"x": "a" * (17 << 20)}}}
            sys.stdout.write(json.dumps([pad, SHARE]) + "\\n"); sys.stdout.flush()
            time.sleep(3600)
            """, until: { $0.hidden && $0.err.contains("titles hidden until") })
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
            open(MARK, "w").close()
            time.sleep(3600)
            """, until: { $0.marked && $0.lines.last?.hasPrefix("screen not shared") == true && !$0.hidden })
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
            written = 0
            while True:
                sys.stdout.buffer.write(line)
                written += len(line)
                if written >= 3 << 20 and written - len(line) < 3 << 20:
                    sys.stdout.buffer.flush(); open(MARK, "w").close()
            """, until: { $0.marked && $0.hidden })
        // 3 MiB read (its first 2 MiB at once, then 256 KiB a second): a watch that spun while it
        // held back would have taken a core for those seconds.
        #expect(r.cpu >= 0 && r.cpu < 3, "\(r.cpu) s of CPU to read 3 MiB")
        #expect(r.hidden, "\(r.lines) \(r.err)")
    }
}
