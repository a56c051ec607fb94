import TMinusCore

// Every top-level key, in the order `config init` writes them.
extension ConfigKey {
    /// Every top-level key, in the order `config init` writes them.
    public static let all: [ConfigKey] = [
        ConfigKey(
            "$schema",
            "the JSON Schema editors check this file against (tminus config schema prints it); tminus ignores it",
            initValue: "", commented: true, schema: Schema.string()
        ) { r, m in _ = r.string(m, m.key) },
        ConfigKey(
            "deadline", "which deadline the bar shows: \"next\", or a REF (a number, an id prefix or a title)",
            comment: [
                "Which deadline the bar shows: \"next\" (the next one due), or a REF: a number, an id",
                "prefix or a title. `tminus next` / `tminus prev` (or a click) cycle it."
            ],
            initValue: #""next""#,
            schema: .object([
                "oneOf": .array([
                    .object(["type": .string("string"), "minLength": .int(1)]),
                    .object(["type": .string("integer"), "minimum": .int(1)])
                ])
            ])
        ) { r, m in
            // "next", or a REF: a number from `tminus list` (as a string or a number), an id prefix, a title.
            if let n = m.value.intValue, n > 0 {
                r.config.deadline = .ref(String(n))
            } else if let s = m.value.stringValue, !s.isEmpty {
                r.config.deadline = s == "next" ? .next : .ref(s)
            } else {
                r.problem(
                    m, m.key, N_("expected \"next\" or a REF (a number from tminus list, an id prefix or a title)"))
            }
        },
        ConfigKey(
            "precision", "the countdown's precision: auto, seconds, minutes, hours or days",
            comment: [
                "auto: \"2d 4h\" while a day or more is left, \"4h 05m\" under a day, \"04:09\" in the last",
                "hour. Or force one: \"seconds\", \"minutes\", \"hours\", \"days\"."
            ],
            initValue: #""auto""#, schema: Schema.words(Precision.allCases.map(\.rawValue))
        ) { r, m in
            if let p = r.choice(m, m.key, Precision.allCases, "a precision") { r.config.precision = p }
        },
        ConfigKey(
            "warning", "the warning state begins when less than this is left (a duration: \"24h\", \"90m\", seconds)",
            comment: ["States: warning under this much time left, critical under that, then over."],
            initValue: #""24h""#, schema: Schema.duration
        ) { r, m in if let d = r.duration(m, m.key) { r.config.warning = d } },
        ConfigKey(
            "critical", "the critical state begins when less than this is left (shorter than warning)",
            initValue: #""1h""#, schema: Schema.duration
        ) { r, m in if let d = r.duration(m, m.key) { r.config.critical = d } },
        ConfigKey(
            "overHold", "how long \"over\" shows before the next deadline takes over",
            comment: ["How long \"over\" shows before the next deadline takes over."],
            initValue: #""1h""#, schema: Schema.duration
        ) { r, m in if let d = r.duration(m, m.key) { r.config.overHold = d } },
        ConfigKey(
            "events",
            "when a calendar event holds the bar: \"never\", \"lead\" (from eventLead before it to its end) or \"always\"",
            comment: [
                "When a calendar event holds the bar instead of the next deadline: \"lead\" from eventLead",
                "before it starts until it ends, \"always\" as if it were a deadline, or \"never\"."
            ],
            initValue: #""lead""#, schema: Schema.words(Config.EventPolicy.allCases.map(\.rawValue))
        ) { r, m in
            if let c = r.choice(m, m.key, Config.EventPolicy.allCases, "a choice") { r.config.events = c }
        },
        ConfigKey(
            "eventLead", "with events \"lead\": how long before its start a calendar event takes the bar",
            initValue: #""15m""#, schema: Schema.duration
        ) { r, m in if let d = r.duration(m, m.key) { r.config.eventLead = d } },
        ConfigKey(
            "overText", "the countdown's text once a deadline is over",
            initValue: #""over""#, schema: Schema.string()
        ) { r, m in if let s = r.string(m, m.key) { r.config.overText = s } },
        ConfigKey(
            "overLongText", "the long countdown's text once a deadline is over",
            initValue: #""Deadline is over!""#, schema: Schema.string()
        ) { r, m in if let s = r.string(m, m.key) { r.config.overLongText = s } },
        ConfigKey(
            "clock", "times of day: \"24h\" (17:45) or \"12h\" (5:45 PM); left out, the locale's",
            comment: ["Times of day: \"24h\" (17:45) or \"12h\" (5:45 PM); left out, your locale's (LC_TIME)."],
            initValue: #""24h""#, commented: true, schema: Schema.words(ClockStyle.allCases.map(\.rawValue))
        ) { r, m in
            if let c = r.choice(m, m.key, ClockStyle.allCases, "a clock") { r.config.clock = c }
        },
        ConfigKey(
            "templates", "each family's text, with {placeholders}; [ … ] hides itself when its placeholders are empty",
            comment: [
                "Family templates; placeholders are listed in docs/config.md. [ … ] hides itself when",
                #"its placeholders are empty; \\[ \\] \\{ \\} for literal brackets."#
            ],
            initValue: """
                {
                    "small": "{icon} {countdown}",
                    "medium": "[{title_icon} ]{title} {countdown}[ · {todos_text}]",
                    "large": "[{title_icon} ]{title} · due {due}\\n{countdown_long}[ · {percent}% elapsed][\\n{note}]\\n{todos_list}",
                    "smallNone": "{icon}[ {todo_count}]",
                    "mediumNone": "no deadlines[ · {todos_text}]",
                    "largeNone": "No deadlines\\n{todos_list}",
                  }
                """,
            schema: Schema.object(templateKeys.map { ($0, Schema.string()) })
        ) { r, m in
            for t in r.object(m, m.key) ?? [] {
                let path = "templates.\(t.key)"
                guard templateKeys.contains(t.key) else { r.unknown(t, path, templateKeys); continue }
                guard let s = r.string(t, path) else { continue }
                if let error = Template.checkError(s) { r.problem(t, path, error); continue }
                switch t.key {
                case "small": r.config.templates.small = s
                case "medium": r.config.templates.medium = s
                case "large": r.config.templates.large = s; r.setLarge = true
                case "smallNone": r.config.templates.smallNone = s
                case "mediumNone": r.config.templates.mediumNone = s
                default: r.config.templates.largeNone = s; r.setLargeNone = true
                }
            }
        },
        ConfigKey(
            "colors", "the colour (#rrggbb) of each state: none, normal, ongoing, warning, critical, over, overdue",
            initValue:
                ##"{ "none": "#888888", "normal": "#a3be8c", "warning": "#ebcb8b", "critical": "#bf616a", "over": "#bf616a", "ongoing": "#88c0d0", "overdue": "#d08770" }"##,
            schema: Schema.perState(Schema.color)
        ) { r, m in
            r.perState(m, m.key) { r, state, s in
                if let c = r.color(s, "colors.\(s.key)") { r.config.colors[state] = c }
            }
        },
        ConfigKey(
            "icons", "the icon ({icon}) of each state",
            initValue:
                #"{ "none": "∅", "normal": "⏳", "warning": "⌛", "critical": "🔥", "over": "🏁", "ongoing": "▶", "overdue": "⚠" }"#,
            schema: Schema.perState(Schema.string())
        ) { r, m in
            r.perState(m, m.key) { r, state, s in if let i = r.string(s, "icons.\(s.key)") { r.config.icons[state] = i }
            }
        },
        ConfigKey(
            "tags", "per tag: a colour overriding the tag's own, and an icon",
            comment: ["Per tag: a colour overriding the tag's own, and an icon."],
            initValue: """
                {
                    // "school": { "color": "#ff5555", "icon": "🎓" },
                  }
                """,
            schema: Schema.object([], additional: Schema.object([("color", Schema.color), ("icon", Schema.string())]))
        ) { r, m in
            for t in r.object(m, m.key) ?? [] {
                var style = Config.TagStyle()
                for f in r.object(t, "tags.\(t.key)") ?? [] {
                    let path = "tags.\(t.key).\(f.key)"
                    switch f.key {
                    case "color": style.color = r.color(f, path)
                    case "icon": style.icon = r.string(f, path)
                    default: r.unknown(f, path, ["color", "icon"])
                    }
                }
                r.config.tags[t.key.lowercased()] = style
            }
        },
        ConfigKey(
            "tooltip", "the large family (Waybar's tooltip): \"todos\", \"agenda\" or \"calendar\"",
            comment: [
                "The large family (Waybar's tooltip) under the countdown: \"todos\" (today's), \"agenda\"",
                "(the next agendaDays days, by day) or \"calendar\" (this month; the wheel moves it)."
            ],
            initValue: #""todos""#, schema: Schema.words(Config.Tooltip.allCases.map(\.rawValue))
        ) { r, m in
            if let t = r.choice(m, m.key, Config.Tooltip.allCases, "a tooltip") { r.config.tooltip = t }
        },
        ConfigKey(
            "agendaDays", "how many days the agenda tooltip shows (1 to 14)",
            initValue: "3", schema: Schema.integer(1...14)
        ) { r, m in if let n = r.int(m, m.key, 1...14) { r.config.agendaDays = n } },
        ConfigKey(
            "colorBy", "the bar's text in its state's colour (\"state\") or its deadline's tag colour (\"tag\")",
            comment: ["The bar's text in its state's colour (\"state\") or its deadline's tag colour (\"tag\")."],
            initValue: #""state""#, schema: Schema.words(Config.ColorBy.allCases.map(\.rawValue))
        ) { r, m in
            if let c = r.choice(m, m.key, Config.ColorBy.allCases, "a choice") { r.config.colorBy = c }
        },
        ConfigKey(
            "progressBar", "the deadline's progress drawn as a bar where the panel can (XFCE Generic Monitor's <bar>)",
            comment: ["The deadline's progress as a bar where the panel draws one (XFCE's Generic Monitor)."],
            initValue: "false", schema: Schema.boolean
        ) { r, m in if let b = r.bool(m, m.key) { r.config.progressBar = b } },
        ConfigKey(
            "maxLength", "titles longer than this end in \"…\" (1 to 10000 characters)",
            comment: ["Titles longer than this end in \"…\"; at most maxTodos todos in the large family."],
            initValue: "60", schema: Schema.integer(1...10_000)
        ) { r, m in if let n = r.int(m, m.key, 1...10_000) { r.config.maxLength = n } },
        ConfigKey(
            "maxTodos", "at most this many todos in the large family (0 to 100)",
            initValue: "10", schema: Schema.integer(0...100)
        ) { r, m in if let n = r.int(m, m.key, 0...100) { r.config.maxTodos = n } },
        ConfigKey(
            "signals", "real-time signals (SIGRTMIN+N) sent to Waybar and i3blocks after every change",
            comment: [
                "Send these real-time signals after every change so polling bars refresh at once",
                "(Waybar's and i3blocks' `signal` option: SIGRTMIN+N)."
            ],
            initValue: """
                {
                    // "waybar": 8, "i3blocks": 10,
                  }
                """,
            schema: Schema.object(signalBars.map { ($0, Schema.integer(1...30)) })
        ) { r, m in
            for s in r.object(m, m.key) ?? [] {
                let path = "signals.\(s.key)"
                guard signalBars.contains(s.key) else { r.unknown(s, path, signalBars); continue }
                if let n = r.int(s, path, 1...30) { r.config.signals[s.key] = n }
            }
        },
        ConfigKey(
            "countUndated", "todos without a due date count among today's (the bar's todo count)",
            comment: [
                "Todos without a due date are listed under \"Someday\" below today's; true: counted",
                "in the bar's \"· N todos\" too."
            ],
            initValue: "false", schema: Schema.boolean
        ) { r, m in if let b = r.bool(m, m.key) { r.config.countUndated = b } },
        ConfigKey(
            "remindersWait", "a todo with only a reminder stays out of today's list until the reminder comes",
            comment: [
                "A todo with only a reminder (no due date) stays out of today's list until the reminder",
                "comes; false: listed from the start."
            ],
            initValue: "true", schema: Schema.boolean
        ) { r, m in if let b = r.bool(m, m.key) { r.config.remindersWait = b } },
        ConfigKey(
            "alerts",
            "notifications before each deadline, e.g. [\"1d\", \"1h\", \"0\"] (0: when it is over; at most 20)",
            comment: ["Notifications before each deadline, e.g. [\"1d\", \"1h\", \"0\"] (0: when it is over)."],
            initValue: "[]", schema: Schema.array(Schema.duration)
        ) { r, m in
            guard case .array(let list) = m.value else {
                r.problem(m, m.key, N_("expected a list of durations before a deadline, e.g. [\"1d\", \"1h\", \"0\"]"))
                return
            }
            var offsets: [Int64] = []
            for (i, entry) in list.enumerated() {
                if let d = r.duration(JSON.Member(m.key, entry, line: m.line), "alerts[\(i)]"), !offsets.contains(d) {
                    offsets.append(d)
                }
            }
            if offsets.count > 20 {
                r.problem(m, m.key, N_("has %s alerts; at most 20"), "\(offsets.count)")
            } else {
                r.config.alerts = offsets.sorted(by: >)
            }
        },
        ConfigKey(
            "escalate",
            "which reminders count down in place until acted on: [\"reminders\", \"alerts\"] (none by default)",
            comment: [
                "Reminders that count down in one notification, updated each minute (\"in 3 minutes\",",
                "\"due now\", \"2 min late\", critical from the due) until Done, Snooze or dismissed:",
                "[\"reminders\"] (an item's own), [\"alerts\"] (a deadline's), both, or none."
            ],
            initValue: "[]", schema: Schema.array(Schema.words(Escalation.Kind.allCases.map(\.rawValue)))
        ) { r, m in
            guard case .array(let list) = m.value else {
                r.problem(m, m.key, N_("expected a list: [\"reminders\"], [\"alerts\"], both, or []"))
                return
            }
            var kinds: [Escalation.Kind] = []
            for (i, entry) in list.enumerated() {
                if let k = r.choice(
                    JSON.Member(m.key, entry, line: m.line), "escalate[\(i)]", Escalation.Kind.allCases,
                    "a kind of reminder"),
                    !kinds.contains(k)
                {
                    kinds.append(k)
                }
            }
            r.config.escalate = kinds
        },
        ConfigKey(
            "catchUp", "reminders missed while no notifier ran are still sent when younger than this",
            comment: ["Reminders missed while no notifier ran are still sent when younger than this."],
            initValue: #""24h""#, schema: Schema.duration
        ) { r, m in if let d = r.duration(m, m.key) { r.config.catchUp = d } },
        ConfigKey(
            "workingHours", "the working week {worktime} counts in, e.g. \"Mon-Fri 09:00-12:00,13:00-17:00\"",
            comment: [
                "Working time: {worktime} (and {countdown} of a deadline with `edit --working-time on`)",
                "counts only these hours, e.g. \"Mon-Fri 09:00-12:00,13:00-17:00; Sat 10:00-12:00\"."
            ],
            initValue: #""Mon-Fri 09:00-17:00""#,
            schema: .object(["type": .string("string"), "pattern": .string(workingHoursPattern)])
        ) { r, m in
            guard let s = r.string(m, m.key) else { return }
            switch WorkingHours.parse(s) {
            // (The default written out is the default: nil, as a config without the key.)
            case .success(let hours): r.config.workingHours = hours == .standard ? nil : hours
            case .failure(let e):
                r.problem(m, m.key, N_("%s; write e.g. %s"), "\(e.message)", "\(WorkingHours.example)", cause: e)
            }
        },
        ConfigKey(
            "holidays", "the source (its name in sources) whose whole-day events are days off in working time",
            comment: ["The source whose whole-day events are days off in working time (a name from sources)."],
            initValue: #""holidays""#, commented: true, schema: Schema.string()
        ) { r, m in
            if let s = r.string(m, m.key) { r.holidays = (s, m) }
        },
        ConfigKey(
            "sources", "calendars (vdir, ics), todo.txt, Taskwarrior and other summaries shown with tminus's own",
            comment: [
                "Deadlines and todos kept elsewhere, shown with these (docs/sources.md): calendars",
                "synced by vdirsyncer (vdir), .ics files, todo.txt, Taskwarrior, another summary.json."
            ],
            initValue: """
                [
                    // { "name": "work", "kind": "vdir", "path": "~/.local/share/calendars/work" },
                    // { "name": "holidays", "kind": "ics", "path": "~/cal/holidays.ics" },
                    // { "name": "txt", "kind": "todotxt", "path": "~/todo/todo.txt" },
                    // { "name": "tw", "kind": "taskwarrior", "filter": "status:pending" },
                    // { "name": "org", "kind": "org", "path": "~/org/todo.org", "heading": "Inbox" },
                    // { "name": "graph", "kind": "logseq", "path": "~/logseq" },
                    // { "name": "notes", "kind": "obsidian", "path": "~/Notes", "note": "Tasks.md" },
                  ]
                """,
            schema: Schema.array(sourceSchema)
        ) { r, m in r.sources(m) },
        ConfigKey(
            "me", "your e-mail addresses: a calendar event that invites one of them waits for a yes",
            comment: [
                "Your e-mail addresses: a calendar event that invites one of them waits for a yes.",
                "\"declined\": \"hide\" or \"show\"; \"invited\" (no answer, tentative): \"dim\" (listed, never",
                "the countdown, no alarm), \"show\" or \"hide\". A source may name its own \"me\"."
            ],
            initValue: #"["you@example.org"]"#, commented: true, schema: addressesSchema
        ) { r, m in r.me = r.addresses(m, m.key) },
        ConfigKey(
            "declined", "events you declined: \"hide\" or \"show\"",
            initValue: #""hide""#, schema: Schema.words(["hide", "show"])
        ) { r, m in
            if let c = r.choice(m, m.key, [Invitations.hide, .show], "a choice") { r.declined = c }
        },
        ConfigKey(
            "invited", "events you have not answered (or tentative): \"dim\", \"show\" or \"hide\"",
            initValue: #""dim""#, schema: Schema.words(["dim", "show", "hide"])
        ) { r, m in
            if let c = r.choice(m, m.key, [Invitations.dim, .show, .hide], "a choice") { r.invited = c }
        }
    ]

