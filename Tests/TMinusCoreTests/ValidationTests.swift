import Testing
import TMinusCore

@Suite("Validation")
struct ValidationTests {
    @Test(arguments: [
        ("Buy milk", "Buy milk"),
        ("  padded title \t", "padded title"),
        ("日本語のタイトル 😀", "日本語のタイトル 😀"),
        (String(repeating: "x", count: 200), String(repeating: "x", count: 200)),
        (String(repeating: "é", count: 200), String(repeating: "é", count: 200))
    ])
    func acceptsGoodTitles(raw: String, expected: String) throws {
        #expect(try Validation.title(raw) == expected)
    }

    /// (title, a word the message must contain)
    @Test(arguments: [
        ("", "empty"),
        ("   ", "empty"),
        ("\t\n", "empty"),
        (String(repeating: "x", count: 201), "201 characters"),
        (String(repeating: "😀", count: 201), "201 characters"),
        ("bell\u{7}", "U+0007"),
        ("escape \u{1b}[31m red", "U+001B"),
        ("two\nlines", "U+000A"),
        ("nul\u{0}", "U+0000"),
        ("del\u{7f}", "U+007F")
    ])
    func rejectsBadTitles(raw: String, mention: String) throws {
        let message = usageMessage { _ = try Validation.title(raw) }
        let m = try #require(message)
        #expect(m.contains(mention), "\(m)")
        #expect(!m.contains("\n"))
    }

    @Test func notesAllowNewlinesAndTabsButNotOtherControls() throws {
        #expect(try Validation.note("line one\n\tline two") == "line one\n\tline two")
        #expect(try Validation.note("") == "")
        #expect(usageMessage { _ = try Validation.note("bell\u{7}") }?.contains("U+0007") == true)
        #expect(usageMessage { _ = try Validation.note(String(repeating: "n", count: 2001)) }?.contains("2001") == true)
    }

    @Test(arguments: [("#FF5555", "#ff5555"), ("#a3be8c", "#a3be8c"), ("#abc", "#aabbcc"), (" #123456 ", "#123456")])
    func acceptsColours(raw: String, expected: String) throws {
        #expect(try Validation.color(raw) == expected)
    }

    @Test(arguments: ["red", "ff5555", "#ff555", "#ff55555", "#gggggg", "", "#", "##ff5555"])
    func rejectsBadColours(raw: String) throws {
        let m = try #require(usageMessage { _ = try Validation.color(raw) })
        #expect(m.contains("#rrggbb"))
    }

    @Test(arguments: [("high", Priority.high), ("Medium", .medium), (" low ", .low), ("none", .none)])
    func acceptsPriorities(raw: String, expected: Priority) throws {
        #expect(try Validation.priority(raw) == expected)
    }

    @Test(arguments: ["urgent", "", "1", "hi", "HIGHEST"])
    func rejectsBadPriorities(raw: String) throws {
        let m = try #require(usageMessage { _ = try Validation.priority(raw) })
        #expect(m.contains("high, medium, low or none"))
    }

    @Test func knownTagsMatchCaseInsensitively() throws {
        #expect(try Validation.knownTag("WORK", in: Tag.defaults).name == "work")
        #expect(try Validation.knownTag(" study ", in: Tag.defaults) == Tag(name: "study", color: "#ebcb8b"))
    }

    @Test func unknownTagNamesTheKnownOnes() throws {
        let m = try #require(usageMessage { _ = try Validation.knownTag("school", in: Tag.defaults) })
        #expect(m.contains("'school'"))
        #expect(m.contains("tminus tag add school"))
        #expect(m.contains("work, personal, study, errand"))
    }

    @Test(arguments: ["school", "my-tag", "tag_2", "Ünïcode", String(repeating: "t", count: 32)])
    func acceptsTagNames(raw: String) throws {
        #expect(try Validation.tagName(raw) == raw)
    }

    @Test(arguments: ["", "  ", "two words", "semi;colon", "#hash", String(repeating: "t", count: 33), "tab\tname"])
    func rejectsTagNames(raw: String) throws {
        #expect(usageMessage { _ = try Validation.tagName(raw) } != nil)
    }

    @Test(arguments: [("⏳", "⏳"), (" 🎓 ", "🎓"), ("TODO", "TODO")])
    func acceptsIcons(raw: String, expected: String) throws {
        #expect(try Validation.icon(raw) == expected)
    }

    @Test(arguments: ["", "   ", "123456789", "a\u{7}"])
    func rejectsIcons(raw: String) throws {
        #expect(usageMessage { _ = try Validation.icon(raw) } != nil)
    }

    @Test func printableHidesControlsAndCutsLongText() {
        #expect(Validation.printable("a\u{1b}b\nc") == "a?b?c")
        let long = String(repeating: "y", count: 100)
        #expect(Validation.printable(long) == String(repeating: "y", count: 80) + "…")
    }

    @Test func errorsMapToExitCodes() {
        #expect(TMinusError.usage("x").exitCode == 2)
        #expect(TMinusError.failure("x").exitCode == 1)
        #expect(TMinusError.usage("say this").description == "say this")
    }
}
