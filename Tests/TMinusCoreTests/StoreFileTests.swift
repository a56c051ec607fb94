import Testing
@testable import TMinusCore
import TMinusTestSupport

@Suite("StoreFile: versions 1 to 3, one item reader")
struct StoreFileTests {
    /// A version-1 store as tminus 0.0 wrote it: one item list, done ones included, tags as a map.
    static let v1 = """
        {
          "version": 1,
          "tags": {"school": "#ff0000", "work": "#5e81ac"},
          "items": [
            {"kind": "deadline", "id": "11111111-1111-1111-1111-111111111111", "handle": 3, "title": "Thesis",
             "note": "chapter 3", "due": "2026-12-01T16:00:00Z", "start": "2026-01-05T08:00:00Z",
             "created": "2026-01-01T08:00:00Z", "tag": "school", "done": false},
            {"kind": "todo", "id": "22222222-2222-2222-2222-222222222222", "handle": 5, "title": "Buy milk",
             "due": "2026-03-10", "created": "2026-01-02T08:00:00Z", "starred": true, "done": false},
            {"kind": "todo", "id": "33333333-3333-3333-3333-333333333333", "handle": 7, "title": "Old chore",
             "created": "2026-01-03T08:00:00Z", "done": true, "doneAt": "2026-01-04T10:00:00Z"},
            {"kind": "deadline", "id": "44444444-4444-4444-4444-444444444444", "handle": 2, "title": "Old essay",
             "due": "2025-12-01", "created": "2025-11-01T08:00:00Z", "tag": "work", "done": true},
            {"kind": "todo", "id": "55555555-5555-5555-5555-555555555555", "handle": 9, "title": "No due",
             "created": "2026-01-06T08:00:00Z", "done": false}
          ]
        }
        """

    /// A version-2 store as JSONEncoder wrote it (upper-case UUIDs, sorted keys).
    static let v2 = """
        {
          "deadlines" : [
            {"created" : "2026-01-01T08:00:00Z", "due" : "2026-12-01T16:00:00Z", "handle" : 3,
             "id" : "11111111-1111-4111-8111-111111111111", "note" : "", "start" : "2026-01-05T08:00:00Z", "title" : "Thesis"}
          ],
          "nextHandle" : 6,
          "tags" : [ {"color" : "#5e81ac", "name" : "work"} ],
          "todos" : [
            {"created" : "2026-01-02T08:00:00Z", "handle" : 5, "id" : "22222222-2222-4222-8222-222222222222", "note" : "",
             "priority" : "high", "remind" : "2026-03-10T08:00:00Z", "starred" : false, "title" : "Buy milk"}
          ],
          "version" : 2
        }
        """

    func read(_ text: String) throws -> StoreFile.Loaded { try StoreFile.read(Array(text.utf8), path: "store.json") }

    @Test func version1OpenItemsStayAndDoneOnesAreHistory() throws {
        let loaded = try read(Self.v1)
        #expect(loaded.version == 1)
        let store = loaded.store
        #expect(store.deadlines.map(\.handle) == [3])
        #expect(store.todos.map(\.handle) == [5, 9])
        let thesis = try #require(store.deadlines.first)
        #expect(thesis.id == "11111111-1111-1111-1111-111111111111")
        #expect(thesis.note == "chapter 3")
        #expect(thesis.due == .instant(at("2026-12-01T16:00:00Z")))
        #expect(thesis.start == at("2026-01-05T08:00:00Z"))
        #expect(thesis.tag == "school")
        let milk = try #require(store.todos.first)
        #expect(milk.due == .day(day(2026, 3, 10)) && milk.starred && milk.priority == Priority.none)
        #expect(store.items.allSatisfy { $0.completed == nil })
        #expect(loaded.legacyHistory.map(\.handle) == [7, 2])
        #expect(loaded.legacyHistory[0].completed == at("2026-01-04T10:00:00Z"))
        // Without doneAt the creation time stands in; without a start, progress starts at creation.
        #expect(loaded.legacyHistory[1].completed == at("2025-11-01T08:00:00Z"))
        #expect(loaded.legacyHistory[1].progressStart(or: Instant(0)) == at("2025-11-01T08:00:00Z"))
        #expect(store.nextHandle == 10)
        #expect(store.tags == [Tag(name: "school", color: "#ff0000"), Tag(name: "work", color: "#5e81ac")])
    }

    @Test func version2IsReadWithLowerCaseIds() throws {
        let loaded = try read(Self.v2)
        #expect(loaded.version == 2)
        #expect(loaded.store.items.map(\.handle) == [3, 5])
        #expect(loaded.store.items[0].kind == .deadline && loaded.store.items[1].kind == .todo)
        #expect(loaded.store.items[0].id == "11111111-1111-4111-8111-111111111111")
        #expect(loaded.store.items[1].priority == .high && loaded.store.items[1].remind == at("2026-03-10T08:00:00Z"))
        #expect(loaded.store.nextHandle == 6)
    }

