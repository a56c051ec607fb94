import Glibc
public import TMinusCore
import TMinusICal
import TMinusSources
import TMinusSystem

/// Writes changes back into the user's files as the smallest edit (docs/sources.md): an item's
/// `.ics` file or the todo.txt file is replaced atomically (a temp file beside it, fsync, rename,
/// fsync of the folder), keeping its mode and every byte tminus did not change; when the file
/// changed while tminus edited it (another program wrote it), the edit is made again on the new
/// content. Taskwarrior is changed through `task`. Making a change that is made already changes
/// nothing (a killed command's changes are made again by the next one).
public enum SourceWriter {
    /// Makes `op`; returns the item's id afterwards (a new item's, or a todo.txt line's whose
    /// text changed).
    public static func apply(_ op: PendingSourceChange, _ sourcing: Sourcing, again: Bool = false) throws(TMinusError)
        -> String
    {
        let item = op.item
        guard let source = sourcing.source(named: item.source) else {
            throw .failure(
                tr: "%s comes from source '%s', which the config no longer has", "\(Validation.printable(item.title))",
                "\(item.source)"
            )
        }
        guard source.isWritable else {
            throw .usage(
                tr: "source %s (%s) is read-only; change #%s where it comes from", "\(source.name)",
                "\(source.kind.rawValue)", "\(item.handle)"
            )
        }
        return try SourceKinds.io(source.kind).apply(op, source, sourcing, again: again)
    }

    /// Removes temp files a killed tminus left in a source's folder (`.NAME.PID.RANDOM.tmp`, whose
    /// writer is gone); other programs' files are never touched. Readers and writers call it.
    public static func removeDeadTemps(in folder: String, names: [String]? = nil) {
        for name in names ?? FileIO.names(in: folder) {
            if let pid = FileIO.tempPid(name), !Processes.isAlive(pid) { FileIO.remove(folder + "/" + name) }
        }
    }

    /// The same in a folder open as `directory` (names in it, not a path a link could redirect).
    static func removeDeadTemps(inOpened directory: Int32, names: [String]) {
        for name in names {
            if let pid = FileIO.tempPid(name), !Processes.isAlive(pid) { _ = unlinkat(directory, name, 0) }
        }
    }

    /// Reads `path`, edits it with `edit`, and replaces it, unless it changed meanwhile (then again).
    /// `followLink`: the file is the user's own configured path (a todo.txt linked into a synced
    /// folder is written where it points); a file found in a calendar folder is never written
    /// through a link. Either way the folder's entry is read and replaced as one file
    /// (`FileIO.FolderFile`), so a link or another file swapped in meanwhile is never written.
    static func rewrite(
        _ path: String, what: String, followLink: Bool = false,
        _ edit: ([UInt8]) throws(TMinusError) -> [UInt8]?
    ) throws(TMinusError) {
        let file = try FileIO.FolderFile(path, followLink: followLink)
        defer { file.close() }
        removeDeadTemps(in: FileIO.directory(of: path))
        for _ in 0..<3 {
            guard let read = try file.read(limit: 64 << 20) else {
                throw .failure(tr: "%s is gone; %s was not changed", "\(path)", "\(what)", path: path)
            }
            guard let new = try edit(read.bytes) else {
                // The item's only content: the file goes.
                if try file.remove(read) { return }
                continue
            }
            if new == read.bytes { return }
            if try file.replace(read, with: new) { return }
        }
        throw .failure(tr: "%s keeps changing while tminus writes it; try again", "\(path)", path: path)
    }
}
