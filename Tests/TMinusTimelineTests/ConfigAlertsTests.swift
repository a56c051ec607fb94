import TMinusCore
import TMinusTimeline
import Testing

@Suite("Config: alerts and catchUp")
struct ConfigAlertsTests {
    func parse(_ text: String) -> (Config, [ConfigProblem]) { Config.parse(Array(text.utf8)) }

    @Test func alertsAreDurationsBeforeTheDeadline() {
        let (c, problems) = parse(#"{ "alerts": ["1h", "1d", 0, "1h"], "catchUp": "2h" }"#)
        #expect(problems.isEmpty)
        #expect(c.alerts == [86_400, 3600, 0])
        #expect(c.catchUp == 7200)
        #expect(Config().alerts.isEmpty && Config().catchUp == 86_400)
    }

    @Test func badAlertsNameTheLine() {
        let (_, problems) = parse("{\n  \"alerts\": [\"1h\", \"soon\"],\n  \"catchUp\": \"never\"\n}")
        #expect(problems.map(\.line) == [2, 3])
        #expect(problems.map(\.key) == ["alerts[1]", "catchUp"])
        let (_, notList) = parse(#"{ "alerts": "1h" }"#)
        #expect(notList.first?.message.contains("list of durations") == true)
    }
}
