import Foundation
import Testing
@testable import TMinusCore

/// What counts as the screen shared, on `pw-dump` outputs a real PipeWire wrote
/// (Tests/privacy/pw-dump/README.md says how each was made).
@Suite("Screen sharing from PipeWire's graph")
struct ScreenShareTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../privacy/pw-dump")

    static func bytes(_ name: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
    }

    static func sharing(_ name: String) throws -> [String] {
        var s = ScreenShare()
        s.apply(try JSONParser.parse(try bytes(name)))
        return s.sharing
    }

    @Test(
        "recorded dumps: sharing, not sharing, a camera",
        arguments: [
            ("idle.json", [String]()), ("sharing.json", ["xdpw_stream"]), ("after.json", []), ("camera.json", [])
        ])
    func recorded(_ name: String, _ expected: [String]) throws {
        #expect(try Self.sharing(name) == expected)
    }

    /// `pw-dump --monitor` as it came, fed in pieces of every size: the first dump (not shared),
    /// the producer coming (shared), then going (its `"info": null`: not shared).
    @Test("the monitor stream, split as it arrives", arguments: [1, 7, 4096, 1 << 20])
    func monitor(_ piece: Int) throws {
        let all = try Self.bytes("monitor.txt")
        var stream = JSONArrayStream()
        var graph = ScreenShare()
        var seen: [[String]] = []
        var at = 0
        while at < all.count {
            for array in stream.feed(all[at..<min(at + piece, all.count)]) {
                graph.apply(try JSONParser.parse(array))
                if seen.last != graph.sharing { seen.append(graph.sharing) }
            }
            at += piece
        }
        #expect(seen == [[], ["xdpw_stream"], []])
    }

    @Test("a consumer stream counts unless it reads a camera")
    func consumers() throws {
        func dump(_ objects: String) throws -> [String] {
            var s = ScreenShare()
            s.apply(try JSONParser.parse("[\(objects)]"))
            return s.sharing
        }
        let camera =
            #"{"id": 5, "type": "PipeWire:Interface:Node", "info": {"state": "running", "props": {"media.class": "Video/Source", "device.api": "v4l2", "node.name": "cam"}}}"#
        let viewer =
            #"{"id": 9, "type": "PipeWire:Interface:Node", "info": {"state": "running", "props": {"media.class": "Stream/Input/Video", "node.name": "webrtc-consume-stream"}}}"#
        let idleViewer = viewer.replacingOccurrences(of: "running", with: "paused")
        let link =
            #"{"id": 12, "type": "PipeWire:Interface:Link", "info": {"output-node-id": 5, "input-node-id": 9, "state": "active"}}"#
        #expect(try dump(viewer) == ["webrtc-consume-stream"])
        #expect(try dump(idleViewer).isEmpty)
        #expect(try dump([camera, viewer, link].joined(separator: ",")).isEmpty)
        #expect(try dump([camera, viewer].joined(separator: ",")) == ["webrtc-consume-stream"])
        #expect(
            try dump(
                #"{"id": 3, "type": "PipeWire:Interface:Node", "info": {"state": "error", "props": {"media.class": "Video/Source"}}}"#
            ).isEmpty)
    }

    @Test("hostile input: not JSON arrays, strings with brackets, an array too big")
    func hostile() throws {
        // Text before an array is skipped; a torn array gives nothing (the parse would refuse it).
        var stream = JSONArrayStream()
        #expect(stream.feed(Array(#"warning: no session bus [{"id": 1}"#.utf8)).isEmpty)
        #expect(stream.feed(Array("]\n".utf8)).map { String(decoding: $0, as: UTF8.self) } == [#"[{"id": 1}]"#])
        var s2 = JSONArrayStream()
        let tricky = Array(#"[{"a": "]\"["}][]"#.utf8)
        #expect(s2.feed(tricky).map { String(decoding: $0, as: UTF8.self) } == [#"[{"a": "]\"["}]"#, "[]"])
        var s3 = JSONArrayStream()
        let big =
            [UInt8(ascii: "[")] + [UInt8](repeating: UInt8(ascii: " "), count: JSONArrayStream.maxBytes)
            + Array("][1]".utf8)
        #expect(s3.feed(big).map { String(decoding: $0, as: UTF8.self) } == ["[1]"])
    }
}
