import TMinusCore
import TMinusSourcing

/// What `edit` and `--to` may change in another source's item: each kind keeps some fields and
/// not others (todo.txt has no notes and no times of day, Taskwarrior no notes here, no source
/// has stars or icons). Asking for what a source cannot keep is a usage error before anything is
/// written, never a silent loss.
package enum SourceEdits {
    static func source(named name: String, _ ctx: Context) throws(TMinusError) -> SourceConfig {
        let config = try ctx.config()
        guard let source = config.source(named: name) else {
            let known = config.sources.map(\.name)
            if known.isEmpty {
                throw .usage(
                    tr: "there is no source '%s'; the config has no sources (see docs/sources.md)",
                    Validation.printable(name))
            }
            throw .usage(
                tr: "there is no source '%s'; the config's sources: %s", Validation.printable(name),
                ControlText.join(known, ", "))
        }
        guard source.isWritable else {
            throw .usage(
                tr: "source %s (%s) is read-only; tminus writes to %s sources", "\(source.name)",
                "\(source.kind.rawValue)", "\(SourceConfig.Kind.named(writable: true))"
            )
        }
        return source
    }

    /// The options of an edit or a new item that `source` cannot keep.
    package static func refuse(
        _ kind: SourceConfig.Kind, name: String, isDeadline: Bool, asked: [String], what: String, editing: Bool
    ) throws(TMinusError) {
        func no(_ option: String, _ why: String) throws(TMinusError) {
            throw .usage(tr: "%s is in %s (%s): %s %s", "\(what)", "\(name)", "\(kind.rawValue)", "\(option)", "\(why)")
        }
        if asked.contains("star") || asked.contains("unstar") {
            try no("--star", "is tminus's own; give --priority high instead")
        }
        if asked.contains("icon") { try no("--icon", "is kept in tminus's own deadlines only") }
        if asked.contains("start") { try no("--start", "is kept in tminus's own deadlines only") }
        if asked.contains("working-time") {
            try no(
                "--working-time",
                "is kept in tminus's own deadlines only; {worktime} in a template shows working time for every deadline"
            )
        }
        // A new calendar task keeps the rule as its RRULE; a todo.txt line its `rec:` is written by
        // hand, a Taskwarrior task's recurrence by task itself.
        if asked.contains("repeat") && (editing || kind != .vdir) {
            try no(
                "--repeat",
                editing
                    ? "is kept with tminus's own items; change the rule where the item comes from"
                    : "is kept with tminus's own items and new calendar tasks; add it without --to")
        }
        let io = SourceKinds.io(kind)
        if isDeadline, let why = io.refusal(.deadline, editing: editing) {
            try no("a deadline", why + "; use tminus todo … --to \(name)")
        }
        if asked.contains("note"), let why = io.refusal(.note, editing: editing) { try no("--note", why) }
        if asked.contains("remind"), let why = io.refusal(.remind, editing: editing) { try no("--remind", why) }
    }

    /// A due that a source can keep: todo.txt keeps days only.
    package static func due(_ due: Due?, for kind: SourceConfig.Kind, name: String) throws(TMinusError) {
        if case .instant? = due, let why = SourceKinds.io(kind).refusal(.timeOfDay, editing: false) {
            throw .usage(why)
        }
    }

    /// For `todo … --to NAME` and `add … --to NAME` (`asked`: the options given): the source,
    /// checked for what the item carries.
    package static func target(_ name: String?, asked: [String], isDeadline: Bool, due: Due?, _ ctx: Context)
        throws(TMinusError) -> SourceConfig?
    {
        guard let name else { return nil }
        let source = try source(named: name, ctx)
        try refuse(
            source.kind, name: source.name, isDeadline: isDeadline, asked: asked,
            what: "the new \(isDeadline ? "deadline" : "todo")", editing: false)
        try self.due(due, for: source.kind, name: source.name)
        return source
    }

    /// For `edit` on another source's item.
    package static func check(_ item: Item, asked: [String], due dueText: String?, _ ctx: Context) throws(TMinusError) {
        let config = try ctx.config()
        guard let source = config.source(named: item.source) else {
            throw .usage(
                tr: "#%s comes from source '%s', which the config no longer has", "\(item.handle)", "\(item.source)")
        }
        guard source.isWritable else {
            throw .usage(
                tr: "#%s is in source %s (%s), which is read-only; change it where it comes from", "\(item.handle)",
                "\(source.name)", "\(source.kind.rawValue)"
            )
        }
        try refuse(
            source.kind, name: source.name, isDeadline: item.isDeadline, asked: asked, what: "#\(item.handle)",
            editing: true)
        if let text = dueText, text != "none" { try due(try ctx.when(text).due, for: source.kind, name: source.name) }
    }
}
