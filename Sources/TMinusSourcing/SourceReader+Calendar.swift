import Glibc
import TMinusCore
import TMinusICal
import TMinusSystem

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
    /// Where each UID was first read.
    var firsts = FirstFiles()
    /// Set for a read that leaves the kept files' items in the cache (`SourceReader.readDeferred`):
    /// each open item the source takes is then a piece, in the source's order.
    var deferral: Deferral?
    /// How many UIDs were found again in a later file (each such copy skipped).
    var copies = 0
    /// The kept records hold no UID twice (`VdirCache.unique`), and only a few files are read
    /// now (a sync): the kept records' UIDs are not recorded one by one (ten thousand hashed),
    /// and the UIDs of the files read now are checked against them at the end (`keptHoldsAReadID`).
    var keptUnique = false
    /// (`keptUnique`) The records kept, and the UIDs of the files read now.
    private var keptRecords: [Int] = []
    private var readIDs: [(id: ArraySlice<UInt8>, isEvent: Bool)] = []

    init(_ source: SourceConfig, _ sourcing: Sourcing, now: Instant, into out: SourceRead) {
        zones = ICalZones(local: sourcing.zone, system: sourcing.systemZone)
        var options = ICalOptions(now: now, hold: sourcing.hold, events: source.events, source: source.name)
        options.me = source.me
        options.declined = source.declined
        options.invited = source.invited
        options.daysOff = source.daysOff
        // (One more than the source shows, so that `tminus sources` can say there are more.)
        options.openLimit = source.maxItems + 1
        self.options = options
        self.out = out
    }

    mutating func report(_ text: String) {
        if out.problems.count < Self.maxProblems { out.problems.append(text) } else { more += 1 }
    }

    /// One file's reading (`shown`: its name in messages), before it joins the source (what the vdir's file cache
    /// keeps).
    func parse(_ bytes: [UInt8], shown: String) -> CalendarFile {
        file(ICalRead.read(bytes, options: options, zones: zones, fallbackID: shown))
    }

    /// What a file's reading gives the source (`problems`: when not the read's own).
    func file(_ read: ICalRead, problems: [String]? = nil) -> CalendarFile {
        CalendarFile(
            entries: read.entries.map {
                CalendarFile.Entry(
                    id: $0.item.id, isEvent: $0.isEvent, item: $0.item.isOpen ? $0.item : nil, expires: $0.expires)
            }, problems: problems ?? read.problems.map(\.stored), leftOut: read.leftOut)
    }

    /// A file's reading joins the source: its problems, and its items unless an earlier file had
    /// their UID (`color`: its collection's, for items without their own). `heldBefore`: its
    /// record in the cache held the same UIDs (with `keptUnique`, no kept record holds one).
    mutating func add(_ file: CalendarFile, shown: String, color: String?, heldBefore: Bool = false) {
        for p in file.problems { report("\(shown) \(p)") }
        out.leftOut += file.leftOut
        let name = Array(shown.utf8)[...]
        // (By index: each entry's fields read in place, its item copied once, into the source.)
        for i in file.entries.indices {
            let id = Array(file.entries[i].id.utf8)[...]
            if keptUnique, !heldBefore { readIDs.append((id, file.entries[i].isEvent)) }
            guard !isCopy(id, isEvent: file.entries[i].isEvent, in: name), let item = file.entries[i].item else {
                continue
            }
            take(item, expires: file.entries[i].expires, color: color)
        }
    }

    /// A file the file cache kept (record `index` of `cache`) joins the source the same way, its
    /// open items (`items`) read from the cache, the rest of it taken where it is (no String made
    /// per file or id).
    mutating func add(kept index: Int, of cache: VdirCache, items: [Item], color: String?) {
        // (Each field read where it is: a record or an entry copied holds its slices, retained and
        // released per file of ten thousand.)
        if cache.records[index].problems != nil {
            let shown = String(decoding: cache.name(index), as: UTF8.self)
            for p in cache.problems(index) { report("\(shown) \(p)") }
        }
        var next = 0
        if keptUnique { keptRecords.append(index) }
        for e in cache.records[index].entries {
            let open = cache.entries[e].open
            if open { next += 1 }
            guard
                keptUnique
                    || !isCopy(cache.id(e), isEvent: cache.entries[e].isEvent, in: cache.name(index)),
                open
            else { continue }
            let expires = cache.entries[e].expires
            if deferral != nil {
                deferral?.pieces.append(.kept(record: index, ordinal: next - 1, color: color))
                if let expires { out.refresh = min(out.refresh ?? expires, expires) }
                continue
            }
            take(items[next - 1], expires: expires, color: color)
        }
    }

    /// A file's reading as the file cache gives it joins the source.
    mutating func add(_ got: CachedFiles.Got, of files: CachedFiles, shown: String, color: String?) {
        switch got {
        case .kept(let index, let items): add(kept: index, of: files.kept, items: items, color: color)
        case .read(let file): add(file, shown: shown, color: color, heldBefore: files.lastHeldIDs)
        }
    }

    /// Whether the UID `id` was read before, from another file (said, and this copy skipped);
    /// else it is recorded as `file`'s.
    private mutating func isCopy(_ id: ArraySlice<UInt8>, isEvent: Bool, in file: ArraySlice<UInt8>) -> Bool {
        guard let first = firsts.first(id, isEvent: isEvent, in: file) else { return false }
        copies += 1
        report(
            String(decoding: file, as: UTF8.self)
                + deferred(
                    ": UID %s is also in %s; this copy is skipped",
                    Validation.printable(String(decoding: id, as: UTF8.self)), String(decoding: first, as: UTF8.self)))
        return true
    }

    /// (`keptUnique`) Whether a UID of a file read now is also in a record kept (of `cache`): a
    /// copy the read did not skip (the read is then made again, every UID recorded).
    func keptHoldsAReadID(_ cache: VdirCache) -> Bool {
        guard keptUnique, !readIDs.isEmpty else { return false }
        if readIDs.count > 16 {
            var all = FirstFiles()
            for r in keptRecords {
                for e in cache.records[r].entries {
                    _ = all.first(cache.id(e), isEvent: cache.entries[e].isEvent, in: [])
                }
            }
            return readIDs.contains { all.first($0.id, isEvent: $0.isEvent, in: []) != nil }
        }
        // (A few UIDs against every kept one, by length, kind and first byte before their bytes,
        // the records and entries read where they are: a sync's new file in a vdir of ten
        // thousand, 0.39 M instructions through their arrays' checked reads.)
        return cache.records.withUnsafeBufferPointer { records in
            cache.entries.withUnsafeBufferPointer { entries in
                cache.bytes.withUnsafeBufferPointer { bytes in
                    readIDs.contains { id, isEvent in
                        guard let first = id.first else { return false }
                        for r in keptRecords {
                            for e in records[r].entries {
                                let other = entries[e].idAt
                                guard other.count == id.count, entries[e].isEvent == isEvent else { continue }
                                // (Escaped in the cache, a UID is in `decoded`.)
                                if other.upperBound <= bytes.count, bytes[other.lowerBound] != first { continue }
                                if cache.withBytes(other, { $0.elementsEqual(id) }) { return true }
                            }
                        }
                        return false
                    }
                }
            }
        }
    }

    /// An open item joins the source.
    private mutating func take(_ item: Item, expires: Instant?, color: String?) {
        var item = item
        if item.color == nil { item.color = color }
        deferral?.pieces.append(.read(out.items.count))
        out.items.append(item)
        if let expires { out.refresh = min(out.refresh ?? expires, expires) }
    }

    mutating func finish() -> SourceRead {
        if more > 0 { out.problems.append(deferred("… and %s more", String(more))) }
        return out
    }
}

