import Foundation
import Glibc
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
final class PassedOverPartTests {
    var dirs: [String] = []
    deinit { for d in dirs { try? FileManager.default.removeItem(atPath: d) } }

    @Test func aPartReadWithoutItsItemsIsReadAgainNotKept() throws {
        let dir = try #require(mkdtemp(strdup("/tmp/tminus-passed.XXXXXX")).map { String(cString: $0) })
        dirs.append(dir)
        let folder = dir + "/cal/work"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let file = folder + "/a.ics"
        try Data(
            ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\nUID:a@x\r\nSUMMARY:Pay rent\r\n"
                + "DUE:20261201T090000Z\r\nEND:VTODO\r\nEND:VCALENDAR\r\n").utf8
        ).write(to: URL(fileURLWithPath: file))
        // Stamps an hour old: nothing racy, the source's record is current until a file changes.
        var hourAgo = [timeval(tv_sec: time(nil) - 3_600, tv_usec: 0), timeval(tv_sec: time(nil) - 3_600, tv_usec: 0)]
        for path in [file, folder, dir + "/cal"] { #expect(utimes(path, &hourAgo) == 0) }
        let source = SourceConfig(name: "cal", kind: .vdir, path: dir + "/cal")
        let sourcing = Sourcing(sources: [source], zone: .utc, hold: 600, environment: [:], configDirectory: dir)
        let c = Container(home: Home(directory: dir + "/home", configPath: dir + "/config.json"), sourcing: sourcing)
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
