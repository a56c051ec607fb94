/// `tminus agenda`: the open items of every source by day, as a pure function of the items, `now`
/// and the zone. Every item appears once: an overdue one at the top (when the agenda starts by
/// today), an event under way in today's list, marked, every other dated item on its day (whole
/// days first, then by time), undated todos at the end. An event that is over is left out (it
/// happened); a todo or deadline past due is overdue until it is done.
public struct Agenda: Equatable, Sendable {
    /// One item as listed under a day.
    public struct Row: Equatable, Sendable {
        /// The item listed.
        public var item: Item
        /// A whole day, no time: listed first in its day.
        public var allDay: Bool
        /// An event that began and is not over yet (it is listed today, whatever day it began).
        public var inProgress: Bool

        /// A row listing `item`, a whole day or not, in progress or not.
        public init(item: Item, allDay: Bool, inProgress: Bool) {
            self.item = item
            self.allDay = allDay
            self.inProgress = inProgress
        }

        /// Whole days first, then by time, priority and handle.
        public static func inOrder(_ a: Row, _ b: Row, zone: Zone) -> Bool {
            a.allDay != b.allDay ? a.allDay : Agenda.less(a.item, b.item, zone: zone)
        }
    }

    /// One day of the range and what is listed under it.
    public struct Day: Equatable, Sendable {
        /// The local date of the day.
        public var date: CivilDate
        /// Its rows in `Row.inOrder` order; empty when nothing falls on it.
        public var rows: [Row]
    }

    /// The local date at `now` in the agenda's zone.
    public var today: CivilDate
    /// Past due and open (todos, deadlines), oldest first; only in an agenda that starts by today.
    public var overdue: [Item]
    /// Every day of the range, in order (empty ones too).
    public var days: [Day]
    /// Open todos without a due date; only in an agenda that starts by today.
    public var undated: [Item]

    /// At most this many days (a year and a day).
    public static let maxDays = 366

    /// The agenda of `count` days from `from`. `isEvent`: whether an item is a calendar event
    /// (over at its end, rather than overdue after its due date).
    public init(_ items: [Item], from: CivilDate, days count: Int, now: Instant, zone: Zone, isEvent: (Item) -> Bool) {
        today = zone.local(now).date
        let last = from.adding(days: max(1, min(count, Self.maxDays)) - 1)
        let startsByToday = from <= today
        let showsToday = startsByToday && today <= last
        var byDay: [CivilDate: [Row]] = [:]
        overdue = []
        undated = []
        for item in items where item.completed == nil {
            guard let due = item.due else {
                if startsByToday && !item.isDeadline { undated.append(item) }
                continue
            }
            let date = due.localDate(in: zone)
            let at = due.instant(in: zone)
            if isEvent(item) {
                // (A whole-day event without an end lasts its day.)
                let start = due.startInstant(in: zone)
                let end = item.end ?? (due.isWholeDay ? zone.startOfDay(date.adding(days: 1)) : start)
                if end <= now { continue }
                if start <= now {
                    if showsToday {
                        byDay[today, default: []].append(Row(item: item, allDay: due.isWholeDay, inProgress: true))
                    }
                    continue
                }
            } else if at <= now {
                if startsByToday { overdue.append(item) }
                continue
            }
            if date >= from && date <= last {
                byDay[date, default: []].append(Row(item: item, allDay: due.isWholeDay, inProgress: false))
            }
        }
        overdue.sort { Self.less($0, $1, zone: zone) }
        undated.sort {
            let (a, b) = ($0, $1)
            if (a.priority.rank, a.starred ? 0 : 1) != (b.priority.rank, b.starred ? 0 : 1) {
                return (a.priority.rank, a.starred ? 0 : 1) < (b.priority.rank, b.starred ? 0 : 1)
            }
            return Self.titleThenHandle(a, b)
        }
        var days: [Day] = []
        var d = from
        while d <= last {
            let rows = (byDay[d] ?? []).sorted { Row.inOrder($0, $1, zone: zone) }
            days.append(Day(date: d, rows: rows))
            d = d.adding(days: 1)
        }
        self.days = days
    }

    /// By time (a whole day: its start), then priority, then title (NaturalOrder), then handle.
    static func less(_ a: Item, _ b: Item, zone: Zone) -> Bool {
        let ta = a.due?.startInstant(in: zone).seconds ?? .max, tb = b.due?.startInstant(in: zone).seconds ?? .max
        if (ta, a.priority.rank) != (tb, b.priority.rank) { return (ta, a.priority.rank) < (tb, b.priority.rank) }
        return titleThenHandle(a, b)
    }

    /// By title in natural order; equal titles by handle.
    static func titleThenHandle(_ a: Item, _ b: Item) -> Bool {
        let c = NaturalOrder.compare(a.title, b.title)
        return c != 0 ? c < 0 : a.handle < b.handle
    }

    /// How many items it lists.
    public var count: Int { overdue.count + undated.count + days.reduce(0) { $0 + $1.rows.count } }

    /// A day's heading: `Today · Thu 26 Nov`, `Tomorrow · Fri 27 Nov`, `Sat 28 Nov` (with the year
    /// when it is not this year's).
    public func heading(_ date: CivilDate, words: Words = .english) -> String {
        var name = words.dayAndMonth(date)
        if date.year != today.year {
            name = Catalog.format(words.trc("a day and its year", "%s %s"), [name, String(date.year)])
        }
        if date == today { return Catalog.format(words.tr("Today · %s"), [name]) }
        if date == today.adding(days: 1) { return Catalog.format(words.tr("Tomorrow · %s"), [name]) }
        if date == today.adding(days: -1) { return Catalog.format(words.tr("Yesterday · %s"), [name]) }
        return name
    }
}
