import Glibc
import TMinusCore
import TMinusICal
import TMinusSystem

/// `vdir`: a folder of `.ics` files, one item each, or a folder of such collections: what
/// vdirsyncer syncs and khal and todoman read. Hidden files and names not ending in `.ics` are
/// not items; a collection's `color` file colours its items. Written back as the smallest edit of
/// the item's file (a new item: a new `UID.ics` in the configured collection).
enum VdirSource: SourceKindIO {
    /// A directory of `.ics` files (one item each), or a directory of such collections: what
    /// vdirsyncer syncs and khal and todoman read.
    static let kind = SourceConfig.Kind.vdir
    static let facts = SourceKindFacts(
        path: .folder, example: "~/.local/share/calendars/work", isWritable: true, isCalendar: true)

    static func read(
        _ source: SourceConfig, _ sourcing: Sourcing, now: Instant, origin: String?, into out: inout SourceRead
    ) throws(TMinusError) {
        _ = try read(source, sourcing, now: now, into: &out, deferring: false)
    }

    /// The read itself. `deferring`: the items of the files the cache kept stay in it (what the
    /// read took of them, the cache and the files read now are given back, `Deferral`).
    static func read(
        _ source: SourceConfig, _ sourcing: Sourcing, now: Instant, into out: inout SourceRead, deferring: Bool
    ) throws(TMinusError) -> Deferral? {
        let root = sourcing.path(source.path ?? "")
        out.watch = [SourceReader.watched(root)]
        guard FileIO.isDirectory(root) else {
            throw .failure(
                tr: "%s is not a folder; point \"path\" at the vdir (the folder vdirsyncer syncs)", "\(root)",
                path: root)
        }
        let collections = Vdir.collections(root)
        var calendar = CalendarReading(source, sourcing, now: now, into: out)
        // Each file's reading is kept by its stamp (CachedFiles): only files that changed, or whose
        // shown instance is over, are parsed again.
        var files = CachedFiles("vdir-", source, sourcing, now: now)
        // (Deferred: which of the cache's records the folder still has a file for.)
        var found = [Bool](repeating: false, count: deferring ? files.kept.records.count : 0)
        if deferring {
            files.defersItems = true
            calendar.keptUnique = files.kept.unique
            calendar.deferral = Deferral()
            calendar.deferral?.pieces.reserveCapacity(files.kept.entries.count)
        } else {
            calendar.out.items.reserveCapacity(files.kept.entries.count)
        }
        for collection in collections {
            let color = Vdir.color(collection)
            let prefix = collection == root ? "" : FileIO.baseName(of: collection) + "/"
            // Through links only the user or root own (FileIO.walk): a collection another user
            // turned into a link to the user's own folder is not read.
            let directory: Int32
            do throws(TMinusError) {
                directory = try FileIO.openTrustedFolder(collection)
            } catch {
                if collection != root { calendar.out.watch.append(SourceReader.watched(collection)) }
                calendar.report((prefix.isEmpty ? FileIO.baseName(of: collection) : prefix) + ": " + error.deferredText)
                continue
            }
            defer { close(directory) }
            // The folder opened is watched, listed and read (not its path again: a link swapped in
            // meanwhile would lend its target's stamp or names to this folder's reading).
            if collection != root {
                calendar.out.watch.append(
                    SourceReader.watched(collection, stamp: FileIO.stamp(ofOpened: directory)))
            }
            // (About as many as the cache had: room made for them at once.)
            let names = Vdir.itemList(opened: directory, expected: files.kept.records.count + 16)
            let prefixBytes = Array(prefix.utf8)
            for k in names.indices {
                // A file the cache kept is found and joins the source by its bytes (no String made
                // per file of ten thousand a sync left as they were); a file read has its name made.
                var record: Int?
                let kept = names.withName(k) { name, cName -> CachedFiles.Got? in
                    guard let stamp = FileStamp.lookup(in: directory, cName) else { return nil }
                    let index = prefixBytes.withUnsafeBufferPointer { files.kept.take($0, name) }
                    record = index
                    return files.keep(index, stamp: stamp, now: now)
                }
                if deferring, let record { found[record] = true }
                if case .kept(let index, let items)? = kept {
                    calendar.add(kept: index, of: files.kept, items: items, color: color)
                    continue
                }
                let name = names.string(k)
                let shown = prefix + name
                guard
                    let (got, _) = files.readFile(
                        directory, name, shown: shown, file: collection + "/" + name, record: record, limit: 16 << 20,
                        report: { calendar.report($0) }, parse: { calendar.parse($0, shown: shown) })
                else { continue }
                let first = calendar.out.items.count
                calendar.add(got, of: files, shown: shown, color: color)
                if deferring {
                    calendar.deferral?.files.append(
                        DeferredFile(
                            oldIDs: record.map { files.kept.openIDs($0) }, items: first..<calendar.out.items.count))
                }
            }
        }
        // (A UID found twice, in a file read now and a kept one, that the read did not record:
        // read again, whole.)
        let unrecorded = calendar.keptHoldsAReadID(files.kept)
        files.unique = !unrecorded && calendar.copies == 0
        files.finish(now: now)
        out = calendar.finish()
        guard var deferral = calendar.deferral, !unrecorded else { return nil }
        deferral.copies = calendar.copies
        deferral.cache = files.kept
        for i in found.indices where !found[i] { deferral.goneIDs += files.kept.openIDs(i) }
        return deferral
    }

