import Foundation
import Testing
import TMinusCore

/// What one run of the `tminus` binary did.
struct RunResult: CustomStringConvertible {
    var status: Int32
    var stdout: String
    var stderr: String

    /// stderr's lines (a blank line counts; the final newline ends the last line).
    var stderrLines: [String] {
        var lines = stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
    var description: String { "exit \(status)\nstdout: \(stdout)\nstderr: \(stderr)" }

    /// stdout parsed as JSON.
    func json() throws -> JSON { try JSONParser.parse(stdout) }
}

/// The built `tminus` executable: `$TMINUS_BIN`, else `<package root>/.build/debug/tminus`.
enum TminusBinary {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // TMinusCLITests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root

    static var path: String {
        if let env = ProcessInfo.processInfo.environment["TMINUS_BIN"], !env.isEmpty { return env }
        return packageRoot.appendingPathComponent(".build/debug/tminus").path
    }
}

/// A started `tminus` process; `wait()` collects its result.
struct RunningTminus {
    let process: Process
    let out: URL
    let err: URL

    func wait() throws -> RunResult {
        process.waitUntilExit()
        let stdout = String(decoding: try Data(contentsOf: out), as: UTF8.self)
        let stderr = String(decoding: try Data(contentsOf: err), as: UTF8.self)
        try? FileManager.default.removeItem(at: out)
        try? FileManager.default.removeItem(at: err)
        return RunResult(status: process.terminationStatus, stdout: stdout, stderr: stderr)
    }
}

/// A temporary sandbox: `root/home` is the tminus home (`--home`), created by tminus itself on the
/// first write; `root` also holds the fake `$HOME`, config directory and captured output. Removed
/// when the value goes away. Every run passes `--home` and a frozen `--now`, and sets `TZ`.
final class TempHome: @unchecked Sendable {
    let root: URL
    let home: URL
    /// The frozen clock for runs that do not give their own: Tuesday 2026-03-10 13:00 in Berlin.
    var now = "2026-03-10T12:00:00Z"
    /// `TZ` for runs that do not give their own.
    var tz = "Europe/Berlin"
    /// Seconds the clock of in-process runs is ahead of the real one (the clock the racy-stamp
    /// rules read, not `--now`): a test moves it on instead of waiting.
    var clockAhead: Int64 = 0

