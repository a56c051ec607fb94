import TMinusCore
import TMinusRender
import TMinusTimeline
import Testing

/// A notification's words come through the catalogs: under the pseudo-locale each line is
/// wrapped (⟦…⟧) and no English word is left outside, in every kind of body.
@Suite("Notifications in the user's language")
struct NotificationWordsTests {
    let zone = Zone.fixed(0, name: "UTC")
    let due = Instant(1_800_000_000 - 1_800_000_000 % 3600 + 180)
    let pseudo = Words(messages: .pseudo, names: .english)

    func unwrapped(_ text: String) -> [String] {
        var depth = 0
        var rest = ""
        for c in text {
            if c == "⟦" { depth += 1 } else if c == "⟧" { depth -= 1 } else if depth == 0 { rest.append(c) }
        }
        return rest.split { !($0.isASCII && $0.isLetter) }.map(String.init).filter {
            $0.count >= 2 && !TimeNames.english.abbreviatedDays.contains($0)
                && !TimeNames.english.abbreviatedMonths.contains($0)
        }
    }

    @Test(arguments: [-600, -1, 0, 90, 7200] as [Int64])
    func everyLineOfTheBody(_ offset: Int64) {
        for kind in [Item.Kind.todo, .deadline] {
            let item = Item(kind: kind, id: "a", handle: 1, title: "Ŧĥéšíš", due: .instant(due), source: "ŵóŕķ")
            let r = Reminder(
                key: Reminder.key(.remind, at: due - 900, item: item), kind: .remind, at: due - 900, item: item)
            for escalating in [false, true] {
                let m = NotificationText.make(
                    r, now: due + offset, zone: zone, late: true, markup: false, escalating: escalating, words: pseudo)
                #expect(unwrapped(m.body).isEmpty, "\(kind) \(offset) \(escalating): \(m.body)")
            }
        }
    }

    @Test func theSummaryOfManyAndTheButtons() {
        let item = Item(kind: .todo, id: "a", handle: 1, title: "Ŧĥéšíš", due: .instant(due))
        let rs = (0..<8).map { _ in Reminder(key: "k", kind: .remind, at: due, item: item) }
        for source in [Item.ownSource, "ŵóŕķ"] {
            let m = NotificationText.more(rs, from: source, markup: false, words: pseudo)
            #expect(unwrapped(m.summary + "\n" + m.body).isEmpty, "\(m)")
        }
    }
}
