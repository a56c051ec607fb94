import Foundation
import Testing

/// A Logseq graph as a source: its journals' and pages' tasks listed, done and undone as Logseq
/// writes them, new tasks in today's journal; every other byte of the graph kept.
@Suite("CLI: Logseq sources")
struct CLILogseqSourceTests {
    static func home() throws -> SourcesFixture {
        let f = try CLISourceCapTests.home(sources: #"{ "name": "lsq", "kind": "logseq", "path": "~/graph" }"#)
        try f.write("graph/journals/2026_03_09.md", "- TODO Call mom\n- Met Anna\n")
        try f.write(
            "graph/pages/Work.md",
            "title:: Work\n\n- NOW [#A] Ship the release #work\n  DEADLINE: <2026-03-12 Thu 17:00>\n- LATER Stretch\n  SCHEDULED: <2026-03-09 Mon .+1d>\n"
        )
        try f.write("graph/logseq/config.edn", "{:preferred-workflow :todo}\n")
        try f.write("graph/pages/.hidden.md", "- TODO Not read\n")
        return f
    }

    @Test func tasksAreListedAndWrittenBackAsLogseqDoes() throws {
        let f = try Self.home()
        let items = try f.items()
        #expect(Set(items.keys) == ["Call mom", "Ship the release", "Stretch"], "\(items.keys)")
        #expect(items["Call mom"]?["due"]?.stringValue == "2026-03-09", "a journal's day")
        #expect(
            items["Ship the release"]?["kind"]?.stringValue == "deadline"
                && items["Ship the release"]?["tag"]?.stringValue == "work")
        let call = try #require(items["Call mom"]?["handle"]?.intValue)
        let stretch = try #require(items["Stretch"]?["handle"]?.intValue)
        try f.h.ok("done", String(call), String(stretch))
        #expect(f.text("graph/journals/2026_03_09.md") == "- DONE Call mom\n- Met Anna\n")
        #expect(
            f.text("graph/pages/Work.md")
                == "title:: Work\n\n- NOW [#A] Ship the release #work\n  DEADLINE: <2026-03-12 Thu 17:00>\n- LATER Stretch\n  SCHEDULED: <2026-03-11 Wed .+1d>\n  :LOGBOOK:\n  * State \"DONE\" from \"LATER\" [2026-03-10 Tue 13:00]\n  :END:\n"
        )
        try f.h.ok("undo", String(call))
        #expect(
            f.text("graph/journals/2026_03_09.md") == "- TODO Call mom\n- Met Anna\n", "the graph's workflow is TODO")
        try f.h.ok("todo", "Buy milk", "--due", "2026-03-12", "--to", "lsq")
        #expect(f.text("graph/journals/2026_03_10.md") == "- TODO Buy milk\n  SCHEDULED: <2026-03-12 Thu>\n")
        try f.h.ok("add", "Dentist", "--due", "2026-03-13T09:00", "--to", "lsq")
        #expect(
            f.text("graph/journals/2026_03_10.md").hasSuffix("- TODO Dentist\n  DEADLINE: <2026-03-13 Fri 09:00>\n"))
        let ship = try #require(try f.items()["Ship the release"]?["handle"]?.intValue)
        try f.h.ok("rm", String(ship))
        #expect(f.text("graph/pages/Work.md").hasPrefix("title:: Work\n\n- LATER Stretch\n"))
    }

    /// A 15 MB page costs what the cap shows; a page over 16 MB is said and the others read.
    @Test func hugeAndHostilePagesAreBounded() throws {
        let f = try CLISourceCapTests.home(
            sources: #"{ "name": "lsq", "kind": "logseq", "path": "~/graph", "maxItems": 2 }"#)
        let block = "- TODO Later \u{202E}one\n  DEADLINE: <2027-01-01 Fri>\n"
        try f.write(
            "graph/pages/Big.md",
            "- TODO Soonest\n  DEADLINE: <2026-03-11 Wed>\n"
                + String(repeating: block, count: (15 << 20) / block.utf8.count))
        try f.write("graph/pages/Huge.md", String(repeating: "- TODO Too big\n", count: (17 << 20) / 15))
        try f.write("graph/journals/2026_03_10.md", "- TODO Small one\n")
        let list = try f.h.run(["list", "--json"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(
            list.stdout.contains("\"Soonest\"") && list.stdout.contains("\"Small one\"")
                && !list.stdout.contains("Too big"))
        let sources = try f.h.run("sources")
        #expect(
            sources.stdout.contains("the 2 nearest now are shown") && sources.stdout.contains("Huge.md"), "\(sources)")
    }
}
