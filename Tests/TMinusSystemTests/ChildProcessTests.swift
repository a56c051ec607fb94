import Glibc
import TMinusCore
import TMinusSystem
import Testing

/// Children (notify-send, vdirsyncer, task) start clean: a notifier that blocks SIGTERM for its
/// signalfd must still be able to stop the notify-send it started.
struct ChildProcessTests {
    @Test func aChildInheritsNoBlockedOrIgnoredSignal() throws {
        var block = sigset_t(), old = sigset_t()
        sigemptyset(&block)
        sigaddset(&block, SIGTERM)
        sigaddset(&block, SIGUSR1)
        pthread_sigmask(SIG_BLOCK, &block, &old)
        defer { pthread_sigmask(SIG_SETMASK, &old, nil) }
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let env: Environment = ["PATH": "/usr/bin:/bin"]
        let r = try ChildProcess.run("sh", ["-c", "grep -E '^Sig(Blk|Ign):' /proc/self/status"], environment: env)
        let text = String(decoding: r.stdout, as: UTF8.self)
        func mask(_ name: String) -> UInt64? {
            text.split(separator: "\n").first { $0.hasPrefix(name + ":") }.flatMap {
                UInt64($0.split(separator: "\t").last ?? "", radix: 16)
            }
        }
        let blocked = try #require(mask("SigBlk"), "\(text)"), ignored = try #require(mask("SigIgn"), "\(text)")
        #expect(blocked == 0, "\(text)")
        // (glibc's own real-time signals 32 and 33 may show as ignored: they are not the caller's.)
        #expect(ignored & (1 << (UInt64(SIGPIPE) - 1)) == 0, "\(text)")
        #expect(ignored & (1 << 31 - 1) == 0, "\(text)")
    }
}

/// Why a program did not run, as a message in the user's language says it: "not installed" and
/// "timed out" are the catalog's (kept for the reader's words), not English inside a German line.
@Suite struct ChildProcessFailureWordsTests {
    @Test func aFailureIsSaidInTheReadersWords() {
        let german = Words(messages: Catalog.chosen(by: ["LANG": "de_DE.UTF-8"]), names: .english)
        let error = TMinusError.failure(
            tr: "%s did not run: %s", "plasmapkg2", ChildProcess.Failure.notFound.deferredText)
        #expect(error.message == "plasmapkg2 did not run: not installed")
        #expect(error.text(german).hasSuffix(": nicht installiert"), "\(error.text(german))")
        #expect(!error.text(german).contains("not installed"))
        #expect(Deferred.render(ChildProcess.Failure.timedOut.deferredText, german) == "Zeitüberschreitung")
        #expect(ChildProcess.Failure.failed(errno: ENOENT).deferredText == FileIO.errorText(ENOENT))
    }
}
