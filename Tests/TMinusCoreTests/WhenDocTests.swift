import Foundation
import TMinusCore
import TMinusTestSupport
import Testing

/// docs/when.md's table of every form, read at the page's clock (Thursday 2026-11-26 09:00,
/// Europe/Berlin, weeks from Monday): each row must mean what it says, so the page cannot drift
/// from the parser.
@Suite("docs/when.md is the WHEN grammar")
struct WhenDocTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    struct Row: CustomTestStringConvertible, Sendable {
        var phrase: String
        var means: String
        var testDescription: String { phrase }
    }

    /// The table's rows: `| form | `phrase` | means |`.
    static func rows() throws -> [Row] {
        let page = try String(contentsOf: root.appendingPathComponent("docs/when.md"), encoding: .utf8)
        let begin = try #require(page.range(of: "<!-- when-table:begin -->"))
        let end = try #require(page.range(of: "<!-- when-table:end -->"))
        return page[begin.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count == 5, cells[2].hasPrefix("`"), cells[2].hasSuffix("`") else { return nil }
            return Row(phrase: String(cells[2].dropFirst().dropLast()), means: cells[3])
        }
    }

    /// What a When reads as on the page: `Thu 2026-12-24 17:00` or `Thu 2026-12-24, whole day`.
    static func show(_ when: When, in zone: Zone) -> String {
        switch when {
        case .day(let d): return "\(d.weekdayName) \(d), whole day"
        case .instant(let t):
            let l = zone.local(t)
            let time = "\(pad(l.hour, 2)):\(pad(l.minute, 2))" + (l.second == 0 ? "" : ":\(pad(l.second, 2))")
            return "\(l.date.weekdayName) \(l.date) \(time)"
        }
    }

    @Test func thePageListsTheIssuesPhrasesAndRefusals() throws {
        let rows = try Self.rows()
        #expect(rows.count >= 80)
        #expect(rows.contains { $0.means.hasPrefix("refused") })
        let phrases = Set(rows.map(\.phrase))
        for p in ["in 3 days", "2h", "+2h", "dec 24", "24 dec", "eom", "end of week", "17h", "5.30pm", "+1M", "fri 5pm"]
        {
            #expect(phrases.contains(p), "docs/when.md lacks \(p)")
        }
    }

    @Test(arguments: try rows())
    func eachRowMeansWhatThePageSays(row: Row) throws {
        let zone = try systemZone("Europe/Berlin")
        let now = at("2026-11-26T08:00:00Z")
        do throws(TMinusError) {
            let when = try WhenParser.parse(row.phrase, now: now, zone: zone, firstWeekday: 1)
            #expect(Self.show(when, in: zone) == row.means, "docs/when.md: `\(row.phrase)`")
        } catch {
            #expect(row.means.hasPrefix("refused"), "docs/when.md: `\(row.phrase)` is refused: \(error.message)")
            // Each quoted piece of the row is in the message.
            for piece in row.means.split(separator: "`").enumerated() where piece.offset % 2 == 1 {
                #expect(error.message.contains(piece.element), "`\(row.phrase)`: \(error.message)")
            }
        }
    }
}
