import TMinusCore

/// What the `{agenda}` and `{calendar}` placeholders read, gathered once per provider when a
/// template uses one of them (never on the poll path of a config that does not).
struct AgendaInput: Sendable {
    /// Every open item of the summary: deadlines (events among them) and todos.
    var items: [Item]
    /// The names of the calendar sources: their deadlines are events (over at their end).
    var calendars: [String]
    /// Every instant where an item changes its place in the agenda (an event begins or ends, a
    /// todo or deadline falls due), ascending.
    var changes: [Int64]
    var usesAgenda: Bool
    var usesCalendar: Bool

    init?(summary: Summary, templates: [FamilyTemplates], zone: Zone) {
        usesAgenda = templates.contains { t in Family.allCases.contains { t[$0].uses(.agenda) } }
        usesCalendar = templates.contains { t in Family.allCases.contains { t[$0].uses(.calendar) } }
        guard usesAgenda || usesCalendar else { return nil }
        items = summary.deadlines + summary.todos
        calendars = summary.calendarSources
        var changes: [Int64] = []
        for item in items {
            guard let due = item.due else { continue }
            if item.isDeadline && calendars.contains(item.source) {
                let start = due.startInstant(in: zone)
                changes.append(start.seconds)
                if let end = item.end { changes.append(end.seconds) }
                if due.isWholeDay { changes.append(zone.startOfDay(due.localDate(in: zone).adding(days: 1)).seconds) }
            } else {
                changes.append(due.instant(in: zone).seconds)
            }
        }
        self.changes = changes.sorted()
    }

    func isEvent(_ item: Item) -> Bool { item.isDeadline && calendars.contains(item.source) }

    /// How many change instants are at or before `t`.
    func passed(at t: Instant) -> Int { countAtOrBefore(t, in: changes) }
}

extension TimelineProvider {
    /// The `{agenda}` and `{calendar}` values at `t` (and the calendar's grid, for a bar that
    /// styles it), from `memo` while they cannot have changed: the same day, the same number of
    /// agenda changes passed, the same month shown.
    func agendaValues(at t: Instant, memo: TodayMemo?) -> (PlaceholderValues, MonthGrid?) {
        guard let input = agenda else { return ([:], nil) }
        let date = zone.local(t).date
        let passed = input.passed(at: t)
        let month = input.usesCalendar ? state.calendarMonth(at: t, zone: zone) : 0
        let key = AgendaKey(date: date, passed: passed, month: month)
        if let memo, memo.agendaKey == key { return (memo.agendaValues, memo.grid) }
        var values: PlaceholderValues = [:]
        var grid: MonthGrid?
        if input.usesAgenda {
            let a = Agenda(input.items, from: date, days: config.agendaDays, now: t, zone: zone, isEvent: input.isEvent)
            values[.agenda] = agendaText(a)
        }
        if input.usesCalendar {
            var g = MonthGrid(
                year: month / 12, month: month % 12 + 1, firstWeekday: config.firstWeekday ?? 1, items: input.items,
                now: t,
                zone: zone, isEvent: input.isEvent,
                color: { item in
                    let style = config.tags.isEmpty ? nil : item.tag.flatMap { config.tags[$0.lowercased()] }
                    return style?.color ?? item.color
                })
            g.words = words
            values[.calendar] = ControlText.join(g.lines(), "\n")
            grid = g
        }
        if let memo {
            memo.agendaKey = key
            memo.agendaValues = values
            memo.grid = grid
        }
        return (values, grid)
    }

    /// Where the agenda or the calendar may change after `t`: the next item change, the next
    /// local midnight, and the end of a scrolled calendar's minute.
    func agendaCandidates(after t: Instant, _ add: (Instant) -> Void) {
        guard let input = agenda else { return }
        let passed = input.passed(at: t)
        if passed < input.changes.count { add(Instant(input.changes[passed])) }
        // Midnight moves the agenda's days while an item lies ahead (once none does, the agenda
        // no longer changes with the date: a candidate that never changes anything would be
        // tried every night forever), and the calendar's today every night.
        if passed < input.changes.count || input.usesCalendar {
            add(zone.startOfDay(zone.local(t).date.adding(days: 1)))
        }
        if input.usesCalendar, let scrolled = state.scrolled { add(scrolled + WidgetState.scrollHold) }
    }

    /// The agenda as tooltip lines: `Overdue`, then each day with items under its heading
    /// (`Today · Thu 26 Nov`), then `No date`; two spaces before each item, at most `maxTodos`
    /// items a section (`+3 more`).
    func agendaText(_ a: Agenda) -> String {
        var lines: [String] = []
        func section(_ heading: String, _ rows: [(time: String, item: Item)]) {
            guard !rows.isEmpty else { return }
            lines.append(heading)
            for row in rows.prefix(config.maxTodos) {
                var line = "  " + (row.time.isEmpty ? "" : row.time + "  ") + shorten(row.item.title)
                appendMarks(row.item, to: &line)
                lines.append(line)
            }
            if rows.count > config.maxTodos {
                lines.append("  " + words.trn("+%d more", "+%d more", rows.count - config.maxTodos))
            }
        }
        let clock = config.clock ?? .h24
        section(words.tr("Overdue"), a.overdue.map { (time: $0.due.map(dueText) ?? "", item: $0) })
        for day in a.days {
            section(
                a.heading(day.date, words: words),
                day.rows.map { (time: Agenda.time($0, zone: zone, clock: clock, words: words), item: $0.item) })
        }
        section(words.tr("No date"), a.undated.map { (time: "", item: $0) })
        if lines.isEmpty {
            return config.agendaDays == 1
                ? words.tr("Nothing today")
                : words.trn("Nothing in the next %d day", "Nothing in the next %d days", config.agendaDays)
        }
        return ControlText.join(lines, "\n")
    }

    /// After a title: ` ★` when starred, ` !!` for high priority, ` !` for medium.
    func appendMarks(_ item: Item, to line: inout String) {
        if item.starred { line += " ★" }
        switch item.priority {
        case .high: line += " !!"
        case .medium: line += " !"
        default: break
        }
    }
}

/// What the agenda and calendar values at an instant depend on.
struct AgendaKey: Equatable {
    var date: CivilDate
    var passed: Int
    var month: Int
}
