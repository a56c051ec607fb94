import Testing
import TMinusCore

@Suite("JSONParser")
struct JSONParserTests {
    @Test func parsesEveryKindOfValue() throws {
        let json = try JSONParser.parse(#"{"a": [1, -2.5, 3e2, true, false, null], "b": {"c": "d"}, "e": ""}"#)
        #expect(json["a"] == .array([.number(1), .number(-2.5), .number(300), .bool(true), .bool(false), .null]))
        #expect(json["b"]?["c"]?.stringValue == "d")
        #expect(json["e"]?.stringValue == "")
        #expect(json["missing"] == nil)
    }

    @Test func keepsMembersInSourceOrderWithTheirLines() throws {
        let json = try JSONParser.parse("{\n  \"z\": 1,\n\n  \"a\": 2\n}")
        let members = try #require(json.members)
        #expect(members.map(\.key) == ["z", "a"])
        #expect(members.map(\.line) == [2, 4])
    }

    @Test(arguments: [
        (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{c}\n\r\t"),
        (#""\u00e9\u20AC""#, "é€"),
        (#""\ud83d\ude00""#, "😀"),
        ("\"naïve 日本\"", "naïve 日本")
    ])
    func decodesStringEscapes(text: String, expected: String) throws {
        #expect(try JSONParser.parse(text) == .string(expected))
    }

    @Test func skipsAByteOrderMark() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.number(1)]))
    }

    /// (text, line, column) of the first syntax error.
    @Test(arguments: [
        ("{\n  \"a\": 1,\n  \"b\": ]\n}", 3, 8),
        ("[1, 2,\n 3,\n 4", 3, 3),
        ("{\"a\" 1}", 1, 6),
        ("\n\n\n  nope", 4, 3),
        ("{\n\"a\": \"unterminated\n}", 2, 19),
        ("", 1, 1),
        ("   \n  ", 2, 3),
        ("[1] [2]", 1, 5),
        ("{\"a\": 1,}", 1, 9),
        ("[1,]", 1, 4),
        ("// comment\n{}", 1, 1),
        ("\"\\x\"", 1, 4),
        ("\"\\ud800\"", 1, 8),
        ("-", 1, 2),
        ("1.", 1, 3),
        ("tru", 1, 1)
    ])
    func reportsTheLineAndColumnOfASyntaxError(text: String, line: Int, column: Int) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
        do {
            _ = try JSONParser.parse(text)
        } catch {
            #expect(error.line == line, "\(error)")
            #expect(error.column == column, "\(error)")
            #expect(!error.message.isEmpty)
        }
    }

    @Test func errorDescriptionNamesLineAndColumn() {
        do {
            _ = try JSONParser.parse("{\n  \"a\": x\n}")
            Issue.record("parsed")
        } catch {
            #expect(error.description.hasPrefix("line 2, column 8: "))
        }
    }

    @Test func relaxedModeAllowsCommentsAndTrailingCommas() throws {
        let text = """
            // the config
            {
              /* a block
                 comment over lines */
              "a": [1, 2, 3,], // trailing comma in an array
              "b": {"c": true,},
            }
            """
        let json = try JSONParser.parse(text, relaxed: true)
        #expect(json["a"] == .array([.number(1), .number(2), .number(3)]))
        #expect(json["b"]?["c"] == .bool(true))
        // Lines still count across comments.
        #expect(json.members?.map(\.line) == [5, 6])
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text) }
    }

    @Test func relaxedModeCountsLinesInsideBlockComments() {
        do {
            _ = try JSONParser.parse("{\n/* one\n two\n three */\n \"a\": ?\n}", relaxed: true)
            Issue.record("parsed")
        } catch {
            #expect(error.line == 5)
        }
    }

    @Test(arguments: ["{,}", "[,]", "[1,,]", "{\"a\":1,,}", "/* never closed", "{} /* open"])
    func relaxedModeStillRejectsBrokenText(text: String) {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(text, relaxed: true) }
    }

    @Test func rejectsDeepNesting() throws {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(String(repeating: "[", count: 500)) }
        let ok = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: Never.self) { try JSONParser.parse(ok) }
    }

    @Test func rejectsControlCharactersInStrings() {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse("\"a\u{1}b\"") }
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse("\"tab\there\"") }
    }

    @Test func accessorsReadTheRightTypes() throws {
        let json = try JSONParser.parse(#"{"i": 3, "f": 1.5, "s": "x", "b": false, "n": null, "a": []}"#)
        #expect(json["i"]?.intValue == 3)
        #expect(json["f"]?.intValue == nil)
        #expect(json["f"]?.numberValue == 1.5)
        #expect(json["s"]?.stringValue == "x")
        #expect(json["s"]?.intValue == nil)
        #expect(json["b"]?.boolValue == false)
        #expect(json["n"]?.isNull == true)
        #expect(json["a"]?.arrayValue == [])
        #expect(json["a"]?.typeName == "an array")
    }

    @Test func laterDuplicateKeysWin() throws {
        #expect(try JSONParser.parse(#"{"a": 1, "a": 2}"#)["a"] == .number(2))
    }
}
