import TMinusApp
import TMinusCore
import TMinusICal
import TMinusIO

/// `tminus item REF [--json]`: one open item whole (every field `list` leaves out: the whole
/// note, the reminder, the start, the source, the link it came by).
enum ItemCommand {
    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "item")
        try a.expectPositional(1...1, command: "item", usage: "a REF, e.g. tminus item 3")
        let (tags, items) = try AgendaCommand.everyItem(ctx)
        let item = try RefResolver.resolve(a.positional[0], among: items.filter(\.isOpen))
        if a.flag("json") {
            ctx.say(JSONWriter.pretty(ItemJSON.json(item, tags: tags, zone: ctx.zone)))
            return 0
        }
        for line in lines(item, ctx) { ctx.say(line) }
        return 0
    }

    /// `#3 todo  Call mom`, then one `field: value` line per field that has a value, the note's
    /// lines last.
    static func lines(_ item: Item, _ ctx: Context) -> [String] {
        func time(_ t: Instant) -> String { ctx.describe(.instant(t)) }
        var fields: [(String, String)] = []
        if let due = item.due {
            let late = ListQuery.isOverdue(item, now: ctx.now, zone: ctx.zone) ? " (late)" : ""
            fields.append(("due", ctx.describe(due) + late))
        }
        if let end = item.end { fields.append(("ends", time(end))) }
        if item.isDeadline, let start = item.start { fields.append(("progress from", time(start))) }
        if let tag = item.tag { fields.append(("tag", Validation.printable(tag))) }
        if item.priority != .none { fields.append(("priority", item.priority.rawValue)) }
        if item.starred { fields.append(("starred", "yes")) }
        if let rule = item.rrule { fields.append(("repeats", Repetition.describe(rule))) }
        if let remind = item.remind { fields.append(("reminder", time(remind))) }
        if let icon = item.icon { fields.append(("icon", Validation.printable(icon))) }
        if let reply = item.reply { fields.append(("invitation", reply)) }
        fields.append(("source", item.source))
        if item.via == Item.viaLink { fields.append(("came by", "a link")) }
        if let created = item.created { fields.append(("created", time(created))) }
        fields.append(("id", item.id))
        let width = (fields.map(\.0.count).max() ?? 0) + 2
        var out = ["#\(item.handle) \(item.kind.rawValue)  \(Validation.printable(item.title))"]
        out += fields.map { "  " + ($0.0 + ":").padding(width) + $0.1 }
        let note = ControlText.lines(item.note).map { Validation.printable($0) }.filter { !$0.isEmpty }
        if !note.isEmpty { out += ["  note:"] + note.map { "    " + $0 } }
        return out
    }
}
