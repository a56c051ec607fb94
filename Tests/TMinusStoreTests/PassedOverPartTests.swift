import TMinusCore
import Testing
import TMinusTestSupport
@testable import TMinusSourcing
@testable import TMinusSystem
@testable import TMinusStore

/// A summary read for a fold passes over the items of the sources the fold reads again
/// (`Container.sourcesToReadAgain`); such a part must never be kept as it is, even when its
/// record looks current by the time of the fold (a stamp racy at the read is trusted a second
/// later): the fold reads the source again, and the summary read without its items is never
/// the one shown.
struct PassedOverPartTests {
    @Test func aPartReadWithoutItsItemsIsReadAgainNotKept() throws {
        let home = try OneTodoVdir()
        defer { withExtendedLifetime(home) {} }
        let c = home.container
        let now = at("2026-11-28T12:00:00Z")
        let summary = try c.summaryForWidgets(now: now)
        #expect(summary.todos.map(\.title) == ["Pay rent"])
        #expect(c.sourcesToReadAgain(summary, now: now).isEmpty, "current: nothing to read again")

        var old = summary.parts()
        #expect(old.count == 1 && old[0].items.count == 1)
        // As a read for the fold leaves it: its record as it was, its items passed over.
        old[0].source.itemsPassedOver = true
        old[0].items = []
        var change = try c.begin()
        let folded = c.foldSources(&change.store, old: old, now: now)
        #expect(folded.first { $0.source.name == "cal" }?.items.map { $0.title } == ["Pay rent"], "read again")
        // (Unmarked, the same empty part is current and kept: the mark is what reads it again.)
        old[0].source.itemsPassedOver = false
        var again = try c.begin()
        #expect(
            c.foldSources(&again.store, old: old, now: now).first { $0.source.name == "cal" }?.items.isEmpty == true)
    }
}
