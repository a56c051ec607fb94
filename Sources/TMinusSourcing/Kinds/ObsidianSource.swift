import Glibc
import TMinusCore
import TMinusSources
import TMinusSystem

/// `obsidian`: an Obsidian vault, its `.md` notes in every folder but hidden ones (`.obsidian`,
/// `.trash`, `.git`), with the Tasks plugin's task lines (`ObsidianTasks`). Links to folders are
/// not followed (a vault's links may loop or leave it); a note that is a link is read when the
/// user or root owns it (FileIO.walk), never written. Each note's reading is kept by its stamp
/// (the vdir's file cache): a vault read again parses only the notes that changed. Written back
/// line by line, every other byte of the note kept; new tasks go to the configured `note` or
/// today's daily note (`YYYY-MM-DD.md` at the vault's top).
enum ObsidianSource: SourceKindIO {
    /// An Obsidian vault's notes, with the Tasks plugin's task lines.
    static let kind = SourceConfig.Kind.obsidian
    static let facts = SourceKindFacts(path: .folder, example: "~/Notes", isWritable: true, isCalendar: false)

    /// At most this many notes and folders are read, this deep (a vault past them says so).
    static let maxNotes = CachedFiles.maxFiles
    static let maxFolders = 5_000
    static let maxDepth = 32
    /// A note larger than this is not read (as a calendar file).
    static let maxNoteBytes = 16 << 20

    /// The vault's folders (relative to its top, "" the top itself) and notes, by name, and
    /// what was left out.
    struct Layout {
        var folders: [String] = []
        /// Each folder's stamp, of the folder opened and listed (nil: it could not be opened).
        var stamps: [FileStamp?] = []
        var notes: [(folder: Int, name: String)] = []
        var problems: [String] = []

        func relative(_ note: (folder: Int, name: String)) -> String {
            folders[note.folder].isEmpty ? note.name : folders[note.folder] + "/" + note.name
        }
    }

