import Testing
import TMinusCore
@testable import TMinusSources

/// A big todo.txt's cap reads most lines from their bytes alone (done, or due farther than what
/// is kept) instead of taking each apart: the todos kept, their ids and the count left out must be
/// what parsing every line gives.
@Suite("todo.txt read to its cap")
struct TodoTxtNearestTests {
    /// Lines of every shape the byte reading must get right or leave to the parser: done ones,
    /// several and broken `due:` words, copies of a description, non-ASCII text (a space may be part
    /// of a grapheme there), undated and empty lines.
    static let lines: [String] = (0..<3_000).map { i in
        let day = format2(i % 28 + 1)
        switch i % 11 {
        case 0: return "x 2026-01-0\(i % 9 + 1) Done \(i) due:2026-12-\(day)"
        case 1: return "(A) Copy of one due:2026-12-\(day)"
        case 2: return "Two dues due:2026-12-01 then due:2026-12-\(day)"
        case 3: return "Broken due:2026-13-\(day) and due:2026-12-\(day)x"
        case 4: return "Café \(i) due:2026-12-\(day)"
        case 5: return "Spaced  \(i)   due:2026-11-\(day)  "
        case 6: return "Undated \(i) +p @c"
        case 7: return ""
        case 8: return "due:2026-12-\(day)"
        case 9: return "x Done without a date due:2026-01-01"
        default: return "(B) 2026-01-01 Task \(i) +p\(i % 5) @c due:2026-12-\(day) pri:A"
        }
    }

    static func format2(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }

    @Test(arguments: [1, 7, 50, 400, 5_000])
    func theCapKeepsWhatParsingEveryLineKeeps(limit: Int) {
        let bytes = Array(Self.lines.joined(separator: "\n").utf8)
        let now = Instant(CivilDate(year: 2026, month: 11, day: 15).daysSinceEpoch * 86_400 + 43_200)
        let got = TodoTxt.nearest(bytes, source: "t", limit: limit, now: now, zone: .utc)
        // Every line parsed, the open ones sorted by nearness (equal ones in file order).
        let open = TodoTxt.parse(bytes, source: "t").filter { $0.item.completed == nil }
        let sorted = open.enumerated().sorted {
            (Nearness($0.element.item, now: now, zone: .utc), $0.offset)
                < (Nearness($1.element.item, now: now, zone: .utc), $1.offset)
        }
        let kept = sorted.prefix(limit).sorted { $0.offset < $1.offset }.map(\.element.item)
        #expect(got.items.map(\.id) == kept.map(\.id))
        #expect(got.items.map(\.title) == kept.map(\.title))
        #expect(got.items.map(\.due) == kept.map(\.due))
        #expect(got.leftOut == max(0, open.count - limit))
    }

    /// What the bytes tell, and where they must leave it to the parser.
    @Test func theBytesTellOnlyWhatIsSure() {
        func quick(_ s: String) -> TodoTxt.Quick? {
            let b = Array(s.utf8)
            return TodoTxt.quick(b, 0..<b.count)
        }
        let d = CivilDate(year: 2026, month: 12, day: 3)
        #expect(quick("x 2026-01-01 Paid due:2026-12-03") == .done)
        #expect(quick("Pay due:2026-12-01 due:2026-12-03") == .due(d))
        #expect(quick("Pay due:2026-12-03 due:2026-13-01") == .due(d))
        #expect(quick("Pay due:2026-12-033") == nil)
        #expect(quick("Pay later") == nil)
        #expect(quick("Café due:2026-12-03") == nil)
        #expect(quick("x\u{301} due:2026-12-03") == nil)
    }
}
