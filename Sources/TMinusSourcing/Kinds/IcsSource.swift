import TMinusCore
import TMinusICal
import TMinusSystem

/// `ics`: one `.ics` file (a subscribed calendar, holidays), read-only. Its VEVENTs count down,
/// its VTODOs are todos, as in a vdir.
enum IcsSource: SourceKindIO {
    /// One `.ics` file (read-only).
    static let kind = SourceConfig.Kind.ics
    static let facts = SourceKindFacts(path: .file, example: "~/cal/holidays.ics", isWritable: false, isCalendar: true)

    static func read(
        _ source: SourceConfig, _ sourcing: Sourcing, now: Instant, origin: String?, into out: inout SourceRead
    ) throws(TMinusError) {
        // Readers take turns (SourceLock): one that waited finds the reading in the cache.
        let cachePath = IcsCache.path(source, sourcing)
        try SourceLock.whileReading(cachePath) { waited throws(TMinusError) in
            try read(source, sourcing, now: now, cachePath: cachePath, waited: waited, into: &out)
        }
    }

    /// Above this size a file's reading is kept even when none of its events will expire, for the
    /// readers that wait for it (reading the file again costs more than reading the cache).
    static let sharedBytes = 1 << 20

    static func read(
        _ source: SourceConfig, _ sourcing: Sourcing, now: Instant, cachePath: String?, waited: Bool,
        into out: inout SourceRead
    ) throws(TMinusError) {
        let path = sourcing.path(source.path ?? "")
        // Taken before the file is read: a change while it is read shows in the next stamp.
        var stamp = FileStamp.of(path)
        out.watch = [SourceReader.watched(path, stamp: stamp)]
        var calendar = CalendarReading(source, sourcing, now: now, into: out)
        let shown = FileIO.baseName(of: path)
        let signature = IcsCache.signature(source, sourcing)
        // The file as it was when last read, read again because events are over: only those
        // events are read again (IcsCache). One read within its racy window (a moment ago, by the
        // reader this one waited for) is taken only after waiting, and then this reading is racy
        // too: read once more after the window, as that reader's is.
        if let stamp, let cachePath, var cache = IcsCache.load(cachePath, signature: signature, now: now),
            waited || !cache.isRacy, stamp.matches(cache.fileStamp),
            let read = cache.again(path, options: calendar.options, zones: calendar.zones, fallbackID: shown)
        {
            if cache.isRacy {
                calendar.out.watch = [
                    Summary.Source.Watched(path: path, stamp: IcsCache.racy + stamp.description)
                ]
            }
            calendar.add(calendar.file(read, problems: cache.problems), shown: shown, color: nil)
            if read.entries.count != cache.read.entries.count
                || zip(read.entries, cache.read.entries).contains(where: { $0.expires != $1.expires })
            {
                cache.read = read
                SourceCache.replace(cachePath, with: cache.bytes(signature: signature, now: now))
            }
            out = calendar.finish()
            return
        }
        // (A subscribed calendar of years of events may be big: one above 8 MB is read in parts,
        // so a million events, 120 MB, take a few seconds and less than 300 MB; at most 128 MB.)
        guard let (bytes, readStamp) = try FileIO.readTrustedStamped(path, limit: 128 << 20) else {
            throw .failure(tr: "%s does not exist; fix \"path\"", "\(path)", path: path)
        }
        // From here the stamp of the file read, not the path's before it: a link swapped in and
        // out meanwhile cannot lend its target's stamp to these bytes (`FileIO.readTrustedStamped`).
        stamp = readStamp
        calendar.out.watch = [SourceReader.watched(path, stamp: readStamp)]
        let read = ICalRead.read(bytes, options: calendar.options, zones: calendar.zones, fallbackID: shown)
        let file = calendar.file(read)
        calendar.add(file, shown: shown, color: nil)
        // Kept when something in it will expire, for the read that follows then, or when it is big,
        // for the readers waiting for this one (marked when racy: only those take it).
        if let stamp, let cachePath,
            read.entries.contains(where: { $0.item.isOpen && $0.expires != nil }) || bytes.count > sharedBytes,
            !SourceReader.isRacy(stamp) || bytes.count > sharedBytes
        {
            var kept = read.indexed(bytes)
            kept.entries = kept.entries.filter(\.item.isOpen)
            kept.problems = []
            let racy = SourceReader.isRacy(stamp) ? IcsCache.racy : ""
            let cache = IcsCache(stamp: racy + stamp.description, read: kept, problems: file.problems)
            SourceCache.replace(cachePath, with: cache.bytes(signature: signature, now: now))
        }
        out = calendar.finish()
    }
}
