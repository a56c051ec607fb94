import TMinusCore
import TMinusICal

/// `--repeat` on add, todo and edit: the RRULE an item of one's own keeps (docs/commands.md,
/// "Repeating items"), checked before anything is written.
enum RepeatOption {
    /// The rule asked for: nil when `--repeat` is not given, `.some(nil)` for `--repeat none`.
    static func rule(_ a: Arguments) throws(TMinusError) -> String?? {
        guard let text = a[CommandTable.repeatOption] else { return nil }
        if Validation.trimmedText(text).lowercased() == "none" { return .some(nil) }
        return .some(try Repetition.rule(text))
    }

    /// A repeating item needs a due date: the series starts there.
    static func check(_ item: Item) throws(TMinusError) {
        guard item.rrule != nil, item.due == nil else { return }
        let ref = item.handle > 0 ? "tminus edit \(item.handle) --due WHEN" : "--due WHEN"
        throw .usage(tr: "a repeating item needs a due date, its first instance; give %s with --repeat", "\(ref)")
    }

    /// `, repeats weekly` for a message, or nothing.
    static func text(_ item: Item, _ w: Words = .english) -> String {
        item.rrule.map { Catalog.format(w.tr(", repeats %s"), [Repetition.describe($0, words: w)]) } ?? ""
    }

    /// `items` with the next instances of each repeating item of one's own up to `through` (not
    /// those already past at `now`), for `agenda` and `cal`; each a copy with its due moved on.
    static func withInstances(_ items: [Item], through: Instant, now: Instant, zone: Zone) -> [Item] {
        var out = items
        for item in items where item.isOpen && item.source == Item.ownSource {
            guard let rule = item.rrule, let due = item.due else { continue }
            for d in Repetition.instances(after: due, rule: rule, zone: zone, through: through, limit: maxInstances)
            where d.instant(in: zone) > now {
                var copy = item
                copy.due = d
                out.append(copy)
            }
        }
        return out
    }

    /// At most this many instances of one series in a view (a daily series over `agenda`'s longest
    /// window fits).
    static let maxInstances = 400
}
