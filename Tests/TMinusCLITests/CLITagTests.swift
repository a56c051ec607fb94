import Testing
import TMinusCore

@Suite("CLI: tags")
struct CLITagTests {
    @Test func tagsCanBeAddedRenamedRecolouredAndRemoved() throws {
        let h = try Seed.home()
        try h.ok("tag", "add", "school", "--color", "#FF0000")
        try h.ok("edit", "7", "--tag", "school")
        #expect(try h.list().item(7)?["color"]?.stringValue == "#ff0000")
        try h.ok("tag", "edit", "school", "--name", "uni", "--color", "#00ff00")
        let paper = try #require(try h.list().item(7))
        #expect(paper["tag"]?.stringValue == "uni" && paper["color"]?.stringValue == "#00ff00")
        let tags = try #require(try h.run("tag", "list", "--json").json().arrayValue)
        #expect(tags.map { $0["name"]?.stringValue } == ["work", "personal", "study", "errand", "uni"])
        #expect(tags.last?["open"]?.intValue == 1)
        try h.ok("tag", "rm", "uni")
        #expect(try h.list().item(7)?["tag"] == .null)
    }

    @Test func prefilledTagsAppearOnFirstUse() throws {
        let h = try TempHome()
        try h.ok("todo", "First", "--tag", "Errand")
        let tags = try #require(try h.run("tag", "list", "--json").json().arrayValue)
        #expect(tags.compactMap { $0["name"]?.stringValue } == ["work", "personal", "study", "errand"])
        #expect(try h.list().first?["tag"]?.stringValue == "errand")
    }
}