/// The UIDs a source has read, by their bytes (an event's and a todo's apart: a calendar may
/// hold both under one UID), with the file each was first read from: a UID read again is a copy.
/// (An open-addressed table of the bytes' FNV-1a hashes, each id kept where it is: no String made
/// and no hasher run per item of a 10,000-file vdir, and no key type of its own, whose
/// conformance every poll's lookups would pass over.)
struct FirstFiles {
    /// Each id's place in `ids` plus one, at its hash's slot or the first free one after it
    /// (0: free); a power of two long, at most half full.
    private var slots: [Int] = Array(repeating: 0, count: 64)
    private var hashes: [UInt64] = []
    private var ids: [ArraySlice<UInt8>] = []
    private var events: [Bool] = []
    private var files: [ArraySlice<UInt8>] = []

    /// The file that read `id` first; nil when this is its first time (then it is recorded as
    /// `file`'s).
    mutating func first(_ id: ArraySlice<UInt8>, isEvent: Bool, in file: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        let h = id.withUnsafeBufferPointer { FNV1a.hash($0) }
        let key = isEvent ? ~h : h
        var i = Int(truncatingIfNeeded: key) & (slots.count - 1)
        while slots[i] != 0 {
            let j = slots[i] - 1
            if hashes[j] == key, events[j] == isEvent, ids[j].elementsEqual(id) { return files[j] }
            i = (i + 1) & (slots.count - 1)
        }
        slots[i] = ids.count + 1
        hashes.append(key)
        ids.append(id)
        events.append(isEvent)
        files.append(file)
        if ids.count * 2 > slots.count { grow() }
        return nil
    }

