import Foundation
import Glibc
import TMinusCore
import Testing
import TMinusTestSupport
@testable import TMinusSourcing
@testable import TMinusSystem
@testable import TMinusStore

/// A sync into a vdir patches the summary (`SourcePatch`) only where the patch is what the whole
/// fold writes: on random vdirs (events, dated, undated and all-day todos, completed ones, two
/// items in a file, dues shared by several items) and random syncs (files rewritten with the same
/// UIDs, kinds and dues changed; new files, files gone, a UID moved to another file), the patched
/// summary and the folded one are the same bytes, in several zones; and a read that left the
/// kept files' items in the cache, made whole, is the read.
struct SourcePatchTests {
    /// A vdir of `files` files in a home whose file cache is kept (`cache/`).
    final class Home {
        let dir: String
        let folder: String
        let container: Container
        let config: SourceConfig
        let sourcing: Sourcing
        var rng: SeededGenerator
        /// Each file's UIDs.
        var files: [String: [String]] = [:]
        /// Each UID's kind of component (`component`).
        var kinds: [String: Int] = [:]
        var nextUID = 0
        /// An hour before the test began: every file's and folder's time.
        let old = time(nil) - 3_600

        init(seed: UInt64, zone: Zone) throws {
            dir = try #require(mkdtemp(strdup("/tmp/tminus-patch.XXXXXX")).map { String(cString: $0) })
            folder = dir + "/cal/work"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            rng = SeededGenerator(state: seed)
            config = SourceConfig(name: "cal", kind: .vdir, path: dir + "/cal")
            sourcing = Sourcing(
                sources: [config], zone: zone, hold: 600, environment: [:], configDirectory: dir,
                cacheDirectory: dir + "/home/cache")
            container = Container(
                home: TMinusSystem.Home(directory: dir + "/home", configPath: dir + "/config.json"), sourcing: sourcing)
            try FileManager.default.createDirectory(atPath: dir + "/home/cache", withIntermediateDirectories: true)
            for _ in 0..<40 { try write(newFileName(), uids: newUIDs()) }
            settle()
        }

        deinit { try? FileManager.default.removeItem(atPath: dir) }

        func newFileName() -> String {
            nextUID += 1
            return String(format: "%08x-file.ics", (nextUID &* 2_654_435_761) & 0xFFFF_FFFF)
        }

        func newUIDs() -> [String] {
            (0..<(rng.next(5) == 0 ? 2 : 1)).map { _ in
                nextUID += 1
                return "uid-\(nextUID)@test"
            }
        }

        /// A random component with this UID: an event, a todo dated, all-day or undated, or a
        /// completed todo; dues from a few times, so that several items share one.
        func component(_ uid: String) -> String {
            let date = rng.pick(["20261128", "20261129", "20261130", "20261201", "20261202", "20261203"])
            let time = rng.pick(["090000Z", "130000Z", "170000Z"])
            // (A category the store has a colour for, one it has not, or none.)
            let title =
                "SUMMARY:" + rng.pick(["Standup", "Pay rent", "Call mum", "Ship it", "Standup"])
                + rng.pick(["", "", "\r\nCATEGORIES:Work", "\r\nCATEGORIES:garden"])
            // (A sync mostly changes a title or a time: a component keeps its kind two times in three.)
            let kind = kinds[uid].flatMap { rng.next(3) == 0 ? nil : $0 } ?? rng.next(12)
            kinds[uid] = kind
            switch kind {
            case 0...3:
                return "BEGIN:VEVENT\r\nUID:\(uid)\r\n\(title)\r\nDTSTART:\(date)T\(time)\r\nEND:VEVENT\r\n"
            case 4, 5: return "BEGIN:VTODO\r\nUID:\(uid)\r\n\(title)\r\nDUE:\(date)T\(time)\r\nEND:VTODO\r\n"
            case 6, 7: return "BEGIN:VTODO\r\nUID:\(uid)\r\n\(title)\r\nDUE;VALUE=DATE:\(date)\r\nEND:VTODO\r\n"
            case 8...10: return "BEGIN:VTODO\r\nUID:\(uid)\r\n\(title)\r\nEND:VTODO\r\n"
            default:
                return
                    "BEGIN:VTODO\r\nUID:\(uid)\r\n\(title)\r\nSTATUS:COMPLETED\r\nCOMPLETED:20261127T100000Z\r\nEND:VTODO\r\n"
            }
        }

