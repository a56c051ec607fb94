import Foundation
import Glibc
import Testing

/// Config `signals`: after every change, the user's bars get SIGRTMIN+N (their `signal` option).
@Suite("CLI: bar signals", .serialized)
struct CLISignalsTests {
    /// Starts a stand-in bar named `i3blocks` (a copy of sleep) with default signal handling
    /// (the test runner's children inherit blocked signals, so python3 resets them first).
    static func fakeBar(in h: TempHome) throws -> Process {
        let fake = h.root.appendingPathComponent("i3blocks")
        try FileManager.default.copyItem(atPath: "/bin/sleep", toPath: fake.path)
        let bar = Process()
        bar.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        bar.arguments = ["python3", "-c", """
            import os, signal, sys
            signal.pthread_sigmask(signal.SIG_SETMASK, [])
            for s in range(1, signal.SIGRTMAX + 1):
                try: signal.signal(s, signal.SIG_DFL)
                except (OSError, ValueError): pass
            os.execv(sys.argv[1], [sys.argv[1], "30"])
            """, fake.path]
        try bar.run()
        usleep(300_000)
        return bar
    }

    @Test func aChangeSignalsTheBarsByName() throws {
        let h = try TempHome()
        try h.writeConfig(#"{ "signals": { "i3blocks": 5 } }"#)
        // Its default action for SIGRTMIN+5 is to die.
        let bar = try Self.fakeBar(in: h)
        try h.ok("todo", "Buy milk")
        let end = Date().addingTimeInterval(3)
        while bar.isRunning && Date() < end { usleep(10_000) }
        if bar.isRunning { kill(bar.processIdentifier, SIGKILL) }
        bar.waitUntilExit()
        #expect(bar.terminationReason == .uncaughtSignal)
        #expect(bar.terminationStatus == __libc_current_sigrtmin() + 5)
    }

    @Test func readingCommandsSignalNothing() throws {
        let h = try TempHome()
        try h.writeConfig(#"{ "signals": { "i3blocks": 5 } }"#)
        let bar = try Self.fakeBar(in: h)
        try h.ok("list")
        try h.ok("show")
        usleep(200_000)
        #expect(bar.isRunning)
        kill(bar.processIdentifier, SIGKILL)
        bar.waitUntilExit()
    }
}
