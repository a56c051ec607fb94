import TMinusCore
import TMinusSources
import TMinusSystem

/// `todotxt`: a todo.txt file (todo.txt's format: one todo a line, `x` for done, `(A)` priority,
/// `+project`/`@context` tags, `due:` days). Written back line by line, every other byte kept;
/// the configured path may be a link (into a synced folder), followed to the file it names.
enum TodoTxtSource: SourceKindIO {
    /// A todo.txt file.
    static let kind = SourceConfig.Kind.todotxt
    static let facts = SourceKindFacts(path: .file, example: "~/todo/todo.txt", isWritable: true, isCalendar: false)

    static func read(
        _ source: SourceConfig, _ sourcing: Sourcing, now: Instant, origin: String?, into out: inout SourceRead
    ) throws(TMinusError) {
        let (path, bytes) = try readFile(
            source, sourcing, into: &out, missing: N_("%s does not exist; create it or fix \"path\""))
        let folder = FileIO.directory(of: path), prefix = "." + FileIO.baseName(of: path) + "."
        SourceWriter.removeDeadTemps(in: folder, names: FileIO.names(in: folder).filter { $0.hasPrefix(prefix) })
        // The open todos nearest now, as many as the source shows (bounded memory, whatever the
        // file's size), and how many were left out.
        (out.items, out.leftOut) = TodoTxt.nearest(
            bytes, source: source.name, limit: source.maxItems, now: now, zone: sourcing.zone)
    }

    static func apply(_ op: PendingSourceChange, _ source: SourceConfig, _ sourcing: Sourcing, again: Bool)
        throws(TMinusError) -> String
    {
        let now = op.at
        let path = sourcing.path(source.path ?? "")
        let item = op.item
        var newID = item.id
        try SourceWriter.rewrite(path, what: "#\(item.handle)", followLink: true) {
            (bytes: [UInt8]) throws(TMinusError) -> [UInt8]? in
            do throws(TodoTxt.EditError) {
                switch op.kind {
                case .complete:
                    return try TodoTxt.complete(
                        bytes, id: item.id, source: source.name, on: sourcing.zone.local(now).date)
                case .reopen: return try TodoTxt.reopen(bytes, id: item.id, source: source.name)
                case .remove: return try TodoTxt.remove(bytes, id: item.id, source: source.name)
                case .update:
                    let out = try TodoTxt.update(
                        bytes, id: item.id, source: source.name, from: item, to: op.to ?? item, zone: sourcing.zone)
                    newID = editedID(
                        item.id, before: TodoTxt.parse(bytes, source: source.name).map(\.item.id),
                        after: TodoTxt.parse(out, source: source.name).map(\.item.id))
                    return out
                case .create:
                    let (out, id, added) = TodoTxt.append(
                        bytes, item: item, created: sourcing.zone.local(now).date, zone: sourcing.zone, again: again)
                    newID = id
                    return added ? out : bytes
                }
            } catch {
                if case .notUTF8(let line) = error {
                    throw .failure(
                        tr:
                            "source %s: line %s of %s is not UTF-8, and tminus does not re-encode it; change it in your editor (tminus can only mark it done or not)",
                        "\(source.name)", "\(line)", "\(path)", path: path, line: line, cause: error
                    )
                }
                return try alreadyMade(
                    op, bytes, entries: { TodoTxt.parse(bytes, source: source.name).map(\.item) }, newID: &newID,
                    source: source, path: path,
                    what: N_("source %s: %s no longer has the line of %s; run tminus list and try again"))
            }
        }
        return newID
    }

    static func watchTargets(_ source: SourceConfig, _ sourcing: Sourcing) -> [(directory: String, names: [String])] {
        fileTargets(source, sourcing)
    }

    static func refusal(_ field: SourceField, editing: Bool) -> String? {
        switch field {
        case .note: "cannot be kept in todo.txt (one line per todo)"
        case .remind: "cannot be kept in todo.txt"
        case .timeOfDay:
            "todo.txt keeps a due day, not a time (due:YYYY-MM-DD); give a day such as --due 2026-12-01 or --due tomorrow"
        case .deadline: "cannot be kept there (it holds todos)"
        }
    }
}
