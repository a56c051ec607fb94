public import TMinusCore

extension TimelineProvider {
    /// The entry at `t`: the shown deadline's countdown and state, today's todos, and the three
    /// families' text.
    public func entry(at t: Instant) -> Entry { entry(at: t, memo: nil) }

    /// The same, with today's todos from `memo`, and the entry itself when the last `nextChange`
    /// on this memo found it (a follower's next tick is the change it found).
    public func entry(at t: Instant, memo: TodayMemo?) -> Entry {
        if let memo, let found = memo.found, found.date == t { return found }
        let (todos, todoValues) = today(at: t, memo: memo)
        guard let shown = shownDeadline(at: t) else {
            return make(t, .none, nil, todos, todoValues, memo: memo)
        }
        let d = shown.item
        let due = shown.due
        let ticking = self.ticking(shown, at: t, countdownWords: countdownWords(memo))
        let cd = ticking.countdown
        let state = ticking.ongoing ? .ongoing : self.state(remaining: cd.remaining)
        let style = config.tags.isEmpty ? nil : d.tag.flatMap { config.tags[$0.lowercased()] }
        let icon = shorten(d.icon ?? style?.icon ?? config.icons[state] ?? "")
        let view = ShownDeadline(
            item: d, due: due, remaining: cd.remaining, progress: ticking.progress, color: style?.color ?? d.color,
            icon: icon)
        var values = todoValues
        values[.title] = shorten(d.title)
        ticking.values.apply(to: &values)
        if !ticking.ongoing, !shown.isEvent { workValues(&values, at: t, due: due, item: d, over: cd.isOver) }
        if let dueValue = d.due {
            if let memo, let (due, text) = memo.dueText, due == dueValue {
                values[.due] = text
            } else {
                let text = dueText(dueValue)
                memo?.dueText = (dueValue, text)
                values[.due] = text
            }
            values[.due_date] = dueValue.localDate(in: zone).description
            if case .instant(let i) = dueValue {
                values[.due_time] = DueText.clock(zone.local(i), config.clock ?? .h24, words: words)
            }
        }
        values[.icon] = icon
        values[.title_icon] = shorten(d.icon ?? style?.icon ?? "")
        values[.state] = state.rawValue
        values[.tag] = d.tag ?? ""
        values[.note] = shorten(String(d.note.split(separator: "\n").first ?? ""))
        return make(t, state, view, todos, values, memo: memo)
    }

    func make(
        _ t: Instant, _ state: EntryState, _ view: ShownDeadline?, _ todos: [TodayTodo], _ values: PlaceholderValues,
        memo: TodayMemo?
    ) -> Entry {
        var v = values
        if v[.icon] == nil { v[.icon] = config.icons[state] ?? "" }
        if let notice { v[.notice] = notice }
        v[.state] = state.rawValue
        var grid: MonthGrid?
        if agenda != nil {
            let (extra, g) = agendaValues(at: t, memo: memo)
            v.merge(extra)
            grid = g
        }
        let f = state == .none ? templatesNone : templates
        // An open overdue todo sets the state, whatever is shown, but for a deadline under its
        // critical time or just over: those stay red, and urgent as overdue is (docs/countdown.md).
        var state = state
        if state != .overdue, state != .critical, state != .over, todos.contains(where: \.overdue) {
            state = .overdue
            v[.state] = state.rawValue
            if view == nil { v[.icon] = config.icons[.overdue] ?? "" }
        }
        return Entry(
            date: t, state: state, deadline: view, todos: todos,
            small: f.small.render(v), medium: f.medium.render(v), large: f.large.render(v), error: nil, templates: f,
            values: v,
            calendar: grid)
    }

    func state(remaining: Int64) -> EntryState {
        if remaining <= 0 { return .over }
        if remaining < config.critical { return .critical }
        if remaining < config.warning { return .warning }
        return .normal
    }

    /// "Tue 1 Dec 17:00", or "Mon 30 Nov" for a whole day: absolute, so it never changes at
    /// midnight. In the locale's names and order ("Tue Dec 1" in en_US).
    func dueText(_ due: Due) -> String {
        switch due {
        case .day(let d): return words.dayAndMonth(d)
        case .instant(let i):
            let l = zone.local(i)
            return Catalog.format(
                words.trc("a day and a time", "%s %s"),
                [words.dayAndMonth(l.date), DueText.clock(l, config.clock ?? .h24, words: words)])
        }
    }

    /// The user's language.
    var words: Words { config.words }

    /// Data made safe for one line: control characters (newlines, tabs, escapes from other
    /// programs' data) become spaces, and text over `maxLength` characters ends in an ellipsis.
    func shorten(_ s: String) -> String { config.shortened(s) }

