import TMinusApp
import TMinusBus
import TMinusCore
import TMinusRender

extension Specs {
    /// `tminus share`.
    static let share = CommandSpec(
        name: "share", group: "reminders and links", arguments: "REF",
        summary: "a tminus:// link that makes the same item elsewhere",
        text: "Prints a tminus://add link that makes the same item wherever tminus open follows it.",
        examples: ["tminus share 3"], run: LinkCommands.share)
}

extension LinkCommands {
    /// `open`'s options, declared once: its spec lists them, `run` reads them (`a[Options.notify]`).
    enum Options {
        static let notify = Opt.flag(
            "notify", "ask with a notification (Add, Dismiss) and show the result (for the desktop file)")
        static let yes = Opt.flag("yes", "add without asking")
    }
}

private typealias O = LinkCommands.Options

extension Specs {
    /// `tminus open`.
    static let open = CommandSpec(
        name: "open", group: "reminders and links", arguments: "URL",
        summary: "follow a tminus:// link: add an item, show a day or an item",
        options: [O.notify.spec, O.yes.spec],
        text: """
            Follows a tminus:// link (docs/links.md): tminus://add?… adds the item (once, however often
            the link is opened) after asking: with --notify a notification with Add and Dismiss (or a
            zenity/kdialog question; where it cannot ask it adds nothing and says how), on a terminal
            y/N; --yes and a script without a terminal add at once. tminus://show?date=YYYY-MM-DD
            lists that day, tminus://item?id=ID shows one item. A bad link is exit 2 and changes
            nothing. The desktop file integrations/desktop/tminus-open.desktop makes tminus the handler.
            """,
        examples: [
            "tminus open 'tminus://show?date=2026-12-01'",
            "tminus open --yes 'tminus://add?title=Call%20Sam&due=2026-12-01'"
        ],
        run: LinkCommands.open, changes: true)
}

