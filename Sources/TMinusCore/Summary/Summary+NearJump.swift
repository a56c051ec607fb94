/// A patched summary's deadlines, known to be in order, jumped over where none can show
/// (`NearRead.skips`, `Summary(bytes:near:orderedDeadlinesEnd:)`).
extension NearRead {
    /// In order, after a deadline due at `key` was passed over: the key before which every later
    /// one would be passed over too (Int64.max: all of them), when that is past the next line.
    /// Past the first beyond's slack, and past the window's slack and an event's lead, every later
    /// one is. Past the window and its lead, a timed one after the first beyond (itself timed) is
    /// passed over unless a whole day's, and a whole day's key is a UTC midnight: every one before
    /// the next midnight is.
    func jump(from key: Int64, wholeDay: Bool, first: Int64, until: Int64, lead: Int64) -> Int64? {
        if key > first + Self.zoneSlack, key > until + Self.zoneSlack + lead { return Int64.max }
        let day: Int64 = 86_400
        guard !wholeDay, !firstBeyondIsWholeDay, key > first, key > until + lead, key % day != 0 else { return nil }
        let midnight = (key / day + 1) * day
        return midnight > first + Self.zoneSlack && midnight > until + Self.zoneSlack + lead ? Int64.max : midnight
    }

    /// Where the item before the first line due at `key` or later ends (the deadlines' list in
    /// order, its last line ending at `listEnd`), found by halves from the item that ends at `from`
    /// (its end when that line is the first); the list's last item's end when none is.
    static func lineBefore(b: UnsafeBufferPointer<UInt8>, key: Int64, from: Int, listEnd: Int) -> Int {
        guard key < Int64.max else { return listEnd }
        // Line starts: the one after `from`'s, and past the list (at its `]`).
        var lo = from + 2, hi = listEnd + 1
        guard lo < hi, b[from] == UInt8(ascii: ",") else { return from }
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            let s = mid == lo ? lo : lineEnd(b, from: mid - 1) + 1
            guard s < hi else {
                hi = mid
                continue
            }
            // (A line whose due this does not find: the search stops, the lines from `lo` on
            // read as they come.)
            guard let due = writersDue(b, from: s), let d = Due(storage: UnsafeBufferPointer(rebasing: b[due])) else {
                break
            }
            if d.sortKey >= key { hi = s } else { lo = lineEnd(b, from: s) + 1 }
        }
        return lo > listEnd ? listEnd : lo - 2
    }
}
