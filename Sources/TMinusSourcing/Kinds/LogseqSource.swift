import Glibc
import TMinusCore
import TMinusSources
import TMinusSystem

/// `logseq`: a Logseq graph's folder, its `journals/` and `pages/` Markdown files (`Logseq`).
/// Written back as Logseq writes a task, block by block, every other byte kept; new tasks go
/// to today's journal (`journals/2026_11_27.md`, made when it is not there yet).
enum LogseqSource: SourceKindIO {
    /// A Logseq graph's folder (`journals/`, `pages/`).
    static let kind = SourceConfig.Kind.logseq
    static let facts = SourceKindFacts(path: .folder, example: "~/logseq", isWritable: true, isCalendar: false)

    static func read(
        _ source: SourceConfig, _ sourcing: Sourcing, now: Instant, origin: String?, into out: inout SourceRead
    ) throws(TMinusError) {
        let root = sourcing.path(source.path ?? "")
        out.watch = [SourceReader.watched(root)]
        guard FileIO.isDirectory(root) else {
            throw .failure(
                tr: "%s is not a folder; point \"path\" at the Logseq graph (the folder with journals/ and pages/)",
                "\(root)", path: root)
        }
        var reading = CalendarReading(source, sourcing, now: now, into: out)
        // Each page's reading is kept by its stamp (CachedFiles): only pages that changed are
        // parsed again; each keeps its `maxItems` nearest, the source the nearest of all.
        var cached = CachedFiles("logseq-", source, sourcing, now: now)
        var watch: [Summary.Source.Watched] = []
        for folder in folders {
            let path = root + "/" + folder
            reading.out.watch.append(SourceReader.watched(path))
            guard FileIO.isDirectory(path) else { continue }
            let directory: Int32
            do throws(TMinusError) {
                directory = try FileIO.openTrustedFolder(path)
            } catch {
                reading.report(folder + ": " + error.deferredText)
                continue
            }
            defer { close(directory) }
            // The folder opened is watched and listed, not its path again (docs/security.md).
            reading.out.watch[reading.out.watch.count - 1] = SourceReader.watched(
                path, stamp: FileIO.stamp(ofOpened: directory))
            let listed = names(FileIO.entries(inOpened: directory))
            for name in CachedFiles.bounded(listed, report: { reading.report("\(folder) \($0)") }) {
                let shown = folder + "/" + name
                // (Logseq saves a page in place, which leaves its folder as it was.)
                cached.add(
                    directory, name, shown: shown, root: root, limit: OrgSource.fileLimit, now: now, to: &reading,
                    watch: &watch, parse: { parse($0, file: shown, source, sourcing, now: now) })
            }
        }
        cached.finish(now: now)
        out = reading.finish()
        out.watch += watch
    }

    /// A page's reading: its open tasks nearest now, at most the source's `maxItems`.
    static func parse(_ bytes: [UInt8], file: String, _ source: SourceConfig, _ sourcing: Sourcing, now: Instant)
        -> CalendarFile
    {
        var nearest = NearestKept<Item>(limit: source.maxItems)
        Logseq.forEachEntry(bytes, source: source.name, file: file, zone: sourcing.zone) { entry in
            guard entry.item.isOpen else { return }
            nearest.add(entry.item, Nearness(entry.item, now: now, zone: sourcing.zone))
        }
        return CalendarFile(
            entries: nearest.kept().map { CalendarFile.Entry(id: $0.id, isEvent: false, item: $0, expires: nil) },
            problems: [], leftOut: nearest.leftOut)
    }

    /// The folders of a graph that hold its pages.
    static let folders = ["journals", "pages"]

    /// A folder's Markdown pages, by name (hidden ones left out).
    static func names(in folder: String) -> [String] { names(FileIO.entries(in: folder)) }

    /// The Markdown pages among a folder's entries, by name.
    static func names(_ entries: [(name: String, isDirectory: Bool)]) -> [String] {
        Vdir.sortedByBytes(
            entries.filter { !$0.isDirectory && !$0.name.hasPrefix(".") && $0.name.hasSuffix(".md") }.map(\.name))
    }

    /// The graph's pages and journals (`journals/NAME.md`, `pages/NAME.md`; hidden ones left out).
    static func files(_ root: String) -> [String] {
        folders.flatMap { folder in names(in: root + "/" + folder).map { folder + "/" + $0 } }
    }