    @Test func version3RoundTripsByteForByte() throws {
        var store = try read(Self.v1).store
        store.history = HistoryMeta(bytes: 1234, deadlines: 1, todos: 2, removing: [0, 200], index: "index.abc123")
        let bytes = StoreFile.write(store)
        let back = try StoreFile.read(bytes, path: "store.json")
        #expect(back.version == 3 && back.store == store)
        #expect(StoreFile.write(back.store) == bytes)
    }

    @Test func takeHandleRunsOutWithAnErrorNotATrap() throws {
        var store = Store(nextHandle: Item.maxHandle)
        #expect(try store.takeHandle() == Item.maxHandle)
        #expect(throws: TMinusError.self) { try store.takeHandle() }
    }

    @Test(arguments: badStores)
    func badStoresAreOneLineFailures(text: String, mention: String) throws {
        try checkBadStore(text: text, mention: mention)
    }

    static let badStores = [
        // Counters and handles out of range never reach arithmetic.
        (#"{"version": 3, "nextHandle": 9223372036854775807, "items": []}"#, "nextHandle"),
        (#"{"version": 3, "nextHandle": 0, "items": []}"#, "nextHandle"),
        (
            #"{"version": 3, "nextHandle": 2, "items": [{"kind": "todo", "id": "a", "handle": -1, "title": "x"}]}"#,
            "handle"
        ),
        (
            #"{"version": 3, "nextHandle": 2, "items": [{"kind": "todo", "id": "a", "handle": 1e300, "title": "x"}]}"#,
            "handle"
        ),
        (#"{"version": 3, "nextHandle": 2, "history": {"bytes": -5}, "items": []}"#, "history.bytes"),
        (#"{"version": 3, "nextHandle": 2, "history": {"bytes": 10, "removing": [99]}, "items": []}"#, "removing"),
        (#"{"version": 3, "nextHandle": 2, "history": {"index": "../../etc"}, "items": []}"#, "history.index"),
        // Dates outside years 1–9999 in some zone.
        (
            #"{"version": 3, "nextHandle": 2, "items": [{"kind": "todo", "id": "a", "handle": 1, "title": "x", "due": "9999-12-31"}]}"#,
            "outside"
        ),
        (
            #"{"version": 3, "nextHandle": 2, "items": [{"kind": "todo", "id": "a", "handle": 1, "title": "x", "due": "0001-01-01T00:00:00+23:59"}]}"#,
            "outside"
        ),
        (
            #"{"version": 3, "nextHandle": 2, "items": [{"kind": "deadline", "id": "a", "handle": 1, "title": "x"}]}"#,
            "due"
        ),
        (
            #"{"version": 3, "nextHandle": 2, "items": [{"kind": "chore", "id": "a", "handle": 1, "title": "x"}]}"#,
            "kind"
        ),
        (
            #"{"version": 3, "nextHandle": 2, "items": [{"kind": "todo", "id": "a", "handle": 1, "title": "x", "color": "red;}"}]}"#,
            "color"
        ),
        (##"{"version": 3, "nextHandle": 2, "tags": [{"name": "x", "color": "#zzzzzz"}], "items": []}"##, "colour"),
        (#"{"version": 4, "nextHandle": 2}"#, "upgrade tminus"),
        (#"{"version": "3"}"#, "version"),
        (#"[1, 2]"#, "not a tminus store"),
        (#"{"version": 3, "nextHandle": 2, "items": [{"kind": "todo", "id": "a",,]}"#, "line 1")
    ]

    func checkBadStore(text: String, mention: String) throws {
        do {
            _ = try read(text)
            Issue.record("read a bad store: \(text)")
        } catch let error as TMinusError {
            guard error.kind == .failure else { Issue.record("\(error) is not a failure"); return }
            let m = error.message
            // The file and the line are fields, and the line is the one the words name.
            #expect(error.path == "store.json", "\(text)")
            #expect(m.hasPrefix("store.json line ") == (error.line != nil), "\(m): line \(error.line ?? 0)")
            if let line = error.line { #expect(m.hasPrefix("store.json line \(line): "), "\(m)") }
            #expect(m.contains(mention), "\(m)")
            #expect(!m.contains("\n"))
        }
    }

    /// A store whose version is its first key is read once, not first for its version and then
    /// again: it gives the same store, or the same failure with the same line, as the two reads,
    /// for every store of these tests, a syntax error after a good version, and a second
    /// "version" key (the last one counts, as before).
    @Test func aStoreReadOnceReadsAsTwoReads() throws {
        var texts = [Self.v1, Self.v2, #"{"version": 3, "nextHandle": 2, "items": [], "version": 2}"#]
        texts.append(#"{"version": 3, "nextHandle": 2, "items": [], "version": 9}"#)
        texts.append(#"{"version": 2, "nextHandle": 2, "deadlines": [], "version": 3, "links": []}"#)
        texts.append(#"{"version": 3, "nextHandle": 2, "items": [{"kind": "chore"}] "links": []}"#)
        texts.append(#"{"version": 3, "nextHandle": 0, "items": [], "x": tru}"#)
        texts.append(#"{"version": 3, "nextHandle": 2, "items": []} []"#)
        texts.append(#"{"version": 3.5, "nextHandle": 2}"#)
        texts.append(#"{"version": 3, "nextHandle": 2, "links": [{"source": "cal", "id": "a", "handle": 1}]}"#)
        for (text, _) in Self.badStores { texts.append(text) }
        for text in texts { #expect(StoreFile.readsAlike(Array(text.utf8)), "\(text)") }
        // (The last "version" key counts: a store ending in version 2 is read as version 2.)
        let twice = try read(#"{"version": 3, "nextHandle": 2, "deadlines": [], "todos": [], "version": 2}"#)
        #expect(twice.version == 2)
    }

    /// Links in the writer's shape are read by their bytes (`StoreFile.flatLink`); the same links
    /// with a space after each `{` go through the keys' reader: both give the same store, or the
    /// same message, for random links (ids with escapes, controls, letters past ASCII; times or
    /// none; done or not) and for lines near the writer's shape that are not it.
    @Test func linksReadByTheirBytesReadAsByTheirKeys() throws {
        var rng = SeededGenerator(state: 7)
        let pieces = ["a", "Z", "0", "-", "@", " ", "\"", "\\", "\u{1}", "é", "😀", "{\"source\":"]
        var links: [SourceLink] = []
        for _ in 0..<2_000 {
            let id = (0..<(1 + rng.next(12))).map { _ in rng.pick(pieces) }.joined()
            let seen: Instant? = rng.next(4) == 0 ? nil : Instant(Int64(rng.next(4_000_000_000)))
            links.append(
                SourceLink(
                    source: rng.pick(["cal", "work-2", "x_y"]), id: id, handle: 1 + rng.next(Item.maxHandle),
                    seen: seen, done: rng.next(5) == 0))
        }
        var store = Store()
        store.links = links
        store.nextHandle = Item.maxHandle + 1
        let flat = String(decoding: StoreFile.write(store), as: UTF8.self)
        func outcome(_ text: String) -> String {
            do { return "\(try read(text).store.links)" } catch { return "\(error)" }
        }
        func spaced(_ text: String) -> String { text.replacingOccurrences(of: #"{"source":"#, with: #"{ "source":"#) }
        // (The store keeps its links in their order: by source, then id.)
        #expect(try read(flat).store.links == links.sorted(by: <))
        #expect(outcome(flat) == outcome(spaced(flat)))
        // Lines near the shape: each in place of a link of a small store.
        let line = #"{"source":"cal","id":"a","handle":12,"seen":"2026-11-29T01:30:42Z"}"#
        func with(_ old: String, _ new: String) -> String { line.replacingOccurrences(of: old, with: new) }
        var variants: [String] = [line]
        for handle in ["012", "12.0", "1e1", "0", "99999999999", "-1"] { variants.append(with("12", handle)) }
        for time in ["garbage", "2026-11-29T01:30:42", "0000-01-01T00:00:00Z"] {
            variants.append(with("2026-11-29T01:30:42Z", time))
        }
        for end in [#","done":true}"#, #","done":false}"#, #","id":"b"}"#] { variants.append(with("}", end)) }
        for id in [#""\u0041""#, #""""#] { variants.append(with(#""a""#, id)) }
        variants.append(with(#""cal""#, #""no such name!""#))
        variants.append(with(#","seen":"2026-11-29T01:30:42Z""#, ""))
        variants.append(#"{"source":"cal","id":"a","handle":12,"done":true,"seen":"2026-11-29T01:30:42Z"}"#)
        variants.append(#"{"source":"cal","id":"a","handle":12,"seen":"2026-11-29T01:30:42Z","done":true,"x":1}"#)
        variants.append(#"{"source":"cal","id":"a","handle":12"#)
        for variant in variants {
            let text =
                "{\n  \"version\": 3,\n  \"nextHandle\": 20,\n  \"links\": [\n    \(variant)\n  ],\n  \"items\": []\n}\n"
            #expect(outcome(text) == outcome(spaced(text)), "\(variant)")
        }
    }

    /// Links read by their bytes in their order are kept as they are (not sorted again); in any
    /// other order they are sorted: either way the store's links are in the order of their
    /// source, then id, as Strings compare (names that begin others, the same link twice).
    @Test func linksAreInTheirOrderWhateverOrderTheFileHasThem() throws {
        var rng = SeededGenerator(state: 5)
        for round in 0..<200 {
            let links = (0..<(1 + rng.next(12))).map { n in
                SourceLink(
                    source: rng.pick(["cal", "cal2", "ca", "x_y"]),
                    id: rng.pick(["a", "ab", "b", "A", "a-1", "0", "é"]),
                    handle: 1 + n)
            }
            var shuffled = links
            for i in shuffled.indices.reversed() { shuffled.swapAt(i, rng.next(i + 1)) }
            let order = round % 3 == 0 ? links.sorted(by: <) : round % 3 == 1 ? shuffled : links
            let lines = order.map { #"{"source":"\#($0.source)","id":"\#($0.id)","handle":\#($0.handle)}"# }
            let text =
                "{\n  \"version\": 3,\n  \"nextHandle\": 20,\n  \"links\": [\n    "
                + lines.joined(separator: ",\n    ") + "\n  ],\n  \"items\": []\n}\n"
            let read = try read(text).store.links
            #expect(read == order.sorted(by: <), "\(lines)")
        }
    }

    /// A link written straight into the bytes (`StoreFile.writeLink`) is what writing it as a
    /// JSON value writes (how the store wrote links before), for random links: ids with escapes,
    /// controls and letters past ASCII, times or none, done or not.
    @Test func linksAreWrittenAsAJSONValueWritesThem() {
        var rng = SeededGenerator(state: 11)
        let pieces = ["a", "Z", "0", "-", " ", "\"", "\\", "\u{1}", "\u{7F}", "\u{9B}", "\u{2028}", "é", "😀"]
        for _ in 0..<3_000 {
            let id = (0..<(1 + rng.next(10))).map { _ in rng.pick(pieces) }.joined()
            let link = SourceLink(
                source: rng.pick(["cal", "work-2", "x_y"]), id: id, handle: 1 + rng.next(Item.maxHandle),
                seen: rng.next(4) == 0 ? nil : Instant(Int64(rng.next(Int(Int32.max))) * 127 - 200_000_000_000),
                done: rng.next(3) == 0)
            var fast: [UInt8] = []
            StoreFile.writeLink(link, into: &fast)
            let value = JSONWriter.bytes(
                .object([
                    "source": .string(link.source), "id": .string(link.id), "handle": .int(link.handle),
                    "seen": link.seen.map { .string($0.description) }, "done": link.done ? .bool(true) : nil
                ]), pretty: false)
            #expect(fast == value, "\(link)")
        }
    }

    @Test func theLineOfABadItemIsNamed() throws {
        let text =
            "{\n  \"version\": 3,\n  \"nextHandle\": 3,\n  \"items\": [\n    {\"kind\": \"todo\", \"id\": \"a\", \"handle\": 1, \"title\": \"ok\"},\n    {\"kind\": \"todo\", \"id\": \"b\", \"handle\": 2, \"title\": \"bad\", \"due\": \"2026-02-30\"}\n  ]\n}\n"
        do {
            _ = try read(text)
            Issue.record("read a bad item")
        } catch let error as TMinusError {
            // The file, the line and the parse error are fields; the words are what the user reads.
            #expect(error.kind == .failure && error.path == "store.json" && error.line == 6, "\(error.line ?? 0)")
            #expect(error.cause is JSONSyntaxError)
            #expect(
                error.message
                    == "store.json line 6: items item #2: \"due\" is not a date (YYYY-MM-DD) or an RFC 3339 date-time; fix or move the file (tminus has not changed it)"
            )
        }
    }

    /// Pending and set-aside changes keep their tries and reason; a wild count reads as tried
    /// enough, and a reason's control characters are made inert.
    @Test func setAsideChangesRoundTrip() throws {
        let item = #"{"kind":"todo","id":"u1","handle":4,"title":"Report","source":"cal"}"#
        let text = """
            {"version": 3, "nextHandle": 5,
             "pending": [{"kind":"complete","at":"2026-03-10T12:00:00Z","tries":1e300,"item":\(item)}],
             "setAside": [{"kind":"remove","at":"2026-03-10T12:00:00Z","tries":2,"reason":"disk\\u001b[31m full","item":\(item)}],
             "items": []}
            """
        let store = try read(text).store
        #expect(store.pending.first?.tries == 1000)
        #expect(store.setAside.first?.reason == "disk?[31m full")
        #expect(store.setAside.first?.kind == .remove)
        let again = try StoreFile.read(StoreFile.write(store), path: "store.json").store
        #expect(again == store)
    }
}
