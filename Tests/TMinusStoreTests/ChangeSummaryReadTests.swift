import Foundation
import Glibc
import TMinusCore
import Testing
import TMinusTestSupport
@testable import TMinusSourcing
@testable import TMinusSystem
@testable import TMinusStore

/// A change in a home with sources reads the summary once (`Container.readPreviousSummary`):
/// before the lock for the stale sources, again under it only when the file changed meanwhile,
/// and the tags a commit keeps from it come from that read while the file is the one read. What
/// the change commits is what reading the summary each time gave: a tag only the summary has
/// (another home's, come with its items) is kept, and a summary rewritten between the two reads
/// is read again.
struct ChangeSummaryReadTests {
    /// The summary with a tag the store does not have, as another program's summary brings one.
    func addGhostTag(_ c: Container) throws {
        let text = try String(contentsOfFile: c.home.summaryPath, encoding: .utf8)
        #expect(text.contains(#""tags":["#))
        let ghost = text.replacingOccurrences(of: #""tags":["#, with: ##""tags":[{"name":"ghost","color":"#123456"},"##)
        try Data(ghost.utf8).write(to: URL(fileURLWithPath: c.home.summaryPath))
    }

    @Test func aChangeKeepsTheSummarysOwnTagsReadingItOnce() throws {
        let home = try OneTodoVdir()
        defer { withExtendedLifetime(home) {} }
        let c = home.container
        let now = at("2026-11-28T12:00:00Z")
        _ = try c.summaryForWidgets(now: now)
        try addGhostTag(c)
        let read = c.readPreviousSummary()
        #expect(read.tags.map(\.name).contains("ghost"))
        #expect(read.ifCurrent(c.home.summaryPath) != nil, "the file as read")
        try c.mutate(now: now + 1) { (change: inout Change) throws(TMinusError) in
            #expect(change.previousTags?.tags.map(\.name).contains("ghost") == true)
            change.add(Item.todo(handle: try change.takeHandle(), title: "Buy milk", created: now))
        }
        let after = try c.summaryForWidgets(now: now + 2)
        #expect(after.tags.map(\.name).contains("ghost"), "the summary's own tag is kept")
        #expect(Set(after.todos.map(\.title)) == ["Pay rent", "Buy milk"])
        // Rewritten since it was read: the reading is no longer current.
        #expect(read.ifCurrent(c.home.summaryPath) == nil)
    }

    /// A read that finds a new item in a source (a new handle, so the store is committed) keeps
    /// the summary's own tags too, taken from the summary it read rather than from a parse of
    /// every item once more.
    @Test func aReadThatCommitsANewItemKeepsTheSummarysOwnTags() throws {
        let home = try OneTodoVdir()
        defer { withExtendedLifetime(home) {} }
        let (c, dir) = (home.container, home.dir)
        let now = at("2026-11-28T12:00:00Z")
        _ = try c.summaryForWidgets(now: now)
        try addGhostTag(c)
        let file = dir + "/cal/work/b.ics"
        try OneTodoVdir.todo("b@x", "Call mum", due: "20261202T090000Z").write(to: URL(fileURLWithPath: file))
        var hourAgo = [timeval(tv_sec: time(nil) - 3_600, tv_usec: 0), timeval(tv_sec: time(nil) - 3_599, tv_usec: 0)]
        #expect(utimes(file, &hourAgo) == 0)
        #expect(utimes(dir + "/cal/work", nil) == 0)
        let after = try c.summaryForWidgets(now: now + 2)
        #expect(Set(after.todos.map(\.title)) == ["Pay rent", "Call mum"])
        #expect(after.tags.map(\.name).contains("ghost"), "the summary's own tag is kept")
        let again = try c.summaryForWidgets(now: now + 3)
        #expect(again.tags.map(\.name).contains("ghost"))
    }

    /// The tags kept by a commit are the summary's as it is at the commit: a summary rewritten
    /// after the change read it (here by hand, between the read and the commit) is read again.
    @Test func aSummaryRewrittenMeanwhileIsReadAgain() throws {
        let home = try OneTodoVdir()
        defer { withExtendedLifetime(home) {} }
        let c = home.container
        let now = at("2026-11-28T12:00:00Z")
        _ = try c.summaryForWidgets(now: now)
        try c.mutate(now: now + 1) { (change: inout Change) throws(TMinusError) in
            #expect(change.previousTags?.tags.map(\.name).contains("ghost") == false)
            // The summary changes under the change (as a second commit of one command does).
            try? self.addGhostTag(c)
            change.add(Item.todo(handle: try change.takeHandle(), title: "Buy milk", created: now))
        }
        let after = try c.summaryForWidgets(now: now + 2)
        #expect(after.tags.map(\.name).contains("ghost"), "read again at the commit, as before")
    }
}
