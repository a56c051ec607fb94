public import TMinusCore

/// Built-in sample data, like the seed widget's sample deadlines: what `tminus demo` and the
/// placeholder entry show before the user has added anything.
public enum SampleData {
    /// The sample summary at `now`: three tagged deadlines (the first due in about two days) and three todos,
    /// titled in `words`' language (the tags are names, as the prefilled ones).
    public static func summary(now: Instant, zone: Zone, words: Words = .english) -> Summary {
        let today = zone.local(now).date
        func at(_ days: Int, _ hour: Int, _ minute: Int = 0) -> Instant {
            zone.instant(LocalDateTime(date: today.adding(days: days), hour: hour, minute: minute))
        }
        // Two days, four hours and a quarter from now, on a whole minute (as a person would set a
        // deadline: no seconds in its due time).
        let soon = now + 2 * 86_400 + 4 * 3600 + 13 * 60
        let thesisDue = soon - ((soon.seconds % 60) + 60) % 60
        let tags = [
            Tag(name: "school", color: "#ff5555"), Tag(name: "work", color: "#5e81ac"),
            Tag(name: "home", color: "#50fa7b")
        ]
        let deadlines = [
            Item(
                kind: .deadline, id: "5a3c0d1e-0000-4000-8000-000000000001", handle: 1,
                title: words.trc("sample data", "Thesis draft"),
                due: .instant(thesisDue), start: now - 12 * 86_400,
                tag: "school", color: "#ff5555", icon: "🎓"),
            Item(
                kind: .deadline, id: "5a3c0d1e-0000-4000-8000-000000000002", handle: 2,
                title: words.trc("sample data", "Conference registration"),
                due: .instant(at(7, 17)), start: now - 3 * 86_400, tag: "work", color: "#5e81ac"),
            Item(
                kind: .deadline, id: "5a3c0d1e-0000-4000-8000-000000000003", handle: 3,
                title: words.trc("sample data", "Tax return"),
                due: .day(today.adding(days: 14)), start: now - 30 * 86_400, tag: "home", color: "#50fa7b")
        ]
        let todos = [
            Item(
                kind: .todo, id: "5a3c0d1e-0000-4000-8000-000000000004", handle: 4,
                title: words.trc("sample data", "Pay the electricity bill"),
                due: .day(today.adding(days: -1)), tag: "home", color: "#50fa7b", priority: .high),
            Item(
                kind: .todo, id: "5a3c0d1e-0000-4000-8000-000000000005", handle: 5,
                title: words.trc("sample data", "Email supervisor"),
                due: .instant(at(0, 23, 30)), tag: "school", color: "#ff5555", starred: true),
            Item(
                kind: .todo, id: "5a3c0d1e-0000-4000-8000-000000000006", handle: 6,
                title: words.trc("sample data", "Buy milk"), tag: "home",
                color: "#50fa7b")
        ]
        return Summary(
            generated: now, sources: [Summary.Source(name: "sample", stamp: now, items: 6)], tags: tags,
            deadlines: deadlines, todos: todos)
    }
}
