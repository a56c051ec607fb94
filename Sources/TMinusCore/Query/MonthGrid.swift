/// `tminus cal`: one month as weeks of days, each day marked with how many open items fall on it
/// and the colour of the most urgent one's tag; a pure function of the items, `now` and the zone.
/// A day's items are the agenda's for that day (`Agenda`, so the grid and the agenda never
/// disagree); overdue items mark the day they were due.
public struct MonthGrid: Equatable, Sendable {
    /// How a day with items is marked.
    public struct Mark: Equatable, Sendable {
        /// How many open items fall on the day (overdue ones included).
        public var count: Int
        /// The tag colour of the day's most urgent item (highest priority, then earliest), if any.
        public var color: String?
    }

    /// The year of the month shown.
    public var year: Int
    /// The month shown, 1 (January) to 12.
    public var month: Int
    /// The local date at `now` in the grid's zone.
    public var today: CivilDate
    /// 0 Sunday … 6 Saturday: the column the weeks start with.
    public var firstWeekday: Int
    /// Rows of seven; nil before the first day and after the last.
    public var weeks: [[CivilDate?]]
    /// The mark of each day of the month that has items; a day without items has none.
    public var marks: [CivilDate: Mark]
    /// The language of its title and weekday heads.
    public var words: Words = .english

    /// `color`: an item's colour (its tag's, from the store's tags or the config's).
    public init(
        year: Int, month: Int, firstWeekday: Int, items: [Item], now: Instant, zone: Zone,
        isEvent: (Item) -> Bool, color: (Item) -> String?
    ) {
        self.year = year
        self.month = month
        self.firstWeekday = ((firstWeekday % 7) + 7) % 7
        today = zone.local(now).date
        let first = CivilDate(year: year, month: month, day: 1)
        let days = CivilDate.daysInMonth(year: year, month: month)
        var weeks: [[CivilDate?]] = []
        var row: [CivilDate?] = Array(repeating: nil, count: (first.weekday - self.firstWeekday + 7) % 7)
        for d in 1...days {
            row.append(CivilDate(year: year, month: month, day: d))
            if row.count == 7 {
                weeks.append(row)
                row = []
            }
        }
        if !row.isEmpty { weeks.append(row + Array(repeating: nil, count: 7 - row.count)) }
        self.weeks = weeks
        // The agenda of the month (from its first day, or from today when that is later, so what
        // is under way and overdue is placed as the agenda places it), then overdue items on the
        // day they were due.
        let agenda = Agenda(items, from: first, days: days, now: now, zone: zone, isEvent: isEvent)
        var byDay: [CivilDate: [Item]] = [:]
        for d in agenda.days { if !d.rows.isEmpty { byDay[d.date] = d.rows.map(\.item) } }
        for i in agenda.overdue {
            guard let date = i.due?.localDate(in: zone), date.year == year, date.month == month else { continue }
            byDay[date, default: []].append(i)
        }
        var marks: [CivilDate: Mark] = [:]
        for (date, items) in byDay {
            let urgent = items.min { a, b in
                (a.priority.rank, a.due?.startInstant(in: zone).seconds ?? .max, a.handle)
                    < (b.priority.rank, b.due?.startInstant(in: zone).seconds ?? .max, b.handle)
            }
            marks[date] = Mark(count: items.count, color: urgent.flatMap(color))
        }
        self.marks = marks
    }

    /// The ISO 8601 week number of a date (weeks start on Monday; week 1 holds the year's first Thursday).
    public static func isoWeek(_ d: CivilDate) -> Int {
        let mondayBased = (d.weekday + 6) % 7
        let thursday = d.adding(days: 3 - mondayBased)
        let jan1 = CivilDate(year: thursday.year, month: 1, day: 1)
        return Int((thursday.daysSinceEpoch - jan1.daysSinceEpoch) / 7) + 1
    }
}
