import Foundation
import Testing
import TMinusCore

/// `TMINUS_NOW` freezes the clock's starting point for a whole shell session, as `--now` does for
/// one command: the tour (docs/tour.md, and the README's first deadline) starts with one `export`
/// line and then prints exactly what the page shows, on any day.
@Suite("CLI: TMINUS_NOW")
struct CLIFrozenClockTests {
    func run(_ h: TempHome, _ args: [String], env: [String: String]) throws -> (status: Int32, out: String, err: String)
    {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: TminusBinary.path)
        p.arguments = ["--home", h.home.path] + args
        p.environment = h.environment(tz: "Europe/Berlin", extra: env)
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    @Test func theEnvironmentFreezesEveryCommandAndTheOptionWins() throws {
        let h = try TempHome()
        let env = ["TMINUS_NOW": "2026-11-22T10:00"]
        #expect(try run(h, ["add", "Thesis", "--due", "+2h"], env: env).status == 0)
        let listed = try run(h, ["list", "--json"], env: env).out
        #expect(listed.contains("\"due\": \"2026-11-22T12:00:00+01:00\""), "\(listed)")
        #expect(try run(h, ["show", "--format", "plain"], env: env).out == "Thesis 2h 00m\n")
        #expect(
            try run(h, ["--now", "2026-11-22T11:30", "show", "--format", "plain"], env: env).out == "Thesis 30:00\n")
        let bad = try run(h, ["list"], env: ["TMINUS_NOW": "teatime"])
        #expect(bad.status == 2 && bad.err.hasPrefix("tminus: --now (TMINUS_NOW): "), "\(bad)")
    }
}
