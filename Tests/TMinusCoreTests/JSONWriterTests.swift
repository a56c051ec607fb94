import Testing
import TMinusCore

@Suite("JSONWriter")
struct JSONWriterTests {
    @Test(arguments: [
        ("plain", #""plain""#),
        ("quote \" and \\ backslash", #""quote \" and \\ backslash""#),
        ("line\nbreak\rand\ttab", #""line\nbreak\rand\ttab""#),
        ("bell\u{7} nul\u{0} esc\u{1b} del\u{7f}", #""bell\u0007 nul\u0000 esc\u001b del\u007f""#),
        ("a/b", #""a/b""#),
        ("é 日本 😀", "\"é 日本 😀\""),
        ("sep\u{2028}par\u{2029}", #""sep\u2028par\u2029""#),
        ("", #""""#)
    ])
    func escapesStrings(input: String, expected: String) throws {
        #expect(JSONWriter.quote(input) == expected)
        // Whatever it writes reads back as the same string.
        #expect(try JSONParser.parse(expected) == .string(input))
    }

    @Test(arguments: [
        (0.0, "0"), (1.0, "1"), (-3.0, "-3"), (1.5, "1.5"), (0.1 + 0.2, "0.3"), (2.0 / 3.0, "0.666667"),
        (1_700_000_000.0, "1700000000"), (Double.nan, "null"), (Double.infinity, "null")
    ])
    func formatsNumbers(value: Double, expected: String) {
        #expect(JSONWriter.formatNumber(value) == expected)
    }

    /// Found by the fuzzer: 1e308 was written as "inf" (scaling to six decimals overflowed).
    @Test(arguments: ["1e308", "-1.7976931348623157e308", "1e15", "123456789012345678", "5e-324", "0.0000001", "2.5e-7"]
    )
    func extremeNumbersRoundTrip(text: String) throws {
        let value = try JSONParser.parse(text)
        let written = JSONWriter.compact(value)
        #expect(try JSONParser.parse(written) == value, "\(text) was written as \(written)")
    }

    @Test func writesCompactInBuildOrder() {
        let json = JSON.object(["z": .int(1), "a": .array([.bool(true), .null]), "skipped": nil, "o": .object([])])
        #expect(JSONWriter.compact(json) == #"{"z":1,"a":[true,null],"o":{}}"#)
    }

    @Test func writesPrettyWithTwoSpacesAndANewline() {
        let json = JSON.object(["a": .int(1), "b": .array([.string("x"), .array([])])])
        #expect(
            JSONWriter.pretty(json) == """
                {
                  "a": 1,
                  "b": [
                    "x",
                    []
                  ]
                }

                """)
    }

    @Test func roundTripsThroughTheParser() throws {
        let json = JSON.object([
            "title": .string("Thesis \"final\" \\ draft\n2"),
            "n": .number(-12.25),
            "nested": .array([.object(["k": .string("v\u{1}")]), .null, .bool(false)])
        ])
        // Parsed members carry their line numbers, so compare the text the values write.
        for text in [JSONWriter.compact(json), JSONWriter.pretty(json)] {
            let parsed = try JSONParser.parse(text)
            #expect(parsed.members?.map(\.key) == ["title", "n", "nested"])
            #expect(JSONWriter.compact(parsed) == JSONWriter.compact(json))
            #expect(parsed["title"] == json["title"])
        }
    }

    /// C1 controls (U+009B is CSI, U+009D OSC to a terminal) are escaped like C0 ones; other
    /// two-byte characters are not.
    @Test func c1ControlsAreEscaped() {
        #expect(JSONWriter.quote("a\u{9B}2J\u{9D}8;;x\u{9C}b") == #""a\u009b2J\u009d8;;x\u009cb""#)
        #expect(JSONWriter.quote("é\u{A0}ß") == "\"é\u{A0}ß\"")
        #expect(JSONWriter.quote("\u{80}\u{9F}") == #""\u0080\u009f""#)
    }
}
