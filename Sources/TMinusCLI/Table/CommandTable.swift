import TMinusApp
import TMinusCore
import TMinusRender

/// Every command, its options and its help: the one place dispatch, `--help`, the shell
/// completions (`tminus completions`) and the man page (`tminus manpage`) read.
enum CommandTable {
    /// Options every command takes, before or after its name.
    static let globals: [OptionSpec] = [
        .option(
            "home", "DIR", "the data directory (default: $TMINUS_HOME, else $XDG_DATA_HOME/tminus)",
            complete: .directory),
        .option("config", "FILE", "the config file (default: $XDG_CONFIG_HOME/tminus/config.json)", complete: .file),
        .option(
            "now", "WHEN",
            "freeze the clock's starting point (it runs on from there), for demos and tests (default: $TMINUS_NOW, else the clock)"
        )
    ]

    static let groups = ["items", "reminders and links", "bars", "files", "shell"]

    static let all: [CommandSpec] = items + reminders + bars + barSetup + files + shell

    /// Every command's name and aliases.
    static var names: [String] { all.flatMap { [$0.name] + $0.aliases } }

    /// A command by name or alias, looked up group by group with the bars' first: each group is
    /// built when first asked for, so a bar's `show` builds only its own group's specs, not every
    /// command's help.
    static func named(_ name: String) -> CommandSpec? {
        func find(_ group: [CommandSpec]) -> CommandSpec? {
            group.first { $0.name == name || $0.aliases.contains(name) }
        }
        return find(bars) ?? find(items) ?? find(reminders) ?? find(files) ?? find(shell) ?? find(barSetup)
    }

    /// A command's spec, or a subcommand's (`"tag add"`), for argument parsing.
    static func spec(_ path: String) -> CommandSpec {
        let parts = path.split(separator: " ").map(String.init)
        guard let top = named(parts[0]) else { preconditionFailure("no command \(path) in CommandTable") }
        guard parts.count > 1 else { return top }
        guard let sub = top.subcommand(parts[1]) else { preconditionFailure("no subcommand \(path) in CommandTable") }
        return sub
    }

    /// `parent`'s subcommand named by `raw`'s first word, or the usage error a user sees.
    static func subcommand(of parent: String, _ raw: [String]) throws(TMinusError) -> CommandSpec {
        let names = spec(parent).subcommands.map(\.name)
        let choices = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
        guard let name = raw.first else {
            throw .usage(tr: "'%s' needs %s; see tminus %s --help", "\(parent)", "\(choices)", "\(parent)")
        }
        guard let sub = spec(parent).subcommand(name) else {
            if let typed = CommandWords.suggestion(name, Array(raw.dropFirst()), parent: parent, subcommands: names) {
                throw .usage(
                    tr: "unknown %s command '%s'; did you mean: %s", "\(parent)", "\(Validation.printable(name))",
                    "\(typed)")
            }
            throw .usage(
                tr: "unknown %s command '%s'; use %s", "\(parent)", "\(Validation.printable(name))", "\(choices)")
        }
        return sub
    }

    // Options several commands share, defined once.
    static let note = OptionSpec.option("note", "TEXT", "a note (shown in the tooltip)")
    static let tag = OptionSpec.option(
        "tag", "NAME", "a tag (its colour shows in list, agenda and cal, and in the bar with \"colorBy\": \"tag\")")
    static let priority = OptionSpec.option("priority", "P", "a todo's priority", complete: .words(priorities))
    static let json = OptionSpec.flag("json", "as JSON")
    static let repeatOption = OptionSpec.option(
        "repeat", "RULE", "daily, weekdays, weekly, monthly, yearly, 'every 2 weeks', an RRULE, or none")
    static func format(_ help: String) -> OptionSpec { .option("format", "F", help, complete: .words(formats)) }
    static func family(_ help: String) -> OptionSpec { .option("family", "FAMILY", help, complete: .words(families)) }
    /// `--color auto|always|never`: auto colours on a terminal unless NO_COLOR is set.
    static func colorOption(_ what: String) -> OptionSpec {
        .option("color", "WHEN", colorHelp + what, complete: .words(["auto", "always", "never"]))
    }
    /// The start of every `--color`'s description (Help translates it and the rest apart).
    static let colorHelp = "colours (auto: on a terminal, unless NO_COLOR is set): "

