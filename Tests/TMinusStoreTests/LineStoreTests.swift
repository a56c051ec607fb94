import Foundation
import Glibc
import TMinusCore
import TMinusTestSupport
import Testing
@testable import TMinusSystem
@testable import TMinusStore

/// A change that patches the lines it touches writes, byte for byte, the store and the summary a
/// whole rewrite writes; and it is taken only when the files are as this release wrote them.
struct LineStoreTests {
    typealias Generator = SeededGenerator

    let now = Instant(1_795_428_000)
    let origin = "abc123"
    let tags = [Tag(name: "work", color: "#5e81ac"), Tag(name: "home", color: "#a3be8c")]

    var stamp: FileStamp {
        var st = stat()
        st.st_ino = 16_400_651
        st.st_size = 1874
        st.st_mtim.tv_sec = 1_795_656_723
        st.st_mtim.tv_nsec = 427_699_507
        return FileStamp(st)
    }

    func randomItem(_ g: inout Generator, handle: Int) -> Item {
        // Few due dates, so deadlines tie on them and the handle and id decide.
        let dues: [Due?] = [
            nil, .instant(now + 3_600), .instant(now + 7_200), .instant(now - 60),
            .day(CivilDate(year: 2026, month: 11, day: 27)),
            .day(CivilDate(year: 2026, month: 11, day: 25))
        ]
        let kind: Item.Kind = g.next(3) == 0 ? .deadline : .todo
        let due = kind == .deadline ? dues[1 + g.next(dues.count - 1)] : g.pick(dues)
        let id =
            "\(g.pick(["0", "7", "f"]))0000000-0000-4000-8000-\(String(100_000_000_000 + g.next(1_000_000)).dropFirst())"
        return Item(
            kind: kind, id: id, handle: handle, title: g.pick(["Buy milk", "Say \"hi\"\nthen go", "Ünïcode ✓", "a\\b"]),
            note: g.pick(["", "a note"]), due: due, start: kind == .deadline ? now - 86_400 : nil,
            created: now - 90_000,
            tag: g.pick([nil, "work", "Work", "home", "gone"]), starred: kind == .todo && g.next(2) == 0)
    }

