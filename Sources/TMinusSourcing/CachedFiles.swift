import Glibc
import TMinusCore
import TMinusSystem

/// The files of a folder source (a vdir's, a vault's notes, a folder of Org files, a Logseq
/// graph's pages) read through the file cache (`VdirCache`): each file's reading is kept by its
/// stamp, so a source read again parses only the files that changed, or whose shown instance is
/// over, and takes the rest from the cache. One sync, or one saved note, costs that file.
struct CachedFiles {
    let path: String?
    let signature: String
    var kept: VdirCache
    /// What the cache is written with, in the read's order (`finish` makes it, when it writes):
    /// the records kept, by their index in `kept`, and the files read now (each after as many of
    /// those). A read that writes nothing does not lay out ten thousand records' runs.
    private var keptOrder: [Int32] = []
    private var readNow: [(after: Int, name: String, stamp: [UInt8], reading: CalendarFile)] = []
    /// No UID is in two of the records written (`VdirCache.unique`).
    var unique = false
    var parsed = false
    /// The kept records' items are not read from the cache (`SourceReader.readDeferred`): a kept
    /// file is `.kept` with no items, read only if the part is made whole.
    var defersItems = false
    /// Files read again whose records hold the ids they hold now (their records then stale:
    /// `finish`); whether a file was read that had other ids, or had no record and is to be kept
    /// (a new file too young to keep, or one that left items out, would add nothing).
    var stale = 0
    var changed = false
    /// The file read last holds the ids its record held (none of them another record's, in a cache
    /// whose records' UIDs are apart: `CalendarReading.keptHoldsAReadID` need not look for them).
    var lastHeldIDs = false

    /// At most this many records are left stale rather than the cache written (`finish`).
    static let staleAllowed = 8

    /// The cache of `source` (`prefix`: its kind's, e.g. `obsidian-`), as the last read left it.
    init(_ prefix: String, _ source: SourceConfig, _ sourcing: Sourcing, now: Instant) {
        let path = SourceCache.path(prefix, source, sourcing)
        let signature = VdirCache.signature(source, sourcing)
        self.path = path
        self.signature = signature
        kept = path.map { VdirCache.load($0, signature: signature, now: now) } ?? VdirCache()
        keptOrder.reserveCapacity(kept.records.count)
    }

    /// What `read` gives of a file: its record in the cache, kept (`index` in `kept`, with its open
    /// items read from there), or its reading made now.
    enum Got {
        case kept(index: Int, items: [Item])
        case read(CalendarFile)
    }

    /// The file `name` of the folder open as `directory` (`shown`: its name in messages and in the
    /// cache, `file`: its path, made only when the file is read): the kept record when its stamp is the kept one's and its shown
    /// instance is not over, else `parse` of its bytes (kept when its stamp is not racy and it
    /// left nothing out). Nil when it is gone or cannot be read (`report` is told why). The stamp
    /// of a file read is the opened file's, taken before its bytes are read: a change while it is
    /// read shows in the next one, and a link swapped in and out meanwhile cannot lend its
    /// target's stamp to the bytes of the file put back.
    mutating func read(
        _ directory: Int32, _ name: String, shown: String, file: @autoclosure () -> String, limit: Int, now: Instant,
        report: (String) -> Void, parse: ([UInt8]) -> CalendarFile
    ) -> (got: Got, stamp: FileStamp?)? {
        var record: Int?
        if let stamp = FileStamp.lookup(in: directory, name) {
            record = kept.take(shown)
            if let got = keep(record, stamp: stamp, now: now) { return (got, stamp) }
        }
        return readFile(
            directory, name, shown: shown, file: file(), record: record, limit: limit, report: report, parse: parse)
    }

    /// The file read and parsed (`read` without the kept record; `record`: the file's record in
    /// the cache, not kept).
    mutating func readFile(
        _ directory: Int32, _ name: String, shown: String, file: @autoclosure () -> String, record: Int?, limit: Int,
        report: (String) -> Void, parse: ([UInt8]) -> CalendarFile
    ) -> (got: Got, stamp: FileStamp?)? {
        let bytes: [UInt8], stamp: FileStamp
        do throws(TMinusError) {
            guard let got = try FileIO.readEntry(directory, name, shown: file(), limit: limit) else { return nil }
            (bytes, stamp) = got
        } catch {
            report(shown + ": " + error.deferredText)
            return nil
        }
        let reading = parse(bytes)
        lastHeldIDs = record.map { kept.holdsIDs($0, of: reading) } ?? false
        // (A file that left items out is not kept: its cache record has no room for the count.)
        let keeps = !SourceReader.isRacy(stamp) && reading.leftOut == 0
        if lastHeldIDs { stale += 1 } else if record != nil || keeps { changed = true }
        if keeps {
            readNow.append((keptOrder.count, shown, Array(stamp.description.utf8), reading))
            parsed = true
        }
        return (.read(reading), stamp)
    }

