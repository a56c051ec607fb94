import Glibc
public import TMinusCore
import TMinusSystem

/// Reads one configured source into its part of the summary: its open items (without handles:
/// the container gives those), the stamps of what it read (taken before reading, so a change
/// during the read is seen by the next check), what was skipped, and when it must be read again.
/// A source that cannot be read at all gives an error and no items; it never stops the others.
public enum SourceReader {
    /// `origin`: the reading home's id (its own items, come back through another home's summary,
    /// are left out).
    public static func read(_ source: SourceConfig, _ sourcing: Sourcing, now: Instant, origin: String? = nil)
        -> Summary.Part
    {
        var record = Self.record(source, sourcing, now: now)
        var read = SourceRead()
        var open: [Item] = []
        var leftOut = 0
        do throws(TMinusError) {
            try SourceKinds.io(source.kind).read(source, sourcing, now: now, origin: origin, into: &read)
            record.problems = read.problems
            record.refresh = read.refresh
            // (Moved, not copied: each item's copy retains every one of its texts.)
            swap(&open, &read.items)
            leftOut = read.leftOut
        } catch {
            record.error = error.deferredText
            // Retried when what it watches changes, or in ten minutes (a `task` installed since).
            record.refresh = now + 600
        }
        watch(&record, read.watch, now: now)
        take(&open, into: &record, leftOut: leftOut, source, sourcing, now: now)
        return Summary.Part(source: record, items: open)
    }

    /// A source's record before it is read: its name, kind and key, and for a calendar the zone
    /// and hold its items are read in.
    static func record(_ source: SourceConfig, _ sourcing: Sourcing, now: Instant) -> Summary.Source {
        var record = Summary.Source(
            name: source.name, stamp: now, items: 0, kind: source.kind.rawValue, key: source.key)
        if source.isCalendar {
            record.zone = sourcing.zone.name
            record.hold = sourcing.hold
        }
        return record
    }

    /// The stamps a read took join its record; one that is racy makes it due when the window ends.
    static func watch(_ record: inout Summary.Source, _ watch: [Summary.Source.Watched], now: Instant) {
        record.watch = watch
        if watch.contains(where: { $0.stamp.hasPrefix("racy:") }) {
            let due = now + racyWindow + 1
            record.refresh = min(record.refresh ?? due, due)
        }
    }

    /// The open items a source shows, of those it read (`open`, in its order): made inert, at
    /// most `maxItems` (the rest said in the record's problems), counted in the record.
    static func take(
        _ open: inout [Item], into record: inout Summary.Source, leftOut: Int, _ source: SourceConfig,
        _ sourcing: Sourcing, now: Instant
    ) {
        // Whatever the kind, text from others is made inert here, once (summary sources too), and
        // at most `maxItems` open items are taken: the nearest now (what is under way, the
        // overdue, the soonest ahead, then the undated: `Nearness`), never the first in the file.
        open.removeAll { !$0.isOpen }
        if open.count + leftOut > source.maxItems {
            var nearest = NearestKept<Item>(limit: source.maxItems)
            for item in open { nearest.add(item, Nearness(item, now: now, zone: sourcing.zone)) }
            let total = open.count + leftOut
            open = nearest.kept()
            record.problems.append(
                deferred(
                    "%s open items; the %s nearest now are shown and %s left out (raise \"maxItems\" for this source to show more)",
                    String(total), String(source.maxItems), String(total - open.count)))
        }
        for i in open.indices { open[i].makeInert() }
        record.items = open.count
    }

    /// How long a modification time is not to be trusted, in seconds: file systems keep it in
    /// clock ticks of a few milliseconds, so a second change within the tick of the first leaves
    /// it as it was (git's "racy clean").
    static let racyWindow: Int64 = 2

    /// A path's stamp now ("-": nothing there). A stamp from the last `racyWindow` seconds is kept
    /// as `racy:…`: it matches while the window lasts and no longer once it is over, so the source
    /// is read exactly once more after a change (by then a change within the same tick would have
    /// been made), not on every run until it settles. `read` makes the record due then
    /// (`refresh`), so a follower wakes for it.
    static func watched(_ path: String) -> Summary.Source.Watched { watched(path, stamp: FileStamp.of(path)) }

    /// The same, with the stamp taken.
    static func watched(_ path: String, stamp: FileStamp?) -> Summary.Source.Watched {
        guard let stamp else { return Summary.Source.Watched(path: path, stamp: "-") }
        return Summary.Source.Watched(path: path, stamp: (isRacy(stamp) ? "racy:" : "") + stamp.description)
    }

    /// Whether a stamp is too recent to trust, by the wall clock (not the run's `--now`).
    static func isRacy(_ stamp: FileStamp) -> Bool {
        wallSeconds() - stamp.seconds < racyWindow
    }

    /// The wall clock's seconds, which file stamps are in (not the run's `--now`): the run's
    /// clock (`SystemClock.now`).
    static func wallSeconds() -> Int64 { SystemClock.now().seconds }

    static let racyPrefix = Array("racy:".utf8)

    /// Whether what a record watched is as it was: one `stat` per path. `racyToo`: a racy stamp
    /// matches also after its window (a part this run read a moment ago, folded in under the lock:
    /// the one more read belongs to a later run).
    /// `live`: what a follower heard from sources that signal their changes (EDS's calendars,
    /// `EDSLive`), by watched entry; an entry of those it has not heard of is as recorded (such a
    /// source is read again when its `refresh` comes).
    public static func isUnchanged(_ record: Summary.Source, racyToo: Bool = false, live: [String: String] = [:])
        -> Bool
    {
        for w in record.watch {
            if w.path.hasPrefix(EDSClient.livePrefix) {
                if let heard = live[w.path], heard != w.stamp { return false }
                continue
            }
            if let now = FileStamp.of(w.path) {
                var text = Array(w.stamp.utf8)[...]
                if text.starts(with: racyPrefix) {
                    // Recorded within its racy window: the same stamp is trusted only while the
                    // window lasts (after it, the one more read that settles it).
                    text = text.dropFirst(racyPrefix.count)
                    if !racyToo && !isRacy(now) { return false }
                }
                if !now.matches(text) { return false }
            } else if w.stamp != "-" {
                return false
            }
        }
        return true
    }
}
