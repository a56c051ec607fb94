import Glibc
import TMinusCore
import TMinusSources
import TMinusSystem

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

    /// Runs `task` with `arguments` (and `input` on its stdin); stdout on success.
    static func run(_ arguments: [String], _ source: SourceConfig, _ sourcing: Sourcing, input: [UInt8]? = nil)
        throws(TMinusError) -> [UInt8]
    {
        let result: ChildProcess.Result
        do throws(ChildProcess.Failure) {
            result = try ChildProcess.run(
                "task", ["rc.confirmation=off", "rc.color=off"] + arguments,
                environment: environment(source, sourcing), timeout: timeout, input: input)
        } catch {
            switch error {
            case .notFound:
                throw .failure(
                    tr: "source %s: the task command is not installed (apt install taskwarrior), or not in PATH",
                    "\(source.name)"
                )
            case .timedOut:
                throw .failure(
                    tr: "source %s: task did not finish within %s s and was stopped", "\(source.name)",
                    "\(timeout / 1000)")
            case .failed(let code):
                throw .failure(
                    tr: "source %s: cannot run task: %s", "\(source.name)", FileIO.errorText(code), errno: code,
                    cause: error)
            }
        }
        guard result.status == 0 else {
            let why = ControlText.clean(String(decoding: result.stderr.prefix(300), as: UTF8.self), replacement: " ")
            throw .failure(
                tr: "source %s: task %s failed (exit %s): %s", source.name,
                arguments.first(where: { !$0.hasPrefix("rc.") }) ?? "", "\(result.status)", Validation.trimmedText(why))
        }
        return result.stdout
    }

    static func export(_ source: SourceConfig, _ sourcing: Sourcing) throws(TMinusError) -> TaskwarriorExport.Result {
        let filter = (source.filter ?? "status:pending").split(separator: " ").map(String.init)
        let bytes = try run(
            ["rc.hooks=off", "rc.json.array=on", "rc.verbose=nothing"] + filter + ["export"], source, sourcing)
        return try TaskwarriorExport.parse(bytes, source: source.name)
    }

    /// The task with this UUID as `task export` gives it, its fields in order (nil when there is none).
    static func task(_ uuid: String, _ source: SourceConfig, _ sourcing: Sourcing) throws(TMinusError) -> [JSON.Member]?
    {
        let bytes = try run(
            ["rc.hooks=off", "rc.json.array=on", "rc.verbose=nothing", "uuid:" + uuid, "export"], source, sourcing)
        guard case .array(let tasks)? = try? JSONParser.parse(bytes), tasks.count == 1,
            case .object(let fields) = tasks[0]
        else { return nil }
        return fields
    }

    /// The task's status now ("" when there is no such task).
    static func status(_ uuid: String, _ source: SourceConfig, _ sourcing: Sourcing) -> String {
        guard let fields = try? task(uuid, source, sourcing) else { return "" }
        return fields.first { $0.key == "status" }?.value.stringValue ?? ""
    }

    /// `task UUID done`; a task done already (the change made again) is left as it is.
    static func done(_ item: Item, _ source: SourceConfig, _ sourcing: Sourcing) throws(TMinusError) {
        do throws(TMinusError) { _ = try run(["rc.verbose=nothing", item.id, "done"], source, sourcing) } catch {
            guard status(item.id, source, sourcing) == "completed" else { throw error }
        }
    }

    static func reopen(_ uuid: String, _ source: SourceConfig, _ sourcing: Sourcing) throws(TMinusError) {
        _ = try run(["rc.verbose=nothing", uuid, "modify", "status:pending", "end:"], source, sourcing)
    }

    static func delete(_ item: Item, _ source: SourceConfig, _ sourcing: Sourcing) throws(TMinusError) {
        do throws(TMinusError) { _ = try run(["rc.verbose=nothing", item.id, "delete"], source, sourcing) } catch {
            guard ["deleted", ""].contains(status(item.id, source, sourcing)) else { throw error }
        }
    }

    /// The attributes that changed through `task modify` (values tminus wrote itself); a new title
    /// through `task import` of the task as exported with only its description changed: `modify`
    /// parses its text (a backslash escapes, `\n` is a line break, `+word` a tag), `import` takes
    /// JSON literally, and an import replaces the whole task, so it carries every other field
    /// as Taskwarrior gave it.
    static func modify(_ uuid: String, from old: Item, to new: Item, _ source: SourceConfig, _ sourcing: Sourcing)
        throws(TMinusError)
    {
        let args = attributes(new, comparedTo: old)
        if !args.isEmpty { _ = try run(["rc.verbose=nothing", uuid, "modify"] + args, source, sourcing) }
        guard new.title != old.title else { return }
        guard let fields = try task(uuid, source, sourcing) else {
            throw .failure(
                tr: "source %s: task %s is not there any more; nothing was changed", "\(source.name)", "\(uuid)")
        }
        // `id` and `urgency` are Taskwarrior's own reckoning, not part of a task.
        var task = fields.filter { $0.key != "id" && $0.key != "urgency" }
        if let i = task.firstIndex(where: { $0.key == "description" }) {
            task[i] = JSON.Member("description", .string(new.title))
        } else {
            task.append(JSON.Member("description", .string(new.title)))
        }
        _ = try run(
            ["rc.verbose=nothing", "import", "-"], source, sourcing,
            input: JSONWriter.bytes(.array([.object(task)]), pretty: false))
    }

    /// A new task with the UUID chosen when the change was asked for, through `task import` (which
    /// updates a task of that UUID rather than adding another: made again, it is the same task).
    static func add(_ item: Item, at: Instant, _ source: SourceConfig, _ sourcing: Sourcing) throws(TMinusError) {
        var task: [JSON.Member] = [
            JSON.Member("uuid", .string(item.id)), JSON.Member("status", .string("pending")),
            JSON.Member("description", .string(item.title)),
            JSON.Member("entry", .string(TaskwarriorExport.dateText(at)))
        ]
        if let due = item.due {
            task.append(JSON.Member("due", .string(TaskwarriorExport.dateText(due.instant(in: sourcing.zone)))))
        }
        switch item.priority {
        case .high: task.append(JSON.Member("priority", .string("H")))
        case .medium: task.append(JSON.Member("priority", .string("M")))
        case .low: task.append(JSON.Member("priority", .string("L")))
        case .none: break
        }
        if let tag = item.tag { task.append(JSON.Member("project", .string(tag))) }
        // On its stdin: no file in /tmp whose name another user could take first.
        _ = try run(
            ["rc.verbose=nothing", "import", "-"], source, sourcing,
            input: JSONWriter.bytes(.array([.object(task)]), pretty: false))
    }

    static func attributes(_ item: Item, comparedTo old: Item?) -> [String] {
        var args: [String] = []
        if item.due != old?.due { args.append(item.due.map(TaskwarriorExport.dueArgument) ?? "due:") }
        if item.priority != old?.priority, old != nil || item.priority != .none {
            args.append(TaskwarriorExport.priorityArgument(item.priority))
        }
        if item.tag != old?.tag, old != nil || item.tag != nil { args.append("project:" + (item.tag ?? "")) }
        return args
    }
}
