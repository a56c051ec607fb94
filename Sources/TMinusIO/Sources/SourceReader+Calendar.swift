import Glibc
import TMinusCore
import TMinusICal

/// vdir and ics sources. A vdir (vdirsyncer's storage, read by khal and todoman) is a folder of
/// `.ics` files, one item each, or a folder of such collections; files that are hidden or do not
/// end in `.ics` (temp files, `color`, `displayname`) are not items. A collection's `color` file
/// colours its items. A UID found in two files is read from the first (by name) and reported.
extension SourceReader {
    struct CalendarEntry {
        var item: Item
        var entry: ICalRead.Entry
        /// The file it is in (absolute).
        var file: String
    }

    struct CalendarRead {
        var watch: [Summary.Source.Watched] = []
        var problems: [String] = []
        var entries: [CalendarEntry] = []
    }

    /// At most this many problems are kept per source (the count of the rest is said).
    static let maxProblems = 50

    static func readCalendar(_ source: SourceConfig, _ sourcing: Sourcing, now: Instant) throws(TMinusError) -> CalendarRead {
        let root = sourcing.path(source.path ?? "")
        let zones = ICalZones(local: sourcing.zone, system: sourcing.systemZone)
        let options = ICalOptions(now: now, hold: sourcing.hold, events: source.events, source: source.name)
        var out = CalendarRead()
        var more = 0
        func report(_ text: String) {
            if out.problems.count < maxProblems { out.problems.append(text) } else { more += 1 }
        }
        if source.kind == .ics {
            out.watch = [watched(root)]
            guard let bytes = try FileIO.read(root, limit: 64 << 20) else { throw .failure("\(root) does not exist; fix \"path\"") }
            let read = ICalRead.read(bytes, options: options, zones: zones, fallbackID: FileIO.baseName(of: root))
            for p in read.problems { report("\(FileIO.baseName(of: root)) \(p)") }
            out.entries = read.entries.map { CalendarEntry(item: $0.item, entry: $0, file: root) }
        } else {
            guard FileIO.isDirectory(root) else { throw .failure("\(root) is not a folder; point \"path\" at the vdir (the folder vdirsyncer syncs)") }
            let collections = Vdir.collections(root)
            out.watch = [watched(root)] + collections.filter { $0 != root }.map(watched)
            var seen: [String: String] = [:]
            for collection in collections {
                let color = Vdir.color(collection)
                let prefix = collection == root ? "" : FileIO.baseName(of: collection) + "/"
                for name in Vdir.itemNames(collection) {
                    let file = collection + "/" + name
                    let shown = prefix + name
                    let bytes: [UInt8]
                    do throws(TMinusError) {
                        guard let b = try FileIO.read(file, limit: 16 << 20) else { continue }
                        bytes = b
                    } catch {
                        report("\(shown): \(error.description)")
                        continue
                    }
                    let read = ICalRead.read(bytes, options: options, zones: zones, fallbackID: shown)
                    for p in read.problems { report("\(shown) \(p)") }
                    for var e in read.entries {
                        let key = (e.isEvent ? "e:" : "t:") + e.item.id
                        if let first = seen[key] {
                            report("\(shown): UID \(Validation.printable(e.item.id)) is also in \(first); this copy is skipped")
                            continue
                        }
                        seen[key] = shown
                        if e.item.color == nil { e.item.color = color }
                        out.entries.append(CalendarEntry(item: e.item, entry: e, file: file))
                    }
                }
            }
        }
        if more > 0 { out.problems.append("… and \(more) more") }
        return out
    }
}

/// The layout of a vdir (vdirsyncer's `docs/vdir.rst`).
enum Vdir {
    /// The collections under `root`: `root` itself when it holds `.ics` files (or nothing at all),
    /// else its folders that are not hidden, by name.
    static func collections(_ root: String) -> [String] {
        let entries = FileIO.entries(in: root)
        if entries.contains(where: { !$0.isDirectory && isItemName($0.name) }) { return [root] }
        let folders = entries.filter { $0.isDirectory && !$0.name.hasPrefix(".") }.map { root + "/" + $0.name }.sorted()
        return folders.isEmpty ? [root] : folders
    }

    /// The item files of a collection, by name (temp files a killed tminus left are removed).
    static func itemNames(_ collection: String) -> [String] {
        let entries = FileIO.entries(in: collection)
        SourceWriter.removeDeadTemps(in: collection, names: entries.filter { !$0.isDirectory && $0.name.hasSuffix(".tmp") }.map(\.name))
        return entries.filter { !$0.isDirectory && isItemName($0.name) }.map(\.name).sorted()
    }

    static func isItemName(_ name: String) -> Bool { name.hasSuffix(".ics") && !name.hasPrefix(".") && name.count > 4 }

    /// The collection's `color` file (`#RRGGBB`, or `#RRGGBBAA` as some servers write), lower-case.
    static func color(_ collection: String) -> String? {
        guard let bytes = try? FileIO.read(collection + "/color", limit: 64) else { return nil }
        let text = String(decoding: bytes.prefix(7), as: UTF8.self).lowercased()
        return ColorText.isValid(text) ? text : nil
    }
}