    /// Today's todos at `t` and their placeholder values, from `memo` while they cannot have
    /// changed (same local date, no todo due instant passed since).
    func today(at t: Instant, memo: TodayMemo?) -> ([TodayTodo], PlaceholderValues) {
        let date = zone.local(t).date
        let passed = duesPassed(at: t)
        if let memo, let kept = memo.days.last(where: { $0.date == date && $0.passed == passed }) {
            return (kept.todos, kept.values)
        }
        let todos = todayTodos(at: t)
        let values = todoValues(todos)
        if let memo {
            memo.madeToday += 1
            if memo.days.count == 2 { memo.days.removeFirst() }
            memo.days.append(TodayMemo.Today(date: date, passed: passed, todos: todos, values: values))
        }
        return (todos, values)
    }

    /// Today's todos at `t`: due today, overdue (marked), then the undated; overdue first, then by
    /// time (the undated last), priority, star, title.
    func todayTodos(at t: Instant) -> [TodayTodo] {
        let today = zone.local(t).date
        // Sort small keys and indices, not the todos (moving big values is what sorting costs).
        struct Key { var overdue: Int; var time: Int64; var priority: Int; var star: Int; var index: Int }
        var keys: [Key] = []
        let todos = summary.todos
        // Past this, no due instant is today's (a day's due is the start of the next day, at most
        // 25 hours after any moment of today): most todos are passed over by one comparison.
        let beyond = t.seconds + 2 * 86_400
        // (By index, reading the fields it needs: a todo taken whole is a copy of every string it holds.)
        for i in todos.indices {
            var overdue = false
            var sortTime = Int64.max
            if let dueSeconds = todoDueInstants[i] {
                guard dueSeconds <= beyond, let due = todos[i].due else { continue }
                overdue = dueSeconds <= t.seconds
                guard overdue || due.localDate(in: zone) == today else { continue }
                sortTime = due.isWholeDay ? dueSeconds - 1 : dueSeconds
            } else if config.remindersWait, let r = todos[i].remind, r > t {
                // An undated todo with only a reminder to come waits (Item.waitsForReminder,
                // without its calls: this loop runs over every todo on each poll).
                continue
            }
            keys.append(
                Key(
                    overdue: overdue ? 0 : 1, time: sortTime, priority: todos[i].priority.rank,
                    star: todos[i].starred ? 0 : 1, index: i))
        }
        keys.sort { a, b in
            let ka = (a.overdue, a.time, a.priority, a.star), kb = (b.overdue, b.time, b.priority, b.star)
            if ka != kb { return ka < kb }
            let c = NaturalOrder.compare(todos[a.index].title, todos[b.index].title)
            return c != 0 ? c < 0 : a.index < b.index
        }
        return keys.map { k in
            let todo = todos[k.index]
            let style = config.tags.isEmpty ? nil : todo.tag.flatMap { config.tags[$0.lowercased()] }
            return TodayTodo(item: todo, overdue: k.overdue == 0, color: style?.color ?? todo.color)
        }
    }

    func todoValues(_ todos: [TodayTodo]) -> PlaceholderValues {
        let overdue = todos.filter(\.overdue).count
        // Today's: due today and overdue; the undated ones (sorted last) follow under their own
        // heading, counted only with `countUndated` (docs/countdown.md).
        let dated = todos.prefix { $0.item.due != nil }.count
        let counted = config.countUndated ? todos[...] : todos.prefix(dated)
        var lines: [String] = []
        if dated == 0, todos.count > 0, !config.countUndated { lines.append(words.tr("No todos today")) }
        for (i, t) in todos.prefix(config.maxTodos).enumerated() {
            if i == dated, !config.countUndated { lines.append(words.tr("Someday")) }
            var line = t.overdue ? "⚠ " : "• "
            if !t.overdue, case .instant(let i)? = t.item.due {
                line += DueText.clock(zone.local(i), config.clock ?? .h24, words: words) + " "
            }
            line += shorten(t.title)
            appendMarks(t.item, to: &line)
            if t.overdue { line = Catalog.format(words.tr("%s (overdue)"), [line]) }
            lines.append(line)
        }
        if todos.count > config.maxTodos {
            lines.append(words.trn("+%d more", "+%d more", todos.count - config.maxTodos))
        }
        return [
            .todo_count: String(counted.count),
            .todos_text: counted.isEmpty ? "" : words.trn("%d todo", "%d todos", counted.count),
            .overdue_count: String(overdue),
            .todos: ControlText.join(counted.prefix(config.maxTodos).map { shorten($0.title) }, ", "),
            .todos_list: lines.isEmpty ? words.tr("No todos today") : ControlText.join(lines, "\n"),
            .next_todo: counted.first.map { shorten($0.title) } ?? ""
        ]
    }
}
