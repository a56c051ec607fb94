import TMinusCore
import Testing

@Suite("tminus:// links")
struct ItemLinkTests {
    let berlin = Zone.fixed(3600, name: "CET")

    @Test func shareThenParseGivesTheSameFields() throws {
        let t = Item(
            kind: .todo, id: "x", handle: 3, title: "Tax & <forms> 100% — ✓", note: "line 1\nline 2 = a&b",
            due: .instant(Instant(1_800_000_000)), tag: "home office", priority: .high,
            remind: Instant(1_799_990_000))
        var starred = t
        starred.starred = true
        let link = ItemLink.share(starred, zone: berlin)
        #expect(
            link.hasPrefix("tminus://add?kind=todo&title=Tax%20%26%20%3Cforms%3E%20100%25%20%E2%80%94%20%E2%9C%93&"))
        guard case .add(let params) = try ItemLink.parse(link) else { Issue.record("not an add link"); return }
        let fields = Dictionary(uniqueKeysWithValues: params)
        #expect(fields["title"] == t.title && fields["note"] == t.note && fields["tag"] == "home office")
        #expect(fields["due"] == "2027-01-15T09:00:00+01:00" && fields["priority"] == "high" && fields["star"] == "1")
        #expect(fields["remind"].flatMap { Due(storage: $0) } == .instant(Instant(1_799_990_000)))
    }

    @Test func showAndItem() throws {
        #expect(try ItemLink.parse("tminus://show?date=2026-12-01") == .show(CivilDate(year: 2026, month: 12, day: 1)))
        #expect(try ItemLink.parse("TMINUS://Show/?date=2026-12-01") == .show(CivilDate(year: 2026, month: 12, day: 1)))
        #expect(try ItemLink.parse("tminus://item?id=0b22-66") == .item("0b22-66"))
    }

    static let refused: [(String, String)] = [
        ("http://add?title=x", "must start with tminus://"),
        ("tminus:add?title=x", "must start with tminus://"),
        ("tminus://delete?title=x", "not one of add, show, item"),
        ("tminus://add?title=x&exec=rm", "'exec' is not a parameter"),
        ("tminus://add?title=x&title=y", "given twice"),
        ("tminus://add?note=x", "needs a title"),
        ("tminus://add?title=100%", "two hex digits"),
        ("tminus://add?title=%zz", "two hex digits"),
        ("tminus://add?title=%FF%FE", "not UTF-8"),
        ("tminus://add?title=a%07b", "control character"),
        ("tminus://add?title=a%0Ab", "control character"),
        ("tminus://add?title=a\u{1}b", "control character"),
        ("tminus://add?title=a b", "must be percent-encoded"),
        ("tminus://add?title=<b>", "must be percent-encoded"),
        ("tminus://add?title=x#frag", "fragment"),
        ("tminus://add?title", "has no value"),
        ("tminus://show?date=2026-13-01", "not a date"),
        ("tminus://show?date=2026-12-01T10:00", "not a date"),
        ("tminus://show", "needs date"),
        ("tminus://item?id=", "needs id"),
        ("tminus://add?title=" + String(repeating: "a", count: 9000), "more than 8192")
    ]

    @Test(arguments: refused)
    func strictValidation(_ url: String, _ reason: String) {
        do {
            _ = try ItemLink.parse(url)
            Issue.record("accepted \(url)")
        } catch {
            #expect(error.exitCode == 2)
            #expect(error.description.contains(reason), "\(error.description)")
            #expect(!error.description.contains("\n"))
        }
    }

    @Test func aNoteMayHaveLineBreaksAndPlusIsAPlus() throws {
        guard case .add(let p) = try ItemLink.parse("tminus://add?title=C++&note=a%0Ab") else {
            Issue.record("not add"); return
        }
        #expect(p.map(\.1) == ["C++", "a\nb"])
    }
}
