import TMinusCore
import TMinusTestSupport
import Testing
@testable import TMinusStore

/// The store's links left as lines (`StoreLinkLines`, a sync's patch that changes no link): on
/// random stores as tminus writes them, a source's count and each link found are what the links
/// read whole give (`SourcePatch.linksInOrder`, `SourcePatch.link`), and the rest of the file
/// reads as the store without its links; links not so (out of order, an escape, one without its
/// first sight) are not counted, and the patch then reads the store whole. Links put in and
/// taken out as lines write the store `StoreFile.write` writes with them so.
struct StoreLinkLinesTests {
    static let sources = ["a", "cal", "cal-x", "cal2", "zz"]

    static func links(_ r: inout SeededGenerator) -> [SourceLink] {
        let alphabet = Array("0123456789ABCDEFabcdef-@._:/ ")
        var links: [SourceLink] = []
        for source in sources where r.next(4) != 0 {
            for _ in 0..<r.next(40) {
                let id = String((0..<(1 + r.next(40))).map { _ in alphabet[r.next(alphabet.count)] })
                links.append(
                    SourceLink(
                        source: source, id: id, handle: 1 + r.next(99_999),
                        seen: r.next(30) == 0 ? nil : Instant(Int64(r.next(2_000_000_000))), done: r.next(8) == 0))
            }
        }
        links.sort(by: <)
        var unique: [SourceLink] = []
        for l in links where unique.last.map({ $0.source != l.source || $0.id != l.id }) ?? true { unique.append(l) }
        return unique
    }

    @Test func countsAndFindsWhatTheLinksReadWholeGive() throws {
        var found = 0
        for seed in 1...60 {
            var r = SeededGenerator(state: UInt64(seed))
            let links = Self.links(&r)
            let store = Store(nextHandle: 100_000, items: [], links: links)
            let bytes = StoreFile.write(store)
            guard !links.isEmpty else {
                #expect(StoreLinkLines(store: bytes) == nil)
                continue
            }
            let lines = try #require(StoreLinkLines(store: bytes))
            for source in Self.sources + ["b", "cal1", "zzz", "0"] {
                #expect(
                    lines.count(of: source) == SourcePatch.linksInOrder(links, counting: source), "\(seed) \(source)")
                for link in links where link.source == source {
                    #expect(lines.find(link.id, source: source)?.found?.link == link, "\(seed) \(link.id)")
                    found += 1
                }
                #expect(lines.find("", source: source) == nil, "no link has an empty id")
                for absent in ["0", "~", "zzzz", (links.first?.id ?? "") + "0"]
                where !links.contains(where: { $0.source == source && $0.id == absent }) {
                    let looked = lines.find(absent, source: source)
                    #expect(looked != nil && looked?.found == nil, "\(seed) \(source) \(absent)")
                }
            }
            var rest = try StoreFile.read(lines.rest, path: "store.json").store
            #expect(rest.links.isEmpty)
            rest.links = links
            #expect(rest == store)
        }
        #expect(found > 1_000)
    }

    @Test func linksNotAsTheWriterKeepsThemAreNotCounted() throws {
        let seen = Instant(1_800_000_000)
        func lines(_ links: [SourceLink]) throws -> StoreLinkLines {
            try #require(StoreLinkLines(store: StoreFile.write(Store(links: links))))
        }
        let a = SourceLink(source: "cal", id: "a", handle: 1, seen: seen)
        let b = SourceLink(source: "cal", id: "b", handle: 2, seen: seen)
        #expect(try lines([a, b]).count(of: "cal") == 2)
        // Out of order (a store written so is read whole, and sorted, by the reader).
        #expect(try lines([b, a]).count(of: "cal") == nil)
        // Without a first sight: the fold gives it one, and its item's line with it.
        #expect(try lines([a, SourceLink(source: "cal", id: "b", handle: 2)]).count(of: "cal") == nil)
        // An escape, or a byte past ASCII, in an id: compared as Strings, not bytes.
        #expect(try lines([a, SourceLink(source: "cal", id: "b\"c", handle: 2, seen: seen)]).count(of: "cal") == nil)
        #expect(try lines([a, SourceLink(source: "cal", id: "é", handle: 2, seen: seen)]).count(of: "cal") == nil)
        #expect(try lines([a, b]).find("b\"c", source: "cal") == nil)
        #expect(try lines([a, b]).find("é", source: "cal") == nil)
        // Another source's links around them are not counted.
        let other = SourceLink(source: "cal2", id: "0", handle: 3)
        #expect(try lines([SourceLink(source: "ca", id: "z", handle: 4), a, b, other]).count(of: "cal") == 2)
        // A store without links has none to leave as lines.
        #expect(StoreLinkLines(store: StoreFile.write(Store())) == nil)
    }

    @Test func linksPutInAndTakenOutAsLinesWriteTheStoreWrittenWhole() throws {
        let alphabet = Array("0123456789ABCDEFabcdef-@._:/ ")
        var edited = 0
        for seed in 1...80 {
            var r = SeededGenerator(state: UInt64(1_000 + seed))
            let links = Self.links(&r).filter { $0.seen != nil }
            guard !links.isEmpty else { continue }
            // Fields around the links that a commit changes or keeps.
            var store = Store(nextHandle: 100_000, items: [], links: [])
            store.tags = [Tag(name: "work", color: "#5e81ac")]
            store.freeHandles = r.next(2) == 0 ? [] : [HandleRange(low: 7, high: 9, from: Instant(1_800_000_000))]
            var before = store
            before.links = links
            let lines = try #require(StoreLinkLines(store: StoreFile.write(before)))
            var after = links
            var edits: [LineEdit] = []
            // Some taken out, some put in (several at one place, in their ids' order).
            for link in links where r.next(3) == 0 {
                let looked = try #require(lines.find(link.id, source: link.source)?.found)
                #expect(looked.link == link)
                edits.append(.remove(looked.line))
                after.removeAll { $0.source == link.source && $0.id == link.id }
            }
            var new: [SourceLink] = []
            for _ in 0..<r.next(6) {
                let source = Self.sources[r.next(Self.sources.count)]
                let id = String((0..<(1 + r.next(12))).map { _ in alphabet[r.next(alphabet.count)] })
                guard !links.contains(where: { $0.source == source && $0.id == id }),
                    !new.contains(where: { $0.source == source && $0.id == id })
                else { continue }
                new.append(SourceLink(source: source, id: id, handle: 1 + r.next(99_999), seen: Instant(1_900_000_000)))
            }
            for (rank, link) in new.sorted(by: <).enumerated() {
                let looked = try #require(lines.find(link.id, source: link.source))
                #expect(looked.found == nil)
                var line: [UInt8] = []
                StoreFile.writeLink(link, into: &line)
                edits.append(.insert(line, at: looked.at, order: rank))
            }
            after = (after + new).sorted(by: <)
            store.nextHandle += new.count
            var whole = store
            whole.links = after
            #expect(lines.storeBytes(store, edits: edits) == StoreFile.write(whole), "seed \(seed)")
            if !edits.isEmpty { edited += 1 }
        }
        #expect(edited > 40)
    }
}
