import TMinusCore

/// The widget configuration (`config.json`, docs/config.md): which deadline, how precise, when it
/// turns urgent, and how each family looks. A missing file means these defaults.
public struct Config: Equatable, Sendable {
    /// Which deadline to show: the next one, or a fixed REF (handle, id prefix or title).
    public enum Selection: Equatable, Sendable {
        case next
        case ref(String)
    }

    /// Each family's template: while a deadline is shown, and (`…None`) when there is none.
    public struct Templates: Equatable, Sendable {
        /// The small family's template (the countdown) while a deadline is shown.
        public var small = "{icon} {countdown}"
        /// The medium family's template (a bar's text) while a deadline is shown.
        public var medium = "[{title_icon} ]{title} {countdown}[ · {todos_text}]"
        /// The large family's template (a bar's tooltip) while a deadline is shown.
        public var large = Config.defaultLarge.description
        /// The small family's template when there is no deadline.
        public var smallNone = "{icon}[ {todo_count}]"
        /// The medium family's template when there is no deadline.
        public var mediumNone = Config.defaultMediumNone.description
        /// The large family's template when there is no deadline.
        public var largeNone = Config.defaultLargeNone.description
        /// The default templates.
        public init() {}

        /// Whether a template names `{calendar}` (a scan of bytes: no template parsed for it).
        public var mentionsCalendar: Bool { mention("{calendar}") }

        /// Whether a template has `text` anywhere (a scan of bytes: no template parsed for it).
        public func mention(_ text: StaticString) -> Bool {
            // (Read on every poll: no array made, each template's bytes walked once.)
            func mentions(_ t: String) -> Bool {
                func scan<S: Sequence<UInt8>>(_ bytes: S) -> Bool {
                    var matched = 0
                    for b in bytes {
                        if b == text.utf8Start[matched] {
                            matched += 1
                            if matched == text.utf8CodeUnitCount { return true }
                        } else {
                            matched = b == text.utf8Start[0] ? 1 : 0
                        }
                    }
                    return false
                }
                // (A native string's bytes in place: walking its UTF-8 view costs several times more.)
                return t.utf8.withContiguousStorageIfAvailable { scan($0) } ?? scan(t.utf8)
            }
            return mentions(small) || mentions(medium) || mentions(large) || mentions(smallNone) || mentions(mediumNone)
                || mentions(largeNone)
        }

        /// The large templates' defaults for a tooltip choice.
        public static func large(_ tooltip: Tooltip) -> (large: String, largeNone: String) {
            switch tooltip {
            case .todos: (Templates().large, Templates().largeNone)
            case .agenda:
                (Config.defaultAgendaLarge.description, Config.defaultAgendaLargeNone.description)
            case .calendar:
                (Config.defaultCalendarLarge.description, "{calendar}\n\n{todos_list}")
            }
        }
    }

    /// Per-tag look: a colour that overrides the tag's own, and an icon.
    public struct TagStyle: Equatable, Sendable {
        /// The colour for the tag's items, instead of the tag's own (nil: its own).
        public var color: String?
        /// The `{icon}` of the tag's deadlines that have no icon of their own.
        public var icon: String?
        /// A style with this colour and icon (nil: none set).
        public init(color: String? = nil, icon: String? = nil) {
            self.color = color
            self.icon = icon
        }
    }

