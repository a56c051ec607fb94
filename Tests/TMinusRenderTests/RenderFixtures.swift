import Foundation
import TMinusCore
import TMinusRender
import TMinusTimeline
import Testing
import TMinusTestSupport

/// Entries every renderer is tried on, and the golden-file helper.
enum RenderFixtures {
    static let now = Instant(1_795_428_000)  // 2026-11-23T10:00:00Z

    static func deadline(_ title: String, in seconds: Int64, tag: String? = "school") -> Item {
        Item(
            kind: .deadline, id: "00000000-0000-4000-8000-000000000001", handle: 1, title: title,
            due: .instant(now + seconds),
            start: now - 86_400, tag: tag, color: "#ff5555")
    }

    /// A calendar event in progress.
    static func event(_ title: String, startedAgo: Int64, lasting: Int64) -> Item {
        var item = Item(
            kind: .deadline, id: "standup-uid", handle: 4, title: title, due: .instant(now - startedAgo), source: "work"
        )
        item.end = now - startedAgo + lasting
        return item
    }

    static func todo(_ title: String, _ handle: Int) -> Item {
        Item(kind: .todo, id: "00000000-0000-4000-8000-00000000000\(handle)", handle: handle, title: title)
    }

    static func entry(_ deadlines: [Item], todos: [Item] = [], config: Config = Config(), at t: Instant = now) -> Entry
    {
        // "work" is a calendar: its deadlines are events.
        let sources = [Summary.Source(name: "work", stamp: now, items: 1, kind: "vdir")]
        return TimelineProvider(
            summary: Summary(generated: now, sources: sources, deadlines: deadlines, todos: todos), config: config,
            zone: .utc
        ).entry(at: t)
    }

    /// A config as a user writes it (`{"tooltip": "agenda"}`).
    static func config(_ json: String) -> Config { Config.parse(Array(json.utf8)).0 }

    /// The tooltip's agenda and calendar: an event under way, a deadline tomorrow, todos overdue,
    /// today at a time, undated, a high-priority one.
    static func agendaEntry(_ tooltip: String, title: String = "Thesis") -> Entry {
        var overdue = todo("Pay the rent", 5)
        overdue.due = .day(CivilDate(year: 2026, month: 11, day: 20))
        overdue.priority = .high
        var dentist = todo("Call the dentist", 6)
        dentist.due = .instant(now + 5 * 3600)
        dentist.starred = true
        var tax = deadline("Tax return", in: 4 * 86_400, tag: nil)
        tax.due = .day(CivilDate(year: 2026, month: 11, day: 27))
        tax.handle = 7
        tax.id = "00000000-0000-4000-8000-000000000007"
        return entry(
            [deadline(title, in: 86_400 + 7 * 3600), event("Standup", startedAgo: 600, lasting: 1800), tax],
            todos: [overdue, dentist, todo(title, 2)], config: config(#"{"tooltip": "\#(tooltip)"}"#))
    }

    /// Named entries: a countdown, the last minute, over, an event in progress, no deadline, an error entry.
    static var cases: [(String, Entry)] {
        [
            (
                "countdown",
                entry(
                    [deadline("Thesis", in: 2 * 86_400 + 4 * 3600)], todos: [todo("Buy milk", 2), todo("Call mom", 3)])
            ),
            ("lastminute", entry([deadline("Thesis", in: 45)])),
            ("over", entry([deadline("Thesis", in: -10)])),
            ("ongoing", entry([event("Standup", startedAgo: 600, lasting: 1800)])),
            ("none", entry([], todos: [todo("Buy milk", 2)])),
            ("error", Entry.error("config.json line 3: precision: unknown value", at: now)),
            ("agenda", agendaEntry("agenda")),
            ("calendar", agendaEntry("calendar"))
        ]
    }

    static let hostileTitles = [
        "Thesis <b>& \"draft\"",
        "%{A1:touch /tmp/tminus-pwned:}click%{A}",
        "${exec touch /tmp/tminus-pwned}",
        "$HOME #x",
        "it's \"quoted\" 'twice'",
        "line1\nline2\rline3",
        "bell\u{07} esc\u{1B}[31m tab\t",
        "\u{202E}evil right-to-left override",
        "שלום עולם مرحبا",
        "🎓🔥 emoji 👩‍👩‍👧",
        String(repeating: "long ", count: 2000),
        "\"quoted whole\"",
        "100%",
        "{A1:x}"
    ]

    static let snapshots = Golden.folder("Snapshots", besides: #filePath)

    /// A renderer's output against its snapshot (kept with a final newline).
    static func assertSnapshot(_ name: String, _ text: String) throws {
        try Golden.check(name, text + "\n", in: snapshots)
    }
}
