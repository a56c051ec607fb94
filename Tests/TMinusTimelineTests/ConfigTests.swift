import TMinusCore
import TMinusTimeline
import Testing

struct ConfigTests {
    func parse(_ text: String) -> (Config, [ConfigProblem]) { Config.parse(Array(text.utf8)) }

    @Test func defaultsWhenEmpty() {
        let (c, problems) = parse("{}")
        #expect(problems.isEmpty && c == Config())
    }

    @Test func commentsAndTrailingCommas() {
        let (c, problems) = parse(
            """
            // top
            {
              "precision": "minutes", /* inline */
              "warning": "2d",
              "critical": 600,
              "templates": { "small": "{countdown}", },
            }
            """)
        #expect(problems.isEmpty)
        #expect(
            c.precision == .minutes && c.warning == 172_800 && c.critical == 600 && c.templates.small == "{countdown}")
    }

    @Test func syntaxErrorNamesTheLine() {
        let (_, problems) = parse("{\n  \"precision\": \"auto\",\n  \"warning\": 24h,\n}")
        #expect(problems.count == 1 && problems[0].line == 3)
    }

    @Test func unknownKeysSuggest() {
        let (_, problems) = parse("{\n\"precison\": \"auto\",\n\"icons\": {\"critcal\": \"!\"}\n}")
        #expect(problems.map(\.line) == [2, 3])
        #expect(problems[0].description.contains("did you mean \"precision\""))
        #expect(problems[1].key == "icons.critcal")
    }

    @Test func badValues() {
        let (_, problems) = parse(
            "{\"precision\": \"weeks\", \"colors\": {\"over\": \"red\"}, \"maxLength\": 0, \"templates\": {\"large\": \"{x}\"}}"
        )
        #expect(problems.count == 4)
    }

    @Test(
        arguments: [("24h", 86_400), ("90m", 5400), ("1h30m", 5400), ("2d", 172_800), ("45", 45), ("1w", 604_800)]
            as [(String, Int64)])
    func durations(_ row: (String, Int64)) {
        #expect(DurationText.parse(row.0) == row.1)
    }
}
