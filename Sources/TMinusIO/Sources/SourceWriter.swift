import Glibc
public import TMinusCore
import TMinusICal
import TMinusSources

/// Writes changes back into the user's files as the smallest edit (docs/sources.md): an item's
/// `.ics` file or the todo.txt file is replaced atomically (a temp file beside it, fsync, rename,
/// fsync of the folder), keeping its mode and every byte tminus did not change; when the file
/// changed while tminus edited it (another program wrote it), the edit is made again on the new
/// content. Taskwarrior is changed through `task`. Making a change that is made already changes
/// nothing (a killed command's changes are made again by the next one).
public enum SourceWriter {
    /// Makes `op`; returns the item's id afterwards (a new item's, or a todo.txt line's whose
    /// text changed).
    public static func apply(_ op: PendingSourceChange, _ sourcing: Sourcing, again: Bool = false) throws(TMinusError) -> String {
        let item = op.item
        let now = op.at
        guard let source = sourcing.source(named: item.source) else {
            throw .failure("\(Validation.printable(item.title)) comes from source '\(item.source)', which the config no longer has")
        }
        guard source.isWritable else {
            throw .usage("source \(source.name) (\(source.kind.rawValue)) is read-only; change #\(item.handle) where it comes from")
        }
        switch source.kind {
        case .vdir: return try vdir(op, source, sourcing, now: now)
        case .todotxt: return try todoTxt(op, source, sourcing, now: now, again: again)
        case .taskwarrior:
            switch op.kind {
            case .complete: try Taskwarrior.done(item, source, sourcing)
            case .reopen: try Taskwarrior.reopen(item.id, source, sourcing)
            case .remove: try Taskwarrior.delete(item, source, sourcing)
            case .update: try Taskwarrior.modify(item.id, from: item, to: op.to ?? item, source, sourcing)
            case .create: try Taskwarrior.add(item, at: now, source, sourcing)
            }
            return item.id
        case .ics, .summary:
            throw .usage("source \(source.name) is read-only")
        }
    }

    /// Removes temp files a killed tminus left in a source's folder (`.NAME.PID.RANDOM.tmp`, whose
    /// writer is gone); other programs' files are never touched. Readers and writers call it.
    static func removeDeadTemps(in folder: String, names: [String]? = nil) {
        for name in names ?? FileIO.names(in: folder) {
            if let pid = FileIO.tempPid(name), !Processes.isAlive(pid) { FileIO.remove(folder + "/" + name) }
        }
    }

    /// Reads `path`, edits it with `edit`, and replaces it, unless it changed meanwhile (then again).
    /// `followLink`: the file is the user's own configured path (a todo.txt linked into a synced
    /// folder is written where it points); a file found in a calendar folder is never written
    /// through a link. Either way the folder's entry is read and replaced as one file
    /// (`FileIO.FolderFile`), so a link or another file swapped in meanwhile is never written.
    static func rewrite(_ path: String, what: String, followLink: Bool = false,
                        _ edit: ([UInt8]) throws(TMinusError) -> [UInt8]?) throws(TMinusError) {
        let file = try FileIO.FolderFile(path, followLink: followLink)
        defer { file.close() }
        removeDeadTemps(in: FileIO.directory(of: path))
        for _ in 0..<3 {
            guard let read = try file.read(limit: 64 << 20) else { throw .failure("\(path) is gone; \(what) was not changed") }
            guard let new = try edit(read.bytes) else {
                // The item's only content: the file goes.
                if try file.remove(read) { return }
                continue
            }
            if new == read.bytes { return }
            if try file.replace(read, with: new) { return }
        }
        throw .failure("\(path) keeps changing while tminus writes it; try again")
    }

    // MARK: vdir

