/// Handles: short numbers for `done 12`. The user's own items take a new one each (a handle names
/// one item for good, completed ones too: `undo 3`). An item of another source that goes away
/// without tminus completing it (deleted, or done in another program) names nothing in the
/// history, so its handle is freed and, a day later (long enough that a number read off an older
/// `list` does not name something new at once), given to a new item of another source: a
/// calendar that mints new ids on every sync no longer uses handles up for good.
public struct HandleRange: Equatable, Sendable {
    /// The first handle of the range.
    public var low: Int
    /// The last handle of the range (inclusive).
    public var high: Int
    /// From when its handles may be given out again.
    public var from: Instant

    /// The handles `low` through `high`, free to give out again from `from`.
    public init(low: Int, high: Int, from: Instant) {
        self.low = low
        self.high = high
        self.from = from
    }

    /// How many handles the range holds.
    public var count: Int { high - low + 1 }
}

extension Store {
    /// How long a freed handle rests before it names another item.
    public static let handleRest: Int64 = 86_400
    /// At most this many free ranges are kept (the rest are not given out again); a source that
    /// churns frees whole runs, so a few ranges hold thousands of handles.
    public static let maxFreeRanges = 1_000

    /// A new handle from `nextHandle`, or an error once they run out (at `Item.maxHandle`): then
    /// a freed one, rested or not, rather than none.
    public mutating func takeHandle() throws(TMinusError) -> Int {
        guard nextHandle >= 1, nextHandle <= Item.maxHandle else {
            if !freeHandles.isEmpty { return takeFree(at: 0) }
            throw .failure(
                tr: "store.json: no handles left (nextHandle is %s); run tminus doctor --repair", "\(nextHandle)")
        }
        defer { nextHandle += 1 }
        return nextHandle
    }

    /// A handle for a new item of another source: the lowest freed one that has rested, else a
    /// new one.
    public mutating func takeHandle(now: Instant) throws(TMinusError) -> Int {
        if let i = freeHandles.firstIndex(where: { $0.from <= now }) { return takeFree(at: i) }
        return try takeHandle()
    }

    mutating func takeFree(at i: Int) -> Int {
        let handle = freeHandles[i].low
        if freeHandles[i].low == freeHandles[i].high { freeHandles.remove(at: i) } else { freeHandles[i].low += 1 }
        return handle
    }

    /// Frees handles, to be given out again from `from`: merged into runs, the runs kept sorted;
    /// past `maxFreeRanges` the smallest runs are let go.
    public mutating func free(_ handles: [Int], from: Instant) {
        guard !handles.isEmpty else { return }
        var ranges: [HandleRange] = []
        for h in Set(handles).sorted() where h >= 1 && h <= Item.maxHandle {
            if let last = ranges.last, last.high + 1 == h {
                ranges[ranges.count - 1].high = h
            } else {
                ranges.append(HandleRange(low: h, high: h, from: from))
            }
        }
        ranges += freeHandles
        freeHandles = Self.normalized(ranges)
    }

    /// Runs sorted and merged, at most `maxFreeRanges` (the largest).
    public static func normalized(_ ranges: [HandleRange]) -> [HandleRange] {
        var merged: [HandleRange] = []
        for r in ranges.sorted(by: { $0.low < $1.low }) {
            // Overlapping runs (a hand-edited file) become one resting as long as the latest;
            // touching ones only when they rest as long (else the earlier would wait longer).
            if let last = merged.last, r.low <= last.high || (r.low == last.high + 1 && r.from == last.from) {
                merged[merged.count - 1].high = max(last.high, r.high)
                merged[merged.count - 1].from = max(last.from, r.from)
            } else {
                merged.append(r)
            }
        }
        if merged.count > maxFreeRanges {
            let keep = Set(merged.indices.sorted { merged[$0].count > merged[$1].count }.prefix(maxFreeRanges))
            merged = merged.indices.filter(keep.contains).map { merged[$0] }
        }
        return merged
    }

    /// The free runs without the handles in `used` (a hand-edited file, an item that came back).
    public static func subtract(_ used: Set<Int>, from ranges: [HandleRange]) -> [HandleRange] {
        var out: [HandleRange] = []
        let sorted = used.sorted()
        for r in ranges {
            var low = r.low
            // (Binary search for the first used handle in the run: cost follows the runs.)
            var lo = 0, hi = sorted.count
            while lo < hi { let mid = (lo + hi) / 2; if sorted[mid] < r.low { lo = mid + 1 } else { hi = mid } }
            var k = lo
            while k < sorted.count && sorted[k] <= r.high {
                if sorted[k] > low { out.append(HandleRange(low: low, high: sorted[k] - 1, from: r.from)) }
                low = sorted[k] + 1
                k += 1
            }
            if low <= r.high { out.append(HandleRange(low: low, high: r.high, from: r.from)) }
        }
        return out
    }
}
