import Testing
import TMinusCore

@Suite("RefResolver")
struct RefResolverTests {
    static let created = at("2026-03-01T09:00:00Z")

    static let items: [Item] = [
        Item(
            kind: .deadline, id: uuid("abcd1234"), handle: 1, title: "Thesis", due: .day(day(2026, 12, 1)),
            start: created, created: created),
        Item(kind: .todo, id: uuid("abcd5678"), handle: 2, title: "Buy milk", created: created),
        Item(kind: .todo, id: uuid("0f0f9999"), handle: 3, title: "Call Mom", created: created),
        Item(kind: .todo, id: uuid("12ab0000"), handle: 4, title: "Same", created: created),
        Item(
            kind: .deadline, id: uuid("77770000"), handle: 5, title: "same", due: .day(day(2026, 5, 1)), start: created,
            created: created),
        Item(kind: .todo, id: uuid("ee000000"), handle: 12, title: "7", created: created)
    ]

    @Test(arguments: [
        ("1", 1), ("#2", 2), (" 3 ", 3), ("12", 12),
        ("abcd1", 1), ("ABCD5", 2), ("abcd-5678", 2), ("0f0f", 3), (uuid("0f0f9999").uppercased(), 3),
        ("thesis", 1), ("BUY MILK", 2), ("call mom", 3), ("  Call Mom  ", 3),
        // A number that is no handle falls back to the title.
        ("7", 12)
    ])
    func resolves(ref: String, handle: Int) throws {
        #expect(try RefResolver.resolve(ref, among: Self.items).handle == handle)
    }

    @Test func ambiguousTitleListsTheCandidates() throws {
        let m = try #require(usageMessage { _ = try RefResolver.resolve("SAME", among: Self.items) })
        #expect(m.contains("matches 2 items"))
        #expect(m.contains("#4 Same (todo)"))
        #expect(m.contains("#5 same (deadline)"))
        #expect(m.contains("use the number"))
    }

    @Test func ambiguousIdPrefixListsTheCandidates() throws {
        let m = try #require(usageMessage { _ = try RefResolver.resolve("abcd", among: Self.items) })
        #expect(m.contains("#1 Thesis"))
        #expect(m.contains("#2 Buy milk"))
    }

    @Test(arguments: ["99", "0", "-1", "abc", "zzzz", "Thesis 2", "ffff"])
    func unknownRefsSayWhatToUse(ref: String) throws {
        let m = try #require(usageMessage { _ = try RefResolver.resolve(ref, among: Self.items) })
        #expect(m.contains("no open item matches"), "\(m)")
        #expect(m.contains("tminus list"))
    }

    @Test func emptyRefIsAnError() throws {
        #expect(usageMessage { _ = try RefResolver.resolve("  ", among: Self.items) }?.contains("empty") == true)
    }

    @Test func historyRefsPointAtListAll() throws {
        let m = try #require(
            usageMessage { _ = try RefResolver.resolve("42", among: [Item](), what: "completed item") })
        #expect(m.contains("no completed item matches '42'"))
        #expect(m.contains("tminus list --all"))
    }

    @Test func idPrefixNeedsFourHexDigits() {
        // "abc" is too short for an id and is no title.
        #expect(usageMessage { _ = try RefResolver.resolve("abc", among: Self.items) } != nil)
    }
}