    static func vdir(_ op: PendingSourceChange, _ source: SourceConfig, _ sourcing: Sourcing, now: Instant) throws(TMinusError) -> String {
        let root = sourcing.path(source.path ?? "")
        let item = op.item
        if op.kind == .create {
            let collections = Vdir.collections(root)
            var folder = collections.first ?? root
            if let name = source.collection {
                guard let c = collections.first(where: { FileIO.baseName(of: $0) == name }) else {
                    throw .failure("source \(source.name): there is no collection '\(name)' in \(root)")
                }
                folder = c
            }
            guard FileIO.isDirectory(folder) else { throw .failure("source \(source.name): \(folder) is not a folder") }
            // The UID was chosen when the change was asked for: made again, it is the same file.
            let uid = item.id
            if locate(root, uid: uid, isEvent: item.isDeadline) != nil { return uid }
            let path = folder + "/" + uid + ".ics"
            let temp = try FileIO.writeTemp(ICalWriter.newFile(item, uid: uid, now: now), for: path, mode: 0o600)
            try FileIO.commit(temp)
            FileIO.syncDirectory(folder)
            return uid
        }
        guard let file = locate(root, uid: item.id, isEvent: item.isDeadline) else {
            // Removed already (made again after a kill, or by another program): done.
            if op.kind == .remove { return item.id }
            throw .failure("source \(source.name): no file in \(root) holds \(Validation.printable(item.title)) any more; run tminus list and try again")
        }
        try rewrite(file, what: "#\(item.handle)") { (bytes: [UInt8]) throws(TMinusError) -> [UInt8]? in
            do throws(ICalWriteError) {
                switch op.kind {
                case .complete: return try ICalWriter.apply(.complete(at: now), to: bytes, uid: item.id, isEvent: item.isDeadline)
                case .reopen: return try ICalWriter.apply(.reopen(at: now), to: bytes, uid: item.id, isEvent: item.isDeadline)
                case .update: return try ICalWriter.apply(.update(from: item, to: op.to ?? item, at: now), to: bytes, uid: item.id, isEvent: item.isDeadline)
                case .remove: return try ICalWriter.removing(bytes, uid: item.id)
                case .create: return bytes
                }
            } catch {
                switch error {
                case .notFound: throw .failure("source \(source.name): \(file) no longer holds \(Validation.printable(item.title)); run tminus list and try again")
                case .unsupported(let why): throw .usage("#\(item.handle) \(Validation.printable(item.title)): \(why)")
                }
            }
        }
        return item.id
    }

    /// The file of a vdir that holds the item with this UID: `UID.ics` first (how todoman, khal and
    /// tminus name files), else every file (vdirsyncer names the files it downloads at random).
    static func locate(_ root: String, uid: String, isEvent: Bool) -> String? {
        let collections = Vdir.collections(root)
        let needle = Array(uid.utf8)
        func holds(_ path: String) -> Bool {
            guard let bytes = try? FileIO.read(path, limit: 16 << 20), Bytes.contains(bytes, needle) else { return false }
            return ICalParser.parse(bytes).find(isEvent ? ["VEVENT", "VTODO"] : ["VTODO"]).contains {
                $0.property("UID").map { Validation.trimmedText($0.text) } == uid
            }
        }
        if !uid.contains("/"), !uid.hasPrefix(".") {
            for c in collections where holds(c + "/" + uid + ".ics") { return c + "/" + uid + ".ics" }
        }
        for c in collections {
            for name in Vdir.itemNames(c) where holds(c + "/" + name) { return c + "/" + name }
        }
        return nil
    }

    // MARK: todo.txt

    static func todoTxt(_ op: PendingSourceChange, _ source: SourceConfig, _ sourcing: Sourcing, now: Instant, again: Bool) throws(TMinusError) -> String {
        let path = sourcing.path(source.path ?? "")
        let item = op.item
        var newID = item.id
        try rewrite(path, what: "#\(item.handle)", followLink: true) { (bytes: [UInt8]) throws(TMinusError) -> [UInt8]? in
            do throws(TodoTxt.EditError) {
                switch op.kind {
                case .complete: return try TodoTxt.complete(bytes, id: item.id, source: source.name, on: sourcing.zone.local(now).date)
                case .reopen: return try TodoTxt.reopen(bytes, id: item.id, source: source.name)
                case .remove: return try TodoTxt.remove(bytes, id: item.id, source: source.name)
                case .update:
                    let out = try TodoTxt.update(bytes, id: item.id, source: source.name, from: item, to: op.to ?? item, zone: sourcing.zone)
                    // The line's new id: the line that is not in the old file's ids.
                    let before = Set(TodoTxt.parse(bytes, source: source.name).map(\.item.id))
                    newID = TodoTxt.parse(out, source: source.name).map(\.item.id).first { !before.contains($0) } ?? item.id
                    return out
                case .create:
                    let (out, id, added) = TodoTxt.append(bytes, item: item, created: sourcing.zone.local(now).date, zone: sourcing.zone, again: again)
                    newID = id
                    return added ? out : bytes
                }
            } catch {
                if case .notUTF8(let line) = error {
                    throw .failure("source \(source.name): line \(line) of \(path) is not UTF-8, and tminus does not re-encode it; change it in your editor (tminus can only mark it done or not)")
                }
                // Removed, or edited, already (made again after a kill, or by another program): done.
                if op.kind == .remove { return bytes }
                if op.kind == .update {
                    // The edited line has a new id (the text changed): found by its new text, it
                    // keeps the handle a kill before the record would have lost.
                    let edited = op.to ?? item
                    if let line = TodoTxt.parse(bytes, source: source.name).first(where: { $0.item.title == edited.title && $0.item.due == edited.due }) {
                        newID = line.item.id
                    }
                    return bytes
                }
                throw .failure("source \(source.name): \(path) no longer has the line of \(Validation.printable(item.title)); run tminus list and try again")
            }
        }
        return newID
    }
}
