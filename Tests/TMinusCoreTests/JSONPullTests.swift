import Testing
import TMinusCore

/// The pull methods read what `parse` reads, with the same errors: a walker built on them must
/// give the same tree, and skipValue must land where the value ends.
@Suite("JSONParser: pull")
struct JSONPullTests {
    /// The tree, built only with the pull methods.
    static func walk(_ p: inout JSONParser) throws(JSONSyntaxError) -> JSON {
        switch try p.kind() {
        case .object:
            try p.beginObject()
            var members: [JSON.Member] = []
            while let key = try p.nextKey() { members.append(JSON.Member(key, try walk(&p))) }
            return .object(members)
        case .array:
            try p.beginArray()
            var items: [JSON] = []
            while try p.nextElement() { items.append(try walk(&p)) }
            return .array(items)
        case .string: return .string(try p.readString())
        case .number: return .number(try p.readNumber())
        case .bool: return .bool(try p.readBool())
        case .null:
            _ = try p.readNull()
            return .null
        }
    }

    static func pulled(_ text: String) throws(JSONSyntaxError) -> JSON {
        var p = JSONParser(Array(text.utf8))
        let value = try walk(&p)
        try p.finish()
        return value
    }

    static let documents = [
        #"{"a": [1, -2.5, 3e2, true, false, null], "b": {"c": "d"}, "e": "", "f": [], "g": {}}"#,
        #"[[[[]]], {"x": [{"y": {}}]}, "s\"q\\u00e9", -0, 123456789012345678]"#,
        "  {\n \"k\" : [ 1 , 2 ] \n }  ",
        #""just a string""#, "42", "null", "[1]"
    ]

    @Test(arguments: documents)
    func walkingGivesTheSameTreeAsParse(text: String) throws {
        let tree = try JSONParser.parse(text)
        #expect(JSONWriter.compact(try Self.pulled(text)) == JSONWriter.compact(tree))
    }

    @Test(arguments: [
        "{\"a\": 1,}", "[1,]", "{\"a\" 1}", "[1 2]", "{\"a\": 1", "[", "{\"a\": [1, 2}", "{1: 2}", "[1] x"
    ])
    func errorsWhereParseHasThem(text: String) throws {
        var treeError: JSONSyntaxError?
        do { _ = try JSONParser.parse(text) } catch { treeError = error }
        var pullError: JSONSyntaxError?
        do { _ = try Self.pulled(text) } catch { pullError = error }
        #expect(treeError != nil && pullError != nil)
        #expect(treeError?.line == pullError?.line)
    }

    @Test func skipValueLandsAfterTheValue() throws {
        var p = JSONParser(Array(#"{"skip": {"a": [1, {"b": [[], {}]}, "x"], "c": null}, "keep": 7}"#.utf8))
        try p.beginObject()
        #expect(try p.nextKey() == "skip")
        try p.skipValue()
        #expect(try p.nextKey() == "keep")
        #expect(try p.readNumber() == 7)
        #expect(try p.nextKey() == nil)
        try p.finish()
    }

    @Test func skipValueIsALoopWithTheDepthLimit() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        var p = JSONParser(Array(deep.utf8))
        #expect(throws: JSONSyntaxError.self) { try p.skipValue() }
        let fine = String(repeating: "[", count: 150) + String(repeating: "]", count: 150)
        var q = JSONParser(Array(fine.utf8))
        #expect(throws: Never.self) { try q.skipValue() }
    }

    @Test func rawKeysAndStringsHaveNoEscapesOrAreDecoded() throws {
        var p = JSONParser(Array(#"{"plain": "2026-12-01", "esc\u0061ped": "a\"b"}"#.utf8))
        try p.beginObject()
        let first = try #require(try p.nextRawKey())
        #expect(p.text(of: first) == "plain")
        #expect(try p.readRawString().map { String(decoding: $0, as: UTF8.self) } == "2026-12-01")
        let second = try #require(try p.nextRawKey())
        #expect(p.text(of: second) == "escaped")
        #expect(try p.readRawString() == nil)
    }
}