/// `tminus share REF` prints a `tminus://add` link for an item; `tminus open URL [--notify]`
/// follows a `tminus://` link (docs/links.md). `open` validates the link strictly and then the
/// item exactly as `tminus todo`/`tminus add` would: a bad link or value is exit 2 and changes
/// nothing. With `--notify` (the desktop file's handler, which has no terminal) the result is
/// also shown as a notification.
enum LinkCommands {
    static func share(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "share")
        try a.expectPositional(
            1...1, command: "share", needs: N_("'share' needs a REF, e.g. tminus share 3; see tminus share --help"))
        let item = try RefResolver.resolve(a.positional[0], among: try openItems(ctx))
        ctx.say(ItemLink.share(item, zone: ctx.zone))
        return 0
    }

    static func openItems(_ ctx: Context) throws(TMinusError) -> [Item] {
        let summary = try ctx.container.summaryForWidgets(now: ctx.now)
        return summary.deadlines + summary.todos
    }

    static func open(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "open")
        try a.expectPositional(
            1...1, command: "open",
            needs: N_(
                "'open' needs a tminus:// link, e.g. tminus open 'tminus://show?date=2026-12-01'; see tminus open --help"
            ))
        let url = a.positional[0]
        // A link that adds asks first, unless --yes or a script (no terminal) opened it.
        if !a[Options.yes], case .add(let params)? = try? ItemLink.parse(url) {
            if a[Options.notify] { return try askOnDesktop(url, params, ctx) }
            if ctx.console.inputIsTerminal { return try askOnTerminal(params, ctx) }
        }
        guard a[Options.notify] else { return try follow(url, ctx) }
        return try notifyResult(ctx) { (quiet: Context) throws(TMinusError) -> Int32 in try follow(url, quiet) }
    }

    /// Runs `body` with the output kept, then shows the output (or the error) as a notification
    /// (the desktop handler has no terminal).
    static func notifyResult(_ ctx: Context, _ body: (Context) throws(TMinusError) -> Int32) throws(TMinusError)
        -> Int32
    {
        var quiet = ctx
        let capture = Console.Capture()
        quiet.console = Console(capture: capture)
        var code: Int32 = 0
        do throws(TMinusError) { code = try body(quiet) } catch {
            quiet.console.err("tminus: " + ControlText.oneLine(error.text(ctx.words)))
            code = error.exitCode
        }
        for line in capture.out { ctx.console.out(line) }
        for line in capture.err { ctx.console.err(line) }
        let body = (capture.out + capture.err).joined(separator: "\n")
        let server = NotificationServer.connect(environment: ctx.environment)
        _ = try? server.send(
            summary: code == 0 ? "tminus" : "tminus: this link did not work",
            body: server.markup ? Escape.pango(body) : body,
            critical: false, withActions: false)
        return code
    }

    static func follow(_ url: String, _ ctx: Context) throws(TMinusError) -> Int32 {
        switch try ItemLink.parse(url) {
        case .add(let params): return try add(params, ctx)
        case .show(let date): return try show(date, ctx)
        case .item(let id):
            let items = try openItems(ctx)
            let exact = items.first { $0.id == id.lowercased() }
            let item: Item
            if let exact { item = exact } else { item = try RefResolver.resolve(id, among: items) }
            for l in ListCommand.lines([item], ctx) { ctx.say(l) }
            if !item.note.isEmpty { ctx.say(Escape.stripControls(item.note, keepNewlines: true)) }
            return 0
        }
    }

    /// A day's agenda: every open item of the store and the sources due that day (whole days
    /// first, then by time; an event under way marked `now`), then the deadlines counting down
    /// through it (started, or made, before the day ends, due after it).
    static func show(_ date: CivilDate, _ ctx: Context) throws(TMinusError) -> Int32 {
        let (_, items) = try AgendaCommand.everyItem(ctx)
        let isEvent = AgendaCommand.isEvent(ctx)
        let end = ctx.zone.startOfDay(date.adding(days: 1))
        var rows: [Agenda.Row] = []
        var running: [Item] = []
        for item in items where item.completed == nil {
            guard let due = item.due else { continue }
            if due.localDate(in: ctx.zone) == date {
                let start = due.startInstant(in: ctx.zone)
                let under = isEvent(item) && start <= ctx.now && ctx.now < (item.end ?? start)
                rows.append(Agenda.Row(item: item, allDay: due.isWholeDay, inProgress: under))
            } else if item.isDeadline && !isEvent(item) && due.instant(in: ctx.zone) > end
                && item.progressStart(or: ctx.now) < end
            {
                running.append(item)
            }
        }
        rows.sort { Agenda.Row.inOrder($0, $1, zone: ctx.zone) }
        ctx.say(ctx.words.dayAndISODate(date))
        if rows.isEmpty { ctx.say(ctx.words.tr("nothing due")) }
        let width = max(13, (rows.map { DisplayWidth.of(AgendaCommand.time($0, ctx)) }.max() ?? 0) + 2)
        for row in rows {
            ctx.say(
                AgendaCommand.line(
                    row.item, time: AgendaCommand.time(row, ctx), width: width, color: nil, words: ctx.words))
        }
        if !running.isEmpty {
            var q = ListQuery()
            q.sort = .due
            ctx.say("")
            ctx.say(ctx.words.tr("Counting down through it"))
            for l in ListCommand.lines(q.sorted(running, zone: ctx.zone), ctx) { ctx.say(l) }
        }
        return 0
    }

    /// The link's item, made by `todo` or `add` (the same validation). The same item opened
    /// twice is added once.
    static func add(_ params: [(String, String)], _ ctx: Context) throws(TMinusError) -> Int32 {
        func param(_ name: String) -> String? { params.first { $0.0 == name }?.1 }
        let kind = param("kind") ?? "todo"
        guard kind == "todo" || kind == "deadline" else {
            throw .usage(tr: "not a tminus link: kind is '%s'; use todo or deadline", "\(Validation.printable(kind))")
        }
        let onlyFor: [String: String] = [
            "start": "deadline", "icon": "deadline", "remind": "todo", "priority": "todo", "star": "todo"
        ]
        var args: [String] = []
        var tagColor: String?
        for (name, v) in params where name != "kind" && name != "title" {
            if name == "color" {
                guard param("tag") != nil else {
                    throw .usage(tr: "not a tminus link: color is the tag's, and it has no tag")
                }
                do throws(TMinusError) { tagColor = try Validation.color(v) } catch {
                    throw .usage(tr: "not a tminus link: color '%s' is not #rrggbb", "\(Validation.printable(v))")
                }
                continue
            }
            if let k = onlyFor[name], k != kind {
                throw .usage(tr: "not a tminus link: %s is for a %s, and this is a %s", "\(name)", "\(k)", "\(kind)")
            }
            if name == "star" {
                guard v == "1" || v == "0" || v == "true" || v == "false" else {
                    throw .usage(tr: "not a tminus link: star is 1 or 0")
                }
                if v == "1" || v == "true" { args.append("--star") }
                continue
            }
            args += ["--\(name)", v]
        }
        let title = try Validation.title(param("title") ?? "")
        // The same link opened twice (a second click, a link sent again) adds one item.
        let d = try param("due").map { (s: String) throws(TMinusError) in try ctx.when(s).due }
        if let same = try openItems(ctx).first(where: {
            $0.kind.rawValue == kind && $0.title == title && $0.due == d && (d != nil || $0.via == Item.viaLink)
        }) {
            ctx.say(Catalog.format(ctx.words.tr("already there: #%s %s"), [String(same.handle), same.title]))
            return 0
        }
        let command = ["--"] + [title]
        return kind == "todo"
            ? try TodoCommand.run(args + command, ctx, createTags: true, tagColor: tagColor)
            : try AddCommand.run(args + command, ctx, createTags: true, tagColor: tagColor)
    }
}