    static func apply(_ op: PendingSourceChange, _ source: SourceConfig, _ sourcing: Sourcing, again: Bool)
        throws(TMinusError) -> String
    {
        let root = sourcing.path(source.path ?? "")
        let item = op.item
        let now = op.at
        if op.kind == .create {
            let collections = Vdir.collections(root)
            var folder = collections.first ?? root
            if let name = source.collection {
                guard let c = collections.first(where: { FileIO.baseName(of: $0) == name }) else {
                    throw .failure(
                        tr: "source %s: there is no collection '%s' in %s", "\(source.name)", "\(name)", "\(root)")
                }
                folder = c
            }
            guard FileIO.isDirectory(folder) else {
                throw .failure(tr: "source %s: %s is not a folder", "\(source.name)", "\(folder)", path: folder)
            }
            // The UID was chosen when the change was asked for: made again, it is the same file.
            let uid = item.id
            if locate(root, uid: uid, isEvent: item.isDeadline) != nil { return uid }
            // The folder is reached through links only the user or root own (FileIO.walk): a
            // collection another user swapped for a link to one of the user's folders is refused.
            let file = try FileIO.FolderFile(folder + "/" + uid + ".ics", followLink: false)
            defer { file.close() }
            _ = try file.create(ICalWriter.newFile(item, uid: uid, now: now))
            return uid
        }
        guard let file = locate(root, uid: item.id, isEvent: item.isDeadline) else {
            // Removed already (made again after a kill, or by another program): done.
            if op.kind == .remove { return item.id }
            throw .failure(
                tr: "source %s: no file in %s holds %s any more; run tminus list and try again", "\(source.name)",
                "\(root)", "\(Validation.printable(item.title))"
            )
        }
        try SourceWriter.rewrite(file, what: "#\(item.handle)") { (bytes: [UInt8]) throws(TMinusError) -> [UInt8]? in
            do throws(ICalWriteError) {
                switch op.kind {
                case .complete:
                    return try ICalWriter.apply(.complete(at: now), to: bytes, uid: item.id, isEvent: item.isDeadline)
                case .reopen:
                    return try ICalWriter.apply(.reopen(at: now), to: bytes, uid: item.id, isEvent: item.isDeadline)
                case .update:
                    return try ICalWriter.apply(
                        .update(from: item, to: op.to ?? item, at: now), to: bytes, uid: item.id,
                        isEvent: item.isDeadline)
                case .remove: return try ICalWriter.removing(bytes, uid: item.id)
                case .create: return bytes
                }
            } catch {
                throw error.refusal(item, in: "source \(source.name): \(file)")
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
            guard let bytes = try? FileIO.readTrusted(path, limit: 16 << 20), Bytes.contains(bytes, needle) else {
                return false
            }
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

    /// The vdir's folder and its collections (any `.ics` name, and new collections).
    static func watchTargets(_ source: SourceConfig, _ sourcing: Sourcing) -> [(directory: String, names: [String])] {
        let root = sourcing.path(source.path ?? "")
        var out: [(directory: String, names: [String])] = [(root, ["*"])]
        for entry in FileIO.entries(in: root) where entry.isDirectory && !entry.name.hasPrefix(".") {
            out.append((root + "/" + entry.name, ["*.ics", "color"]))
        }
        return out
    }

    static func refusal(_ field: SourceField, editing: Bool) -> String? {
        field == .remind && editing ? "of a calendar item is changed in your calendar app" : nil
    }
}

extension ICalWriteError {
    /// The one line a calendar change that could not be written gives (`holder`: where the item was).
    func refusal(_ item: Item, in holder: String) -> TMinusError {
        switch self {
        case .notFound:
            .failure(
                tr: "%s no longer holds %s; run tminus list and try again", "\(holder)",
                "\(Validation.printable(item.title))", cause: self)
        case .unsupported(let why):
            TMinusError(.usage, "#\(item.handle) \(Validation.printable(item.title)): \(why)", cause: self)
        }
    }
}
