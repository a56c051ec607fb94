import Foundation
import Glibc
import Testing
import TMinusSystem

/// Config `signals`: after every change, the user's bars get SIGRTMIN+N (their `signal` option).
/// The commands run in-process with a stand-in process list, so no test signals a real bar.
@Suite("CLI: bar signals", .serialized)
struct CLISignalsTests {
    /// Starts a stand-in bar (sleep) with default signal handling (the test runner's children
    /// inherit blocked signals, so python3 resets them first) and waits until it says so.
    static func fakeBar() throws -> Process {
        let bar = Process()
        let ready = Pipe()
        bar.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        bar.arguments = [
            "python3", "-c",
            """
            import os, signal, sys
            signal.pthread_sigmask(signal.SIG_SETMASK, [])
            for s in range(1, signal.SIGRTMAX + 1):
                try: signal.signal(s, signal.SIG_DFL)
                except (OSError, ValueError): pass
            os.write(1, b"ready\\n")
            os.execv("/bin/sleep", ["sleep", "30"])
            """
        ]
        bar.standardOutput = ready
        try bar.run()
        // The handshake: the bar's handlers are reset once it has written "ready".
        let line = ready.fileHandleForReading.availableData
        try #require(String(decoding: line, as: UTF8.self).hasPrefix("ready"), "the stand-in bar did not start")
        return bar
    }

    static func waitForExit(_ bar: Process) {
        waitUntil { !bar.isRunning }
        if bar.isRunning { kill(bar.processIdentifier, SIGKILL) }
        bar.waitUntilExit()
    }

    @Test func aChangeSignalsTheBarsByName() throws {
        let h = try TempHome()
        try h.writeConfig(#"{ "signals": { "i3blocks": 5 } }"#)
        // Its default action for SIGRTMIN+5 is to die.
        let bar = try Self.fakeBar()
        let r = h.inProcess(["todo", "Buy milk"], bars: [.init(pid: bar.processIdentifier, command: "i3blocks")])
        #expect(r.status == 0, "\(r)")
        Self.waitForExit(bar)
        #expect(bar.terminationReason == .uncaughtSignal)
        #expect(bar.terminationStatus == __libc_current_sigrtmin() + 5)
    }

    @Test func readingCommandsAndOtherProgramsGetNothing() throws {
        let h = try TempHome()
        try h.writeConfig(#"{ "signals": { "i3blocks": 5 } }"#)
        let bar = try Self.fakeBar()
        let asI3blocks = BarSignals.Process(pid: bar.processIdentifier, command: "i3blocks")
        #expect(h.inProcess(["list"], bars: [asI3blocks]).status == 0)
        #expect(h.inProcess(["show"], bars: [asI3blocks]).status == 0)
        // A change, but the process is not a configured bar.
        #expect(
            h.inProcess(["todo", "Buy milk"], bars: [.init(pid: bar.processIdentifier, command: "polybar")]).status == 0
        )
        #expect(bar.isRunning)
        kill(bar.processIdentifier, SIGKILL)
        bar.waitUntilExit()
    }

    @Test func theProcessListHoldsTheUsersProcesses() {
        let mine = BarSignals.userProcesses()
        #expect(mine.contains { $0.pid == getpid() })
    }
}