    init() throws {
        // One folder per user: another user's (or root's) earlier run must not make it unwritable.
        let base = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tminus-cli-tests-\(getuid())", isDirectory: true)
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        root = base.appendingPathComponent(UUID().uuidString, isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("output"), withIntermediateDirectories: true)
        home = root.appendingPathComponent("home", isDirectory: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    var storePath: String { home.appendingPathComponent("store.json").path }
    var summaryPath: String { home.appendingPathComponent("summary.json").path }
    var archivePath: String { home.appendingPathComponent("archive.jsonl").path }

    /// The environment a user's shell would give: nothing that points tminus elsewhere.
    func environment(tz: String?, extra: [String: String]) -> [String: String] {
        [
            "PATH": "/usr/bin:/bin",
            "HOME": root.path,
            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path,
            "XDG_DATA_HOME": root.appendingPathComponent("data").path,
            "LANG": "C.UTF-8",
            "TZ": tz ?? self.tz
        ].merging(extra) { $1 }
    }

    /// Starts `tminus --home HOME --now NOW ARGS…` without waiting for it (without `--home` when
    /// `passHome` is false, to test where tminus finds its home by itself).
    func start(
        _ args: [String], now: String? = nil, tz: String? = nil, env: [String: String] = [:],
        passHome: Bool = true
    ) throws -> RunningTminus {
        let binary = TminusBinary.path
        try #require(
            FileManager.default.isExecutableFile(atPath: binary),
            "no tminus binary at \(binary); run swift build first, or set TMINUS_BIN")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = (passHome ? ["--home", home.path] : []) + ["--now", now ?? self.now] + args
        process.environment = environment(tz: tz, extra: env)
        process.currentDirectoryURL = root
        let id = UUID().uuidString
        let out = root.appendingPathComponent("output/\(id).out")
        let err = root.appendingPathComponent("output/\(id).err")
        _ = FileManager.default.createFile(atPath: out.path, contents: nil)
        _ = FileManager.default.createFile(atPath: err.path, contents: nil)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        return RunningTminus(process: process, out: out, err: err)
    }

    /// Runs `tminus --home HOME --now NOW ARGS…` in this process (see `inProcess`), as most
    /// tests do; `spawn` runs the binary, for what needs a process of its own.
    @discardableResult
    func run(_ args: [String], now: String? = nil, tz: String? = nil, env: [String: String] = [:], input: String = "")
        throws -> RunResult
    {
        inProcess(args, now: now, tz: tz, env: env, input: input)
    }

    @discardableResult
    func run(_ args: String..., now: String? = nil, tz: String? = nil, env: [String: String] = [:]) throws -> RunResult
    {
        try run(args, now: now, tz: tz, env: env)
    }

    /// Runs in this process and requires exit 0 and nothing on stderr.
    @discardableResult
    func ok(_ args: [String], now: String? = nil, tz: String? = nil, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> RunResult
    {
        let result = try run(args, now: now, tz: tz)
        #expect(result.status == 0, "tminus \(args.joined(separator: " ")): \(result)", sourceLocation: sourceLocation)
        #expect(
            result.stderr.isEmpty, "tminus \(args.joined(separator: " ")): \(result)", sourceLocation: sourceLocation)
        return result
    }

    @discardableResult
    func ok(_ args: String..., now: String? = nil, tz: String? = nil, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> RunResult
    {
        try ok(args, now: now, tz: tz, sourceLocation: sourceLocation)
    }

    /// Runs the `tminus` binary and waits for it: for what needs a process (signals, exit codes a
    /// bar reads, concurrency, the main entry's own paths such as the poll's kept output).
    @discardableResult
    func spawn(_ args: [String], now: String? = nil, tz: String? = nil, env: [String: String] = [:]) throws -> RunResult
    {
        try start(args, now: now, tz: tz, env: env).wait()
    }

    @discardableResult
    func spawn(_ args: String..., now: String? = nil, tz: String? = nil, env: [String: String] = [:]) throws
        -> RunResult
    {
        try spawn(args, now: now, tz: tz, env: env)
    }

    /// The bytes of a file in the home, or nil.
    func bytes(_ name: String) -> Data? { FileManager.default.contents(atPath: home.appendingPathComponent(name).path) }

    /// `list ARGS… --json` as objects.
    func list(_ args: String..., now: String? = nil) throws -> [JSON] {
        let result = try run(["list", "--json"] + args, now: now)
        try #require(result.status == 0, "list \(args): \(result)")
        return try #require(try result.json().arrayValue)
    }

    /// The handles `list ARGS…` shows, in order.
    func handles(_ args: String..., now: String? = nil) throws -> [Int] {
        let result = try run(["list", "--json"] + args, now: now)
        try #require(result.status == 0, "list \(args): \(result)")
        return try #require(try result.json().arrayValue).compactMap { $0["handle"]?.intValue }
    }

    /// The summary as widgets read it.
    func summary() throws -> Summary {
        let data = try #require(bytes("summary.json"), "no summary.json")
        return try Summary(json: try JSONParser.parse(Array(data)))
    }

    /// POSIX permission bits of a path in the home ("" for the home itself).
    func mode(_ name: String) throws -> Int {
        let path = name.isEmpty ? home.path : home.appendingPathComponent(name).path
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        return try #require(attributes[.posixPermissions] as? Int) & 0o7777
    }
}

extension Array where Element == JSON {
    /// The object with this handle.
    func item(_ handle: Int) -> JSON? { first { $0["handle"]?.intValue == handle } }
}

extension JSON {
    /// Compact text: compares values regardless of the lines they were parsed from.
    var text: String { JSONWriter.compact(self) }

    /// Compact text of an object without some of its keys.
    func text(without keys: Set<String>) -> String {
        JSONWriter.compact(
            .object((members ?? []).filter { !keys.contains($0.key) }.map { JSON.Member($0.key, $0.value) }))
    }
}

extension Optional where Wrapped == JSON {
    var text: String { map(\.text) ?? "nil" }
}
