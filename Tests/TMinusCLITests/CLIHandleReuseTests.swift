import Foundation
import Testing
import TMinusCore

/// Handles of other sources' items that go away are given out again a day later; those of items
/// completed through tminus never are (they name history records); a home that ran out of
/// handles is recovered by `doctor --repair`. (A calendar that minted new ids on every sync used
/// handles up for good, and repair said there was nothing to repair.)
@Suite("CLI: handles of vanished source items")
struct CLIHandleReuseTests {
    /// A home with a vdir collection "feed" of VTODOs.
    struct Feed {
        let f: SourcesFixture
        var h: TempHome { f.h }

        init() throws {
            f = try SourcesFixture(try TempHome())
            try f.write(
                "config/tminus/config.json",
                """
                { "sources": [ { "name": "feed", "kind": "vdir", "path": "~/feed", "collection": "inbox" } ] }
                """)
        }

        /// The collection holds exactly these UIDs.
        func hold(_ uids: [String]) throws {
            let dir = f.root.appendingPathComponent("feed/inbox")
            try? FileManager.default.removeItem(at: dir)
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            for u in uids {
                try f.write(
                    "feed/inbox/\(u).ics",
                    "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:\(u)\r\nSUMMARY:Task \(u)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
            }
        }

        /// Handle by title, as `list --json` shows them at `now`.
        func handles(now: String) throws -> [String: Int] {
            var out: [String: Int] = [:]
            for item in try h.list([], now: now) {
                if let t = item["title"]?.stringValue, let n = item["handle"]?.numberValue { out[t] = Int(n) }
            }
            return out
        }

        var store: String { String(decoding: h.bytes("store.json") ?? Data(), as: UTF8.self) }
    }

    @Test func vanishedHandlesAreGivenOutAgainADayLater() throws {
        let feed = try Feed()
        try feed.hold(["a1", "a2", "a3"])
        #expect(try feed.handles(now: "2026-03-10T12:00:00Z") == ["Task a1": 1, "Task a2": 2, "Task a3": 3])
        // A sync that changes every id: new handles, the old ones free from tomorrow.
        try feed.hold(["b1", "b2", "b3"])
        #expect(try feed.handles(now: "2026-03-10T12:00:10Z") == ["Task b1": 4, "Task b2": 5, "Task b3": 6])
        #expect(
            feed.store.contains(#""freeHandles": ["#)
                && feed.store.contains(#"{"low":1,"high":3,"from":"2026-03-11T12:00:10Z"}"#), "\(feed.store)")
        // Two hours on they still rest.
        try feed.hold(["c1", "c2", "c3"])
        #expect(try feed.handles(now: "2026-03-10T14:00:00Z") == ["Task c1": 7, "Task c2": 8, "Task c3": 9])
        // A day on, 1 to 3 are given out again (lowest first), and the run keeps growing no further.
        try feed.hold(["d1", "d2", "d3", "d4"])
        #expect(
            try feed.handles(now: "2026-03-11T12:01:00Z") == ["Task d1": 1, "Task d2": 2, "Task d3": 3, "Task d4": 10])
        // The user's own items always take new handles.
        #expect(try feed.h.ok(["todo", "Mine"], now: "2026-03-11T12:02:00Z").stdout.contains("#11"))
    }

    @Test func aCompletedItemsHandleIsNeverGivenOut() throws {
        let feed = try Feed()
        try feed.hold(["a1", "a2"])
        _ = try feed.handles(now: "2026-03-10T12:00:00Z")
        try feed.h.ok(["done", "1"], now: "2026-03-10T12:00:05Z")
        // a2 deleted elsewhere: its handle is free; a1's names the history record.
        let inbox = feed.f.root.appendingPathComponent("feed/inbox")
        try FileManager.default.removeItem(at: inbox.appendingPathComponent("a2.ics"))
        #expect(try feed.handles(now: "2026-03-10T12:00:10Z").isEmpty)
        try feed.f.write(
            "feed/inbox/b1.ics",
            "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:b1\r\nSUMMARY:Task b1\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
        try feed.f.write(
            "feed/inbox/b2.ics",
            "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:b2\r\nSUMMARY:Task b2\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
        #expect(try feed.handles(now: "2026-03-12T12:00:00Z") == ["Task b1": 2, "Task b2": 3])
        // `undo 1` still names the completed item, and it is open again as #1.
        let undo = try feed.h.run(["undo", "1"], now: "2026-03-12T12:01:00Z")
        #expect(undo.status == 0 && undo.stdout.contains("Task a1"), "\(undo)")
        #expect(try feed.handles(now: "2026-03-12T12:02:00Z") == ["Task a1": 1, "Task b1": 2, "Task b2": 3])
    }

    @Test func aHomeThatRanOutIsRepaired() throws {
        let feed = try Feed()
        try feed.hold(["a1", "a2"])
        try feed.h.ok(["todo", "Mine"], now: "2026-03-10T12:00:00Z")
        _ = try feed.handles(now: "2026-03-10T12:00:00Z")
        try feed.h.ok(["done", "Mine"], now: "2026-03-10T12:00:01Z")
        // Every handle given out once (as years of a calendar minting new ids would).
        let path = feed.h.storePath
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let ran = text.replacingOccurrences(
            of: #""nextHandle": \d+"#, with: "\"nextHandle\": \(Item.maxHandle + 1)", options: .regularExpression)
        try ran.write(toFile: path, atomically: false, encoding: .utf8)
        let refused = try feed.h.run(["todo", "More"], now: "2026-03-10T12:01:00Z")
        #expect(
            refused.status != 0 && refused.stderr.contains("no handles left")
                && refused.stderr.contains("doctor --repair"), "\(refused)")
        let doctor = try feed.h.run(["doctor"], now: "2026-03-10T12:01:00Z")
        #expect(doctor.status == 1 && doctor.stdout.contains("no handles left"), "\(doctor)")
        let repair = try feed.h.run(["doctor", "--repair"], now: "2026-03-10T12:01:00Z")
        #expect(repair.status == 0 && repair.stdout.contains("no handles left"), "\(repair)")
        // Handles 1 (completed), 2 and 3 (the feed) are held; 4 on are free at once.
        let added = try feed.h.run(["todo", "More"], now: "2026-03-10T12:02:00Z")
        #expect(added.status == 0 && added.stdout.contains("#4 More"), "\(added)")
        #expect(try feed.h.run(["doctor"], now: "2026-03-10T12:03:00Z").status == 0)
    }

    @Test func freeRunsInUseInAHandEditedStoreAreNotGivenOut() throws {
        let feed = try Feed()
        try feed.hold(["a1"])
        try feed.h.ok(["todo", "Mine"], now: "2026-03-10T12:00:00Z")
        _ = try feed.handles(now: "2026-03-10T12:00:00Z")
        // Mine is #1, a1 is #2; a free run claims 1 to 5 (nextHandle made 10): 3 is the first free.
        let text = try String(contentsOfFile: feed.h.storePath, encoding: .utf8)
        let edited = text.replacingOccurrences(of: #""nextHandle": 3"#, with: #""nextHandle": 10"#)
            .replacingOccurrences(
                of: "\n  \"items\":",
                with: "\n  \"freeHandles\": [{\"low\":1,\"high\":5,\"from\":\"2026-01-01T00:00:00Z\"}],\n  \"items\":")
        try edited.write(toFile: feed.h.storePath, atomically: false, encoding: .utf8)
        try feed.hold(["a1", "n1"])
        #expect(try feed.handles(now: "2026-03-10T12:05:00Z")["Task n1"] == 3)
    }
}
