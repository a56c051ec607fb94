/// Every placeholder a family template can use. docs/config.md's table lists exactly these (a test
/// checks both ways). One that shows items far from now (as `agenda` and `calendar` do) must say
/// so in `WidgetInput.showsOnlyNear`: `show` reads only the summary's items near now.
public enum Placeholder: String, CaseIterable, Sendable {
    case title, countdown, countdown_long, worktime, due, due_date, due_time, percent, icon, state, tag, note, ends
    case title_icon
    case todo_count, todos_text, overdue_count, todos, todos_list, next_todo, notice, agenda, calendar

    /// What it holds, for docs/config.md and `--help`.
    public var summary: String {
        switch self {
        case .title: "the deadline's title (shortened to maxLength)"
        case .countdown:
            "time left: \"2d 4h\", \"4h 05m\", \"04:09\", or the over text; an event in progress: \"ends in 25:00\""
        case .countdown_long: "time left in words: \"2 days 4 hours\", or the over long text"
        case .worktime:
            "working time left (workingHours, less the holidays calendar's days): \"2h 05m\", \"40h\"; for a deadline with working time on, {countdown} shows it too"
        case .due: "when it is due: \"Tue 1 Dec 17:00\" (a whole day: \"Mon 30 Nov\")"
        case .due_date: "the due date: \"2026-12-01\""
        case .due_time: "the due time: \"17:00\" (empty for a whole day)"
        case .percent: "time elapsed from start to due (an event in progress: of its length), a whole number 0–100"
        case .icon: "the deadline's icon, else its tag's, else the state's"
        case .title_icon:
            "the deadline's icon, else its tag's; empty when neither (the defaults put it before the title)"
        case .state:
            "none, normal, warning, critical, over, ongoing (an event in progress), or overdue (an open todo is overdue; a deadline critical or over keeps its state)"
        case .tag: "the deadline's tag"
        case .note: "the deadline's note (first line)"
        case .ends: "an event in progress: time until it ends, \"25:00\" (empty otherwise)"
        case .todo_count: "how many todos today (due today or overdue; the undated too with countUndated)"
        case .todos_text: "\"1 todo\", \"3 todos\" (empty when none)"
        case .overdue_count: "how many of today's todos are overdue"
        case .todos: "today's todos on one line: \"Buy milk, Call mom\""
        case .todos_list: "today's todos one per line, overdue marked; \"No todos today\" when none"
        case .next_todo: "the first of today's todos"
        case .notice:
            "a word from tminus on what it shows (the configured deadline is done or gone, so the next one shows); added below the large template when there is one"
        case .agenda:
            "the agenda of the next agendaDays days (config), a heading per day: overdue first, events and todos by time, undated todos last"
        case .calendar:
            "this month as a grid, today marked, a • on each day with items (Pango: in the tag colour); scroll moves the month"
        }
    }

    /// The placeholder with this name (a scan of the cases: `init(rawValue:)` on a String enum
    /// this size builds a string table whose first use costs the poll path a conformance lookup).
    public static func named(_ name: String) -> Placeholder? {
        allCases.first { $0.rawValue == name }
    }

    /// Counts are empty for an optional section when zero.
    var isCount: Bool { self == .todo_count || self == .overdue_count || self == .percent }
}
