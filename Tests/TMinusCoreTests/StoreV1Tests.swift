import Foundation
import Testing
import TMinusCore

@Suite("StoreV1.migrate")
struct StoreV1Tests {
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

    func migrated() throws -> (Store, [Item]) {
        try JSONDecoder().decode(StoreV1.self, from: Data(Self.v1.utf8)).migrate()
    }

    @Test func openItemsStayWithTheirHandles() throws {
        let (store, _) = try migrated()
        #expect(store.version == Store.currentVersion)
        #expect(store.deadlines.map(\.handle) == [3])
        #expect(store.todos.map(\.handle) == [5, 9])
        let thesis = try #require(store.deadlines.first)
        #expect(thesis.id.uuidString.lowercased() == "11111111-1111-1111-1111-111111111111")
        #expect(thesis.title == "Thesis")
        #expect(thesis.note == "chapter 3")
        #expect(thesis.due == .instant(at("2026-12-01T16:00:00Z")))
        #expect(thesis.start == at("2026-01-05T08:00:00Z"))
        #expect(thesis.created == at("2026-01-01T08:00:00Z"))
        #expect(thesis.tag == "school")
        #expect(thesis.completed == nil)
        let milk = try #require(store.todos.first)
        #expect(milk.due == .day(day(2026, 3, 10)))
        #expect(milk.starred)
        #expect(milk.note == "")
        #expect(milk.priority == Priority.none)
        #expect(store.todos[1].due == nil)
        #expect(store.items.allSatisfy { $0.completed == nil })
    }

    @Test func doneItemsComeOutArchived() throws {
        let (_, archived) = try migrated()
        #expect(archived.map(\.handle) == [7, 2])
        #expect(archived.map(\.kind) == ["todo", "deadline"])
        #expect(archived[0].completed == at("2026-01-04T10:00:00Z"))
        // Without doneAt the creation time stands in.
        #expect(archived[1].completed == at("2025-11-01T08:00:00Z"))
        // A deadline without a start starts when it was created.
        if case .deadline(let d) = archived[1] { #expect(d.start == d.created) } else { Issue.record("not a deadline") }
    }

    @Test func handlesAreNeverReused() throws {
        var (store, _) = try migrated()
        #expect(store.nextHandle == 10)
        #expect(store.takeHandle() == 10)
    }

    @Test func tagsBecomeAListSortedByName() throws {
        let (store, _) = try migrated()
        #expect(store.tags == [Tag(name: "school", color: "#ff0000"), Tag(name: "work", color: "#5e81ac")])
    }

    @Test func theMigratedStoreRoundTripsAsVersion2() throws {
        let (store, archived) = try migrated()
        let data = try JSONEncoder().encode(store)
        #expect(try JSONDecoder().decode(Store.self, from: data) == store)
        for item in archived {
            let line = try JSONEncoder().encode(ArchiveLine(item))
            #expect(try JSONDecoder().decode(ArchiveLine.self, from: line).item == item)
        }
    }
}
