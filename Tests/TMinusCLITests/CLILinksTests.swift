import Foundation
import Testing
import TMinusCore

@Suite("CLI: share and open tminus:// links")
struct CLILinksTests {
    static let compared = ["kind", "title", "note", "due", "allDay", "tag", "remind", "priority", "starred", "icon"]

    func fields(_ item: JSON?) -> [String: JSON] {
        var out: [String: JSON] = [:]
        for key in Self.compared { out[key] = item?[key] ?? .null }
        return out
    }

    @Test func aLinkSharedOnOneHomeMakesTheSameItemOnAnother() throws {
        let a = try TempHome(), b = try TempHome()
        b.tz = "America/Los_Angeles"
        try a.ok("tag", "add", "errands", "--color", "#123456")
        try a.ok(
            "todo", "Tax & <forms> 100%", "--due", "2026-03-20T17:30", "--note", "line 1\nline 2 = a&b", "--tag",
            "errands",
            "--remind", "2026-03-20T09:00", "--priority", "high", "--star")
        try a.ok("add", "Thesis", "--due", "2026-04-01", "--start", "2026-03-01", "--icon", "🎓", "--note", "chapter 3")
        for handle in [1, 2] {
            let link = try a.ok("share", "\(handle)").stdout.trimmingCharacters(in: .newlines)
            #expect(link.hasPrefix("tminus://add?"))
            let opened = try b.ok("open", link)
            #expect(opened.stdout.hasPrefix("added "))
            let again = try b.ok("open", link)
            #expect(again.stdout.hasPrefix("already there: #\(handle)"))
        }
        let left = try a.list(), right = try b.list()
        #expect(right.count == 2)
        // Same instants; a whole day stays a whole day wherever it is opened.
        #expect(
            fields(right.item(1)).filter { $0.key != "due" && $0.key != "remind" }
                == fields(left.item(1)).filter { $0.key != "due" && $0.key != "remind" })
        for key in ["due", "remind"] {
            let l = left.item(1)?[key]?.stringValue.flatMap { Due(storage: $0) }
            let r = right.item(1)?[key]?.stringValue.flatMap { Due(storage: $0) }
            #expect(l != nil && l == r, "\(key)")
        }
        #expect(fields(right.item(2)) == fields(left.item(2)))
        #expect(
            right.item(2)?["start"] == left.item(2)?["start"]
                || right.item(2)?["start"]?.stringValue.flatMap { Due(storage: $0) }
                    == left.item(2)?["start"]?.stringValue.flatMap { Due(storage: $0) }
        )
        // The tag came along (made on the other home, which did not have it).
        #expect(
            try b.run("tag", "list", "--json").json().arrayValue?.contains { $0["name"]?.stringValue == "errands" }
                == true)
    }

    static let bad = [
        "tminus://add?title=x&exec=rm%20-rf",
        "tminus://add?title=x&kind=event",
        "tminus://add?title=x&kind=todo&icon=x",
        "tminus://add?title=%20&due=2026-03-20",
        "tminus://add?title=x&due=someday",
        "tminus://add?title=x&tag=no%2Fslash%2Fhere%2Fat%2Fall%2Fbecause%2Fthis%2Fis%2Fa%2Fvery%2Flong%2Fname%2Fof%2Fa%2Ftag",
        "tminus://add?title=%E2%28",
        "tminus://add?title=a%00b",
        "tminus://shell?cmd=id",
        "https://example.com/?title=x",
        "tminus://add?title=" + String(repeating: "x", count: 9000)
    ]

    @Test(arguments: bad)
    func aBadLinkChangesNothing(_ url: String) throws {
        let h = try TempHome()
        try h.ok("todo", "Existing")
        let store = h.bytes("store.json"), summary = h.bytes("summary.json")
        let r = try h.run("open", url)
        #expect(r.status == 2, "\(r)")
        #expect(r.stderrLines.count == 1 && r.stdout.isEmpty)
        #expect(h.bytes("store.json") == store && h.bytes("summary.json") == summary)
    }

    @Test func showPrintsADayAndItemPrintsOneItem() throws {
        let h = try TempHome()
        try h.ok("add", "Thesis", "--due", "2026-03-20T17:00")
        try h.ok("todo", "Buy milk", "--due", "2026-03-12", "--note", "oat")
        try h.ok("todo", "Later", "--due", "2026-03-30")
        let day = try h.ok("open", "tminus://show?date=2026-03-12").stdout
        #expect(day.hasPrefix("Thu 2026-03-12\n"))
        #expect(day.contains("Buy milk") && day.contains("Thesis") && !day.contains("Later"))
        #expect(try h.ok("open", "tminus://show?date=2026-03-31").stdout.contains("nothing due"))
        // Today's page: a deadline made today counts down through it (it was left out before).
        let today = try h.ok("open", "tminus://show?date=2026-03-10").stdout
        #expect(today.contains("Counting down through it\n") && today.contains("Thesis"), "\(today)")
        #expect(day.contains("all day      Buy milk ✎"), "\(day)")
        let id = try #require(h.list().item(2)?["id"]?.stringValue)
        let one = try h.ok("open", "tminus://item?id=\(id)").stdout
        #expect(one.contains("Buy milk") && one.hasSuffix("oat\n"))
        #expect(try h.run("open", "tminus://item?id=ffffffff").status == 2)
    }
}
