import TMinusApp
import TMinusCore
import TMinusStore
import TMinusTimeline

extension ListCommand {
    /// `list`'s options, declared once: its spec lists them, `run` reads them (`a[Options.deadlines]`).
    enum Options {
        static let deadlines = Opt.flag("deadlines", "deadlines only")
        static let todos = Opt.flag("todos", "todos only")
        static let today = Opt.flag("today", "today's, as the bar lists them: due today, and todos overdue or undated")
        static let week = Opt.flag("week", "due in the next 7 days")
        static let overdue = Opt.flag("overdue", "past due, still open")
        static let starred = Opt.flag("starred", "starred todos")
        static let all = Opt.flag("all", "completed items too")
        static let tag = Opt.option("tag", "NAME", "with this tag")
        static let search = Opt.option("search", "TEXT", "in title and note")
        static let year = Opt.option("year", "YYYY", "due (or created) in that year")
        static let sort = Opt.option(
            "sort", "KEY", "the order", complete: .words(["due", "created", "title", "priority"]))
        static let color = CommandTable.colorOption("each [tag] in its colour")
        static let reminders = Opt.flag(
            "reminders", "reminders instead: sent, sent late, missed, pending, by their time")
        static let byYear = Opt.flag(
            "by-year", "with --reminders: a heading for each year the items were written in (--year keeps one)")
        static let json = Opt.flag(
            "json",
            "an array of objects: handle, id, kind, title, note, due, allDay, start, created, completed, completedAt, tag, color, starred, priority, remind, icon, source"
        )
    }
}

private typealias O = ListCommand.Options

extension Specs {
    /// `tminus list`.
    static let list = CommandSpec(
        name: "list", aliases: ["ls"], group: "items", summary: "open deadlines and todos",
        options: [
            O.deadlines.spec, O.todos.spec, O.today.spec, O.week.spec, O.overdue.spec, O.starred.spec, O.all.spec,
            O.tag.spec, O.search.spec, O.year.spec, O.sort.spec,
            O.color.spec, O.reminders.spec, O.byYear.spec, O.json.spec
        ],
        text: """
            Lists open items (with --all, completed ones too). Filters combine. --reminders lists
            reminders instead (with --year and --json).
            """,
        examples: [
            "tminus list --today", "tminus list --tag school --sort due", "tminus list --reminders --year 2026"
        ],
        run: ListCommand.run)
}

