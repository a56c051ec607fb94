import Testing
import TMinusCore

@Suite("Summary")
struct SummaryTests {
    static let now = at("2026-03-10T12:00:00Z")

    static var store: Store {
        let c = at("2026-03-01T09:00:00Z")
        var store = Store(nextHandle: 9, tags: Tag.defaults + [Tag(name: "School", color: "#ff0000")])
        store.items = [
            Item(
                kind: .deadline, id: uuid("d1"), handle: 1, title: "Thesis \"final\" \\ draft",
                note: "line one\nline two",
                due: .instant(at("2026-12-01T16:00:00Z")), start: at("2026-02-01T00:00:00Z"), created: c, tag: "school",
                icon: "🎓"),
            Item(
                kind: .deadline, id: uuid("d2"), handle: 2, title: "Tax return", due: .day(day(2026, 3, 31)), start: c,
                created: c),
            Item(
                kind: .deadline, id: uuid("d3"), handle: 3, title: "Earlier, added later", due: .day(day(2026, 3, 20)),
                start: c, created: c, tag: "work"),
            Item(
                kind: .todo, id: uuid("a4"), handle: 4, title: "Buy milk 🥛", due: .day(day(2026, 3, 10)), created: c,
                tag: "errand", starred: true,
                priority: .high),
            Item(
                kind: .todo, id: uuid("a5"), handle: 5, title: "Call mom", note: "tab\there",
                due: .instant(at("2026-03-10T17:00:00Z")),
                created: c, tag: "PERSONAL", priority: .medium, remind: at("2026-03-10T16:30:00Z")),
            Item(kind: .todo, id: uuid("a6"), handle: 6, title: "<b>&amp; %{A1:x:}", created: c, tag: "gone")
        ]
        return store
    }

    @Test func buildKeepsOpenItemsWithTagColours() {
        let summary = Summary.build(from: Self.store, now: Self.now, storeStamp: "1-2-3.4")
        #expect(summary.generated == Self.now)
        #expect(
            summary.sources == [
                Summary.Source(name: "tminus", stamp: Self.now, items: 6, file: "store.json", fileStamp: "1-2-3.4")
            ])
        #expect(summary.storeStamp == "1-2-3.4")
        // Deadlines by due date, then handle.
        #expect(summary.deadlines.map(\.handle) == [3, 2, 1])
        #expect(summary.deadlines[2].color == "#ff0000")
        #expect(summary.deadlines[2].tag == "School")
        #expect(summary.deadlines[2].id == "d1000000-0000-0000-0000-000000000000")
        #expect(summary.deadlines.allSatisfy { $0.created == nil && $0.source == "tminus" })
        #expect(summary.deadlines[1].tag == nil && summary.deadlines[1].color == nil)
        #expect(summary.todos.map(\.handle) == [4, 5, 6])
        #expect(summary.todos[1].tag == "personal" && summary.todos[1].color == "#a3be8c")
        // A tag that no longer exists keeps its name but has no colour.
        #expect(summary.todos[2].tag == "gone" && summary.todos[2].color == nil)
        #expect(summary.tags.count == 5)
    }

    @Test(arguments: [true, false])
    func roundTripsThroughJSONText(pretty: Bool) throws {
        let summary = Summary.build(from: Self.store, now: Self.now, storeStamp: "1-2-3.4")
        let text = pretty ? JSONWriter.pretty(summary.json()) : JSONWriter.compact(summary.json())
        let parsed = try Summary(json: try JSONParser.parse(text))
        #expect(parsed == summary)
    }

    @Test func emptyStoreRoundTrips() throws {
        let summary = Summary.build(from: Store(), now: Self.now, storeStamp: nil)
        #expect(summary.deadlines.isEmpty && summary.todos.isEmpty)
        #expect(try Summary(json: try JSONParser.parse(JSONWriter.compact(summary.json()))) == summary)
    }

    @Test func jsonHasTheDocumentedShape() throws {
        let json = Summary.build(from: Self.store, now: Self.now, storeStamp: "1-2-3.4").json()
        #expect(json["format"]?.stringValue == "tminus-summary")
        #expect(json["version"]?.intValue == 1)
        #expect(json["generated"]?.stringValue == "2026-03-10T12:00:00Z")
        let thesis = try #require(json["deadlines"]?.arrayValue?.last)
        #expect(thesis["due"]?.stringValue == "2026-12-01T16:00:00Z")
        #expect(thesis["icon"]?.stringValue == "🎓")
        let tax = try #require(json["deadlines"]?.arrayValue?[1])
        #expect(tax["due"]?.stringValue == "2026-03-31")
        // Empty and default fields are left out (docs/summary-format.md): readers take null, false.
        #expect(tax["tag"] == nil)
        let call = try #require(json["todos"]?.arrayValue?[1])
        #expect(call["remind"]?.stringValue == "2026-03-10T16:30:00Z")
        #expect(call["priority"]?.stringValue == "medium")
        #expect(call["starred"] == nil)
        #expect(json["todos"]?.arrayValue?[2]["due"] == nil)
    }

    @Test(arguments: [
        (#"{"version": 1, "generated": "2026-03-10T12:00:00Z"}"#, "tminus-summary"),
        (#"{"format": "tminus-summary", "version": 2, "generated": "2026-03-10T12:00:00Z"}"#, "version 2"),
        (#"{"format": "tminus-summary", "version": 1}"#, "generated"),
        (#"{"format": "tminus-summary", "version": 1, "generated": "yesterday"}"#, "generated"),
        (
            #"{"format": "tminus-summary", "version": 1, "generated": "2026-03-10T12:00:00Z", "deadlines": [{"id": "x", "title": "t"}]}"#,
            "deadline 1"
        ),
        (
            #"{"format": "tminus-summary", "version": 1, "generated": "2026-03-10T12:00:00Z", "todos": [{"title": "t"}]}"#,
            "todo 1"
        ),
        (
            #"{"format": "tminus-summary", "version": 1, "generated": "2026-03-10T12:00:00Z", "todos": [{"id": "x", "title": "t", "due": "2026-02-30"}]}"#,
            "todo 1"
        )
    ])
    func badSummariesAreFailuresThatSayWhat(text: String, mention: String) throws {
        do {
            _ = try Summary(json: try JSONParser.parse(text))
            Issue.record("read a bad summary")
        } catch let error as TMinusError {
            guard error.kind == .failure else { Issue.record("\(error) is not a failure"); return }
            let m = error.message
            #expect(m.hasPrefix("summary.json"))
            #expect(m.contains(mention), "\(m)")
        }
    }
}
