import TMinusApp
import TMinusCore
import TMinusStore

extension TodoCommand {
    /// `todo`'s options, declared once: its spec lists them, `run` reads them (`a[Options.due]`).
    enum Options {
        static let due = Opt.option("due", "WHEN", "when it is due")
        static let remind = Opt.option("remind", "WHEN", "when tminus notify reminds you")
        static let note = CommandTable.note
        static let tag = CommandTable.tag
        static let star = Opt.flag("star", "star it")
        static let priority = CommandTable.priority
        static let `repeat` = CommandTable.repeatOption
        static let to = Opt.option(
            "to", "SOURCE", "add it to a source of the config: a calendar (vdir), todo.txt or Taskwarrior")
    }
}

private typealias O = TodoCommand.Options

extension Specs {
    /// `tminus todo`.
    static let todo = CommandSpec(
        name: "todo", group: "items", arguments: "TITLE", summary: "a new todo",
        options: [
            O.due.spec, O.remind.spec, O.note.spec, O.tag.spec, O.star.spec, O.priority.spec, O.repeat.spec, O.to.spec
        ],
        text: """
            Adds a todo. Today's todos (due today, overdue, or undated) show in the bar's tooltip.
            --to adds it to a source of the config instead: a calendar (vdir), todo.txt or Taskwarrior.
            """,
        examples: [
            #"tminus todo "Buy milk" --due today --tag errand"#,
            #"tminus todo "Call mom" --due 18:00 --star --priority high"#,
            #"tminus todo "Pay rent" --due 2026-12-01 --to work"#
        ], run: TodoCommand.run, changes: true)
}

/// `tminus todo TITLE [--due WHEN] [--remind WHEN] [--note T] [--tag NAME] [--star] [--priority P] [--repeat RULE]
/// [--to SOURCE]`
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
        try TrailingWhen.check(a, command: "todo", due: Options.due, ctx)
        try a.expectPositional(
            1...1, command: "todo",
            needs: N_("'todo' needs a title, e.g. tminus todo \"Buy milk\" --due today; see tminus todo --help"))
        let title = try Validation.title(a.positional[0])
        let due = try a[Options.due].map { (s: String) throws(TMinusError) in try ctx.when(s).due }
        // A link keeps the reminder it was shared with, even when it has passed since (it is then
        // a missed one); a typed one must still be to come.
        let remind = try a[Options.remind].map { (s: String) throws(TMinusError) in
            createTags ? try instant(s, ctx) : try reminder(s, ctx)
        }
        let note = try Validation.note(a[Options.note] ?? "")
        let priority =
            try a[Options.priority].map { (s: String) throws(TMinusError) in try Validation.priority(s) } ?? .none
        let rule = try RepeatOption.rule(a) ?? nil
        if rule != nil, due == nil {
            throw .usage(tr: "a repeating todo needs --due WHEN, its first instance, e.g. --due today --repeat weekly")
        }
        let target = try SourceEdits.target(a[Options.to], asked: a.given, isDeadline: false, due: due, ctx)
        let added = try ctx.container.mutate(now: ctx.now) { (change: inout Change) throws(TMinusError) -> Item in
            let tag = try a[Options.tag].map { (s: String) throws(TMinusError) in
                target == nil
                    ? try TagCommand.forNewItem(s, &change, create: createTags, color: tagColor)
                    : try Validation.tagName(s)
            }
            var t = Item.todo(
                handle: try change.takeHandle(), title: title, note: note, due: due, remind: remind,
                created: ctx.now, tag: tag, starred: a[Options.star], priority: priority)
            t.rrule = rule
            if let target { t.source = target.name }
            // (An item from a link says so, in list and the summary.)
            if createTags { t.via = Item.viaLink }
            change.add(t)
            return t
        }
        let w = ctx.words
        let dueText = added.due.map { Catalog.format(w.tr(", due %s"), [ctx.describe($0)]) } ?? ""
        let remindText = added.remind.map { Catalog.format(w.tr(", reminder %s"), [ctx.describe(.instant($0))]) } ?? ""
        let to = added.source == Item.ownSource ? "" : Catalog.format(w.tr(" to %s"), [added.source])
        ctx.say(
            Catalog.format(w.tr("added todo #%s %s"), [String(added.handle), added.title]) + dueText
                + RepeatOption.text(added, w) + remindText + to)
        return 0
    }

    /// A reminder is an instant; a whole day means 09:00 that day. One already past is refused
    /// (nobody would be reminded), with the nearest future form: `8am` at 09:00 → `tomorrow 8am`.
    static func reminder(_ text: String, _ ctx: Context) throws(TMinusError) -> Instant {
        let at = try instant(text, ctx)
        guard at < ctx.now else { return at }
        let phrase = Validation.trimmedText(text)
        let lower = phrase.lowercased()
        var near = ["tomorrow " + phrase]
        if lower.hasPrefix("today") { near.insert("tomorrow" + phrase.dropFirst(5), at: 0) }
        let future = near.first { (try? instant($0, ctx)).map { $0 >= ctx.now } ?? false }
        let now = DueText.clock(ctx.zone.local(ctx.now), ctx.clock, words: ctx.words)
        if let future {
            throw .usage(
                tr: "%s is past (%s now); did you mean %s?", Validation.printable(phrase), now,
                Validation.printable(future))
        }
        throw .usage(
            tr: "%s is past (%s now); give a time still to come, e.g. +10m or tomorrow 9am",
            Validation.printable(phrase), now)
    }

    static func instant(_ text: String, _ ctx: Context) throws(TMinusError) -> Instant {
        switch try ctx.when(text) {
        case .instant(let t): return t
        case .day(let d): return ctx.zone.instant(LocalDateTime(date: d, hour: 9))
        }
    }
}
