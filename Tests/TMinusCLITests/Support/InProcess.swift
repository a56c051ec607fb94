import Foundation
import TMinusCLI
import TMinusCore
import TMinusIO

extension TempHome {
    /// Runs `tminus --home HOME --now NOW ARGS…` inside the test process, without the binary:
    /// output is captured, and bar signals go to `bars` only (never to a bar the user runs).
    func inProcess(_ args: [String], now: String? = nil, env extra: [String: String] = [:], bars: [BarSignals.Process] = []) -> RunResult {
        let capture = Console.Capture()
        let env = Environment(environment(tz: nil, extra: extra).sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        let status = CLI.run(arguments: ["tminus", "--home", home.path, "--now", now ?? self.now] + args, environment: env,
                             console: Console(capture: capture), barSignals: BarSignals { bars })
        func text(_ lines: [String]) -> String { lines.map { $0.hasSuffix("\n") ? $0 : $0 + "\n" }.joined() }
        return RunResult(status: status, stdout: text(capture.out), stderr: text(capture.err))
    }
}
