import TMinusCore
import TMinusTimeline
import Testing

/// A config's problem, as the error a command reports, keeps the file and the line as fields (a
/// usage error: exit 2), for a bad value and for JSON that does not parse.
struct ConfigErrorFieldsTests {
    @Test(arguments: [
        ("{\n  \"precision\": \"auto\",\n  \"warning\": \"soon\"\n}", 3),
        ("{\n  \"precision\": \"auto\",\n  \"warning\": 24h,\n}", 3),
        ("{\n\"precison\": \"auto\"\n}", 2)
    ])
    func aConfigProblemKeepsItsFileAndLine(text: String, line: Int) throws {
        let (_, problems) = Config.parse(Array(text.utf8))
        let first = try #require(problems.first)
        let error = first.error(path: "/home/u/.config/tminus/config.json")
        #expect(error.kind == .usage && error.exitCode == 2)
        #expect(
            error.path == "/home/u/.config/tminus/config.json" && error.line == line,
            "\(error.path ?? "nil") \(error.line ?? 0): \(error.message)")
        #expect(error.message.hasPrefix("/home/u/.config/tminus/config.json line \(line): "), "\(error.message)")
    }

    /// A problem made from another error keeps it as the cause: the JSON parser's, a colour's, a
    /// template's, working hours'.
    @Test func aConfigProblemKeepsTheErrorUnderneath() throws {
        func cause(_ text: String) throws -> (any Error)? {
            let (_, problems) = Config.parse(Array(text.utf8))
            return try #require(problems.first, "\(text)").error(path: "config.json").cause
        }
        #expect(try cause("{\n\"warning\": 24h\n}") is JSONSyntaxError)
        #expect(try cause("{\"colors\": {\"over\": \"red-ish\"}}") is TMinusError)
        #expect(try cause("{\"templates\": {\"large\": \"{x}\"}}") is TMinusError)
        #expect(try cause("{\"workingHours\": \"whenever\"}") is WorkingHoursError)
    }
}
