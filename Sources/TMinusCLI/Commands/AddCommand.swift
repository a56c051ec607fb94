import TMinusApp
import TMinusCore
import TMinusStore

extension AddCommand {
    /// `add`'s options, declared once: its spec lists them, `run` reads them (`a[Options.due]`).
    enum Options {
        static let due = Opt.option("due", "WHEN", "when it is due (a whole day: the end of that day)", required: true)
        static let start = Opt.option("start", "WHEN", "where progress starts (default: now)")
        static let note = CommandTable.note
        static let tag = CommandTable.tag
        static let icon = Opt.option("icon", "GLYPH", "an icon shown before the title")
        static let `repeat` = CommandTable.repeatOption
        static let to = Opt.option(
            "to", "SOURCE", "add it to a calendar of the config (a vdir source) as a task with a due date (a VTODO)")
    }
}

private typealias O = AddCommand.Options

extension Specs {
    /// `tminus add`.
    static let add = CommandSpec(
        name: "add", group: "items", arguments: "TITLE", summary: "a new deadline",
        options: [O.due.spec, O.start.spec, O.note.spec, O.tag.spec, O.icon.spec, O.repeat.spec, O.to.spec],
        text: """
            Adds a deadline. A whole-day --due (2026-12-01) is due at the end of that day. Progress runs
            from --start (default: now) to the due date. --to adds it to a calendar (a vdir source in
            the config) instead, as a task with a due date (a VTODO marked X-TMINUS-KIND:deadline, which
            tminus reads back as a deadline and every task client can show and complete).
            """,
        examples: [
            #"tminus add "Thesis" --due 2026-12-01T17:00 --tag school"#,
            #"tminus add "Board meeting" --due 2026-12-03T14:00 --to work"#
        ], run: AddCommand.run, changes: true)
}

/// `tminus add TITLE --due WHEN [--start WHEN] [--note T] [--tag NAME] [--icon GLYPH] [--repeat RULE] [--to SOURCE]`
enum AddCommand {
    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        try run(raw, ctx, createTags: false)
    }

    /// With `createTags`, a tag the store does not have is added (an item from a link), in
    /// `tagColor` when the link gave one.
    static func run(_ raw: [String], _ ctx: Context, createTags: Bool, tagColor: String? = nil) throws(TMinusError)
        -> Int32
    {
        let a = try Arguments.parse(raw, command: "add")
        try TrailingWhen.check(a, command: "add", due: Options.due, ctx)
        try a.expectPositional(
            1...1, command: "add",
            needs: N_("'add' needs a title and --due, e.g. tminus add \"Thesis\" --due %s; see tminus add --help"),
            ctx.exampleDue)
        let title = try Validation.title(a.positional[0])
        guard let dueText = a[Options.due] else {
            throw .usage(
                tr: "a deadline needs --due WHEN, e.g. tminus add \"%s\" --due %s", "\(Validation.printable(title))",
                "\(ctx.exampleDue)"
            )
        }
        let due = try ctx.when(dueText).due
        let note = try Validation.note(a[Options.note] ?? "")
        let icon = try a[Options.icon].map { (s: String) throws(TMinusError) in try Validation.icon(s) }
        let start =
            try a[Options.start].map { (s: String) throws(TMinusError) in try ctx.when(s).startInstant(in: ctx.zone) }
            ?? ctx.now
        if start >= due.instant(in: ctx.zone) {
            guard a[Options.start] != nil else { throw pastDue(dueText, due, ctx) }
            throw .usage(tr: "--start is not before --due; progress runs from start to due, so give an earlier --start")
        }
        let rule = try RepeatOption.rule(a) ?? nil
        let target = try SourceEdits.target(a[Options.to], asked: a.given, isDeadline: true, due: due, ctx)
        let added = try ctx.container.mutate(now: ctx.now) { (change: inout Change) throws(TMinusError) -> Item in
            let tag = try a[Options.tag].map { (s: String) throws(TMinusError) in
                target == nil
                    ? try TagCommand.forNewItem(s, &change, create: createTags, color: tagColor)
                    : try Validation.tagName(s)
            }
            var d = Item.deadline(
                handle: try change.takeHandle(), title: title, note: note, due: due, start: start,
                created: ctx.now, tag: tag, icon: icon)
            d.rrule = rule
            if let target {
                // A calendar event has no start of its own: progress starts when tminus first sees it.
                d.source = target.name
                d.start = nil
            }
            // (An item from a link says so, in list and the summary.)
            if createTags { d.via = Item.viaLink }
            change.add(d)
            return d
        }
        let w = ctx.words
        let to = added.source == Item.ownSource ? "" : Catalog.format(w.tr(" to %s"), [added.source])
        ctx.say(
            Catalog.format(
                w.tr("added deadline #%s %s, due %s"), [String(added.handle), added.title, ctx.describe(due)])
                + RepeatOption.text(added, w) + to)
        return 0
    }

    /// For a due date already past: says so, and gives the same time a day later as an example.
    static func pastDue(_ text: String, _ due: Due, _ ctx: Context) -> TMinusError {
        let example: String
        switch due {
        case .day: example = "today"
        case .instant(let t):
            let local = ctx.zone.local(t)
            example = "\(local.date.adding(days: 1))T\(pad(local.hour, 2)):\(pad(local.minute, 2))"
        }
        return .usage(
            tr: "--due %s is past (%s); a deadline needs a time still to come, e.g. --due %s",
            Validation.printable(text), ctx.describe(due), example)
    }
}
