/// Help text: an overview and one page per command.
enum Help {
    static let version = "0.1.0"

    static let overview = """
    tminus: the countdown to your next deadline, and today's todos, in your status bar.

    usage: tminus [--home DIR] [--config FILE] [--now WHEN] COMMAND [options]

    items:
      add TITLE --due WHEN       a new deadline
      todo TITLE                 a new todo
      list                       open deadlines and todos (filters: tminus list --help)
      done REF… | undo REF… | rm REF…
      edit REF                   change an item
      tag add|list|edit|rm       tags with colours
      stats                      completed, pending, overdue
      sources [--json]           calendars, todo.txt, Taskwarrior and summaries in the config
    reminders and links:
      remind TEXT --in 10m       a quick reminder (or --at WHEN); remind --again REF sends one again
      notify [--once|--dry-run]  the notifier: desktop notifications for reminders and alerts
      list --reminders           reminders sent, missed and to come
      share REF | open URL       tminus:// links that add an item elsewhere, show a day or an item
    bars:
      show [--format F]          the entry for now: waybar, i3blocks, i3bar, polybar, conky, pango, plain, json
      timeline                   the timeline as JSON
      next | prev                cycle the deadline the widget shows
      demo                       every format on sample data
    files:
      summary [--path|--rebuild] the shared summary every widget reads
      config init|check|path     the config file
      doctor [--repair]          check the home's files (and repair them)

    WHEN: 2026-12-01 (a whole day), 2026-12-01T17:00, 17:00, today, tomorrow, +90m, +3h, +2d, +1w
    REF:  a number from tminus list, an id prefix (4+ hex digits), or the exact title
    Exit: 0 ok, 1 failure (I/O, unreadable file), 2 usage or validation error.
    Run tminus COMMAND --help for one command.
    """

