import TMinusCore
import TMinusSources

/// An edit of a plain-text kind refused by its parser, which may say a line is not UTF-8.
protocol TextEditRefusal: Error, Sendable {
    /// The 1-based line that is not UTF-8, when that is why the edit was refused.
    var notUTF8Line: Int? { get }
}

extension TodoTxt.EditError: TextEditRefusal {
    var notUTF8Line: Int? {
        if case .notUTF8(let line) = self { return line }
        return nil
    }
}

extension ObsidianTasks.EditError: TextEditRefusal {
    var notUTF8Line: Int? {
        if case .notUTF8(let line) = self { return line }
        return nil
    }
}

/// How a kind kept in plain text (Org, Obsidian, Logseq) changes one entry of a file it has
/// read: each change, made by its parser to the file's bytes, and the file's entries as read (the
/// edited entry's new id; an edit made already is found by its new text).
struct TextEdits<Refusal: TextEditRefusal> {
    var complete: ([UInt8]) throws(Refusal) -> [UInt8]
    var reopen: ([UInt8]) throws(Refusal) -> [UInt8]
    var remove: ([UInt8]) throws(Refusal) -> [UInt8]
    var update: ([UInt8]) throws(Refusal) -> [UInt8]
    var entries: ([UInt8]) -> [Item]
}

extension SourceKindIO {
    /// Makes `op` (not a create) in the file at `path` with `edits`, and returns the entry's id
    /// afterwards. `check` sees the file's bytes first (and may refuse). A line that is not UTF-8
    /// is refused with `notUTF8` (the source, the line and the path as its `%s`), in the kind's
    /// own words; an entry the file no longer has is `alreadyMade`'s, with `gone` as its message.
    static func rewriteEntry<Refusal>(
        _ op: PendingSourceChange, _ source: SourceConfig, path: String, followLink: Bool = false,
        edits: TextEdits<Refusal>, notUTF8: StaticString, gone: StaticString,
        check: ([UInt8]) throws(TMinusError) -> Void = { _ in }
    ) throws(TMinusError) -> String {
        let item = op.item
        var newID = item.id
        try SourceWriter.rewrite(path, what: "#\(item.handle)", followLink: followLink) {
            (bytes: [UInt8]) throws(TMinusError) -> [UInt8]? in
            try check(bytes)
            do throws(Refusal) {
                switch op.kind {
                case .complete: return try edits.complete(bytes)
                case .reopen: return try edits.reopen(bytes)
                case .remove: return try edits.remove(bytes)
                case .update:
                    let out = try edits.update(bytes)
                    newID = editedID(
                        item.id, before: edits.entries(bytes).map(\.id), after: edits.entries(out).map(\.id))
                    return out
                case .create: return bytes
                }
            } catch {
                if let line = error.notUTF8Line {
                    throw .failure(
                        tr: notUTF8, "\(source.name)", "\(line)", "\(path)", path: path, line: line, cause: error)
                }
                return try alreadyMade(
                    op, bytes, entries: { edits.entries(bytes) }, newID: &newID, source: source, path: path,
                    what: gone)
            }
        }
        return newID
    }
}
