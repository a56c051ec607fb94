import TMinusCore
import TMinusICal

/// `ics`: one `.ics` file (a subscribed calendar, holidays), read-only. Its VEVENTs count down,
/// its VTODOs are todos, as in a vdir.
enum IcsSource: ReadOnlySource {
    static let kind = SourceConfig.Kind.ics

    static func read(
        _ source: SourceConfig, _ sourcing: Sourcing, now: Instant, origin: String?, into out: inout SourceRead
    ) throws(TMinusError) {
        let path = sourcing.path(source.path ?? "")
        // Taken before the file is read: a change while it is read shows in the next stamp.
        let stamp = FileStamp.of(path)
        out.watch = [SourceReader.watched(path, stamp: stamp)]
        var calendar = CalendarReading(source, sourcing, now: now, into: out)
        let shown = FileIO.baseName(of: path)
        let cachePath = IcsCache.path(source, sourcing)
        let signature = IcsCache.signature(source, sourcing)
        // The file as it was when last read, read again because events are over: only those
        // events are read again (IcsCache).
        if let stamp, let cachePath, var cache = IcsCache.load(cachePath, signature: signature, now: now),
            stamp.matches(cache.stamp),
            let read = cache.again(path, options: calendar.options, zones: calendar.zones, fallbackID: shown)
        {
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
        guard let bytes = try FileIO.readTrusted(path, limit: 128 << 20) else {
            throw .failure("\(path) does not exist; fix \"path\"")
        }
        let read = ICalRead.read(bytes, options: calendar.options, zones: calendar.zones, fallbackID: shown)
        let file = calendar.file(read)
        calendar.add(file, shown: shown, color: nil)
        // Kept when something in it will expire, for the read that follows then.
        if let stamp, let cachePath, !SourceReader.isRacy(stamp),
            read.entries.contains(where: { $0.item.isOpen && $0.expires != nil })
        {
            var kept = read.indexed(bytes)
            kept.entries = kept.entries.filter(\.item.isOpen)
            kept.problems = []
            let cache = IcsCache(stamp: stamp.description, read: kept, problems: file.problems)
            SourceCache.replace(cachePath, with: cache.bytes(signature: signature, now: now))
        }
        out = calendar.finish()
    }
}
