import TMinusCore

/// Eight items around "now" (Tuesday 2026-03-10 13:00 in Berlin), and two completed ones.
enum ListFixture {
    static let now = at("2026-03-10T12:00:00Z")

    static func created(_ minutes: Int64) -> Instant { at("2026-03-01T09:00:00Z") + minutes * 60 }

    static let open: [Item] = [
        Item(
            kind: .deadline, id: uuid("d1"), handle: 1, title: "Thesis", note: "chapter 3",
            due: .instant(at("2026-12-01T16:00:00Z")),
            start: created(5), created: created(5), tag: "study"),
        Item(
            kind: .deadline, id: uuid("d2"), handle: 2, title: "Tax return", note: "forms", due: .day(day(2026, 3, 31)),
            start: created(3), created: created(3), tag: "work"),
        Item(
            kind: .deadline, id: uuid("d3"), handle: 3, title: "Conference talk",
            due: .instant(at("2027-02-15T08:00:00Z")),
            start: created(8), created: created(8), tag: "work"),
        Item(
            kind: .todo, id: uuid("a4"), handle: 4, title: "Buy milk", due: .day(day(2026, 3, 10)), created: created(1),
            tag: "errand",
            starred: true, priority: .high),
        Item(
            kind: .todo, id: uuid("a5"), handle: 5, title: "Call mom", note: "birthday",
            due: .instant(at("2026-03-10T17:00:00Z")),
            created: created(7), tag: "personal", priority: .medium),
        Item(
            kind: .todo, id: uuid("a6"), handle: 6, title: "Renew passport", due: .day(day(2026, 3, 5)),
            created: created(2),
            tag: "personal", priority: .low),
        Item(
            kind: .todo, id: uuid("a7"), handle: 7, title: "Read paper", due: .day(day(2026, 3, 14)),
            created: created(6), tag: "study",
            starred: true),
        Item(kind: .todo, id: uuid("a8"), handle: 8, title: "Fix bike", note: "Flat tyre", created: created(4))
    ]

    static let completed: [Item] = [
        Item(
            kind: .todo, id: uuid("c9"), handle: 9, title: "Old chore", due: .day(day(2026, 3, 1)), created: created(0),
            tag: "errand",
            completed: at("2026-03-02T10:00:00Z")),
        Item(
            kind: .deadline, id: uuid("c10"), handle: 10, title: "Old essay", due: .day(day(2025, 12, 1)),
            start: created(0),
            created: created(0), completed: at("2025-11-30T10:00:00Z"))
    ]
}