    /// Which deadline the bar shows (`"deadline"`): the next one due, or a fixed REF.
    public var deadline: Selection = .next
    /// The countdown's smallest unit; auto: hours a day or more out, then minutes, then seconds in the last hour.
    public var precision: Precision = .auto
    /// Warning when less than this is left (seconds).
    public var warning: Int64 = 86_400
    /// Critical when less than this is left (seconds).
    public var critical: Int64 = 3600
    /// When a calendar event takes the bar from the deadlines (docs/countdown.md).
    public var events: EventPolicy = .lead
    /// With `events` "lead": how long before its start an event takes the bar (seconds).
    public var eventLead: Int64 = 900
    /// How long before its start an event can first hold the bar, when events hold it only near
    /// them (a read near a moment passes over the events past that, `Summary.NearOutputs`):
    /// `eventLead` (`lead`), 0 (`never`: not at all); nil when an event is any deadline (`always`).
    public var nearEventLead: Int64? {
        switch events {
        case .lead: eventLead
        case .never: 0
        case .always: nil
        }
    }
    /// How long the "over" entry holds before the next deadline takes over (seconds).
    public var overHold: Int64 = 3600
    /// `{countdown}`'s text once the deadline is over.
    public var overText = Config.defaultOverText.description
    /// `{countdown_long}`'s text once the deadline is over.
    public var overLongText = Config.defaultOverLongText.description
    /// Each family's text, with `{placeholders}` and `[sections]`.
    public var templates = Templates()
    /// The colour (`#rrggbb`) of each state, for the bar's text.
    public var colors: StateStrings = [
        .none: "#888888", .normal: "#a3be8c", .warning: "#ebcb8b", .critical: "#bf616a", .over: "#bf616a",
        .ongoing: "#88c0d0", .overdue: "#d08770"
    ]
    /// The `{icon}` of each state (a deadline's own icon, or its tag's, comes first).
    public var icons: StateStrings = [
        .none: "∅", .normal: "⏳", .warning: "⌛", .critical: "🔥", .over: "🏁", .ongoing: "▶", .overdue: "⚠"
    ]
    /// The look of each tag, keyed by the tag's name in lower case.
    public var tags: [String: TagStyle] = [:]
    /// Titles longer than this are shortened with an ellipsis in the families' text.
    public var maxLength = 60
    /// At most this many of today's todos in the large family.
    public var maxTodos = 10
    /// Real-time signals to send the bars after every change (Waybar's and i3blocks' `signal`).
    public var signals: [String: Int] = [:]
    /// Where else deadlines and todos come from (calendars, todo.txt, Taskwarrior, summaries).
    public var sources: [SourceConfig] = []
    /// Notifications before each deadline (seconds before it is due; 0: when it is over).
    public var alerts: [Int64] = []
    /// Which reminders escalate: one notification updated in place each minute until acted on
    /// (empty: none; each is sent once and left alone).
    public var escalate: [Escalation.Kind] = []
    /// Reminders missed while no notifier ran are still sent when younger than this (seconds).
    public var catchUp: Int64 = 86_400
    /// "24h" or "12h" for times of day in every family and in `list`; nil: the locale's
    /// (LC_TIME), filled in by the command line.
    public var clock: ClockStyle?
    /// The user's language (messages, day and month names), filled in by the command line
    /// (`speak`); English without a locale.
    public var words: Words = .english
    /// What the large family (a bar's tooltip) shows below the countdown: today's todos, the
    /// agenda of the next `agendaDays` days, or this month's calendar. It picks the large
    /// templates' defaults; templates the config sets are kept (`{agenda}`, `{calendar}`).
    public var tooltip: Tooltip = .todos
    /// Whether todos without a due date count in `{todo_count}` (and `· N todos`); they are
    /// listed under their own heading either way.
    public var countUndated = false
    /// A todo with only a reminder (no due date) stays out of today's list until its reminder.
    public var remindersWait = true
    /// Days in the `{agenda}` placeholder, today first.
    public var agendaDays = 3
    /// What colours the bar's text: the state (normal, warning, critical…) or the deadline's tag
    /// (its colour, else the state's).
    public var colorBy: ColorBy = .state
    /// Whether a bar that can draw the deadline's progress as a bar does (genmon's `<bar>`).
    public var progressBar = false
    /// The working week `{worktime}` counts in (and `{countdown}` for a deadline with working time
    /// on); nil: Monday to Friday, 09:00 to 17:00 (`WorkingHours.standard`, made only when used:
    /// its arrays' type metadata cost a poll 28,000 instructions).
    public var workingHours: WorkingHours?
    /// The source whose whole-day events are days off in working time; nil: none.
    public var holidays: String?
    /// The column weeks start with in `{calendar}` (0 Sunday, 1 Monday); nil: the locale's
    /// (LC_TIME), filled in by the command line.
    public var firstWeekday: Int?

    /// What the large family shows below the countdown (`"tooltip"`; see `tooltip`).
    public enum Tooltip: String, CaseIterable, Sendable {
        case todos, agenda, calendar
    }

    /// When a calendar event holds the bar (`"events"`): never, from `eventLead` before it
    /// starts until it ends, or always as the next deadline (docs/countdown.md).
    public enum EventPolicy: String, CaseIterable, Sendable {
        case never, lead, always
    }

    /// What colours the bar's text (`"colorBy"`): the state, or the deadline's tag.
    public enum ColorBy: String, CaseIterable, Sendable {
        case state, tag
    }

    /// Data made safe for one line: control characters (newlines, tabs, escapes from other
    /// programs' data) become spaces, and text over `maxLength` characters ends in an ellipsis.
    public func shortened(_ s: String) -> String {
        let clean = ControlText.clean(s, replacement: " ", dropBidi: true)
        return clean.utf8.count <= maxLength || clean.count <= maxLength
            ? clean : String(clean.prefix(max(1, maxLength - 1))) + "…"
    }

    /// The source of this name.
    public func source(named name: String) -> SourceConfig? { sources.first { $0.name == name } }

    /// The defaults (what a missing config file means).
    public init() {}
}

/// The three widget families: small (the countdown), medium (with the title and todo count),
/// large (several lines with today's todos).
public enum Family: String, CaseIterable, Sendable {
    case small, medium, large
}

/// Durations in the config: a number of seconds, or text like "24h", "90m", "1h30m", "2d".
public enum DurationText {
    /// The longest duration accepted: 100 years (anything longer is a typo, and this keeps every
    /// date computation far from overflow).
    public static let max: Int64 = 100 * 366 * 86_400

    /// Seconds, or nil when the text is not a duration or is longer than `max`.
    public static func parse(_ text: String) -> Int64? {
        var total: Int64 = 0
        var digits: Int64?
        var sawUnit = false
        for c in text.lowercased() where c != " " {
            if c.isASCII, let d = c.wholeNumberValue {
                let (n, overflow) = (digits ?? 0).multipliedReportingOverflow(by: 10)
                guard !overflow, n <= max else { return nil }
                digits = n + Int64(d)
                continue
            }
            guard let n = digits else { return nil }
            let unit: Int64
            switch c {
            case "s": unit = 1
            case "m": unit = 60
            case "h": unit = 3600
            case "d": unit = 86_400
            case "w": unit = 604_800
            default: return nil
            }
            guard n <= max / unit else { return nil }
            total += n * unit
            guard total <= max else { return nil }
            digits = nil
            sawUnit = true
        }
        if let n = digits {
            guard !sawUnit else { return nil }
            total += n
        }
        guard total <= max else { return nil }
        return (sawUnit || !text.isEmpty) && (sawUnit || digits != nil) ? total : nil
    }
}