        /// The file `name` holding these UIDs, written as vdirsyncer writes (a temp renamed in).
        func write(_ name: String, uids: [String]) throws {
            let text =
                "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n" + uids.map(component).joined()
                + "END:VCALENDAR\r\n"
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/.incoming"))
            #expect(rename(folder + "/.incoming", folder + "/" + name) == 0)
            files[name] = uids
        }

        /// Every file and folder an hour old: nothing racy, and a file replaced has a new stamp
        /// (its inode).
        func settle() {
            var times = [timeval(tv_sec: old, tv_usec: 0), timeval(tv_sec: old, tv_usec: 0)]
            for name in files.keys { _ = utimes(folder + "/" + name, &times) }
            // (The folders a second later at each sync, as a sync leaves them: what a read watches.)
            syncs += 1
            times = [timeval(tv_sec: old + syncs, tv_usec: 0), timeval(tv_sec: old + syncs, tv_usec: 0)]
            for path in [folder, dir + "/cal"] { _ = utimes(path, &times) }
        }
        var syncs = 0

        /// A sync: files rewritten with their UIDs (most), a new file, a file gone, a UID moved.
        func sync() throws {
            let names = files.keys.sorted()
            switch rng.next(10) {
            case 0: try write(newFileName(), uids: newUIDs())
            case 1:
                let name = rng.pick(names)
                unlink(folder + "/" + name)
                files[name] = nil
            case 2:
                let name = rng.pick(names)
                let uids = files[name]!
                unlink(folder + "/" + name)
                files[name] = nil
                try write(newFileName(), uids: uids)
            default:
                for _ in 0...rng.next(3) {
                    let name = rng.pick(names)
                    try write(name, uids: files[name]!)
                }
            }
            settle()
        }

        /// The home's summary, store and file cache, as bytes (`cacheOnly`: the file cache alone).
        func snapshot(cacheOnly: Bool = false) throws -> [String: Data] {
            var out: [String: Data] = [:]
            if !cacheOnly {
                out["summary.json"] = try Data(contentsOf: URL(fileURLWithPath: container.home.summaryPath))
                out["store.json"] = try Data(contentsOf: URL(fileURLWithPath: container.home.storePath))
            }
            for name in try FileManager.default.contentsOfDirectory(atPath: dir + "/home/cache") {
                out["cache/" + name] = try Data(contentsOf: URL(fileURLWithPath: dir + "/home/cache/" + name))
            }
            return out
        }

        /// The summary, the store and the file cache put back as they were.
        func restore(_ files: [String: Data]) throws {
            for name in try FileManager.default.contentsOfDirectory(atPath: dir + "/home/cache") {
                unlink(dir + "/home/cache/" + name)
            }
            for (name, data) in files { try data.write(to: URL(fileURLWithPath: dir + "/home/" + name)) }
        }