    static let formats = Renderers.all.map(\.format)
    static let families = ["small", "medium", "large"]
    static let priorities = ["high", "medium", "low", "none"]
    static let whenHelp =
        "WHEN: 2026-12-01 (a whole day), 2026-12-01T17:00, 17:00, 5pm, today, tomorrow, fri, next week, tomorrow 5pm, +90m, +3h, +2d, +1w"
    static let refHelp = "REF: a number from tminus list, an id prefix (4+ hex digits), or the exact title"
    static let exitHelp = "Exit: 0 ok, 1 failure (I/O, unreadable file), 2 usage or validation error."

    static let items: [CommandSpec] = [
        CommandSpec(
            name: "add", group: "items", arguments: "TITLE", summary: "a new deadline",
            options: [
                .option("due", "WHEN", "when it is due (a whole day: the end of that day)", required: true),
                .option("start", "WHEN", "where progress starts (default: now)"),
                note, tag,
                .option("icon", "GLYPH", "an icon shown before the title"),
                repeatOption,
                .option(
                    "to", "SOURCE",
                    "add it to a calendar of the config (a vdir source) as a task with a due date (a VTODO)")
            ],
            text: """
                Adds a deadline. A whole-day --due (2026-12-01) is due at the end of that day. Progress runs
                from --start (default: now) to the due date. --to adds it to a calendar (a vdir source in
                the config) instead, as a task with a due date (a VTODO marked X-TMINUS-KIND:deadline, which
                tminus reads back as a deadline and every task client can show and complete).
                """,
            examples: [
                #"tminus add "Thesis" --due 2026-12-01T17:00 --tag school"#,
                #"tminus add "Board meeting" --due 2026-12-03T14:00 --to work"#
            ], run: AddCommand.run, changes: true),
        CommandSpec(
            name: "todo", group: "items", arguments: "TITLE", summary: "a new todo",
            options: [
                .option("due", "WHEN", "when it is due"),
                .option("remind", "WHEN", "when tminus notify reminds you"),
                note, tag,
                .flag("star", "star it"),
                priority,
                repeatOption,
                .option("to", "SOURCE", "add it to a source of the config: a calendar (vdir), todo.txt or Taskwarrior")
            ],
            text: """
                Adds a todo. Today's todos (due today, overdue, or undated) show in the bar's tooltip.
                --to adds it to a source of the config instead: a calendar (vdir), todo.txt or Taskwarrior.
                """,
            examples: [
                #"tminus todo "Buy milk" --due today --tag errand"#,
                #"tminus todo "Call mom" --due 18:00 --star --priority high"#,
                #"tminus todo "Pay rent" --due 2026-12-01 --to work"#
            ], run: TodoCommand.run, changes: true),
        CommandSpec(
            name: "list", aliases: ["ls"], group: "items", summary: "open deadlines and todos",
            options: [
                .flag("deadlines", "deadlines only"),
                .flag("todos", "todos only"),
                .flag("today", "today's, as the bar lists them: due today, and todos overdue or undated"),
                .flag("week", "due in the next 7 days"),
                .flag("overdue", "past due, still open"),
                .flag("starred", "starred todos"),
                .flag("all", "completed items too"),
                .option("tag", "NAME", "with this tag"),
                .option("search", "TEXT", "in title and note"),
                .option("year", "YYYY", "due (or created) in that year"),
                .option("sort", "KEY", "the order", complete: .words(["due", "created", "title", "priority"])),
                colorOption("each [tag] in its colour"),
                .flag("reminders", "reminders instead: sent, sent late, missed, pending, by their time"),
                .flag(
                    "by-year", "with --reminders: a heading for each year the items were written in (--year keeps one)"),
                .flag(
                    "json",
                    "an array of objects: handle, id, kind, title, note, due, allDay, start, created, completed, completedAt, tag, color, starred, priority, remind, icon, source"
                )
            ],
            text: """
                Lists open items (with --all, completed ones too). Filters combine. --reminders lists
                reminders instead (with --year and --json).
                """,
            examples: [
                "tminus list --today", "tminus list --tag school --sort due", "tminus list --reminders --year 2026"
            ],
            run: ListCommand.run),
        CommandSpec(
            name: "cal", group: "items", arguments: "[MONTH]",
            summary: "a month with a mark on each day that has items",
            options: [
                .flag("weeks", "ISO week numbers first"),
                .option(
                    "first", "DAY", "the weekday weeks start on (default: the locale's)",
                    complete: .words(["mon", "sun"])),
                colorOption("today in reverse, marks in their tag's colour"),
                .flag("json", "an object: year, month, today, firstWeekday, days (date, items, color) with items")
            ],
            text: """
                Prints a month (default: this one; 2026-11, 11, dec, dec 2027, or any WHEN) as a grid: > marks today, • a day
                with open items (the agenda's items of that day, overdue ones on the day they were due).
                Colours on a terminal unless NO_COLOR is set.
                """, examples: ["tminus cal", "tminus cal 2026-12 --weeks", "tminus cal next week --first sun"],
            run: CalCommand.run),
        CommandSpec(
            name: "item", group: "items", arguments: "REF", summary: "one open item whole",
            options: [
                .flag("json", "the object list --json prints for it")
            ],
            text: """
                Shows one open item with every field: due date, end, progress start, tag, priority, star,
                reminder, icon, invitation, source, how it came, when it was made, its id and its whole note.
                """, examples: ["tminus item 3", #"tminus item "Call mom" --json"#], run: ItemCommand.run),
        CommandSpec(
            name: "agenda", group: "items", summary: "the days ahead: every source's items by day",
            options: [
                .option("days", "N", "how many days (default 7, at most 366)"),
                .option("from", "WHEN", "the first day (default: today)"),
                colorOption("each [tag] in its colour"),
                .flag(
                    "json",
                    "an object: from, days, today, overdue, agenda (each day's date, heading and items), undated; items as list --json has them, with inProgress"
                )
            ],
            text: """
                Lists open items by day: overdue ones first, then each day (whole-day items first, then by
                time; an event under way is marked now), then todos without a date. Events and todos of
                every source are in it, with the store's.
                """,
            examples: ["tminus agenda", "tminus agenda --days 14", "tminus agenda --from 2026-12-24 --days 3 --json"],
            run: AgendaCommand.run),
        CommandSpec(
            name: "done", group: "items", arguments: "REF…", summary: "mark items completed",
            text: "Marks items completed (they move to the history; another source's item is marked done there too).",
            examples: ["tminus done 3", #"tminus done "Buy milk""#], run: StatusCommands.done, changes: true),
        CommandSpec(
            name: "undo", group: "items", arguments: "REF…", summary: "reopen completed items",
            text: "Reopens completed items (in their sources too).", examples: ["tminus undo 3"],
            run: StatusCommands.undo, changes: true),
        CommandSpec(
            name: "rm", group: "items", arguments: "REF…", summary: "remove items for good",
            text: "Removes items for good, open or completed (an open item of another source is removed there).",
            examples: ["tminus rm 3"], run: StatusCommands.rm, changes: true),
        CommandSpec(
            name: "edit", group: "items", arguments: "REF", summary: "change an item",
            options: [
                .option("title", "TEXT", "a new title"),
                .option("due", "WHEN", "a new due date (none: a todo without one)"),
                .option("start", "WHEN", "where a deadline's progress starts"),
                .option("note", "TEXT", "a new note"),
                .option("tag", "NAME", "a new tag (none: no tag)"),
                .option("icon", "GLYPH", "a deadline's icon (none: no icon)"),
                .option("working-time", "on|off", "a deadline's {countdown} in working time (config workingHours)"),
                .flag("star", "star a todo"),
                .flag("unstar", "unstar a todo"),
                priority,
                .option("remind", "WHEN", "a todo's reminder (none: no reminder)"),
                repeatOption
            ],
            text: """
                Changes an open item. --start, --icon and --working-time are for deadlines; --star, --priority and --remind
                for todos. Another source's item is changed in its file (what that source cannot keep is refused).
                """,
            examples: [
                "tminus edit 3 --due tomorrow", #"tminus edit "Thesis" --note "chapter 4 first""#,
                "tminus edit 3 --working-time on"
            ], run: EditCommand.run, changes: true),
        CommandSpec(
            name: "tag", group: "items", summary: "tags with colours",
            subcommands: [
                CommandSpec(
                    name: "add", group: "", arguments: "NAME", summary: "a new tag",
                    options: [.option("color", "#RRGGBB", "its colour (default: the next of a palette)")]),
                CommandSpec(
                    name: "list", aliases: ["ls"], group: "", summary: "every tag",
                    options: [json, colorOption("each tag in its colour")]),
                CommandSpec(
                    name: "edit", group: "", arguments: "NAME", summary: "rename or recolour a tag",
                    options: [
                        .option("name", "NEW", "a new name"), .option("color", "#RRGGBB", "a new colour")
                    ]),
                CommandSpec(name: "rm", group: "", arguments: "NAME", summary: "remove a tag")
            ], text: "Tags colour items in the bar. A few are prefilled: work, personal, study, errand.",
            examples: ["tminus tag add school --color '#ff5555'", "tminus tag edit school --name uni"],
            run: TagCommand.run, changes: true),
        CommandSpec(
            name: "stats", group: "items", summary: "completed, pending, overdue", options: [json],
            text: "Counts completed, pending and overdue items, in all and per kind.", run: StatsCommand.run),
        CommandSpec(
            name: "sources", group: "items", summary: "calendars, todo.txt, Taskwarrior and summaries in the config",
            options: [json],
            text: """
                Lists the config's sources (docs/sources.md): each one's kind and where it reads, its open
                items, when it was last read, what it skipped (file, line and property) or why it cannot be
                read. Sources are read again only when they change.
                """, run: SourcesCommand.run)
    ]

    static let reminders: [CommandSpec] = [
        CommandSpec(
            name: "remind", group: "reminders and links", arguments: "TEXT",
            summary: "a quick reminder (or remind --again REF)",
            options: [
                .option("in", "D", "in this long: 10m, +10m, 10 minutes, 2h, 1d (WHEN's relative forms)"),
                .option("at", "WHEN", "at this time"),
                note, tag,
                .option("again", "REF", "send REF's reminder again now (or, with --in, arm it again)")
            ],
            text: """
                A quick reminder: a todo with a reminder in D (10m, 2h, 1d, 90s) or at WHEN. --again sends
                REF's reminder again now (or arms it again in D). tminus notify sends reminders; list
                --reminders reviews them.
                """,
            examples: [
                #"tminus remind "Call the dentist" --in 15m"#,
                #"tminus remind "Train to Lisbon" --at 2026-12-04T07:30"#,
                "tminus remind --again 4 --in 1h"
            ], run: RemindCommand.run, changes: true),
        CommandSpec(
            name: "notify", group: "reminders and links",
            summary: "the notifier: desktop notifications for reminders and alerts",
            options: [
                .flag("once", "send what is due and exit (a timer or cron)"),
                .flag("dry-run", "print what is due as JSON lines, exit; record nothing")
            ],
            text: """
                Sends desktop notifications (through notify-send) for reminders (todo --remind, remind, a
                calendar's alarms) and deadline alerts (config "alerts": ["1d", "1h", "0"]; 0 is when it is
                over), each exactly once (docs/reminders.md). It runs until stopped, asleep until the next
                one; a machine that was off or asleep gets what it missed, marked "missed at", when younger
                than config "catchUp" (default 24h). Done and Snooze 10 min buttons where the server has
                them. A user unit: integrations/systemd/tminus-notify.service.
                """, run: NotifyCommand.run),
        CommandSpec(
            name: "share", group: "reminders and links", arguments: "REF",
            summary: "a tminus:// link that makes the same item elsewhere",
            text: "Prints a tminus://add link that makes the same item wherever tminus open follows it.",
            examples: ["tminus share 3"], run: LinkCommands.share),
        CommandSpec(
            name: "open", group: "reminders and links", arguments: "URL",
            summary: "follow a tminus:// link: add an item, show a day or an item",
            options: [
                .flag("notify", "ask with a notification (Add, Dismiss) and show the result (for the desktop file)"),
                .flag("yes", "add without asking")
            ],
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
    ]

    static let bars: [CommandSpec] = [
        CommandSpec(
            name: "show", group: "bars", summary: "the entry for now, in a bar's format",
            options: [
                format("the bar's format (default: plain)"),
                family("small, medium or large (default: the format's own)"),
                .option("deadline", "REF|next", "show this deadline (beats a click) or the next one"),
                .option(
                    "markup", "MARKUP", "pango: escape data for bars that parse Pango markup",
                    complete: .words(["pango", "none"])),
                .flag("follow", "stream: a line whenever the display changes, at once when the data changes")
            ],
            text: """
                Prints the entry for now, for a bar. Formats: %s.
                A broken config or summary prints an error entry, not nothing. --follow streams
                %s: clicks on stdin (i3bar, i3blocks
                persist) cycle deadlines. Which deadline shows: --deadline REF, else a click (tminus next|prev),
                else the config's deadline, else the next one due. Ready-made bar configs: integrations/.
                """,
            textArguments: { w in
                [
                    Renderers.all.map { "\($0.format) (\(w.help($0.about)))" }.joined(separator: "; "),
                    Renderers.all.filter(\.streams).map(\.format).joined(separator: ", ")
                ]
            }, examples: ["tminus show --format waybar --follow", "tminus show --format i3blocks --markup pango"],
            run: ShowCommand.run, readsConfig: false),
        CommandSpec(
            name: "timeline", group: "bars", summary: "the timeline as JSON",
            options: [
                .option("from", "WHEN", "the first entry's date (default: now)"),
                .option("until", "WHEN", "no entries after this"),
                .option("limit", "N", "at most N entries (default 10,000)"),
                .option("deadline", "REF|next", "the deadline to follow")
            ],
            text: """
                Prints the timeline as one JSON object: entries (date, state, deadline, todos, small, medium,
                large), policy (atEnd, after, never) and reloadAt.
                """, examples: ["tminus timeline --limit 3"], run: TimelineCommand.run),
        CommandSpec(
            name: "next", group: "bars", summary: "show the next ongoing deadline (a click)",
            options: [
                .flag("reset", "back to the deadline due next (or the config's), as before any click")
            ], text: "Shows the next ongoing deadline in the widget (kept in state.json); --reset forgets the clicks.",
            examples: ["tminus next --reset"], run: CycleCommand.next, changes: true),
        CommandSpec(
            name: "prev", group: "bars", summary: "show the previous ongoing deadline",
            text: "Shows the previous ongoing deadline in the widget (kept in state.json).", run: CycleCommand.prev,
            changes: true),
        CommandSpec(
            name: "board", group: "items", summary: "every deadline's countdown and progress, and today's todos, live",
            options: [
                .flag("once", "print it once (as when not on a terminal)"),
                colorOption("each bar in its tag's colour")
            ],
            text:
                "Every deadline at once with its countdown, a progress bar and its due date, then today's todos; on a terminal it stays and redraws only when something on it changes (a countdown, your data, the config); q quits. Works over ssh; NO_COLOR is respected.",
            examples: ["tminus board", "tminus board --once"], run: BoardCommand.run),
        CommandSpec(
            name: "menu", group: "bars", summary: "today's todos in a launcher: done, snooze 1 hour, a day later",
            options: [
                .option(
                    "launcher", "CMD",
                    "the menu program, a shell command reading lines and printing the chosen one (default: rofi, wofi, fuzzel, bemenu or dmenu, the first installed)"
                )
            ],
            text:
                "Opens today's todos (the bar's list) in a dmenu-style launcher; the chosen one is then marked done, snoozed an hour (due in an hour) or moved a day later (an overdue or undated one to tomorrow). For a click on the bar: the integrations bind it to the right button.",
            examples: ["tminus menu", "tminus menu --launcher 'rofi -dmenu -i'"], run: MenuCommand.run, changes: true),
        CommandSpec(
            name: "scroll", group: "bars", arguments: "up|down",
            summary: "the mouse wheel: moves a calendar tooltip's month, else cycles",
            text:
                "With {calendar} in a template (config \"tooltip\": \"calendar\"), shows the month before or after for a minute (kept in state.json); else cycles the deadlines like prev and next.",
            examples: ["tminus scroll down"], run: CycleCommand.scroll, changes: true),
        CommandSpec(
            name: "demo", group: "bars", summary: "every format on sample data",
            options: [
                format("only this format"),
                family("only this family")
            ],
            text:
                "Every format and family on built-in sample data at a frozen time (--now to pick it); reads and writes no files.",
            examples: ["tminus demo --format waybar"], run: DemoCommand.run, readsConfig: false)
    ]

    /// Shown with the bars, but built only when asked for: their texts are made from the bar
    /// set-ups, which a bar's `show` (which looks in `bars` first) has no use for.
    static let barSetup: [CommandSpec] = [
        CommandSpec(
            name: "privacy", group: "bars", arguments: "on|off|toggle|watch",
            summary: "private mode: titles shown as their tag, or \"busy\"",
            text:
                "For a screen others see: while on, every bar, tooltip, timeline and notification shows each title as its tag (or \"busy\") and no note; dates, countdowns, colours and counts stay. Without an argument: whether it is on. Kept in state.json; a running follower shows the change at once, polling bars at their next run (or at once with \"signals\"). watch runs until stopped and turns it on by itself while PipeWire shows the screen shared (a screencast through the desktop portal, GNOME or KDE), off when sharing ends; start it with your session. off (and toggle) also clear what watch set, until the next screencast.",
            examples: ["tminus privacy toggle", "tminus privacy", "tminus privacy watch &"], run: PrivacyCommand.run,
            changes: true),
        CommandSpec(
            name: "setup", group: "bars",
            arguments: (BarSetup.all.map(\.name) + ["gnome", "plasma"]).joined(separator: "|"),
            summary: "the ready-to-paste config for a bar, calling this tminus by its path",
            options: [
                .flag(
                    "write",
                    "add it to the bar's config file (appended after a backup, or a new file where the bar has none)"),
                .flag("full", "print the whole config file, not only the part to paste"),
                .option(
                    "binary", "PATH", "the tminus the bar runs (default: this one's absolute path)", complete: .file),
                .option("shell-version", "N", "gnome: set up for GNOME N (default: what gnome-shell --version says)"),
                .option(
                    "plasma-version", "N",
                    "plasma: set up for Plasma 5 or 6 (default: the kpackagetool here, else plasmashell --version)")
            ],
            text:
                "Prints the snippet for BAR (%s) with this binary's absolute path, the signal number and colours of your config, and says where to paste it. --write appends it to the bar's config file after copying that to FILE.tminus-backup, or creates the file when there is none; files that cannot take an appended block (Waybar's JSON, yambar's YAML, xmobar's, conky's) and i3's or sway's own config are left to you. gnome installs the GNOME Shell extension into ~/.local/share/gnome-shell/extensions (for GNOME 43 and 44, or 45 and later, as gnome-shell --version says); plasma installs the KDE Plasma applet for Plasma 6 or 5.27 (kpackagetool6 or kpackagetool5, as installed, or --plasma-version). Without BAR: the bars it knows.",
            textArguments: { _ in [BarSetup.all.map(\.name).joined(separator: ", ")] },
            examples: [
                "tminus setup waybar", "tminus setup i3blocks --write",
                "tminus setup yambar --full > ~/.config/yambar/config.yml"
            ],
            run: SetupCommand.run)
    ]

    static let files: [CommandSpec] = [
        CommandSpec(
            name: "summary", group: "files", summary: "the shared summary every widget reads",
            options: [
                .flag("path", "print where it is"),
                .flag("rebuild", "write it anew from the store")
            ],
            text:
                "Prints the shared summary (summary.json) that every widget reads. Its format: docs/summary-format.md.",
            run: SummaryCommand.run, changes: true, changesOnlyWith: "--rebuild"),
        CommandSpec(
            name: "config", group: "files", summary: "the config file",
            subcommands: [
                CommandSpec(
                    name: "init", group: "", summary: "write a commented default config",
                    options: [.flag("force", "replace an existing one")]),
                CommandSpec(
                    name: "check", group: "", summary: "report every error's line and key, and which deadline it names"),
                CommandSpec(name: "path", group: "", summary: "print where the config is read from"),
                CommandSpec(name: "schema", group: "", summary: "print the config's JSON Schema, for editors")
            ],
            text:
                "init writes a commented default config (its \"$schema\" names the JSON Schema installed with tminus, else one written beside it as config.schema.json); check reports the line and key of every error and what \"deadline\" names; path prints where the config is read from; schema prints the JSON Schema (draft-07) editors validate and complete the file with.",
            run: ConfigCommand.run, readsConfig: false),
        CommandSpec(
            name: "doctor", group: "files", summary: "check the home's files (and repair them)",
            options: [
                .flag("repair", "fix what it found")
            ],
            text: """
                Checks the home: the store, the history and its index, the summary, temp files left by a
                killed command. Exit 0 when all is well, 1 when something needs repairing; --repair fixes it
                (a home from an older tminus is migrated, an item both open and completed stays open, an
                item completed twice keeps its latest completion, the index is rebuilt).
                """, run: DoctorCommand.run, changes: true, readsConfig: false)
    ]

    static let shell: [CommandSpec] = [
        CommandSpec(
            name: "completions", group: "shell", arguments: "bash|zsh|fish",
            summary: "shell completions (make install puts them in place)",
            text: "Prints completions for the shell: commands, options, formats and families.",
            examples: ["tminus completions bash > ~/.local/share/bash-completion/completions/tminus"],
            run: ShellCommands.completions, readsConfig: false),
        CommandSpec(
            name: "manpage", group: "shell", summary: "the man page, in roff (make install puts it in place)",
            text: "Prints the man page tminus.1 (man -l <(tminus manpage) reads it).", run: ShellCommands.manpage,
            readsConfig: false)
    ]
}