    /// The kept record (`index`, found by `VdirCache.take`) when the file's stamp now is the
    /// record's and its shown instance is not over, with its items read (nil: none, or one that
    /// cannot be read; not read when `defersItems`).
    mutating func keep(_ index: Int?, stamp: FileStamp, now: Instant) -> Got? {
        guard let i = index, kept.records[i].stamp == stamp,
            kept.records[i].expires.map({ now < $0 }) ?? true
        else { return nil }
        var items: [Item] = []
        if !defersItems {
            guard let read = kept.items(i) else { return nil }
            items = read
        }
        keptOrder.append(Int32(truncatingIfNeeded: i))
        return .kept(index: i, items: items)
    }

    /// A note of a folder its program saves in place (`root`: the source's top, `shown`: the
    /// note's path under it): `read`, then its reading joins the source, and the note is watched
    /// by itself when `watches` says so.
    mutating func add(
        _ directory: Int32, _ name: String, shown: String, root: String, limit: Int, now: Instant,
        to reading: inout CalendarReading, watch: inout [Summary.Source.Watched], parse: ([UInt8]) -> CalendarFile
    ) {
        let file = root + "/" + shown
        var problems: [String] = []
        guard
            let (got, stamp) = read(
                directory, name, shown: shown, file: file, limit: limit, now: now, report: { problems.append($0) },
                parse: parse)
        else {
            for p in problems { reading.report(p) }
            return
        }
        if watches(got, stamp) { watch.append(SourceReader.watched(file, stamp: stamp)) }
        reading.add(got, of: self, shown: shown, color: nil)
    }

    /// The cache written back when a file was parsed (and kept) or one kept is gone; not when the
    /// only files read were a few (`staleAllowed`) whose records hold the ids they hold now (a
    /// sync's download of a changed event, one saved note): their records are left with their old
    /// stamps, so the next read parses those files again (a few parses, where writing the records
    /// of a 10,000-file vdir cost 2.5 M instructions), and says what ids they held before (a
    /// deferred read's `oldIDs`, which the summary's patch checks its lines by) as rightly as a new
    /// record would. A file new to the cache, one gone, one with other ids, or one more than
    /// allowed writes it, as before; but not a new file that is not kept (changed in the last 2
    /// s, as a sync's download is when a bar polls right after it; or one that left items out):
    /// the cache written would not hold it, so it stays unrecorded, read again (one file) at the
    /// next read of the folder, and kept then.
    func finish(now: Instant) {
        guard let path, parsed || keptOrder.count + readNow.count != kept.count else { return }
        if !changed, stale <= Self.staleAllowed, keptOrder.count + stale == kept.count { return }
        var cache = VdirCache.Written()
        var k = 0
        for r in readNow {
            while k < r.after {
                cache.keep(Int(keptOrder[k]), of: kept)
                k += 1
            }
            cache.add(r.name, stamp: r.stamp[...], r.reading)
        }
        while k < keptOrder.count {
            cache.keep(Int(keptOrder[k]), of: kept)
            k += 1
        }
        cache.unique = unique
        cache.write(to: path, signature: signature, now: now)
    }

    /// At most this many files of a folder are read (a vault's notes, an Org folder's files, a
    /// graph's pages); past them, `tminus sources` says so.
    static let maxFiles = 20_000

    /// The first `maxFiles` of `names`, the rest reported.
    static func bounded(_ names: [String], report: (String) -> Void) -> ArraySlice<String> {
        if names.count > maxFiles {
            report(
                deferred(
                    "has more than %s files; the rest are not read (point \"path\" at a smaller folder)",
                    String(maxFiles)))
        }
        return names.prefix(maxFiles)
    }

    /// How long a note saved in place stays watched by itself after its last change (a week).
    static let recentlyChanged: Int64 = 7 * 86_400

    /// Whether a note of a folder its program saves in place (Obsidian, Logseq, Emacs after its
    /// first save) is watched by itself: one with tasks, or one changed in the last week (today's
    /// daily note or journal, the notes being worked on), so that a task typed into it reaches
    /// the bar at the next poll. The folders are watched for new and renamed notes; an old note
    /// without tasks that gets one in place is seen by a follower (inotify) at once, or at the
    /// next change in its folder.
    /// (By the wall clock, as the stamps are, not the run's `--now`.)
    func watches(_ got: Got, _ stamp: FileStamp?) -> Bool {
        guard let stamp else { return false }
        let hasEntries =
            switch got {
            case .kept(let i, _): !kept.records[i].entries.isEmpty
            case .read(let reading): !reading.entries.isEmpty
            }
        return hasEntries || stamp.seconds > SourceReader.wallSeconds() - Self.recentlyChanged
    }
}
