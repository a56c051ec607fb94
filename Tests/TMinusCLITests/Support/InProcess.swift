import Foundation
import TMinusApp
import TMinusCLI
import TMinusCore
import TMinusSystem

extension TempHome {
    /// Runs `tminus --home HOME --now NOW ARGS…` inside the test process, without the binary:
    /// output is captured, and bar signals go to `bars` only (never to a bar the user runs).
    func inProcess(
        _ args: [String], now: String? = nil, tz: String? = nil, env extra: [String: String] = [:], input: String = "",
        bars: [BarSignals.Process] = []
    ) -> RunResult {
        let capture = Console.Capture(input: Array(input.utf8))
        let env = Environment(environment(tz: tz, extra: extra).sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        let ahead = clockAhead
        let status = CLI.run(
            arguments: ["tminus", "--home", home.path, "--now", now ?? self.now] + args, environment: env,
            clock: { SystemClock.real() + ahead }, console: Console(capture: capture), barSignals: BarSignals { bars })
        return RunResult(
            status: status, stdout: String(decoding: capture.stdout, as: UTF8.self),
            stderr: String(decoding: capture.stderr, as: UTF8.self))
    }
}
