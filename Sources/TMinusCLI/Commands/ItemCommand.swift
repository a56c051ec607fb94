import TMinusApp
import TMinusCore
import TMinusICal

extension ItemCommand {
    /// `item`'s options, declared once: its spec lists them, `run` reads them (`a[Options.json]`).
    enum Options {
        static let json = Opt.flag("json", "the object list --json prints for it")
    }
}

private typealias O = ItemCommand.Options

extension Specs {
    /// `tminus item`.
    static let item = CommandSpec(
        name: "item", group: "items", arguments: "REF", summary: "one open item whole",
        options: [O.json.spec],
        text: """
            Shows one open item with every field: due date, end, progress start, tag, priority, star,
            reminder, icon, invitation, source, how it came, when it was made, its id and its whole note.
            """, examples: ["tminus item 3", #"tminus item "Call mom" --json"#], run: ItemCommand.run)
}

/// `tminus item REF [--json]`: one open item whole (every field `list` leaves out: the whole
/// note, the reminder, the start, the source, the link it came by).
enum ItemCommand {
    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "item")
        try a.expectPositional(
            1...1, command: "item", needs: N_("'item' needs a REF, e.g. tminus item 3; see tminus item --help"))
        let (tags, items) = try AgendaCommand.everyItem(ctx)
        let item = try RefResolver.resolve(a.positional[0], among: items.filter(\.isOpen))
        if a[Options.json] {
            ctx.say(JSONWriter.pretty(ItemJSON.json(item, tags: tags, zone: ctx.zone)))
            return 0
        }
        for line in lines(item, ctx) { ctx.say(line) }
        return 0
    }

    /// `#3 todo  Call mom`, then one `field: value` line per field that has a value, the note's
    /// lines last.
    static func lines(_ item: Item, _ ctx: Context) -> [String] {
        let w = ctx.words
        func time(_ t: Instant) -> String { ctx.describe(.instant(t)) }
        var fields: [(String, String)] = []
        if let due = item.due {
            let text = ctx.describe(due)
            let late = ListQuery.isOverdue(item, now: ctx.now, zone: ctx.zone)
            fields.append((w.tr("due"), late ? Catalog.format(w.tr("%s (late)"), [text]) : text))
        }
        if let end = item.end { fields.append((w.tr("ends"), time(end))) }
        if item.isDeadline, let start = item.start { fields.append((w.tr("progress from"), time(start))) }
        if let tag = item.tag { fields.append((w.tr("tag"), Validation.printable(tag))) }
        if item.priority != .none { fields.append((w.tr("priority"), item.priority.name(w))) }
        if item.starred { fields.append((w.tr("starred"), w.tr("yes"))) }
        if let rule = item.rrule { fields.append((w.tr("repeats"), Repetition.describe(rule, words: w))) }
        if let remind = item.remind { fields.append((w.tr("reminder"), time(remind))) }
        if let icon = item.icon { fields.append((w.tr("icon"), Validation.printable(icon))) }
        if let reply = item.reply { fields.append((w.tr("invitation"), reply)) }
        fields.append((w.tr("source"), item.source))
        if item.via == Item.viaLink { fields.append((w.tr("came by"), w.tr("a link"))) }
        if let created = item.created { fields.append((w.tr("created"), time(created))) }
        fields.append(("id", item.id))
        let width = (fields.map { DisplayWidth.of($0.0) }.max() ?? 0) + 2
        let kind = item.kind == .deadline ? w.tr("deadline") : w.tr("todo")
        var out = ["#\(item.handle) \(kind)  \(Validation.printable(item.title))"]
        out += fields.map { "  " + ($0.0 + ":").padding(width) + $0.1 }
        let note = ControlText.lines(item.note).map { Validation.printable($0) }.filter { !$0.isEmpty }
        if !note.isEmpty { out += ["  " + w.tr("note") + ":"] + note.map { "    " + $0 } }
        return out
    }
}
