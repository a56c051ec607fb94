import TMinusCore

/// `taskwarrior`: Taskwarrior through `task` (see `Taskwarrior`): `task export` with the source's
/// filter to read, `task UUID done|modify|delete` and `task import -` to write. Its data folder
/// is what a follower watches.
enum TaskwarriorSource: SourceKindIO {
    /// Taskwarrior, through `task export`.
    static let kind = SourceConfig.Kind.taskwarrior
    static let facts = SourceKindFacts(path: .none, example: "", isWritable: true, isCalendar: false)

    static func read(
        _ source: SourceConfig, _ sourcing: Sourcing, now: Instant, origin: String?, into out: inout SourceRead
    ) throws(TMinusError) {
        let data = sourcing.taskData(source)
        out.watch = ["", "/pending.data", "/completed.data", "/taskchampion.sqlite3"].map {
            SourceReader.watched(data + $0)
        }
        let result = try Taskwarrior.export(source, sourcing)
        out.problems = result.problems
        out.items = result.items
    }

    static func apply(_ op: PendingSourceChange, _ source: SourceConfig, _ sourcing: Sourcing, again: Bool)
        throws(TMinusError) -> String
    {
        let item = op.item
        switch op.kind {
        case .complete: try Taskwarrior.done(item, source, sourcing)
        case .reopen: try Taskwarrior.reopen(item.id, source, sourcing)
        case .remove: try Taskwarrior.delete(item, source, sourcing)
        case .update: try Taskwarrior.modify(item.id, from: item, to: op.to ?? item, source, sourcing)
        case .create: try Taskwarrior.add(item, at: op.at, source, sourcing)
        }
        return item.id
    }

    static func watchTargets(_ source: SourceConfig, _ sourcing: Sourcing) -> [(directory: String, names: [String])] {
        [(sourcing.taskData(source), ["pending.data", "completed.data", "taskchampion.sqlite3"])]
    }

    static func refusal(_ field: SourceField, editing: Bool) -> String? {
        switch field {
        case .note: "is not written to Taskwarrior by tminus (use task annotate)"
        case .remind: "cannot be kept in Taskwarrior"
        case .deadline: "cannot be kept there (it holds todos)"
        case .timeOfDay: nil
        }
    }
}