    /// The marker of a new or reopened task: TODO when the graph's config.edn prefers it, else LATER
    /// (Logseq's default workflow).
    static func openMarker(_ root: String) -> String {
        guard let bytes = try? FileIO.readTrusted(root + "/logseq/config.edn", limit: 1 << 20) else { return "LATER" }
        let text = String(decoding: bytes, as: UTF8.self)
        for line in text.split(separator: "\n") where !line.drop(while: { $0 == " " }).hasPrefix(";") {
            if line.contains(":preferred-workflow"), line.contains(":todo") { return "TODO" }
        }
        return "LATER"
    }

    static func apply(_ op: PendingSourceChange, _ source: SourceConfig, _ sourcing: Sourcing, again: Bool)
        throws(TMinusError) -> String
    {
        let now = op.at, zone = sourcing.zone
        let item = op.item
        let root = sourcing.path(source.path ?? "")
        if op.kind == .create {
            let day = zone.local(now).date
            let file = "journals/\(pad(day.year, 4))_\(pad(day.month, 2))_\(pad(day.day, 2)).md"
            let path = root + "/" + file
            if !FileIO.isDirectory(root + "/journals") {
                throw .failure(
                    tr: "source %s: %s/journals is not a folder; is %s a Logseq graph?", "\(source.name)", "\(root)",
                    "\(root)", path: root + "/journals")
            }
            if FileStamp.of(path) == nil {
                let (bytes, id, _) = Logseq.append(
                    [], item: item, file: file, zone: zone, marker: openMarker(root), again: false)
                let created = try FileIO.FolderFile(path, followLink: false)
                defer { created.close() }
                if try created.create(bytes) { return id }
            }
            var newID = item.id
            try SourceWriter.rewrite(path, what: "the new task") { (bytes: [UInt8]) throws(TMinusError) -> [UInt8]? in
                let (out, id, added) = Logseq.append(
                    bytes, item: item, file: file, zone: zone, marker: openMarker(root), again: again)
                newID = id
                return added ? out : bytes
            }
            return newID
        }
        let file = files(root).first { file in
            guard let bytes = try? FileIO.readTrusted(root + "/" + file, limit: OrgSource.fileLimit) else {
                return false
            }
            return Logseq.parse(bytes, source: source.name, file: file, zone: zone).contains { $0.item.id == item.id }
        }
        guard let file else {
            if op.kind == .remove { return item.id }
            throw .failure(
                tr: "source %s: no page of %s has %s any more; run tminus list and try again", "\(source.name)",
                "\(root)", "\(Validation.printable(item.title))"
            )
        }
        let path = root + "/" + file
        let edits = TextEdits<TodoTxt.EditError>(
            complete: { (bytes: [UInt8]) throws(TodoTxt.EditError) in
                try Logseq.complete(bytes, id: item.id, source: source.name, file: file, zone: zone, now: now)
            },
            reopen: { (bytes: [UInt8]) throws(TodoTxt.EditError) in
                try Logseq.reopen(
                    bytes, id: item.id, source: source.name, file: file, zone: zone, open: openMarker(root))
            },
            remove: { (bytes: [UInt8]) throws(TodoTxt.EditError) in
                try Logseq.remove(bytes, id: item.id, source: source.name, file: file, zone: zone)
            },
            update: { (bytes: [UInt8]) throws(TodoTxt.EditError) in
                try Logseq.update(
                    bytes, id: item.id, source: source.name, file: file, from: item, to: op.to ?? item, zone: zone)
            },
            entries: { Logseq.parse($0, source: source.name, file: file, zone: zone).map(\.item) })
        // (An edit made already is found by its new text, as for the other kinds.)
        return try rewriteEntry(
            op, source, path: path, edits: edits,
            notUTF8: N_(
                "source %s: the block at line %s of %s is not UTF-8, and tminus does not re-encode it; change it in Logseq"
            ),
            gone: "")
    }

    static func watchTargets(_ source: SourceConfig, _ sourcing: Sourcing) -> [(directory: String, names: [String])] {
        let root = sourcing.path(source.path ?? "")
        return [(root, ["journals", "pages"]), (root + "/journals", ["*.md"]), (root + "/pages", ["*.md"])]
    }

    static func refusal(_ field: SourceField, editing: Bool) -> String? {
        switch field {
        case .note: "of a Logseq task is its block's lines; write it in Logseq"
        case .remind: "cannot be kept in Logseq"
        case .timeOfDay, .deadline: nil
        }
    }
}