        /// The summary and the store put back as `files` has them (the file cache as it is), the
        /// summary naming the store as it is now (it named it as `storeStamp`).
        func putBack(_ files: [String: Data], storeStamp: FileStamp?) throws {
            try #require(files["store.json"]).write(to: URL(fileURLWithPath: container.home.storePath))
            var summary = String(decoding: try #require(files["summary.json"]), as: UTF8.self)
            if let old = storeStamp, let new = FileStamp.lookup(container.home.storePath) {
                summary = summary.replacingOccurrences(
                    of: #""fileStamp":"\#(old.description)""#, with: #""fileStamp":"\#(new.description)""#)
            }
            try Data(summary.utf8).write(to: URL(fileURLWithPath: container.home.summaryPath))
        }

        func summaryBytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: container.home.summaryPath)) }
    }

    @Test(arguments: [("UTC", UInt64(1)), ("Europe/Berlin", 2), ("Asia/Kathmandu", 3), ("America/Los_Angeles", 4)])
    func aPatchedSummaryIsTheFoldedOne(zoneName: String, seed: UInt64) throws {
        let zone = try #require(ZoneLoader.named(zoneName, directory: "/usr/share/zoneinfo"))
        let home = try Home(seed: seed, zone: zone)
        let c = home.container
        var now = at("2026-11-28T12:00:00Z")
        // The store's own items, before and after the source's in the lists.
        try c.mutate(now: now) { (change: inout Change) throws(TMinusError) in
            for (title, due) in [("Rent", "2026-11-29T13:00:00Z"), ("Taxes", "2026-12-05T09:00:00Z")] {
                change.add(
                    Item.deadline(
                        handle: try change.takeHandle(), title: title, due: .instant(at(due)), start: now, created: now,
                        tag: "work"))
            }
            for title in ["Buy milk", "Water plants"] {
                change.add(Item.todo(handle: try change.takeHandle(), title: title, created: now))
            }
        }
        _ = try c.summaryForWidgets(now: now)
        let first = try #require(try c.loadSummary())
        #expect(first.deadlines.contains { $0.title == "Rent" } && first.todos.contains { $0.title == "Buy milk" })
        #expect(
            first.deadlines.contains { $0.source == "cal" && $0.color == "#5e81ac" }, "a category coloured by the store"
        )
        var patched = 0, folded = 0, newItems = 0, goneItems = 0, keptLinks = 0, linkEdits = 0
        for round in 0..<40 {
            now = now + 60
            try home.sync()
            let before = try home.snapshot()
            // The bar's read: deferred, then patched.
            var patch: Data?, patchedStore: Data?
            let previous = try #require(try c.loadSummary())
            if let deferred = c.readDeferredSource(previous: previous, now: now) {
                // Made whole, the deferred read is the read (the cache put back between the two).
                let whole = deferred.whole()
                let afterDeferred = try home.snapshot(cacheOnly: true)
                try home.restore(before.filter { $0.key.hasPrefix("cache/") })
                let read = SourceReader.read(home.config, home.sourcing, now: now)
                #expect(whole == read, "round \(round)")
                try home.restore(afterDeferred)
                let storeBefore = FileStamp.lookup(c.home.storePath)
                // The bar's way first: the store's links left as lines (`patchSummaryLinksAsLines`).
                let lazily = c.patchSummaryLinksAsLines(deferred, now: now, near: nil)
                let lazySummary = try home.summaryBytes()
                let lazyStore = try Data(contentsOf: URL(fileURLWithPath: c.home.storePath))
                if lazily != nil, FileStamp.lookup(c.home.storePath) != storeBefore { linkEdits += 1 }
                // Then from the store read whole, the two files as they were.
                try home.putBack(before, storeStamp: storeBefore)
                let storeAgain = FileStamp.lookup(c.home.storePath)
                let change = try c.begin()
                if c.patchSummary(deferred, change: change, now: now, near: nil) != nil {
                    patch = try home.summaryBytes()
                    patchedStore = try Data(contentsOf: URL(fileURLWithPath: c.home.storePath))
                    // (A store written is one that gave a new item its handle, or freed a gone one's.)
                    if FileStamp.lookup(c.home.storePath) != storeAgain { newItems += 1 }
                    func links(_ data: Data?) -> Int {
                        String(decoding: data ?? Data(), as: UTF8.self).components(separatedBy: #"{"source":"cal""#)
                            .count
                    }
                    if links(patchedStore) < links(before["store.json"]) { goneItems += 1 }
                }
                // The same summary and store both ways, or none.
                #expect((lazily != nil) == (patch != nil), "round \(round)")
                if let patch, lazily != nil {
                    #expect(Self.unstamped(lazySummary) == Self.unstamped(patch), "round \(round)")
                    #expect(lazyStore == patchedStore, "round \(round)")
                    keptLinks += 1
                }
            }
            // The whole fold, from the same files.
            try home.restore(before)
            _ = try c.refreshSources(now: now, previous: try c.loadSummary())
            let fold = try home.summaryBytes()
            if let patch {
                patched += 1
                // (The store's record names the store it was built from: each run wrote its own.)
                #expect(
                    Self.unstamped(patch) == Self.unstamped(fold),
                    "round \(round):\n\(String(decoding: patch, as: UTF8.self))\n---\n\(String(decoding: fold, as: UTF8.self))"
                )
                #expect(
                    patchedStore == (try Data(contentsOf: URL(fileURLWithPath: c.home.storePath))), "round \(round)")
            } else {
                folded += 1
            }
        }
        // (Most syncs rewrite files with their UIDs: those are patched.)
        #expect(
            patched >= 15 && newItems >= 2 && goneItems >= 1 && keptLinks == patched && linkEdits == newItems,
            "patched \(patched) (\(newItems) writing the store, \(goneItems) with items gone, \(keptLinks) with the links as lines, \(linkEdits) of them writing the store), folded \(folded)"
        )
    }

    /// The bar's read after a sync into a vdir reads only the summary's fields before its items
    /// before the lock (the patch reads the summary's bytes itself). When the patch cannot be
    /// made after all (here the store changed behind the summary), the fold takes the summary's
    /// items, read whole then, and writes what a fold from a whole read writes.
    @Test func aSyncThatCannotBePatchedFoldsFromTheWholeSummary() throws {
        let zone = try #require(ZoneLoader.named("Europe/Berlin", directory: "/usr/share/zoneinfo"))
        let home = try Home(seed: 9, zone: zone)
        let c = home.container
        let now = at("2026-11-28T12:00:00Z")
        try c.mutate(now: now) { (change: inout Change) throws(TMinusError) in
            change.add(
                Item.deadline(
                    handle: try change.takeHandle(), title: "Rent", due: .instant(now + 1_800), start: now,
                    created: now))
        }
        _ = try c.summaryForWidgets(now: now)
        let stale = try home.summaryBytes()
        try c.mutate(now: now) { (change: inout Change) throws(TMinusError) in
            change.add(Item.todo(handle: try change.takeHandle(), title: "Taxes", created: now))
        }
        // The store changed behind the summary, and a sync came.
        try stale.write(to: URL(fileURLWithPath: c.home.summaryPath))
        try home.sync()
        let before = try home.snapshot()
        let header = try Summary(
            bytes: Array(stale), near: now, eventLead: 900,
            headerOnlyIf: { c.deferredSource(previous: $0, now: now) != nil })
        #expect(header.headerOnly && header.deadlines.isEmpty && header.sources.allSatisfy(\.itemsPassedOver))
        let shown = try c.summaryForWidgets(now: now, near: Summary.NearOutputs(zone: zone, eventLead: 900))
        #expect(!shown.headerOnly)
        #expect(shown.deadlines.contains { $0.title == "Rent" } && shown.todos.contains { $0.title == "Taxes" })
        let written = try home.summaryBytes()
        try home.restore(before)
        _ = try c.refreshSources(now: now, previous: try c.loadSummary())
        #expect(Self.unstamped(written) == Self.unstamped(try home.summaryBytes()))
    }

    /// A summary's text with its store's stamp left out.
    static func unstamped(_ data: Data) -> String {
        String(decoding: data, as: UTF8.self).replacingOccurrences(
            of: #""fileStamp":"[^"]*""#, with: #""fileStamp":"""#, options: .regularExpression)
    }
}
