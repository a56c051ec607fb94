import TMinusApp
import TMinusCore
import TMinusStore

extension EditCommand {
    /// `edit`'s options, declared once: its spec lists them, `run` reads them (`a[Options.title]`).
    enum Options {
        static let title = Opt.option("title", "TEXT", "a new title")
        static let due = Opt.option("due", "WHEN", "a new due date (none: a todo without one)")
        static let start = Opt.option("start", "WHEN", "where a deadline's progress starts")
        static let note = Opt.option("note", "TEXT", "a new note")
        static let tag = Opt.option("tag", "NAME", "a new tag (none: no tag)")
        static let icon = Opt.option("icon", "GLYPH", "a deadline's icon (none: no icon)")
        static let workingTime = Opt.option(
            "working-time", "on|off", "a deadline's {countdown} in working time (config workingHours)")
        static let star = Opt.flag("star", "star a todo")
        static let unstar = Opt.flag("unstar", "unstar a todo")
        static let priority = CommandTable.priority
        static let remind = Opt.option("remind", "WHEN", "a todo's reminder (none: no reminder)")
        static let `repeat` = CommandTable.repeatOption
    }
}

private typealias O = EditCommand.Options

extension Specs {
    /// `tminus edit`.
    static let edit = CommandSpec(
        name: "edit", group: "items", arguments: "REF", summary: "change an item",
        options: [
            O.title.spec, O.due.spec, O.start.spec, O.note.spec, O.tag.spec, O.icon.spec, O.workingTime.spec,
            O.star.spec, O.unstar.spec, O.priority.spec, O.remind.spec,
            O.repeat.spec
        ],
        text: """
            Changes an open item. --start, --icon and --working-time are for deadlines; --star, --priority and --remind
            for todos. Another source's item is changed in its file (what that source cannot keep is refused).
            """,
        examples: [
            "tminus edit 3 --due tomorrow", #"tminus edit "Thesis" --note "chapter 4 first""#,
            "tminus edit 3 --working-time on"
        ], run: EditCommand.run, changes: true)
}

/// `tminus edit REF [--title T] [--due WHEN|none] [--start WHEN] [--note T] [--tag NAME|none]
/// [--icon G] [--working-time on|off] [--star|--unstar] [--priority P] [--remind WHEN|none] [--repeat RULE|none]`
enum EditCommand {
    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "edit")
        try a.expectPositional(
            1...1, command: "edit",
            needs: N_(
                "'edit' needs a REF and what to change, e.g. tminus edit 3 --due tomorrow; see tminus edit --help"))
        guard !a.flags.isEmpty || !a.values.isEmpty else {
            throw .usage(
                tr:
                    "nothing to change; give --title, --due, --note, --tag, --icon, --working-time, --star, --priority, --remind or --repeat"
            )
        }
        if a[Options.star] && a[Options.unstar] {
            throw .usage(tr: "--star and --unstar contradict each other; give one")
        }
        // Validate every value before touching the store.
        let title = try a[Options.title].map { (s: String) throws(TMinusError) in try Validation.title(s) }
        let note = try a[Options.note].map { (s: String) throws(TMinusError) in try Validation.note(s) }
        let icon = try a[Options.icon].map { (s: String) throws(TMinusError) -> String? in
            s == "none" ? nil : try Validation.icon(s)
        }
        let worktime = try a[Options.workingTime].map { (s: String) throws(TMinusError) -> Bool in
            guard s == "on" || s == "off" else {
                throw .usage(tr: "--working-time takes on or off, not '%s'", "\(Validation.printable(s))")
            }
            return s == "on"
        }
        let priority = try a[Options.priority].map { (s: String) throws(TMinusError) in try Validation.priority(s) }
        let due = try a[Options.due].map { (s: String) throws(TMinusError) -> Due? in
            s == "none" ? nil : try ctx.when(s).due
        }
        let start = try a[Options.start].map { (s: String) throws(TMinusError) in
            try ctx.when(s).startInstant(in: ctx.zone)
        }
        let remind = try a[Options.remind].map { (s: String) throws(TMinusError) -> Instant? in
            s == "none" ? nil : try TodoCommand.reminder(s, ctx)
        }
        let rule = try RepeatOption.rule(a)
        let ref = try RefQuery(a.positional[0])
        let edited = try ctx.container.mutate(now: ctx.now) { (change: inout Change) throws(TMinusError) -> Item in
            var item = try change.openItem(ref)
            let original = item
            let tags = change.tags
            let foreign = item.source != Item.ownSource
            let tag = try a[Options.tag].map { (s: String) throws(TMinusError) -> String? in
                if s == "none" { return nil }
                // Another source keeps its own tags (categories, projects): any tag name goes there.
                if foreign { return try Validation.tagName(s) }
                return try Validation.knownTag(s, in: tags).name
            }
            if foreign {
                try SourceEdits.check(item, asked: a.given, due: a[Options.due], ctx)
            }
            switch item.kind {
            case .deadline:
                if a[Options.star] || a[Options.unstar] || priority != nil || remind != nil {
                    throw .usage(
                        tr: "#%s is a deadline; --star, --priority and --remind are for todos", "\(item.handle)")
                }
                if let due {
                    guard let due else {
                        throw .usage(
                            tr: "a deadline must have a due date; remove it with tminus rm %s instead", "\(item.handle)"
                        )
                    }
                    item.due = due
                }
                if let start { item.start = start }
                if let d = item.due, item.progressStart(or: ctx.now) >= d.instant(in: ctx.zone) {
                    throw .usage(
                        tr: "the due date would not be after the start (%s); give a later --due or an earlier --start",
                        "\(ctx.describe(.instant(item.progressStart(or: ctx.now))))"
                    )
                }
                if let icon { item.icon = icon }
                if let worktime { item.worktime = worktime }
            case .todo:
                if start != nil { throw .usage(tr: "#%s is a todo; --start is for deadlines", "\(item.handle)") }
                if worktime != nil {
                    throw .usage(tr: "#%s is a todo; --working-time is for deadlines", "\(item.handle)")
                }
                if icon != nil { throw .usage(tr: "#%s is a todo; --icon is for deadlines", "\(item.handle)") }
                if let due { item.due = due }
                if let remind { item.remind = remind }
                if let priority { item.priority = priority }
                if a[Options.star] { item.starred = true }
                if a[Options.unstar] { item.starred = false }
            }
            if let title { item.title = title }
            if let note { item.note = note }
            if let tag { item.tag = tag }
            // (Another source's item was refused --repeat by SourceEdits.check.)
            if let rule { item.rrule = rule }
            try RepeatOption.check(item)
            change.update(from: original, to: item)
            return item
        }
        ctx.say(
            Catalog.format(ctx.words.tr("updated #%s %s"), [String(edited.handle), edited.title])
                + StatusCommands.from(edited, ctx.words) + RepeatOption.text(edited, ctx.words))
        return 0
    }
}
