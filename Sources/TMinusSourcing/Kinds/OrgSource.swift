import Glibc
import TMinusCore
import TMinusSources
import TMinusSystem

/// `org`: an Org mode file, or a folder of `.org` files (hidden ones and subfolders left out):
/// headings with TODO keywords, their `DEADLINE:`/`SCHEDULED:` stamps, and events (`OrgFile`).
/// Written back as Emacs's Org writes `done` (a repeater moves the stamp), entry by entry, every
/// other byte kept; the configured path may be a link, followed to what it names.
enum OrgSource: SourceKindIO {
    /// An Org mode file, or a folder of `.org` files.
    static let kind = SourceConfig.Kind.org
    static let facts = SourceKindFacts(
        path: .fileOrFolder, example: "~/org/todo.org", isWritable: true, isCalendar: false)

    /// Each file's size limit in a folder (a file source: todo.txt's 64 MB).
    static let fileLimit = 16 << 20

    static func read(
        _ source: SourceConfig, _ sourcing: Sourcing, now: Instant, origin: String?, into out: inout SourceRead
    ) throws(TMinusError) {
        let root = sourcing.path(source.path ?? "")
        guard FileIO.isDirectory(root) else {
            let (_, bytes) = try readFile(
                source, sourcing, into: &out, missing: N_("%s does not exist; create it or fix \"path\""))
            let file = parse(bytes, file: "", source, sourcing, now: now)
            out.items = file.entries.compactMap(\.item)
            out.leftOut = file.leftOut
            out.refresh = file.expires
            return
        }
        out.watch = [SourceReader.watched(root)]
        let directory = try FileIO.openTrustedFolder(root)
        defer { close(directory) }
        // The folder opened is watched and listed, not its path again (docs/security.md).
        out.watch = [SourceReader.watched(root, stamp: FileIO.stamp(ofOpened: directory))]
        var reading = CalendarReading(source, sourcing, now: now, into: out)
        // Each file's reading is kept by its stamp (CachedFiles): only files that changed are
        // parsed again; each keeps its `maxItems` nearest, the source the nearest of all.
        var cached = CachedFiles("org-", source, sourcing, now: now)
        var watch: [Summary.Source.Watched] = []
        for name in CachedFiles.bounded(files(FileIO.entries(inOpened: directory)), report: { reading.report($0) }) {
            // (Emacs saves a file in place after its first save, which leaves the folder as it was.)
            cached.add(
                directory, name, shown: name, root: root, limit: fileLimit, now: now, to: &reading, watch: &watch,
                parse: { parse($0, file: name, source, sourcing, now: now) })
        }
        cached.finish(now: now)
        out = reading.finish()
        out.watch += watch
    }

    /// A file's reading: its open entries nearest now (at most the source's `maxItems`); an event
    /// is read again when its shown instance is over (a repeating one shows the next).
    static func parse(_ bytes: [UInt8], file: String, _ source: SourceConfig, _ sourcing: Sourcing, now: Instant)
        -> CalendarFile
    {
        let (items, leftOut) = OrgFile.nearest(
            bytes, source: source.name, file: file, limit: source.maxItems, now: now, zone: sourcing.zone)
        return CalendarFile(
            entries: items.map {
                CalendarFile.Entry(id: $0.id, isEvent: false, item: $0, expires: $0.end.flatMap { $0 > now ? $0 : nil })
            }, problems: [], leftOut: leftOut)
    }

    /// A folder's `.org` files, by name (hidden ones left out).
    static func files(_ root: String) -> [String] { files(FileIO.entries(in: root)) }

    /// The Org files among a folder's entries, by name.
    static func files(_ entries: [(name: String, isDirectory: Bool)]) -> [String] {
        entries.filter { !$0.isDirectory && !$0.name.hasPrefix(".") && $0.name.hasSuffix(".org") }.map(\.name).sorted()
    }

    /// The file that holds `id` (the source's own file, or the folder's file whose entry has it).
    static func file(of id: String, _ source: SourceConfig, _ sourcing: Sourcing, now: Instant) -> (String, String)? {
        let root = sourcing.path(source.path ?? "")
        guard FileIO.isDirectory(root) else { return (root, "") }
        for name in files(root) {
            guard let bytes = try? FileIO.readTrusted(root + "/" + name, limit: fileLimit),
                OrgFile.parse(bytes, source: source.name, file: name, zone: sourcing.zone, now: now).contains(where: {
                    $0.item.id == id
                })
            else { continue }
            return (root + "/" + name, name)
        }
        return nil
    }

