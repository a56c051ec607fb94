import Glibc
import TMinusCore
import TMinusICal

/// What the calendar kinds (vdir, ics) share: each file read with the source's options, its
/// problems kept (at most `maxProblems`, then a count), a UID found twice read from the first
/// file, and the time the source must be read again (an open event's instance is over).
struct CalendarReading {
    /// At most this many problems are kept per source (the count of the rest is said).
    static let maxProblems = 50

    let zones: ICalZones
    let options: ICalOptions
    var out = SourceRead()
    var more = 0
    var seen: [String: String] = [:]

    init(_ source: SourceConfig, _ sourcing: Sourcing, now: Instant, into out: SourceRead) {
        zones = ICalZones(local: sourcing.zone, system: sourcing.systemZone)
        var options = ICalOptions(now: now, hold: sourcing.hold, events: source.events, source: source.name)
        options.me = source.me
        options.declined = source.declined
        options.invited = source.invited
        self.options = options
        self.out = out
    }

    mutating func report(_ text: String) {
        if out.problems.count < Self.maxProblems { out.problems.append(text) } else { more += 1 }
    }

    /// One file's items (`shown`: its name in messages; `color`: its collection's).
    mutating func add(_ bytes: [UInt8], shown: String, file: String, color: String? = nil) {
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
            out.items.append(e.item)
            if e.item.isOpen, let expires = e.expires { out.refresh = min(out.refresh ?? expires, expires) }
        }
    }

    mutating func finish() -> SourceRead {
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
