import Testing
import TMinusCore
@testable import TMinusSources

/// `task export` as Taskwarrior 2.6 prints it (one task per line inside a JSON list), including
/// what a sync or an old bug leaves in it.
@Suite("Taskwarrior export: damaged exports")
struct TaskwarriorExportDamageTests {
    static func line(_ uuid: String, _ description: String) -> String {
        #"{"id":1,"description":"\#(description)","entry":"20260301T100000Z","status":"pending","uuid":"\#(uuid)","urgency":1}"#
    }

    /// A raw control character in one description made the whole export invalid JSON, and every
    /// task of the source vanished.
    @Test func aBrokenTaskSkipsThatTaskOnly() throws {
        let export =
            "[\n" + Self.line("aaaaaaaa-0000-0000-0000-000000000001", "Pay rent") + ",\n"
            + Self.line("aaaaaaaa-0000-0000-0000-000000000002", "Bad\u{01}line") + ",\n"
            + Self.line("aaaaaaaa-0000-0000-0000-000000000003", "Call mom") + "\n]\n"
        let result = try TaskwarriorExport.parse(Array(export.utf8), source: "tw")
        #expect(result.items.map(\.title) == ["Pay rent", "Call mom"])
        #expect(
            result.problems.map { Deferred.render($0, .english) } == [
                "task export line 3: not a task tminus can read; skipped"
            ])
    }

    @Test func twoTasksWithOneUUIDAreOneItem() throws {
        let export =
            "[\n" + Self.line("AAAAAAAA-0000-0000-0000-000000000001", "Pay rent") + ",\n"
            + Self.line("aaaaaaaa-0000-0000-0000-000000000001", "Pay rent (copy)") + "\n]\n"
        let result = try TaskwarriorExport.parse(Array(export.utf8), source: "tw")
        #expect(result.items.map(\.title) == ["Pay rent"])
        #expect(result.problems.count == 1 && result.problems[0].contains("twice"))
    }

    @Test func somethingThatIsNotAnExportIsStillAnError() {
        let error = #expect(throws: TMinusError.self) {
            try TaskwarriorExport.parse(Array("Error: no such thing\n".utf8), source: "tw")
        }
        #expect(error?.line == 1 && error?.cause is JSONSyntaxError, "\(String(describing: error))")
    }
}

/// An export that is no JSON and has no task on any line: the error keeps the line and the parse
/// error as fields (the words are as before).
@Suite("Taskwarrior export: the error's fields")
struct TaskwarriorExportErrorFieldsTests {
    @Test func anExportThatIsNoJSONKeepsItsLineAndCause() {
        do {
            _ = try TaskwarriorExport.parse(Array("[\n  {\"uuid\": nope}\n]\n".utf8), source: "tw")
            Issue.record("read an export that is no JSON")
        } catch {
            #expect(error.kind == .failure && error.line == 2, "\(error.line ?? 0): \(error.message)")
            #expect(error.cause is JSONSyntaxError)
            #expect(
                error.message.hasPrefix("task export printed something that is not JSON (line 2: "), "\(error.message)")
        }
    }
}
