import Foundation
import Testing
import TMinusTestSupport
import TMinusCore

/// A change to another source that cannot be made is set aside, not replayed by every later
/// command: reads keep working, `doctor` names it, `doctor --repair` tries it once more.
@Suite("CLI: pending changes that cannot be made are set aside")
struct CLISetAsideTests {
    /// strace (CI installs it) kills tminus at a chosen syscall, as a crash would.
    static var strace: String? { Needs.program("strace") }
    static var straceOrRequired: Bool { Needs.runs(with: "strace") }

    /// Runs tminus under strace, killed at the `n`th call of `syscall`: tminus's own files are
    /// replaced with `rename` (the promise commit takes two, the store's and the summary's), other
    /// programs' files with `renameat` inside their folder.
    static func killed(_ f: SourcesFixture, at syscall: String = "rename", _ n: Int, _ args: [String]) throws
        -> RunResult
    {
        let strace = try #require(Self.strace, "strace is needed (apt-get install strace)")
        let env = f.h.environment(tz: nil, extra: [:])
        let p = Process()
        p.executableURL = URL(fileURLWithPath: strace)
        p.arguments =
            [
                "-f", "-qq", "-o", "/dev/null", "-e", "inject=\(syscall):signal=SIGKILL:when=\(n)",
                TminusBinary.path, "--home", f.h.home.path, "--now", f.h.now
            ] + args
        p.environment = env
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        return RunResult(status: p.terminationStatus, stdout: "", stderr: "")
    }

    /// Killed while making its change, then killed again while the next command made it (as a
    /// change that crashes tminus would be, on every try): the third command sets it aside and
    /// works; the calendar file is left alone until `doctor --repair` makes the change.
    @Test(.enabled(if: straceOrRequired, Comment(rawValue: Needs.message("strace", install: "apt-get install strace"))))
    func aChangeCutShortTwiceIsSetAsideAndRepairMakesIt() throws {
        let f = try SourcesFixture()
        try f.h.ok("list")
        let before = f.text("calendars/work/report.ics")
        #expect(try Self.killed(f, at: "renameat", 1, ["done", "Write report"]).status != 0)
        let promised = String(decoding: FileManager.default.contents(atPath: f.h.storePath) ?? Data(), as: UTF8.self)
        try #require(promised.contains("\"pending\""), "the kill left no pending change: \(promised)")
        #expect(try Self.killed(f, at: "renameat", 1, ["show"]).status != 0)
        #expect(f.text("calendars/work/report.ics") == before)

        let show = try f.h.run("show")
        #expect(show.status == 0 && !show.stdout.contains("⚠"), "\(show)")
        #expect(f.text("calendars/work/report.ics") == before, "a read made a change that was set aside")
        let list = try f.h.run("list")
        #expect(list.status == 0 && list.stdout.contains("Write report"), "\(list)")
        #expect(list.stderr.contains("1 change to other sources could not be made and is set aside"), "\(list)")
        let store = String(decoding: FileManager.default.contents(atPath: f.h.storePath) ?? Data(), as: UTF8.self)
        #expect(!store.contains("\"pending\"") && store.contains("\"setAside\""), "\(store)")

        let doctor = try f.h.run("doctor")
        #expect(doctor.status == 1, "\(doctor)")
        #expect(
            doctor.stdout.contains(
                "found    set aside: done #2 'Write report' in cal: making it was cut short 2 times"), "\(doctor)")
        let repair = try f.h.run("doctor", "--repair")
        #expect(
            repair.status == 0 && repair.stdout.contains("repaired made the change done #2 'Write report' in cal"),
            "\(repair)")
        #expect(f.text("calendars/work/report.ics").contains("STATUS:COMPLETED"))
        #expect(try f.h.run("doctor").status == 0)
        #expect(try f.items("--all")["Write report"]?["completed"] != nil)
    }

    /// A killed command's change that fails when made again (its source left the config): set
    /// aside with the reason, reads work, and `doctor --repair` drops it when it fails once more.
    @Test(.enabled(if: straceOrRequired, Comment(rawValue: Needs.message("strace", install: "apt-get install strace"))))
    func aChangeThatFailsWhenMadeAgainIsSetAsideThenDropped() throws {
        let f = try SourcesFixture()
        try f.h.ok("list")
        #expect(try Self.killed(f, at: "renameat", 1, ["done", "Write report"]).status != 0)
        // The calendar source is renamed in the config: the pending change names a source that is gone.
        let config = f.text("config/tminus/config.json").replacingOccurrences(
            of: "\"name\": \"cal\"", with: "\"name\": \"work\"")
        try f.write("config/tminus/config.json", config)
        let show = try f.h.run("show")
        #expect(show.status == 0, "\(show)")
        let doctor = try f.h.run("doctor")
        #expect(doctor.status == 1 && doctor.stdout.contains("set aside: done #2 'Write report' in cal: "), "\(doctor)")
        #expect(doctor.stdout.contains("which the config no longer has"), "\(doctor)")
        let repair = try f.h.run("doctor", "--repair")
        #expect(
            repair.status == 0 && repair.stdout.contains("repaired dropped done #2 'Write report' in cal"), "\(repair)")
        #expect(try f.h.run("doctor").status == 0)
        let list = try f.h.run("list")
        #expect(list.status == 0 && list.stderr.isEmpty, "\(list)")
        #expect(!f.text("calendars/work/report.ics").contains("STATUS:COMPLETED"))
    }

    /// A todo.txt `edit` killed after the file was replaced and before tminus recorded the line's
    /// new id: the next command found the change made, and the edited line came back as a new handle.
    @Test(.enabled(if: straceOrRequired, Comment(rawValue: Needs.message("strace", install: "apt-get install strace"))))
    func aKilledTodoTxtEditKeepsItsHandle() throws {
        let f = try SourcesFixture()
        let milk = try #require(try f.items()["Buy milk"]?["handle"]?.intValue)
        // Renames: the promise's store and summary, (the todo.txt's renameat,) then the record's store (killed).
        #expect(try Self.killed(f, 3, ["edit", String(milk), "--title", "Buy oat milk"]).status != 0)
        #expect(f.text("todo.txt").contains("Buy oat milk @errands"))
        let items = try f.items()
        #expect(
            items["Buy oat milk"]?["handle"]?.intValue == milk, "\(items.mapValues { $0["handle"]?.intValue ?? 0 })")
        #expect(items["Buy milk"] == nil)
    }
}
