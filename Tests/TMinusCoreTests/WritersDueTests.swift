@testable import TMinusCore
import TMinusTestSupport
import Testing

/// A deadline's due found in its line as the summary's writer wrote it (`NearRead.writersDue`,
/// for a patched summary's far deadlines): for every item the writer writes, the due it wrote;
/// for a line without one, none (the line is then walked key by key).
struct WritersDueTests {
    static func due(_ line: String) -> String? {
        let b = Array(line.utf8)
        return b.withUnsafeBufferPointer { p in
            NearRead.writersDue(p, from: 0).map { String(decoding: b[$0], as: UTF8.self) }
        }
    }

    @Test func findsTheDueTheWriterWrote() {
        var r = SeededGenerator(state: 7)
        let hard = ["plain", "quote \" in it", "back\\slash", "\"due\":\"2020-01-01\"", "tab\tnew\nline", "ünï", "\\"]
        for k in 0..<400 {
            let title = hard[r.next(hard.count)] + String(k)
            let due: Due =
                r.next(2) == 0
                ? .day(CivilDate(year: 2027, month: 1 + r.next(12), day: 1 + r.next(28)))
                : .instant(Instant(Int64(r.next(2_000_000_000))))
            var item = Item(
                kind: .deadline, id: "id \(k) " + hard[r.next(hard.count)], handle: 1 + r.next(99_999), title: title,
                due: due, start: Instant(0))
            if r.next(2) == 0 { item.note = hard[r.next(hard.count)] }
            if r.next(3) == 0 { item.source = "cal" }
            var line: [UInt8] = []
            item.write(into: &line, withKind: false)
            var expected: [UInt8] = []
            switch due {
            case .instant(let t): RFC3339.write(t, offset: 0, into: &expected)
            case .day(let d): d.write(into: &expected)
            }
            #expect(
                Self.due(String(decoding: line, as: UTF8.self)) == String(decoding: expected, as: UTF8.self), "\(title)"
            )
        }
    }

    @Test func aLineWithoutOneHasNone() {
        for line in [
            #"{"id":"a","handle":1,"title":"t"}"# + "\n" + #"{"id":"b","handle":2,"title":"t","due":"2027-01-01"}"#,
            #"{"id":"a","handle":1,"title":"t \",\"due\":\"2027-01-01\""}"#,
            #"{"id":"a","handle":1,"title":"t","due":"2027-01-01"#,
            "{\"id\":\"a\",\"handle\":1,\"title\":\"t\",\"due\":\"2027\u{1}-01-01\"}",
            #","due":"#, ""
        ] {
            #expect(Self.due(line) == nil, "\(line)")
        }
        #expect(Self.due(#"{"id":"a:b","handle":12,"title":"t: u","note":"n","due":"2027-01-01"}"#) == "2027-01-01")
        #expect(Self.due(#","due":"x""#) == "x")
    }
}