/// `tminus list [--deadlines|--todos] [--today|--week|--overdue|--starred|--all] [--tag NAME]
/// [--search TEXT] [--year YYYY] [--sort due|created|title|priority] [--json]`
enum ListCommand {
    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "list")
        try a.expectPositional(0...0, command: "list")
        var q = ListQuery()
        if a[Options.deadlines] && a[Options.todos] {
            throw .usage(tr: "--deadlines and --todos exclude each other; leave both out for both")
        }
        if a[Options.deadlines] { q.kind = .deadlines }
        if a[Options.todos] { q.kind = .todos }
        q.today = a[Options.today]
        q.remindersWait = ((try? ctx.loadConfig().0) ?? Config()).remindersWait
        q.week = a[Options.week]
        q.overdue = a[Options.overdue]
        q.starred = a[Options.starred]
        q.includeCompleted = a[Options.all]
        q.search = a[Options.search]
        if let y = a[Options.year] {
            guard let year = Int(y), (1...9999).contains(year) else {
                throw .usage(tr: "--year takes a year like 2026, not '%s'", "\(Validation.printable(y))")
            }
            q.year = year
        }
        if a[Options.byYear] && !a[Options.reminders] {
            throw .usage(tr: "--by-year goes with --reminders: tminus list --reminders --by-year")
        }
        if a[Options.reminders] {
            let others =
                a.given.filter {
                    ![Options.reminders.name, Options.json.name, Options.byYear.name, Options.year.name].contains($0)
                }
            if let other = others.first {
                throw .usage(tr: "--reminders takes only --year, --by-year and --json, not --%s", "\(other)")
            }
            return try ReminderListing.run(year: q.year, byYear: a[Options.byYear], json: a[Options.json], ctx)
        }
        if let s = a[Options.sort] {
            guard let sort = ListQuery.Sort(rawValue: s) else {
                throw .usage(tr: "--sort takes due, created, title or priority, not '%s'", "\(Validation.printable(s))")
            }
            q.sort = sort
        }
        // Other sources' open items, as the widgets see them (read again when they changed).
        let (fromSources, waiting) = try ctx.container.sourceReading(now: ctx.now)
        if let waiting { ctx.console.err("tminus: " + Self.waitingNote(waiting, ctx.words)) }
        let (store, items) = try ctx.container.reading {
            (snapshot: Container.Snapshot) throws(TMinusError) -> (Store, [Item]) in
            var q = q
            if let tag = a[Options.tag] {
                let lower = tag.lowercased()
                if let own = snapshot.store.tag(named: tag) {
                    q.tag = own.name
                } else if fromSources.contains(where: { $0.tag?.lowercased() == lower }) {
                    q.tag = tag
                } else {
                    q.tag = try Validation.knownTag(tag, in: snapshot.store.tags).name
                }
            }
            // History is read only when asked for, a piece at a time, keeping what matches.
            var matching = q.apply(to: snapshot.store.items + fromSources, now: ctx.now, zone: ctx.zone)
            if q.includeCompleted {
                try snapshot.history.forEach { (r: HistoryRecord) throws(TMinusError) in
                    if q.matches(r.item, now: ctx.now, zone: ctx.zone) { matching.append(r.item) }
                }
                matching = q.sorted(matching, zone: ctx.zone)
            }
            return (snapshot.store, matching)
        }
        if !store.setAside.isEmpty {
            let n = store.setAside.count
            ctx.console.err(
                "tminus: \(n) change\(n == 1 ? "" : "s") to other sources could not be made and \(n == 1 ? "is" : "are") set aside; tminus doctor names \(n == 1 ? "it" : "them"), tminus doctor --repair tries again"
            )
        }
        if a[Options.json] {
            ctx.say(JSONWriter.pretty(.array(items.map { ItemJSON.json($0, tags: store.tags, zone: ctx.zone) })))
            return 0
        }
        if items.isEmpty {
            ctx.say(
                store.items.isEmpty && fromSources.isEmpty
                    ? ctx.words.tr(
                        "nothing yet; add a deadline with tminus add TITLE --due WHEN, or a todo with tminus todo TITLE"
                    )
                    : ctx.words.tr("nothing matches"))
            return 0
        }
        let color =
            try TerminalColor.choice(a[Options.color], ctx)
            ? TerminalColor.tagColor(tags: store.tags, config: (try? ctx.loadConfig().0) ?? Config()) : nil
        for l in lines(items, ctx, timeLeft: q.kind == .deadlines, color: color) { ctx.say(l) }
        return 0
    }

    /// The lines for `items`, their due column as wide as the widest (at least 26), so it never
    /// runs into the title; `timeLeft`: each open deadline's countdown after its due date, as the
    /// bar writes it (`list --deadlines`: every countdown at once).
    static func lines(_ items: [Item], _ ctx: Context, timeLeft: Bool = false, color: ((Item) -> String?)? = nil)
        -> [String]
    {
        let config = (try? ctx.loadConfig().0) ?? Config()
        // (The countdown's messages looked up once for the whole list.)
        let countdownWords = timeLeft ? CountdownWords.Short(ctx.words, config.precision, over: config.overText) : nil
        let dues = items.map { (item: Item) -> String in
            guard let countdownWords, item.isDeadline, item.completed == nil, let d = item.due else {
                return dueColumn(item, ctx)
            }
            let countdown = Countdown(now: ctx.now, due: d.instant(in: ctx.zone), zone: ctx.zone)
            let left =
                countdown.remaining > 0
                ? Catalog.format(ctx.words.tr("%s left"), [countdownWords.text(countdown)])
                : config.overText
            return ctx.describe(d) + "  " + left
        }
        let width = max(26, (dues.map(DisplayWidth.of).max() ?? 0) + 2)
        return zip(items, dues).map { line($0, due: $1, width: width, color: color, words: ctx.words) }
    }

    static func dueColumn(_ item: Item, _ ctx: Context) -> String {
        var due = item.due.map { ctx.describe($0) } ?? "-"
        if item.completed != nil {
            due = ctx.words.tr("done")
        } else if ListQuery.isOverdue(item, now: ctx.now, zone: ctx.zone) {
            due = Catalog.format(ctx.words.tr("%s (late)"), [due])
        }
        return due
    }

    /// ` 3  deadline  Tue 2026-12-01 17:00      Thesis  [school]`
    static func line(
        _ item: Item, due: String, width: Int, color: ((Item) -> String?)? = nil, words: Words = .english
    ) -> String {
        let kind = item.kind == .deadline ? words.tr("deadline") : words.tr("todo")
        return handleColumn(item) + kind.padding(8) + "  " + due.padding(width)
            + described(item, color: color, words: words)
    }

    /// The handle, right-aligned in four columns, and two spaces.
    /// The line a listing and the tooltip show while a change cannot be made (a full disk).
    static func waitingNote(_ why: String, _ w: Words = .english) -> String {
        Catalog.format(
            w.tr(
                "a change waits to be made (%s); this shows what was saved before it, and the change is made once it can be"
            ), [why])
    }

    static func handleColumn(_ item: Item) -> String {
        let handle = String(item.handle)
        return String(repeating: " ", count: max(0, 4 - handle.count)) + handle + "  "
    }

    /// `★ !high Call mom ✎ ⏰ ↻  [personal]`, `🎓 Thesis ✎  [study]  (txt)  [invited]`: the star and
    /// priority, the icon and title, a mark for a note, one for a reminder still to come and one
    /// for a repeating item, the tag, another source's name, an
    /// invitation not accepted, an item that came by a link (`list` and `agenda` lines end so).
    static func described(_ item: Item, color: ((Item) -> String?)? = nil, words: Words = .english) -> String {
        var marks = ""
        if item.starred { marks += "★ " }
        if item.priority != .none { marks += "!" + item.priority.name(words) + " " }
        // (A deadline's icon is shown with its title wherever the title is.)
        if let icon = item.icon, !icon.isEmpty { marks += Validation.printable(icon) + " " }
        var after = ""
        if !item.note.isEmpty { after += " ✎" }
        if item.remind != nil && item.completed == nil { after += " ⏰" }
        if item.rrule != nil && item.completed == nil { after += " ↻" }
        var tag = item.tag.map { "[\(Validation.printable($0))]" } ?? ""
        if let color, !tag.isEmpty { tag = TerminalColor.paint(tag, color(item)) }
        if !tag.isEmpty { tag = "  " + tag }
        let source = item.source == Item.ownSource ? "" : "  (\(item.source))"
        let reply =
            (item.reply.map { "  [\($0)]" } ?? "")
            + (item.via == Item.viaLink ? "  [" + words.tr("from a link") + "]" : "")
        return marks + Validation.printable(item.title) + after + tag + source + reply
    }
}
