import Foundation
import Testing
import TMinusCore

/// What a user sets shows: a shared item's tag keeps its colour in the other home; the icon is
/// where the title is; the note is in the tooltip, as `--note`'s help says.
@Suite("CLI: what a user sets, shows")
struct CLIWhatUserSetsTests {
    /// `uni #ff5555` became `uni #b48ead` (the other home's next palette colour).
    @Test func aSharedLinkCarriesTheTagsColour() throws {
        let a = try TempHome(), b = try TempHome()
        try a.ok("tag", "add", "uni", "--color", "#ff5555")
        try a.ok("add", "Thesis", "--due", "2026-04-01", "--tag", "uni")
        let link = try a.ok("share", "1").stdout.trimmingCharacters(in: .newlines)
        #expect(link.contains("&tag=uni&color=%23ff5555"), "\(link)")
        #expect(try b.ok("open", link).stdout.hasPrefix("added deadline #1 Thesis"))
        let tags = try b.ok("tag", "list").stdout
        #expect(tags.split(separator: "\n").contains { $0.contains("uni") && $0.contains("#ff5555") }, "\(tags)")
        #expect(try b.list().first?["color"]?.stringValue == "#ff5555")
        // A tag the other home has keeps its own colour.
        let c = try TempHome()
        try c.ok("tag", "add", "uni", "--color", "#00ff00")
        try c.ok("open", link)
        #expect(try c.list().first?["color"]?.stringValue == "#00ff00")
        // A colour that is not one, or without a tag, is refused and adds nothing.
        for bad in [
            "tminus://add?kind=todo&title=x&tag=uni&color=red", "tminus://add?kind=todo&title=x&color=%23ff5555"
        ] {
            let d = try TempHome()
            let r = d.inProcess(["open", bad])
            #expect(r.status == 2 && r.stderr.hasPrefix("tminus: not a tminus link: color"), "\(r)")
            #expect(d.bytes("store.json") == nil)
        }
    }
}
