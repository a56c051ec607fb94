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

extension CLIWhatUserSetsTests {
    /// `--icon` showed only in the small family: not in list, board, the medium text or the tooltip.
    @Test func theIconIsWhereTheTitleIs() throws {
        let h = try TempHome()
        try h.ok("add", "Thesis", "--due", "2026-03-12T17:00", "--icon", "🎓")
        #expect(try h.ok("list").stdout.contains("🎓 Thesis"))
        #expect(h.inProcess(["board"]).stdout.contains("  🎓 Thesis  "))
        #expect(try h.ok("show", "--family", "medium").stdout.hasPrefix("🎓 Thesis 2d 4h"))
        #expect(try h.ok("show", "--family", "large").stdout.hasPrefix("🎓 Thesis · due Thu 12 Mar 17:00\n"))
        #expect(try h.ok("show", "--family", "small").stdout.hasPrefix("🎓 "))
        // Without an icon, nothing before the title.
        let g = try TempHome()
        try g.ok("add", "Thesis", "--due", "2026-03-12T17:00")
        #expect(try g.ok("show", "--family", "medium").stdout.hasPrefix("Thesis 2d 4h"))
        #expect(try g.ok("show", "--family", "large").stdout.hasPrefix("Thesis · due Thu 12 Mar 17:00\n"))
    }

    /// `--note` says "(shown in the tooltip)", and the tooltip (the large family) did not show it.
    @Test func theNoteIsInTheTooltip() throws {
        let h = try TempHome()
        try h.ok("add", "Thesis", "--due", "2026-03-12T17:00", "--note", "chapter 3 first\nthen the rest")
        let large = try h.ok("show", "--family", "large").stdout
        #expect(large.split(separator: "\n").dropFirst(2).first == "chapter 3 first", "\(large)")
        let waybar = try JSONParser.parse(Array(h.ok("show", "--format", "waybar").stdout.utf8))
        #expect(waybar["tooltip"]?.stringValue?.contains("\nchapter 3 first\n") == true, "\(waybar)")
        for tooltip in ["agenda", "calendar"] {
            let f = try TempHome()
            try FileManager.default.createDirectory(
                at: f.root.appendingPathComponent("config/tminus"), withIntermediateDirectories: true)
            try #"{"tooltip": "\#(tooltip)"}"#.write(
                to: f.root.appendingPathComponent("config/tminus/config.json"), atomically: false, encoding: .utf8)
            try f.ok("add", "Thesis", "--due", "2026-03-12T17:00", "--note", "chapter 3 first")
            #expect(try f.ok("show", "--family", "large").stdout.contains("\nchapter 3 first\n"), "\(tooltip)")
        }
    }
}