    static func apply(_ op: PendingSourceChange, _ source: SourceConfig, _ sourcing: Sourcing, again: Bool)
        throws(TMinusError) -> String
    {
        let now = op.at, zone = sourcing.zone
        let item = op.item
        let root = sourcing.path(source.path ?? "")
        if op.kind == .create { return try create(item, source, sourcing, now: now, again: again) }
        guard let (path, file) = file(of: item.id, source, sourcing, now: now) else {
            if op.kind == .remove { return item.id }
            throw .failure(
                tr: "source %s: no file in %s has %s any more; run tminus list and try again", "\(source.name)",
                "\(root)", "\(Validation.printable(item.title))"
            )
        }
        func parse(_ bytes: [UInt8]) -> [OrgFile.Entry] {
            OrgFile.parse(bytes, source: source.name, file: file, zone: zone, now: now)
        }
        let edits = TextEdits<TodoTxt.EditError>(
            complete: { (bytes: [UInt8]) throws(TodoTxt.EditError) in
                try OrgFile.complete(bytes, id: item.id, source: source.name, file: file, zone: zone, now: now)
            },
            reopen: { (bytes: [UInt8]) throws(TodoTxt.EditError) in
                try OrgFile.reopen(bytes, id: item.id, source: source.name, file: file, zone: zone, now: now)
            },
            remove: { (bytes: [UInt8]) throws(TodoTxt.EditError) in
                try OrgFile.remove(bytes, id: item.id, source: source.name, file: file, zone: zone, now: now)
            },
            update: { (bytes: [UInt8]) throws(TodoTxt.EditError) in
                try OrgFile.update(
                    bytes, id: item.id, source: source.name, file: file, from: item, to: op.to ?? item, zone: zone,
                    now: now)
            },
            entries: { parse($0).map(\.item) })
        return try rewriteEntry(
            op, source, path: path, followLink: true, edits: edits,
            notUTF8: N_(
                "source %s: the entry at line %s of %s is not UTF-8, and tminus does not re-encode it; change it in Emacs"
            ),
            gone: N_("source %s: %s no longer has the entry of %s; run tminus list and try again")
        ) { (bytes: [UInt8]) throws(TMinusError) in
            // An event (a heading with a stamp and no keyword) has no state to change.
            if op.kind == .complete || op.kind == .reopen,
                parse(bytes).first(where: { $0.item.id == item.id })?.heading.keyword == nil
            {
                throw .usage(
                    tr:
                        "#%s %s is an Org event (a heading without a TODO keyword): it cannot be done; it leaves the bar when it is over",
                    "\(item.handle)", "\(Validation.printable(item.title))"
                )
            }
        }
    }

    /// A new entry at the end of the file, or of the folder's file named by `note` (made when
    /// missing), under the configured `heading` if there is one.
    static func create(_ item: Item, _ source: SourceConfig, _ sourcing: Sourcing, now: Instant, again: Bool)
        throws(TMinusError) -> String
    {
        var path = sourcing.path(source.path ?? ""), file = ""
        if FileIO.isDirectory(path) {
            guard let note = source.note else {
                throw .usage(
                    tr:
                        "source %s is a folder of Org files; name the file new entries go to with \"note\": \"inbox.org\" in its config entry",
                    "\(source.name)"
                )
            }
            guard !note.contains("/"), !note.hasPrefix("."), note.hasSuffix(".org") else {
                throw .usage(
                    tr: "source %s: \"note\" must name an .org file in the folder, e.g. \"inbox.org\"", "\(source.name)"
                )
            }
            path += "/" + note
            file = note
            if !FileIO.exists(path) {
                let (bytes, id, _) = OrgFile.append(
                    [], item: item, file: file, under: source.heading, zone: sourcing.zone, now: now)
                let created = try FileIO.FolderFile(path, followLink: false)
                defer { created.close() }
                if try created.create(bytes) { return id }
            }
        }
        var newID = item.id
        try SourceWriter.rewrite(path, what: Validation.printable(item.title), followLink: true) {
            (bytes: [UInt8]) throws(TMinusError) -> [UInt8]? in
            let (out, id, added) = OrgFile.append(
                bytes, item: item, file: file, under: source.heading, zone: sourcing.zone, now: now, again: again)
            newID = id
            return added ? out : bytes
        }
        return newID
    }

    static func watchTargets(_ source: SourceConfig, _ sourcing: Sourcing) -> [(directory: String, names: [String])] {
        let root = sourcing.path(source.path ?? "")
        return FileIO.isDirectory(root) ? [(root, ["*.org"])] : fileTargets(source, sourcing)
    }

    static func refusal(_ field: SourceField, editing: Bool) -> String? {
        switch field {
        case .note: editing ? "of an Org entry is its body; change it in Emacs" : nil
        case .remind: "cannot be kept in Org (a deadline's warning period, -3d, is its reminder; set it in Emacs)"
        case .timeOfDay, .deadline: nil
        }
    }
}