    /// `workingHours` as the schema checks it: groups of days and times (`config check` also
    /// checks that ranges end after they start).
    static let workingHoursPattern: String = {
        // Each day's short and full name in any case, as `config check` reads them.
        func anyCase(_ word: String) -> String { word.map { "[\($0)\($0.uppercased())]" }.joined() }
        let names = zip(WorkingHours.dayNames, WorkingHours.fullDayNames).map { short, full in
            anyCase(short) + "(?:" + anyCase(String(full.dropFirst(3))) + ")?"
        }
        let day = "(?:" + names.joined(separator: "|") + ")"
        let days = "\(day)(?: *- *\(day))?(?: *, *\(day)(?: *- *\(day))?)*"
        let time = "(?:[01]?[0-9]|2[0-3]):[0-5][0-9]|24:00"
        let range = "(?:\(time)) *- *(?:\(time))"
        let group = " *\(days) *\(range)(?: *, *\(range))* *"
        return "^\(group)(?:;\(group))*$"
    }()
    static let templateKeys = ["small", "medium", "large", "smallNone", "mediumNone", "largeNone"]
    static let signalBars = ["waybar", "i3blocks"]
    static let addressesSchema: JSON = .object(["oneOf": .array([Schema.string(), Schema.array(Schema.string())])])
    /// One `sources` entry (which fields apply to which kind is checked by `config check`).
    static let sourceSchema: JSON = .object([
        "type": .string("object"),
        "required": .array([.string("name"), .string("kind")]),
        "properties": .object([
            // Letters (any script), digits, - and _; never "tminus" (its own items' source).
            JSON.Member(
                "name",
                .object([
                    "type": .string("string"), "pattern": .string(#"^[^ -,./:-@\[-^`{-~]{1,32}$"#),
                    "not": .object(["const": .string(Item.ownSource)])
                ])),
            JSON.Member("kind", Schema.words(SourceConfig.Kind.allCases.map(\.rawValue))),
            JSON.Member("path", .object(["type": .string("string"), "minLength": .int(1)])),
            JSON.Member("events", Schema.words(["deadlines", "ignore"])),
            JSON.Member("filter", Schema.string()),
            JSON.Member("data", Schema.string()),
            JSON.Member("collection", Schema.string()),
            JSON.Member("note", Schema.string()),
            JSON.Member("heading", Schema.string()),
            JSON.Member("me", addressesSchema),
            JSON.Member("maxItems", Schema.integer(1...100_000)),
            JSON.Member("calendars", Schema.array(Schema.string()))
        ]),
        "additionalProperties": .bool(false)
    ])
}
