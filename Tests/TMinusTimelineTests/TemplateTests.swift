@testable import TMinusTimeline
import Testing

/// The format templates: one set of values, many (template, expected) rows.
struct TemplateTests {
    static let values: PlaceholderValues = [
        .title: "Thesis", .countdown: "2d 4h", .icon: "⏳", .todo_count: "3", .todos_text: "3 todos",
        .overdue_count: "0", .percent: "42", .note: "", .tag: "school"
    ]

    static let rows: [(String, String)] = [
        ("{icon} {countdown}", "⏳ 2d 4h"),
        ("{title} {countdown}[ · {todos_text}]", "Thesis 2d 4h · 3 todos"),
        ("{title}[ ({note})]", "Thesis"),
        ("[{overdue_count} overdue]{title}", "Thesis"),
        ("[{percent}%]", "42%"),
        ("[a [{note}] b]", ""),
        ("[a [{note}] {tag}]", "a  school"),
        ("[{note}[{tag}]]", "school"),
        ("[static]", "static"),
        ("\\[{title}\\]", "[Thesis]"),
        ("\\{title\\}", "{title}"),
        ("50% of {title}", "50% of Thesis"),
        ("{next_todo}", ""),
        ("émoji 🎓 {title} עברית", "émoji 🎓 Thesis עברית"),
        ("line1\n{title}", "line1\nThesis"),
        // (Read as UTF-8 bytes: an escaped character of several bytes is kept whole, and a
        // combining mark after it stays with it.)
        ("\\é\\🎓[{title}]\\e\u{301}", "é🎓Thesisé"),
        ("🎓{title}🎓[\\[{note}\\]]", "🎓Thesis🎓"),
        ("ends with \\", "ends with \\")
    ]

    @Test(arguments: rows)
    func render(_ row: (String, String)) {
        #expect(Template.render(row.0, values: Self.values) == row.1)
    }

    /// The placeholders a template shows, as the bits a renderer escapes the values of (`used`,
    /// `Entry.escaping`, and `uses`): exactly those written in it as `{name}`, inside sections too
    /// (one bit per slot).
    @Test(arguments: rows.map(\.0) + ["[{title} [{note} {tag}]]", "{agenda}\n{calendar}", "plain"])
    func theBitsEscapedAreThePlaceholdersShown(_ text: String) {
        #expect(Placeholder.slotCount <= 64)
        let template = CompiledTemplate(text)
        for p in Placeholder.allCases {
            let written = text.contains("{\(p.rawValue)}") && !text.contains("\\{\(p.rawValue)\\}")
            #expect((template.used >> UInt64(p.slot)) & 1 == (written ? 1 : 0), "\(text) \(p)")
            #expect(template.uses(p) == written, "\(text) \(p)")
        }
    }

    @Test(arguments: [
        ("{nope}", "unknown placeholder {nope}"),
        ("{countdwn}", "did you mean {countdown}?"),
        ("{title", "never closed"),
        ("title}", "without '{'"),
        ("[{title}", "never closed"),
        ("{title}]", "without '['")
    ])
    func rejects(_ row: (String, String)) throws {
        let problem = try #require(Template.check(row.0))
        #expect(problem.contains(row.1), "\(problem)")
    }

    @Test func everyPlaceholderParses() {
        for p in Placeholder.allCases { #expect(Template.check("{\(p.rawValue)}") == nil) }
    }
}
