import TMinusCore
import TMinusSources

/// Taskwarrior through its command line, the only interface it promises: `task export` to read
/// (with the source's filter), `task UUID done`, `modify`, `delete` and `add` to write. Always
/// with `rc.confirmation=off` (no questions on a pipe) and `rc.hooks=off` for reading. Absent
/// `task` or one that hangs is a one-line error that says what to do.
public enum Taskwarrior {
    static let timeout = 10_000

    /// What `task` gets over tminus's own environment: the data folder, and the PATH tminus was given.
    static func environment(_ source: SourceConfig, _ sourcing: Sourcing) -> Environment {
        var pairs = [("TASKDATA", sourcing.taskData(source))]
        if let path = sourcing.environment["PATH"] { pairs.append(("PATH", path)) }
        return Environment(pairs)
    }

    /// Runs `task` with `arguments`; stdout on success.
    static func run(_ arguments: [String], _ source: SourceConfig, _ sourcing: Sourcing) throws(TMinusError) -> [UInt8] {
        let result: ChildProcess.Result
        do throws(ChildProcess.Failure) {
            result = try ChildProcess.run("task", ["rc.confirmation=off", "rc.color=off"] + arguments,
                                          environment: environment(source, sourcing), timeout: timeout)
        } catch {
            switch error {
            case .notFound: throw .failure("source \(source.name): the task command is not installed (apt install taskwarrior), or not in PATH")
            case .timedOut: throw .failure("source \(source.name): task did not finish within \(timeout / 1000) s and was stopped")
            case .failed(let why): throw .failure("source \(source.name): cannot run task: \(why)")
            }
        }
        guard result.status == 0 else {
            let why = ControlText.clean(String(decoding: result.stderr.prefix(300), as: UTF8.self), replacement: " ")
            throw .failure("source \(source.name): task \(arguments.first(where: { !$0.hasPrefix("rc.") }) ?? "") failed (exit \(result.status)): \(Validation.trimmedText(why))")
        }
        return result.stdout
    }

    static func export(_ source: SourceConfig, _ sourcing: Sourcing) throws(TMinusError) -> TaskwarriorExport.Result {
        let filter = (source.filter ?? "status:pending").split(separator: " ").map(String.init)
        let bytes = try run(["rc.hooks=off", "rc.json.array=on", "rc.verbose=nothing"] + filter + ["export"], source, sourcing)
        return try TaskwarriorExport.parse(bytes, source: source.name)
    }

    static func done(_ uuid: String, _ source: SourceConfig, _ sourcing: Sourcing) throws(TMinusError) {
        _ = try run(["rc.verbose=nothing", uuid, "done"], source, sourcing)
    }

    static func reopen(_ uuid: String, _ source: SourceConfig, _ sourcing: Sourcing) throws(TMinusError) {
        _ = try run(["rc.verbose=nothing", uuid, "modify", "status:pending", "end:"], source, sourcing)
    }

    static func delete(_ uuid: String, _ source: SourceConfig, _ sourcing: Sourcing) throws(TMinusError) {
        _ = try run(["rc.verbose=nothing", uuid, "delete"], source, sourcing)
    }

    /// The attributes that changed, then `--` and the title (so nothing in it is read as an attribute).
    static func modify(_ uuid: String, from old: Item, to new: Item, _ source: SourceConfig, _ sourcing: Sourcing) throws(TMinusError) {
        var args = attributes(new, comparedTo: old)
        if new.title != old.title { args += ["--", new.title] }
        guard !args.isEmpty else { return }
        _ = try run(["rc.verbose=nothing", uuid, "modify"] + args, source, sourcing)
    }

    /// `task add`; returns the new task's UUID (printed with `rc.verbose=new-uuid`).
    static func add(_ item: Item, _ source: SourceConfig, _ sourcing: Sourcing) throws(TMinusError) -> String {
        let args = attributes(item, comparedTo: nil) + ["--", item.title]
        let out = String(decoding: try run(["rc.verbose=new-uuid", "add"] + args, source, sourcing), as: UTF8.self)
        // "Created task 3a6c…-…."
        for word in out.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            let w = word.hasSuffix(".") ? word.dropLast() : word
            if w.count == 36, w.filter({ $0 == "-" }).count == 4 { return String(w).lowercased() }
        }
        throw .failure("source \(source.name): task add did not say the new task's UUID")
    }

    static func attributes(_ item: Item, comparedTo old: Item?) -> [String] {
        var args: [String] = []
        if item.due != old?.due { args.append(item.due.map(TaskwarriorExport.dueArgument) ?? "due:") }
        if item.priority != old?.priority, old != nil || item.priority != .none { args.append(TaskwarriorExport.priorityArgument(item.priority)) }
        if item.tag != old?.tag, old != nil || item.tag != nil { args.append("project:" + (item.tag ?? "")) }
        return args
    }
}
