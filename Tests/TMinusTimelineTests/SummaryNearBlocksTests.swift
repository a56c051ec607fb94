import TMinusCore
import TMinusTestSupport
import TMinusTimeline
import Testing

/// Other sources' todos, which the summary lists undated first and then by due, each source's
/// together (`Summary.todoBlockOrder`, `"todos"`/`"todosByDue"` in its record): a bar's read
/// passes over the rest of a source's todos from its first one due beyond any zone's today, by
/// lines (a todo.txt of ten thousand lines months ahead costs one of them), and still shows what
/// the whole summary shows.
struct SummaryNearBlocksTests {
    typealias Seeded = SeededGenerator
    /// The lead the default config's events hold the bar from (what `show` passes the read).
    static let lead = Config().nearEventLead

    /// A home of the store's todos and two other sources' (`txt`, `org`): timed and whole-day
    /// todos dense around the hours a read keeps (on both sides of a day's zone slack), months
    /// ahead, overdue, and undated, as `Summary.build` lists them.
    static func summary(around now: Instant, zone: Zone, seed: UInt64) -> Summary {
        var r = Seeded(state: seed)
        func todo(_ title: String, _ handle: Int, source: String) -> Item {
            var due: Due?
            switch r.next(6) {
            case 0: due = nil
            case 1: due = .instant(now + Int64(r.next(200)) * 86_400)  // weeks and months ahead
            case 2: due = .instant(now - Int64(r.next(3 * 86_400)))  // overdue
            default:
                // Within four days: where the read's horizon and a day's zone slack fall.
                let t = now + Int64(r.next(4 * 86_400)) / 60 * 60
                due = r.next(2) == 0 ? .day(zone.local(t).date) : .instant(t)
            }
            var t = Fixtures.todo(title, due: due, handle: handle, priority: r.next(3) == 0 ? .high : .none)
            t.source = source
            return t
        }
        var store = Store(tags: [])
        store.items = (1...40).map { todo("Own \($0)", $0, source: Item.ownSource) }
        let parts = ["txt", "org"].enumerated().map { (n, name) in
            Summary.Part(
                source: Summary.Source(name: name, stamp: now, items: 150, kind: n == 0 ? "todotxt" : "org"),
                items: (1...150).map { todo("\(name) \($0)", 100 * (n + 1) + $0, source: name) })
        }
        return Summary.build(from: store, now: now, storeStamp: nil, parts: parts)
    }

    @Test(arguments: SummaryNearTests.zones)
    func untilCompleteEveryOutputIsTheWholeSummarys(_ zoneName: String) throws {
        let zone = Fixtures.zone(zoneName)
        for (i, text) in SummaryNearTests.moments.enumerated() {
            let now = Fixtures.at(text, zone)
            let bytes = Self.summary(around: now, zone: zone, seed: UInt64(i + 3) * 104_729).bytes()
            let whole = try Summary(bytes: bytes)
            // Without the outputs' zone and in it (the blocks passed over from the end of the
            // two hours' last day there, a day sooner at most hours).
            for zoned in [false, true] {
                let near = try Summary(bytes: bytes, near: now, zone: zoned ? zone : nil, eventLead: Self.lead)
                let until = try #require(near.completeUntil, "\(zoneName) \(text)")
                #expect(near.todos.count < whole.todos.count)
                let difference = SummaryNearTests.firstDifference(whole, near, zone: zone, from: now, until: until)
                #expect(difference == nil, "\(zoneName) \(text) zoned \(zoned): \(difference ?? "")")
                if difference != nil { return }
            }
        }
    }

    @Test func theSummaryListsOtherSourcesTodosUndatedFirstThenByDue() throws {
        let now = Fixtures.at("2026-11-26T10:00", .utc)
        let summary = Self.summary(around: now, zone: .utc, seed: 5)
        let text = String(decoding: summary.bytes(), as: UTF8.self)
        for name in ["txt", "org"] {
            let todos = summary.todos.filter { $0.source == name }
            let undated = todos.prefix { $0.due == nil }
            #expect(!undated.isEmpty && todos.dropFirst(undated.count).allSatisfy { $0.due != nil })
            let keys = todos.compactMap { $0.due?.sortKey }
            #expect(keys == keys.sorted(), "\(name)")
            #expect(text.contains(#""name":"\#(name)""#) && text.contains(#""todos":150,"todosByDue":true"#))
        }
        // The store's todos keep the store's order and are never said to be by due.
        #expect(summary.todos.prefix(40).map(\.title) == (1...40).map { "Own \($0)" })
        #expect(text.contains(#""todos":40}"#) || text.contains(#""todos":40,"#))
        // A summary of the store alone says nothing of blocks (its lines are patched, LineStore).
        let alone = Summary.build(from: Store(tags: []), now: now, storeStamp: nil, parts: [])
        #expect(!String(decoding: alone.bytes(), as: UTF8.self).contains(#""todos":0"#))
    }

    /// The lines of a block passed over are not read: a broken one there does not stop the bar
    /// (`list`, `summary` and `doctor` read it and say so), one the read reaches does.
    @Test func aBlockIsPassedOverByItsLines() throws {
        let now = Fixtures.at("2026-11-26T10:00", .utc)
        var lines = [#"{"id":"a","title":"Soon","due":"2026-11-26T12:00:00Z","source":"txt"}"#]
        lines += (1...5).map { #"{"id":"f\#($0)","title":"Far \#($0)","due":"2027-0\#($0)-01","source":"txt"}"# }
        func bytes(_ lines: [String], count: Int = 6) -> [UInt8] {
            Array(
                (#"{"format":"tminus-summary","version":1,"generated":"2026-11-26T10:00:00Z","sources":["#
                    + #"{"name":"tminus","stamp":"2026-11-26T10:00:00Z","items":0,"todos":0},"#
                    + #"{"name":"txt","stamp":"2026-11-26T10:00:00Z","items":6,"todos":\#(count),"todosByDue":true}],"#
                    + "\"tags\":[],\"deadlines\":[],\"todos\":[\n" + lines.joined(separator: ",\n") + "\n]}\n").utf8)
        }
        let near = try Summary(bytes: bytes(lines), near: now, eventLead: Self.lead)
        #expect(near.todos.map(\.id) == ["a"] && near.completeUntil == now + 7_200)
        var broken = lines
        broken[4] = "{\"id\":\"f4\",\"title\":\"Far\t4\",\"due\":\"2027-04-01\",\"source\":\"txt\"}"
        #expect(try Summary(bytes: bytes(broken), near: now, eventLead: Self.lead).todos.map(\.id) == ["a"])
        #expect(throws: TMinusError.self) { try Summary(bytes: bytes(broken)) }
        // The first far line itself is looked at as any passed item is: a raw tab stops it.
        broken = lines
        broken[1] = "{\"id\":\"f1\",\"title\":\"Far\t1\",\"due\":\"2027-01-01\",\"source\":\"txt\"}"
        #expect(throws: TMinusError.self) { try Summary(bytes: bytes(broken), near: now, eventLead: Self.lead) }
        // Records that do not count the list's todos: read whole, as if they said nothing.
        for count in [5, 7] {
            let read = try Summary(bytes: bytes(lines, count: count), near: now, eventLead: Self.lead)
            #expect(read == (try Summary(bytes: bytes(lines, count: count))), "todos \(count)")
        }
        // Lines that are not one item each miscount the block: read whole.
        var joined = lines
        joined[3] = joined[3] + ", " + joined.remove(at: 4)
        #expect(
            try Summary(bytes: bytes(joined), near: now, eventLead: Self.lead) == (try Summary(bytes: bytes(joined))))
    }
}