    static let commands: [String: String] = [
        "show": """
        usage: tminus show [--format F] [--family small|medium|large] [--deadline REF|next] [--markup pango|none] [--follow]

        Prints the entry for now, for a bar. Formats: waybar, i3blocks (exit 33 when urgent), i3bar (one
        block), polybar, conky, pango, plain (default), json. --markup pango escapes data for bars that
        parse Pango (i3blocks markup=pango). A broken config or summary prints an error entry, not nothing.
        --follow streams (waybar, i3blocks, i3bar, polybar, pango, plain, json): a line whenever the display
        changes, at once when the data changes; clicks on stdin (i3bar, i3blocks persist) cycle deadlines.
        Ready-made bar configs: integrations/ in the source tree.
        """,
        "timeline": """
        usage: tminus timeline [--from WHEN] [--until WHEN] [--limit N] [--deadline REF|next]

        Prints the timeline as one JSON object: entries (date, state, deadline, todos, small, medium,
        large), policy (atEnd, after, never) and reloadAt. Default limit: 10,000 entries.
        """,
        "next": "usage: tminus next\n\nShows the next ongoing deadline in the widget (kept in state.json).",
        "prev": "usage: tminus prev\n\nShows the previous ongoing deadline in the widget (kept in state.json).",
        "demo": "usage: tminus demo\n\nEvery format and family on built-in sample data at a frozen time (--now to pick it); no files.",
        "add": """
        usage: tminus add TITLE --due WHEN [--start WHEN] [--note T] [--tag NAME] [--icon GLYPH] [--to SOURCE]

        Adds a deadline. A whole-day --due (2026-12-01) is due at the end of that day.
        Progress runs from --start (default: now) to the due date. --to adds it to a calendar
        (a vdir source in the config) as an event instead.
          tminus add "Thesis" --due 2026-12-01T17:00 --tag school --icon 🎓
          tminus add "Board meeting" --due 2026-12-03T14:00 --to work
        """,
        "todo": """
        usage: tminus todo TITLE [--due WHEN] [--remind WHEN] [--note T] [--tag NAME] [--star] [--priority high|medium|low|none]
                             [--to SOURCE]

        Adds a todo. Today's todos (due today, overdue, or undated) show in the bar's tooltip.
        --to adds it to a source of the config instead: a calendar (vdir), todo.txt or Taskwarrior.
          tminus todo "Buy milk" --due today --tag errand
          tminus todo "Call mom" --due 18:00 --star --priority high
          tminus todo "Pay rent" --due 2026-12-01 --to work
        """,
        "list": """
        usage: tminus list [--deadlines|--todos] [--today] [--week] [--overdue] [--starred] [--all]
                           [--tag NAME] [--search TEXT] [--year YYYY] [--sort due|created|title|priority] [--json]
               tminus list --reminders [--year YYYY] [--json]

        Lists open items (with --all, completed ones too). Filters combine. --reminders lists
        reminders instead: sent, sent late, missed, pending (and due, sending) by their time.
          --today     due today            --week     due in the next 7 days
          --overdue   past due, still open --starred  starred todos
          --search    in title and note    --year     due (or created) in that year
          --json      an array of objects: handle, id, kind, title, note, due, allDay, start, created,
                      completed, completedAt, tag, color, starred, priority, remind, icon, source
        """,
        "ls": "usage: tminus ls …  (the same as tminus list)",
        "done": "usage: tminus done REF…\n\nMarks items completed (they move to the archive; another source's item is marked done there too).\nREF: number, id prefix or title.",
        "undo": "usage: tminus undo REF…\n\nReopens completed items (in their sources too).",
        "rm": "usage: tminus rm REF…\n\nRemoves items for good, open or completed (an open item of another source is removed there).",
        "edit": """
        usage: tminus edit REF [--title T] [--due WHEN|none] [--start WHEN] [--note T] [--tag NAME|none]
                               [--icon G|none] [--star|--unstar] [--priority P] [--remind WHEN|none]

        Changes an open item. --start and --icon are for deadlines; --star, --priority and --remind for todos.
        Another source's item is changed in its file (what that source cannot keep is refused).
        """,
        "sources": """
        usage: tminus sources [--json]

        Lists the config's sources (docs/sources.md): each one's kind and where it reads, its open
        items, when it was last read, what it skipped (file, line and property) or why it cannot
        be read. Sources are read again only when they change.
        """,
        "tag": """
        usage: tminus tag add NAME [--color #RRGGBB]
               tminus tag list [--json]
               tminus tag edit NAME [--name NEW] [--color #RRGGBB]
               tminus tag rm NAME

        Tags colour items in the bar. A few are prefilled: work, personal, study, errand.
        """,
        "remind": """
        usage: tminus remind TEXT (--in D | --at WHEN) [--note T] [--tag NAME]
               tminus remind --again REF [--in D]

        A quick reminder: a todo with a reminder in D (10m, 2h, 1d, 90s) or at WHEN. --again sends
        REF's reminder again now (or arms it again in D). tminus notify sends reminders; list
        --reminders reviews them.
        """,
        "notify": """
        usage: tminus notify [--once] [--dry-run]

        Sends desktop notifications (through notify-send) for reminders (todo --remind, remind,
        a calendar's alarms) and deadline alerts (config "alerts": ["1d", "1h", "0"]; 0 is when it is
        over), each exactly once (docs/reminders.md). It runs until stopped, asleep until the next one;
        a machine that was off or asleep gets what it missed, marked "missed at", when younger than
        config "catchUp" (default 24h). Done and Snooze 10 min buttons where the server has them.
        --once sends what is due and exits (a timer or cron); --dry-run prints what it would send as
        JSON lines and records nothing. A user unit: integrations/systemd/tminus-notify.service.
        """,
        "share": "usage: tminus share REF\n\nPrints a tminus://add link that makes the same item wherever tminus open follows it.",
        "open": """
        usage: tminus open URL [--notify]

        Follows a tminus:// link (docs/links.md): tminus://add?… adds the item (once, however often the
        link is opened), tminus://show?date=YYYY-MM-DD lists that day, tminus://item?id=ID shows one item.
        A bad link is exit 2 and changes nothing. --notify also shows the result as a notification
        (for the desktop file integrations/desktop/tminus-open.desktop).
        """,
        "stats": "usage: tminus stats [--json]\n\nCounts completed, pending and overdue items, in all and per kind.",
        "summary": """
        usage: tminus summary [--path|--rebuild]

        Prints the shared summary (summary.json) that every widget reads; --path prints where it is,
        --rebuild writes it anew from the store. Its format: docs/summary-format.md.
        """,
        "doctor": """
        usage: tminus doctor [--repair]

        Checks the home: the store, the history and its index, the summary, temp files left by a
        killed command. Exit 0 when all is well, 1 when something needs repairing; --repair fixes
        it (a home from an older tminus is migrated, an item both open and completed stays open,
        an item completed twice keeps its latest completion, the index is rebuilt).
        """,
        "config": """
        usage: tminus config init [--force] | config check | config path

        init writes a commented default config; check reports the line and key of every error;
        path prints where the config is read from.
        """,
    ]
}
