@testable import TMinusCore
import TMinusTestSupport
import Testing

/// The deadlines of a summary known to be in order, jumped over by halves (`NearRead.lineBefore`):
/// from any line, to the end of the item before the first line due at a key or later, as a walk
/// line by line finds it; the whole rest of the list at `Int64.max`; none past lines it cannot
/// read. And when a jump is taken (`NearRead.jump`): only over lines that a read
/// near `until` passes over (the equivalence itself: `SummaryNearTests`, `SummaryNearEventsTests`).
struct NearJumpTests {
    /// A summary's bytes with `count` deadlines in due order, timed (any minute) and whole days,
    /// and where each line starts, its key, and where the list's last line ends.
    static func deadlines(_ r: inout SeededGenerator, count: Int) -> (
        bytes: [UInt8], starts: [Int], keys: [Int64], end: Int
    ) {
        var items: [Item] = []
        for h in 1...count {
            let due: Due =
                r.next(4) == 0
                ? .day(CivilDate(year: 2026, month: 11, day: 26 + r.next(4)))
                : .instant(Instant(1_795_651_200 + Int64(r.next(4 * 86_400 / 60)) * 60))
            items.append(
                Item(kind: .deadline, id: "d\(h)", handle: h, title: "Deadline \(h)", due: due, start: Instant(0)))
        }
        items.sort { $0.deadlineOrder < $1.deadlineOrder }
        let bytes = Summary(generated: Instant(1_795_651_200), sources: [], tags: [], deadlines: items, todos: [])
            .bytes()
        let open = Array(#""deadlines":["#.utf8)
        var at =
            (0...(bytes.count - open.count)).first { bytes[$0..<($0 + open.count)].elementsEqual(open) }! + open.count
            + 1
        var starts: [Int] = []
        while bytes[at] == UInt8(ascii: "{") {
            starts.append(at)
            at = bytes[at...].firstIndex(of: 0x0A)! + 1
        }
        return (bytes, starts, items.map { $0.due!.sortKey }, at - 1)
    }

    @Test func jumpsToTheLineAWalkFinds() {
        var r = SeededGenerator(state: 11)
        var checked = 0
        for _ in 0..<20 {
            let (bytes, starts, keys, end) = Self.deadlines(&r, count: 1 + r.next(300))
            #expect(bytes[end] == 0x0A && bytes[end + 1] == UInt8(ascii: "]"))
            bytes.withUnsafeBufferPointer { b in
                for _ in 0..<40 {
                    let from = r.next(starts.count)
                    // The end of that line's item: its comma, or the list's end for the last.
                    let itemEnd = from + 1 < starts.count ? starts[from + 1] - 2 : end
                    let key =
                        r.next(5) == 0
                        ? Int64.max : keys[r.next(keys.count)] + Int64(r.next(3)) - 1
                    let first = (from + 1..<starts.count).first { keys[$0] >= key }
                    let expected =
                        key == Int64.max ? end : first.map { $0 == from + 1 ? itemEnd : starts[$0] - 2 } ?? end
                    #expect(
                        NearRead.lineBefore(b: b, key: key, from: itemEnd, listEnd: end) == expected,
                        "from line \(from) of \(starts.count) to \(key)")
                    checked += 1
                }
            }
        }
        #expect(checked == 800)
    }

    @Test func aLineItCannotReadStopsTheJump() {
        var r = SeededGenerator(state: 12)
        var (bytes, starts, _, end) = Self.deadlines(&r, count: 200)
        // Every line from line 12 on without a due this finds: a jump from line 11 lands nowhere
        // past it (its lines are then read as they come), while to the list's end it still goes.
        let due = Array(#","due":""#.utf8)
        for (k, line) in starts.enumerated().dropFirst(12) {
            let lineEnd = k + 1 < starts.count ? starts[k + 1] : end
            let at = (line..<lineEnd).first { bytes[$0..<($0 + due.count)].elementsEqual(due) }!
            bytes[at + 2] = UInt8(ascii: "x")
        }
        bytes.withUnsafeBufferPointer { b in
            #expect(NearRead.lineBefore(b: b, key: Int64.max - 1, from: starts[12] - 2, listEnd: end) == starts[12] - 2)
            #expect(NearRead.lineBefore(b: b, key: Int64.max, from: starts[12] - 2, listEnd: end) == end)
        }
    }

    @Test func jumpsOnlyPastTheWindowAndTheFirstBeyond() {
        let until: Int64 = 1_795_651_200 + 7_200
        var near = NearRead(now: Instant(until - 7_200))
        let first = until + 18 * 3_600
        let slack = NearRead.zoneSlack
        // Past the first beyond's slack and the window's: the rest of the list.
        #expect(near.jump(from: first + slack + 60, wholeDay: false, first: first, until: until, lead: 0) == Int64.max)
        // A timed one after the first: to the next midnight, while one there can show.
        let midnight = (first / 86_400 + 1) * 86_400
        #expect(near.jump(from: first + 60, wholeDay: false, first: first, until: until, lead: 0) == midnight)
        // Not from the first itself, a whole day's, a midnight, or within an event's lead.
        #expect(near.jump(from: first, wholeDay: false, first: first, until: until, lead: 0) == nil)
        #expect(near.jump(from: midnight, wholeDay: true, first: first, until: until, lead: 0) == nil)
        #expect(near.jump(from: midnight, wholeDay: false, first: first, until: until, lead: 0) == nil)
        #expect(near.jump(from: first + 60, wholeDay: false, first: first, until: until, lead: 24 * 3_600) == nil)
        // After a whole day's first beyond every one within its slack is read.
        near.firstBeyondIsWholeDay = true
        #expect(near.jump(from: first + 60, wholeDay: false, first: first, until: until, lead: 0) == nil)
    }
}