    /// The vault's layout; `visit` is given each note listed (its folder relative to the top, and
    /// its name) with the folder it was listed through, open only during the call: a reading
    /// reads the notes of the folder it stamped.
    static func layout(
        _ root: String, visit: (_ directory: Int32, _ folder: String, _ name: String) -> Void = { _, _, _ in }
    ) -> Layout {
        var layout = Layout()
        var queue: [(String, Int)] = [("", 0)]
        var next = 0
        while next < queue.count {
            let (folder, depth) = queue[next]
            next += 1
            layout.folders.append(folder)
            let index = layout.folders.count - 1
            let path = folder.isEmpty ? root : root + "/" + folder
            // Listed (and stamped, and cleaned of a killed tminus's temps) through the folder
            // opened by the trusted walk, not by its path again (docs/security.md).
            let directory: Int32
            do throws(TMinusError) {
                directory = try FileIO.openTrustedFolder(path)
            } catch {
                layout.stamps.append(nil)
                layout.problems.append(folder.isEmpty ? error.deferredText : folder + ": " + error.deferredText)
                continue
            }
            defer { close(directory) }
            layout.stamps.append(FileIO.stamp(ofOpened: directory))
            var names: [String] = [], subfolders: [String] = [], temps: [String] = []
            FileIO.forEachEntry(inOpened: directory) { name, type in
                if name.hasPrefix(".") {
                    if name.hasSuffix(".tmp") { temps.append(name) }
                    return
                }
                var type = type
                if type == UInt8(DT_UNKNOWN) {
                    var st = stat()
                    guard fstatat(directory, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { return }
                    type = (st.st_mode & S_IFMT) == S_IFDIR ? UInt8(DT_DIR) : UInt8(DT_REG)
                }
                if type == UInt8(DT_DIR) {
                    subfolders.append(name)
                } else if name.hasSuffix(".md"), type == UInt8(DT_REG) || type == UInt8(DT_LNK) {
                    names.append(name)
                }
            }
            SourceWriter.removeDeadTemps(inOpened: directory, names: temps)
            for name in Vdir.sortedByBytes(names) {
                guard layout.notes.count < maxNotes else {
                    layout.problems.append(
                        deferred(
                            "has more than %s notes; the rest are not read (point \"path\" at a smaller folder)",
                            String(maxNotes)))
                    return layout
                }
                layout.notes.append((index, name))
                visit(directory, folder, name)
            }
            for name in Vdir.sortedByBytes(subfolders) {
                let sub = folder.isEmpty ? name : folder + "/" + name
                if depth + 1 > maxDepth {
                    layout.problems.append(sub + deferred(": folders deeper than %s are not read", String(maxDepth)))
                } else if queue.count >= maxFolders {
                    layout.problems.append(
                        deferred("has more than %s folders; the rest are not read", String(maxFolders)))
                    return layout
                } else {
                    queue.append((sub, depth + 1))
                }
            }
        }
        return layout
    }

    static func read(
        _ source: SourceConfig, _ sourcing: Sourcing, now: Instant, origin: String?, into out: inout SourceRead
    ) throws(TMinusError) {
        let root = sourcing.path(source.path ?? "")
        out.watch = [SourceReader.watched(root)]
        guard FileIO.isDirectory(root) else {
            throw .failure(
                tr: "%s is not a folder; point \"path\" at the Obsidian vault (the folder that holds .obsidian)",
                "\(root)", path: root)
        }
        // Each note's reading is kept by its stamp (CachedFiles): only notes that changed are
        // parsed again. Each folder's notes are read through the folder opened and listed, whose
        // stamp is watched (docs/security.md).
        var reading = CalendarReading(source, sourcing, now: now, into: out)
        var files = CachedFiles("obsidian-", source, sourcing, now: now)
        var watch: [Summary.Source.Watched] = []
        let layout = layout(root) { directory, folder, name in
            let shown = folder.isEmpty ? name : folder + "/" + name
            // (Obsidian saves a note in place, which leaves its folder's stamp as it was.)
            files.add(
                directory, name, shown: shown, root: root, limit: maxNoteBytes, now: now, to: &reading,
                watch: &watch, parse: { parse($0, note: shown, source: source, sourcing, now: now) })
        }
        for p in layout.problems { reading.report(p) }
        files.finish(now: now)
        out = reading.finish()
        // (A folder that could not be opened is watched by its path, as before it was read.)
        out.watch =
            zip(layout.folders, layout.stamps).map { folder, stamp in
                let path = folder.isEmpty ? root : root + "/" + folder
                return stamp.map { SourceReader.watched(path, stamp: $0) } ?? SourceReader.watched(path)
            } + watch
    }

    /// A note's reading: its open tasks nearest now (at most the source's `maxItems`), and a
    /// closed entry when it has tasks but none open (so that it is watched).
    static func parse(_ bytes: [UInt8], note: String, source: SourceConfig, _ sourcing: Sourcing, now: Instant)
        -> CalendarFile
    {
        let (items, leftOut, tasks) = ObsidianTasks.nearest(
            bytes, note: note, source: source.name, limit: source.maxItems, now: now, zone: sourcing.zone)
        var entries = items.map { CalendarFile.Entry(id: $0.id, isEvent: false, item: $0, expires: nil) }
        if entries.isEmpty && tasks > 0 {
            entries.append(
                CalendarFile.Entry(
                    id: "md-" + ObsidianTasks.noteHash(note) + "-closed", isEvent: false, item: nil, expires: nil))
        }
        return CalendarFile(entries: entries, problems: [], leftOut: leftOut)
    }

    static func apply(_ op: PendingSourceChange, _ source: SourceConfig, _ sourcing: Sourcing, again: Bool)
        throws(TMinusError) -> String
    {
        let root = sourcing.path(source.path ?? "")
        let item = op.item
        let today = sourcing.zone.local(op.at).date
        guard FileIO.isDirectory(root) else {
            throw .failure(
                tr: "source %s: %s is not a folder; point \"path\" at the Obsidian vault", "\(source.name)", "\(root)",
                path: root)
        }
        if op.kind == .create { return try create(item, in: root, source, sourcing, today: today, again: again) }
        let layout = layout(root)
        guard let hash = ObsidianTasks.noteHash(ofID: item.id),
            let note = layout.notes.first(where: { ObsidianTasks.noteHash(layout.relative($0)) == hash })
        else {
            // Removed already (made again after a kill, or by another program): done.
            if op.kind == .remove { return item.id }
            throw .failure(
                tr: "source %s: no note in %s holds %s any more; run tminus list and try again", "\(source.name)",
                "\(root)", "\(Validation.printable(item.title))"
            )
        }
        let shown = layout.relative(note)
        let path = root + "/" + shown
        let edits = TextEdits<ObsidianTasks.EditError>(
            complete: { (bytes: [UInt8]) throws(ObsidianTasks.EditError) in
                try ObsidianTasks.complete(bytes, note: shown, id: item.id, source: source.name, on: today)
            },
            reopen: { (bytes: [UInt8]) throws(ObsidianTasks.EditError) in
                try ObsidianTasks.reopen(bytes, note: shown, id: item.id, source: source.name)
            },
            remove: { (bytes: [UInt8]) throws(ObsidianTasks.EditError) in
                try ObsidianTasks.remove(bytes, note: shown, id: item.id, source: source.name)
            },
            update: { (bytes: [UInt8]) throws(ObsidianTasks.EditError) in
                try ObsidianTasks.update(
                    bytes, note: shown, id: item.id, source: source.name, from: item, to: op.to ?? item,
                    zone: sourcing.zone)
            },
            entries: { ObsidianTasks.parse($0, note: shown, source: source.name).map(\.item) })
        return try rewriteEntry(
            op, source, path: path, edits: edits,
            notUTF8: N_(
                "source %s: line %s of %s is not UTF-8, and tminus does not re-encode it; change it in your editor"),
            gone: N_("source %s: %s no longer has the task %s; run tminus list and try again"))
    }

    /// A new task at the end of the configured note, or of today's daily note (made when missing).
    static func create(
        _ item: Item, in root: String, _ source: SourceConfig, _ sourcing: Sourcing, today: CivilDate, again: Bool
    ) throws(TMinusError) -> String {
        let note = source.note ?? dailyNote(root, today)
        guard !note.hasPrefix("/"), !note.split(separator: "/").contains(where: { $0 == ".." || $0.hasPrefix(".") }),
            note.hasSuffix(".md")
        else {
            throw .usage(
                tr:
                    "source %s: \"note\" must name a .md note inside the vault, e.g. \"Tasks.md\" or \"Inbox/Tasks.md\"",
                "\(source.name)"
            )
        }
        let path = root + "/" + note
        guard FileIO.isDirectory(FileIO.directory(of: path)) else {
            throw .failure(
                tr: "source %s: %s does not exist; make the folder or fix \"note\"", "\(source.name)",
                "\(FileIO.directory(of: path))", path: FileIO.directory(of: path))
        }
        var id = ""
        if !FileIO.exists(path) {
            let (bytes, newID, _) = ObsidianTasks.append([], note: note, item: item, zone: sourcing.zone)
            let file = try FileIO.FolderFile(path, followLink: false)
            defer { file.close() }
            if try file.create(bytes) { return newID }
        }
        try SourceWriter.rewrite(path, what: Validation.printable(item.title)) {
            (bytes: [UInt8]) throws(TMinusError) -> [UInt8]? in
            let (out, newID, added) = ObsidianTasks.append(
                bytes, note: note, item: item, zone: sourcing.zone, again: again)
            id = newID
            return added ? out : bytes
        }
        return id
    }

    /// Today's daily note where Obsidian's Daily notes plugin makes it: its settings
    /// (`.obsidian/daily-notes.json`) name the folder and the date format; formats of `YYYY`,
    /// `MM`, `DD` and separators are followed, any other falls back to `YYYY-MM-DD` (the plugin's
    /// default) in that folder.
    static func dailyNote(_ root: String, _ today: CivilDate) -> String {
        var folder = "", name = today.description
        if let bytes = try? FileIO.readTrusted(root + "/.obsidian/daily-notes.json", limit: 64 << 10),
            let settings = try? JSONParser.parse(bytes)
        {
            let f = Validation.trimmedText(settings["folder"]?.stringValue ?? "")
                .split(separator: "/").filter { !$0.isEmpty }.joined(separator: "/")
            if !f.isEmpty, !f.split(separator: "/").contains(where: { $0 == ".." || $0.hasPrefix(".") }) {
                folder = f + "/"
            }
            if let format = settings["format"]?.stringValue, !format.isEmpty {
                var out = "", rest = Substring(format)
                while !rest.isEmpty {
                    if rest.hasPrefix("YYYY") {
                        out += pad(today.year, 4)
                        rest = rest.dropFirst(4)
                    } else if rest.hasPrefix("MM") {
                        out += pad(today.month, 2)
                        rest = rest.dropFirst(2)
                    } else if rest.hasPrefix("DD") {
                        out += pad(today.day, 2)
                        rest = rest.dropFirst(2)
                    } else if let c = rest.first, "-_. ".contains(c) {
                        out.append(c)
                        rest = rest.dropFirst()
                    } else {
                        out = today.description
                        break
                    }
                }
                name = out
            }
        }
        return folder + name + ".md"
    }

    /// The vault's top and every folder in it (any `.md` name), as read.
    static func watchTargets(_ source: SourceConfig, _ sourcing: Sourcing) -> [(directory: String, names: [String])] {
        let root = sourcing.path(source.path ?? "")
        let layout = layout(root)
        return layout.folders.map { ($0.isEmpty ? root : root + "/" + $0, ["*"]) }
    }

    static func refusal(_ field: SourceField, editing: Bool) -> String? {
        switch field {
        case .note: "cannot be kept in a task line (one line per task)"
        case .remind: "cannot be kept in a task line"
        case .timeOfDay:
            "the Tasks plugin keeps a due day, not a time (📅 YYYY-MM-DD); give a day such as --due 2026-12-01 or --due tomorrow"
        case .deadline: "cannot be kept there (it holds tasks)"
        }
    }
}
