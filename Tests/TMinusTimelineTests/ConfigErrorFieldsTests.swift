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
}
