import Testing
import TMinusCore
import TMinusTimeline

@Suite("Config: sources")
struct ConfigSourcesTests {
    static func parse(_ text: String) -> (Config, [ConfigProblem]) { Config.parse(Array(text.utf8)) }

    @Test func everyKindWithItsOptions() {
        let (c, problems) = Self.parse(
            """
            { "sources": [
              { "name": "work", "kind": "vdir", "path": "~/.local/share/calendars", "collection": "work" }, // a comment
              { "name": "holidays", "kind": "ics", "path": "~/cal/holidays.ics", "events": "ignore" },
              { "name": "txt", "kind": "todotxt", "path": "todo.txt" },
              { "name": "tw", "kind": "taskwarrior", "filter": "status:pending project:Work", "data": "~/.task" },
              { "name": "phone", "kind": "summary", "path": "/sync/summary.json" },
            ] }
            """)
        #expect(problems.isEmpty, "\(problems)")
        #expect(c.sources.map(\.name) == ["work", "holidays", "txt", "tw", "phone"])
        #expect(c.sources.map(\.kind) == [.vdir, .ics, .todotxt, .taskwarrior, .summary])
        #expect(c.sources[0].collection == "work" && c.sources[0].events && !c.sources[1].events)
        #expect(c.sources[3].filter == "status:pending project:Work" && c.sources[3].path == nil)
        #expect(c.sources.map(\.isWritable) == [true, false, true, true, false])
        #expect(c.sources[0].line == 2 && c.sources[4].line == 6)
        #expect(Set(c.sources.map(\.key)).count == 5)
    }

    @Test(arguments: [
        (#"{ "sources": { "name": "x" } }"#, "line 1: sources: expected a list"),
        (#"{ "sources": [ 3 ] }"#, "line 1: sources[0]: expected an object"),
        ("{ \"sources\": [\n { \"kind\": \"vdir\", \"path\": \"/x\" } ] }", "line 2: sources[0]: has no \"name\""),
        ("{ \"sources\": [\n { \"name\": \"a\", \"path\": \"/x\" } ] }", "line 2: sources[0]: 'a' has no \"kind\""),
        (
            "{ \"sources\": [\n { \"name\": \"a\",\n \"kind\": \"vdri\", \"path\": \"/x\" } ] }",
            "line 3: sources[0].kind: 'vdri' is not a kind of source; did you mean \"vdir\"?"
        ),
        (
            "{ \"sources\": [\n { \"name\": \"tminus\", \"kind\": \"ics\", \"path\": \"/x\" } ] }",
            "line 2: sources[0].name: 'tminus' is not a source name"
        ),
        (
            "{ \"sources\": [\n { \"name\": \"a b\", \"kind\": \"ics\", \"path\": \"/x\" } ] }",
            "line 2: sources[0].name: 'a b' is not a source name"
        ),
        (
            "{ \"sources\": [\n { \"name\": \"a\", \"kind\": \"ics\", \"path\": \"\" } ] }",
            "line 2: sources[0].path: is empty"
        ),
        (
            "{ \"sources\": [\n { \"name\": \"a\", \"kind\": \"ics\",\n \"path\": \"/x\", \"colour\": 1 } ] }",
            "line 3: sources[0].colour: unknown key"
        ),
        (
            "{ \"sources\": [\n { \"name\": \"a\", \"kind\": \"taskwarrior\",\n \"path\": \"/x\" } ] }",
            "line 3: sources[0].path: a taskwarrior source has no path"
        ),
        (
            "{ \"sources\": [\n { \"name\": \"a\", \"kind\": \"vdir\", \"path\": \"/x\",\n \"filter\": \"x\" } ] }",
            "line 3: sources[0].filter: applies to taskwarrior sources only"
        ),
        (
            "{ \"sources\": [\n { \"name\": \"a\", \"kind\": \"ics\", \"path\": \"/x\",\n \"events\": \"maybe\" } ] }",
            "line 3: sources[0].events: 'maybe' is not a choice"
        ),
        (
            "{ \"sources\": [\n { \"name\": \"A\", \"kind\": \"ics\", \"path\": \"/x\" },\n { \"name\": \"a\", \"kind\": \"ics\", \"path\": \"/y\" } ] }",
            "line 3: sources[1].name: 'a' names another source already (line 2)"
        )
    ])
    func problemsNameTheLine(text: String, expected: String) {
        let (_, problems) = Self.parse(text)
        #expect(problems.contains { $0.description.hasPrefix(expected) }, "\(problems)")
    }
}