    /// Twice the slots, every id placed again.
    private mutating func grow() {
        slots = Array(repeating: 0, count: slots.count * 2)
        for (j, key) in hashes.enumerated() {
            var i = Int(truncatingIfNeeded: key) & (slots.count - 1)
            while slots[i] != 0 { i = (i + 1) & (slots.count - 1) }
            slots[i] = j + 1
        }
    }
}

/// What one calendar file gives: its entries (without the collection's colour) and its problems
/// (without the file's name).
struct CalendarFile {
    /// One item of the file: an open one whole; a completed one only by its id, which hides
    /// later copies of its UID as the whole item would.
    struct Entry {
        var id: String
        var isEvent: Bool
        var item: Item?
        /// When the shown instance of an event is over (and held): the file must be read again.
        var expires: Instant?
    }

    let entries: [Entry]
    var problems: [String]
    /// How many open items a big file's read left out (the farthest from now, past the cap).
    var leftOut = 0
    /// When this reading stops being true: its earliest open event's expiry (nil: never, as
    /// long as the file is as it was; todos and past events do not change with the clock).
    /// (Found once, when the reading is made: asked of every file of a vdir at each read.)
    let expires: Instant?

    init(entries: [Entry], problems: [String], leftOut: Int = 0) {
        self.entries = entries
        self.problems = problems
        self.leftOut = leftOut
        var soonest: Instant?
        // (By index, the expiry looked at first: no entry, with its whole item, copied.)
        for i in entries.indices {
            guard let t = entries[i].expires, soonest.map({ t < $0 }) ?? true, entries[i].item != nil else { continue }
            soonest = t
        }
        expires = soonest
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

    /// The item files of a collection, by name, byte by byte (temp files a killed tminus left are
    /// removed).
    static func itemNames(_ collection: String) -> [String] {
        let directory = open(collection, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return [] }
        defer { close(directory) }
        let list = itemList(opened: directory)
        return list.indices.map(list.string)
    }

    /// The same in the collection open as `directory` (through links only the user or root own):
    /// its names, and the temps removed there, are that folder's, whatever its path leads to by
    /// now. As bytes: no String made per file.
    static func itemList(opened directory: Int32, expected: Int = 0) -> NameList {
        var temps: [String] = []
        var list = FileIO.nameList(inOpened: directory, expected: expected) { name, cName, type in
            // (A regular file is no folder: not asked, ten thousand times.)
            guard type == UInt8(DT_REG) || !FileIO.isDirectory(type, in: directory, cName) else { return false }
            if isItemName(name) { return true }
            if Bytes.hasSuffix(name, ".tmp") { temps.append(String(decoding: name, as: UTF8.self)) }
            return false
        }
        SourceWriter.removeDeadTemps(inOpened: directory, names: temps)
        list.sortByBytes()
        return list
    }

    static func isItemName(_ name: String) -> Bool {
        Array(name.utf8).withUnsafeBufferPointer { isItemName($0) }
    }

    /// An `.ics` name, not hidden (by bytes, as the C tools that write vdirs compare names).
    static func isItemName(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        // (Its last four bytes compared here, not by a call per name of ten thousand.)
        let n = name.count
        return n > 4 && name[0] != 0x2E && name[n - 4] == 0x2E && name[n - 3] == UInt8(ascii: "i")
            && name[n - 2] == UInt8(ascii: "c") && name[n - 1] == UInt8(ascii: "s")
    }

    /// Names in the order of their UTF-8 bytes (`NameList.sortByBytes`).
    static func sortedByBytes(_ names: [String]) -> [String] {
        var list = NameList(names)
        list.sortByBytes()
        return list.indices.map(list.string)
    }

    /// The collection's `color` file (`#RRGGBB`, or `#RRGGBBAA` as some servers write), lower-case.
    static func color(_ collection: String) -> String? {
        guard let bytes = try? FileIO.readTrusted(collection + "/color", limit: 64) else { return nil }
        let text = String(decoding: bytes.prefix(7), as: UTF8.self).lowercased()
        return ColorText.isValid(text) ? text : nil
    }
}
