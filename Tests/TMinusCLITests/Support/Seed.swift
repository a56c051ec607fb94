import Testing

/// The items the CLI tests start from: three deadlines and five todos with tags, notes, stars and
/// priorities, created at distinct (and out-of-handle-order) minutes on 2026-03-01, so that every
/// filter and sort has something to tell apart. Relative to the default `now`
/// (Tuesday 2026-03-10 13:00 CET):
///
///     1 deadline Thesis           2026-12-01 17:00  study     note "chapter 3", icon 🎓
///     2 deadline Tax return       2026-03-31 (day)  work      note "forms"
///     3 deadline Conference talk  2027-02-15 09:00  work
///     4 todo     Buy milk         2026-03-10 (day)  errand    ★ high
///     5 todo     Call mom         2026-03-10 18:00  personal  medium, note "birthday"
///     6 todo     Renew passport   2026-03-05 (day)  personal  low (overdue)
///     7 todo     Read paper       2026-03-14 (day)  study     ★
///     8 todo     Fix bike         —                 —         note "Flat tyre", remind 2026-03-12 08:00
enum Seed {
    /// The creation minute (on 2026-03-01, 09:MM UTC) of each handle.
    static let createdMinute = [1: 5, 2: 3, 3: 8, 4: 1, 5: 7, 6: 2, 7: 6, 8: 4]

    static func created(_ handle: Int) -> String { "2026-03-01T09:0\(createdMinute[handle]!):00Z" }

    static func add(to h: TempHome) throws {
        try h.ok(
            "add", "Thesis", "--due", "2026-12-01T17:00", "--tag", "study", "--note", "chapter 3", "--icon", "🎓",
            now: created(1))
        try h.ok("add", "Tax return", "--due", "2026-03-31", "--tag", "work", "--note", "forms", now: created(2))
        try h.ok("add", "Conference talk", "--due", "2027-02-15T09:00", "--tag", "work", now: created(3))
        try h.ok(
            "todo", "Buy milk", "--due", "2026-03-10", "--tag", "errand", "--star", "--priority", "high",
            now: created(4))
        try h.ok(
            "todo", "Call mom", "--due", "2026-03-10T18:00", "--tag", "personal", "--priority", "medium", "--note",
            "birthday",
            now: created(5))
        try h.ok(
            "todo", "Renew passport", "--due", "2026-03-05", "--tag", "personal", "--priority", "low", now: created(6))
        try h.ok("todo", "Read paper", "--due", "2026-03-14", "--tag", "study", "--star", now: created(7))
        try h.ok("todo", "Fix bike", "--note", "Flat tyre", "--remind", "2026-03-12T08:00", now: created(8))
    }

    /// A fresh home with the seed items.
    static func home() throws -> TempHome {
        let h = try TempHome()
        try add(to: h)
        return h
    }
}
