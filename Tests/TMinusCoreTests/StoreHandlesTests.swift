import Testing
@testable import TMinusCore

/// Freed handles: runs, rest, order, the cap, and what is in use never given out.
struct StoreHandlesTests {
    let t0 = Instant(1_000_000)

    @Test func freedHandlesRestThenGoLowestFirst() throws {
        var s = Store(nextHandle: 20)
        s.free([5, 3, 4, 9], from: t0 + 100)
        #expect(
            s.freeHandles == [
                HandleRange(low: 3, high: 5, from: t0 + 100), HandleRange(low: 9, high: 9, from: t0 + 100)
            ])
        #expect(try s.takeHandle(now: t0) == 20)
        #expect(try s.takeHandle(now: t0 + 100) == 3)
        #expect(try s.takeHandle(now: t0 + 100) == 4)
        #expect(try s.takeHandle(now: t0 + 100) == 5)
        #expect(try s.takeHandle(now: t0 + 100) == 9)
        #expect(s.freeHandles.isEmpty)
        #expect(try s.takeHandle(now: t0 + 100) == 21)
    }

    @Test func touchingRunsMergeOnlyWhenTheyRestAsLong() {
        var s = Store(nextHandle: 100)
        s.free([1, 2], from: t0)
        s.free([3, 4], from: t0 + 5)
        #expect(s.freeHandles.count == 2)
        s.free([5], from: t0 + 5)
        #expect(s.freeHandles == [HandleRange(low: 1, high: 2, from: t0), HandleRange(low: 3, high: 5, from: t0 + 5)])
    }

    @Test func ownItemsNeverTakeFreedOnesUntilAllRanOut() throws {
        var s = Store(nextHandle: Item.maxHandle)
        s.free([7], from: t0 + 1_000)
        #expect(try s.takeHandle() == Item.maxHandle)
        // Out of new ones: a freed one, rested or not, rather than none.
        #expect(try s.takeHandle() == 7)
        #expect(throws: TMinusError.self) { try s.takeHandle() }
    }

    @Test func theRunsAreCappedKeepingTheLargest() {
        var s = Store(nextHandle: 10_000)
        s.free(Array(stride(from: 1, through: 2 * Store.maxFreeRanges + 1, by: 2)), from: t0)
        s.free(Array(5_000...5_099), from: t0)
        #expect(s.freeHandles.count == Store.maxFreeRanges)
        #expect(s.freeHandles.contains(HandleRange(low: 5_000, high: 5_099, from: t0)))
    }

    @Test func handlesInUseAreTakenOutOfRuns() {
        let runs = [HandleRange(low: 1, high: 10, from: t0), HandleRange(low: 20, high: 22, from: t0)]
        #expect(
            Store.subtract([1, 5, 6, 10, 21, 40], from: runs) == [
                HandleRange(low: 2, high: 4, from: t0), HandleRange(low: 7, high: 9, from: t0),
                HandleRange(low: 20, high: 20, from: t0), HandleRange(low: 22, high: 22, from: t0)
            ])
    }

    @Test func theStoreFileKeepsRunsAndDropsWhatIsInUse() throws {
        var s = Store(nextHandle: 30)
        s.items = [Item.todo(handle: 4, title: "Mine", created: t0)]
        s.free([2, 3, 4, 5], from: t0)
        s.free([40], from: t0)
        let bytes = StoreFile.write(s)
        let back = try StoreFile.read(bytes, path: "store.json").store
        // 4 is an open item's, 40 is past nextHandle: neither is free.
        #expect(back.freeHandles == [HandleRange(low: 2, high: 3, from: t0), HandleRange(low: 5, high: 5, from: t0)])
        #expect(
            StoreFile.write(back)
                == StoreFile.write(
                    {
                        var c = s; c.freeHandles = back.freeHandles; return c
                    }()))
    }
}