    func files(_ store: Store) -> (store: [UInt8], summary: [UInt8]) {
        var summary = Summary.build(from: store, now: now, storeStamp: stamp.description)
        summary.origin = origin
        return (StoreFile.write(store), summary.bytes() + [0x0A])
    }

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func patchedFilesAreWhatAWholeWriteWrites() throws {
        var g = Generator(state: 42)
        for trial in 0..<300 {
            var store = Store(nextHandle: 1, tags: tags)
            for _ in 0..<g.next(30) {
                store.nextHandle += 1 + g.next(3)
                store.items.append(randomItem(&g, handle: store.nextHandle - 1))
            }
            let (storeBytes, summaryBytes) = files(store)
            var lines = try #require(
                LineStore(store: storeBytes, stamp: stamp, summary: summaryBytes, origin: origin), "trial \(trial)")
            // Up to four changes: new items, items taken out, items edited (due, title, tag).
            for _ in 0..<(1 + g.next(4)) {
                switch g.next(3) {
                case 0 where !store.items.isEmpty:
                    let old = g.pick(store.items)
                    store.remove(id: old.id)
                    lines.record(old: old, new: nil)
                case 1 where !store.items.isEmpty:
                    let old = g.pick(store.items)
                    var new = randomItem(&g, handle: old.handle)
                    (new.id, new.kind, new.start) = (old.id, old.kind, old.start)
                    if new.kind == .deadline && new.due == nil { new.due = old.due }
                    store.replace(new)
                    lines.record(old: lines.item(handle: old.handle) ?? old, new: new)
                default:
                    let new = randomItem(&g, handle: try store.takeHandle())
                    store.insert(new)
                    lines.record(old: nil, new: new)
                }
            }
            store.history.bytes += 100
            let patched = try #require(lines.patched(tags: store), "trial \(trial)")
            let (wantStore, wantSummary) = files(store)
            #expect(text(lines.storeBytes(header: store, items: patched.items)) == text(wantStore), "trial \(trial)")
            var head = Summary(
                generated: now,
                sources: [
                    Summary.Source(
                        name: Item.ownSource, stamp: now, items: patched.count, file: "store.json",
                        fileStamp: stamp.description)
                ], tags: store.tags)
            head.origin = origin
            let got = lines.summaryBytes(header: head.headerBytes(), deadlines: patched.deadlines, todos: patched.todos)
            #expect(text(got) == text(wantSummary), "trial \(trial)")
        }
    }

    @Test func anItemIsFoundByItsHandleAndNotWhenGone() throws {
        var store = Store(nextHandle: 1, tags: tags)
        for h in [1, 2, 5, 9, 10] { store.items.append(Item.todo(handle: h, title: "T\(h)", created: now)) }
        store.nextHandle = 11
        let (s, m) = files(store)
        var lines = try #require(LineStore(store: s, stamp: stamp, summary: m, origin: origin))
        for h in [1, 2, 5, 9, 10] { #expect(lines.item(handle: h)?.title == "T\(h)") }
        for h in [0, 3, 4, 8, 11] { #expect(lines.item(handle: h) == nil) }
        lines.record(old: store.items[2], new: nil)
        #expect(lines.item(handle: 5) == nil)
        let new = Item.todo(handle: 11, title: "New", created: now)
        lines.record(old: nil, new: new)
        #expect(lines.item(handle: 11)?.title == "New")
        // An item added and taken out in one change leaves nothing to write.
        lines.record(old: new, new: nil)
        #expect(lines.edits.count == 1)
    }

    /// Files this release did not write as they are now: the whole read and rewrite instead.
    @Test func otherFilesAreReadWhole() throws {
        var store = Store(nextHandle: 3, tags: tags)
        store.items = [
            Item.deadline(handle: 1, title: "D", due: .instant(now + 60), start: now - 60, created: now - 60),
            Item.todo(handle: 2, title: "T", created: now)
        ]
        let (s, m) = files(store)
        #expect(LineStore(store: s, stamp: stamp, summary: m, origin: origin) != nil)
        // An older release's summary: everything on one line.
        var oneLine = m.filter { $0 != 0x0A }
        oneLine.append(0x0A)
        #expect(LineStore(store: s, stamp: stamp, summary: oneLine, origin: origin) == nil)
        // The store changed since the summary was built (edited by hand, or a killed writer).
        var other = stamp
        other.size += 1
        #expect(LineStore(store: s, stamp: other, summary: m, origin: origin) == nil)
        // Another home's summary, or one with other sources' items.
        #expect(LineStore(store: s, stamp: stamp, summary: m, origin: "other") == nil)
        var withSource = Summary.build(from: store, now: now, storeStamp: stamp.description)
        withSource.sources.append(Summary.Source(name: "work", stamp: now, items: 0))
        withSource.origin = origin
        #expect(LineStore(store: s, stamp: stamp, summary: withSource.bytes() + [0x0A], origin: origin) == nil)
        // A store with other sources' bookkeeping, or cut short.
        var linked = store
        linked.links = [SourceLink(source: "work", id: "x", handle: 1)]
        #expect(LineStore(store: StoreFile.write(linked), stamp: stamp, summary: m, origin: origin) == nil)
        #expect(LineStore(store: Array(s.dropLast(9)), stamp: stamp, summary: m, origin: origin) == nil)
        #expect(LineStore(store: s, stamp: stamp, summary: Array(m.dropLast(5)), origin: origin) == nil)
    }
}

/// Through `Container.mutate`: after the first change (an older layout, or none) every change
/// without other sources reads lines, and leaves the files a whole rewrite would.
final class LineStoreChangeTests {
    let now = Instant(1_795_428_000)
    /// The homes made, removed when the test ends.
    var dirs: [String] = []

    deinit { for d in dirs { try? FileManager.default.removeItem(atPath: d) } }

    func home() throws -> Container {
        let dir = try #require(mkdtemp(strdup("/tmp/tminus-lines.XXXXXX")).map { String(cString: $0) })
        dirs.append(dir)
        return Container(home: Home(directory: dir, configPath: dir + "/config.json"))
    }

    /// The summary with its times and the store's stamp left out (a rebuild writes its own).
    func comparable(_ c: Container) throws -> String {
        let text = String(decoding: try #require(try FileIO.read(c.home.summaryPath)), as: UTF8.self)
        return text.split(separator: "\"").enumerated().map { i, part in
            i > 0 && ["generated", "stamp", "fileStamp"].contains(text.split(separator: "\"")[i - 1])
                ? "…" : String(part)
        }.joined(separator: "\"")
    }

    @Test func changesReadLinesAndWriteWhatAWholeRewriteWrites() throws {
        let c = try home()
        var handles: [Int] = []
        try c.mutate(now: now) { (change: inout Change) throws(TMinusError) in
            #expect(change.lines == nil)  // no files yet
            for i in 0..<30 {
                let h = try change.takeHandle()
                handles.append(h)
                change.add(
                    i % 4 == 0
                        ? Item.deadline(
                            handle: h, title: "D\(i)", due: .instant(now + Int64(i % 3) * 3_600), start: now,
                            created: now, tag: "work")
                        : Item.todo(
                            handle: h, title: "T\(i)",
                            due: i % 2 == 0 ? .day(CivilDate(year: 2026, month: 11, day: 27)) : nil, created: now))
            }
        }
        for i in 0..<5 {
            try c.mutate(now: now + Int64(i + 1)) { (change: inout Change) throws(TMinusError) in
                #expect(change.lines != nil, "step \(i)")
                switch i {
                case 0: change.add(Item.todo(handle: try change.takeHandle(), title: "New", created: now))
                case 1: change.complete(try change.openItem(RefQuery("5")), at: now)
                case 2:
                    let old = try change.openItem(RefQuery("9"))
                    var new = old
                    new.due = .instant(now - 60)
                    new.title = "Moved \"first\""
                    change.update(from: old, to: new)
                case 3: for ref in ["2", "3", "30"] { change.complete(try change.openItem(RefQuery(ref)), at: now) }
                default: change.remove(try change.openItem(RefQuery("31")))
                }
            }
            let patched = try comparable(c)
            try c.rebuildSummary(now: now + Int64(i + 1))
            #expect(try comparable(c) == patched, "step \(i)")
            // (The rebuild wrote the summary anew: the next change reads lines from it again.)
        }
        // A REF by title needs every title: the whole store is read, and the change is the same.
        try c.mutate(now: now + 10) { (change: inout Change) throws(TMinusError) in
            change.complete(try change.openItem(RefQuery("T7")), at: now + 10)
            #expect(change.lines == nil)
        }
        let whole = try comparable(c)
        try c.rebuildSummary(now: now + 10)
        #expect(try comparable(c) == whole)
    }

    @Test func aStoreEditedByHandIsReadWhole() throws {
        let c = try home()
        try c.mutate(now: now) { (change: inout Change) throws(TMinusError) in
            change.add(Item.todo(handle: try change.takeHandle(), title: "A", created: now))
        }
        var bytes = try #require(try FileIO.read(c.home.storePath))
        bytes.insert(0x20, at: 1)  // still the same store, but not the file the summary was built from
        try FileIO.writeAtomically(bytes, to: c.home.storePath)
        try c.mutate(now: now + 1) { (change: inout Change) throws(TMinusError) in
            #expect(change.lines == nil)
            change.add(Item.todo(handle: try change.takeHandle(), title: "B", created: now))
        }
        try c.mutate(now: now + 2) { (change: inout Change) throws(TMinusError) in
            #expect(change.lines != nil)
            #expect(try change.openItem(RefQuery("1")).title == "A")
        }
    }
}
