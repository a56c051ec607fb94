import TMinusApp
import TMinusCore
import TMinusICal
import TMinusStore

extension Specs {
    /// `tminus done`.
    static let done = CommandSpec(
        name: "done", group: "items", arguments: "REF…", summary: "mark items completed",
        text: "Marks items completed (they move to the history; another source's item is marked done there too).",
        examples: ["tminus done 3", #"tminus done "Buy milk""#], run: StatusCommands.done, changes: true)
}

extension Specs {
    /// `tminus undo`.
    static let undo = CommandSpec(
        name: "undo", group: "items", arguments: "REF…", summary: "reopen completed items",
        text: "Reopens completed items (in their sources too).", examples: ["tminus undo 3"],
        run: StatusCommands.undo, changes: true)
}

extension Specs {
    /// `tminus rm`.
    static let rm = CommandSpec(
        name: "rm", group: "items", arguments: "REF…", summary: "remove items for good",
        text: "Removes items for good, open or completed (an open item of another source is removed there).",
        examples: ["tminus rm 3"], run: StatusCommands.rm, changes: true)
}

/// `tminus done REF…`, `undo REF…`, `rm REF…`: every ref is resolved first, so one bad ref
/// changes nothing. Completed items are found through the history's index, so none of these
/// reads the history whole.
enum StatusCommands {
    static func done(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let refs = try parseRefs(raw, command: "done")
        let items = try ctx.container.mutate(now: ctx.now) {
            (change: inout Change) throws(TMinusError) -> [(Item, Item?)] in
            var found: [Item] = []
            for ref in refs { found.append(try change.openItem(ref)) }
            found = unique(found)
            var out: [(Item, Item?)] = []
            for item in found {
                if let next = nextInstance(of: item, ctx) {
                    change.completeInstance(item, next: next, at: ctx.now)
                    out.append((item, next))
                } else {
                    change.complete(item, at: ctx.now)
                    out.append((item, nil))
                }
            }
            return out
        }
        for (item, next) in items {
            let then = next?.due.map { Catalog.format(ctx.words.tr("; next due %s"), [ctx.describe($0)]) } ?? ""
            ctx.say(
                Catalog.format(ctx.words.tr("done #%s %s"), [String(item.handle), item.title]) + from(item, ctx.words)
                    + then)
        }
        return 0
    }

    /// A repeating item of one's own at its next instance (its due, and with it a reminder and a
    /// deadline's progress start, moved on; COUNT counted down); nil when it does not repeat or
    /// this was its last instance (docs/commands.md, "Repeating items").
    static func nextInstance(of item: Item, _ ctx: Context) -> Item? {
        guard item.source == Item.ownSource, let rule = item.rrule, let due = item.due,
            let (nextDue, nextRule) = Repetition.next(after: due, rule: rule, zone: ctx.zone)
        else { return nil }
        let step = nextDue.instant(in: ctx.zone).seconds - due.instant(in: ctx.zone).seconds
        var next = item
        next.due = nextDue
        next.rrule = nextRule
        next.remind = item.remind.map { Instant($0.seconds + step) }
        if item.isDeadline, let start = item.start { next.start = Instant(start.seconds + step) }
        return next
    }

    static func undo(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let refs = try parseRefs(raw, command: "undo")
        let items = try ctx.container.mutate(now: ctx.now) { (change: inout Change) throws(TMinusError) -> [Item] in
            var found: [HistoryRecord] = []
            for ref in refs {
                let record = try completed(ref, in: change.history)
                if !found.contains(where: { $0.offset == record.offset }) { found.append(record) }
            }
            let open = change.openItems
            for record in found {
                // (A recurring task that moved on is open at a later instance: its done one can come back.)
                if open.contains(where: {
                    $0.id == record.item.id && $0.source == record.item.source && $0.due == record.item.due
                }) {
                    throw .usage(
                        tr: "#%s %s is open already", "\(record.item.handle)",
                        "\(Validation.printable(record.item.title))")
                }
                change.reopen(record)
            }
            return found.map(\.item)
        }
        for item in items {
            ctx.say(
                Catalog.format(ctx.words.tr("reopened #%s %s"), [String(item.handle), item.title])
                    + from(item, ctx.words))
        }
        return 0
    }

    static func rm(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let refs = try parseRefs(raw, command: "rm")
        let items = try ctx.container.mutate(now: ctx.now) { (change: inout Change) throws(TMinusError) -> [Item] in
            // Open items first: a ref that names an open item never reaches into history.
            var open: [Item] = []
            var old: [HistoryRecord] = []
            for ref in refs {
                do throws(TMinusError) {
                    let item = try change.openItem(ref)
                    if !open.contains(where: { $0.id == item.id }) { open.append(item) }
                } catch let openError {
                    guard let record = try? completed(ref, in: change.history, what: "item") else { throw openError }
                    if !old.contains(where: { $0.offset == record.offset }) { old.append(record) }
                }
            }
            for item in open { change.remove(item) }
            for record in old { change.removeCompleted(record) }
            return open + old.map(\.item)
        }
        for item in items {
            ctx.say(
                Catalog.format(ctx.words.tr("removed #%s %s"), [String(item.handle), item.title])
                    + from(item, ctx.words))
        }
        return 0
    }

    /// The completed item a REF names, found through the history's index.
    static func completed(_ ref: RefQuery, in history: History, what: String = "completed item") throws(TMinusError)
        -> HistoryRecord
    {
        let candidates = try history.candidates(for: ref)
        let item = try RefResolver.resolve(ref, among: candidates.map(\.item), what: what)
        // Two records of one id cannot both be live (a repair keeps one); take the last.
        guard let record = candidates.last(where: { $0.item.id == item.id }) else {
            throw .failure(tr: "the history changed while it was read; try again")
        }
        return record
    }

    static func parseRefs(_ raw: [String], command: String) throws(TMinusError) -> [RefQuery] {
        let a = try Arguments.parse(raw, command: command)
        try a.expectPositional(
            1...1000, command: command,
            needs: N_(
                "'%s' needs one or more REFs (a number from tminus list, an id prefix or a title); see tminus %s --help"
            ), command, command)
        return try a.positional.map { (s: String) throws(TMinusError) in try RefQuery(s) }
    }

    /// ` (in work)` for another source's item.
    static func from(_ item: Item, _ w: Words = .english) -> String {
        item.source == Item.ownSource ? "" : Catalog.format(w.tr(" (in %s)"), [item.source])
    }

    static func unique(_ items: [Item]) -> [Item] {
        var out: [Item] = []
        for item in items where !out.contains(where: { $0.id == item.id && $0.source == item.source }) {
            out.append(item)
        }
        return out
    }
}
