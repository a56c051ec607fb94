import TMinusApp
import TMinusCore
import TMinusIO

/// `tminus todo TITLE [--due WHEN] [--remind WHEN] [--note T] [--tag NAME] [--star] [--priority P] [--to SOURCE]`
enum TodoCommand {
    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        try run(raw, ctx, createTags: false)
    }

    /// With `createTags`, a tag the store does not have is added (an item from a link), in
    /// `tagColor` when the link gave one.
    static func run(_ raw: [String], _ ctx: Context, createTags: Bool, tagColor: String? = nil) throws(TMinusError)
        -> Int32
    {
        let a = try Arguments.parse(raw, command: "todo")
        try a.expectPositional(1...1, command: "todo", usage: "a title, e.g. tminus todo \"Buy milk\" --due today")
        let title = try Validation.title(a.positional[0])
        let due = try a.value("due").map { (s: String) throws(TMinusError) in try ctx.when(s).due }
        let remind = try a.value("remind").map { (s: String) throws(TMinusError) in try reminder(s, ctx) }
        let note = try Validation.note(a.value("note") ?? "")
        let priority =
            try a.value("priority").map { (s: String) throws(TMinusError) in try Validation.priority(s) } ?? .none
        let target = try SourceEdits.target(a.value("to"), asked: a.given, isDeadline: false, due: due, ctx)
        let added = try ctx.container.mutate(now: ctx.now) { (change: inout Change) throws(TMinusError) -> Item in
            let tag = try a.value("tag").map { (s: String) throws(TMinusError) in
                target == nil
                    ? try TagCommand.forNewItem(s, &change, create: createTags, color: tagColor)
                    : try Validation.tagName(s)
            }
            var t = Item.todo(
                handle: try change.takeHandle(), title: title, note: note, due: due, remind: remind,
                created: ctx.now, tag: tag, starred: a.flag("star"), priority: priority)
            if let target { t.source = target.name }
            // (An item from a link says so, in list and the summary.)
            if createTags { t.via = Item.viaLink }
            change.add(t)
            return t
        }
        let dueText = added.due.map { ", due " + ctx.describe($0) } ?? ""
        let remindText = added.remind.map { ", reminder " + ctx.describe(.instant($0)) } ?? ""
        ctx.say(
            "added todo #\(added.handle) \(added.title)\(dueText)\(remindText)\(added.source == Item.ownSource ? "" : " to \(added.source)")"
        )
        return 0
    }

    /// A reminder is an instant; a whole day means 09:00 that day.
    static func reminder(_ text: String, _ ctx: Context) throws(TMinusError) -> Instant {
        switch try ctx.when(text) {
        case .instant(let t): return t
        case .day(let d): return ctx.zone.instant(LocalDateTime(date: d, hour: 9))
        }
    }
}
