import Foundation
import Testing
import TMinusCore

/// `tminus item REF`: one open item with every field `list` leaves out (on the seed items, see
/// Seed; Tuesday 2026-03-10 13:00 CET).
@Suite("CLI: item")
struct CLIItemViewTests {
    @Test func oneItemWhole() throws {
        let h = try Seed.home()
        let call = h.inProcess(["item", "Call mom"])
        #expect(call.status == 0 && call.stderr.isEmpty, "\(call)")
        let lines = call.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "#5 todo  Call mom")
        #expect(
            lines.contains("  due:      today 18:00") && lines.contains("  tag:      personal")
                && lines.contains("  priority: medium"), "\(lines)")
        #expect(Array(lines.suffix(2)) == ["  note:", "    birthday"])
        #expect(lines.contains("  created:  Sun 2026-03-01 10:07"), "\(lines)")
        let bike = h.inProcess(["item", "8"]).stdout
        #expect(
            bike.contains("  reminder: Thu 2026-03-12 08:00\n") && bike.hasSuffix("  note:\n    Flat tyre\n"), "\(bike)"
        )
        let thesis = h.inProcess(["item", "1"]).stdout
        #expect(
            thesis.contains("  icon:") && thesis.contains("🎓") && thesis.contains("  tag:           study"), "\(thesis)"
        )
        // --json: the object list --json has for it.
        let json = try JSONParser.parse(Array(h.inProcess(["item", "5", "--json"]).stdout.utf8))
        let listed = try h.list([]).first { $0["handle"]?.intValue == 5 }
        for key in ["handle", "id", "kind", "title", "note", "due", "tag", "color", "priority", "created", "source"] {
            #expect(json[key] == listed?[key], "\(key)")
        }
        #expect(json["created"]?.stringValue == "2026-03-01T10:07:00+01:00")
    }

    @Test func aREFThatNamesNothingSaysWhatToDo() throws {
        let h = try Seed.home()
        for args in [["item", "99"], ["item"], ["item", "1", "2"]] {
            let r = h.inProcess(args)
            #expect(r.status == 2 && r.stdout.isEmpty && r.stderr.split(separator: "\n").count == 1, "\(args): \(r)")
        }
    }
}
