import TMinusCore

/// `🔁 RULE` (`[repeat:: RULE]`) as the Obsidian Tasks plugin reads it (its docs' "Recurring
/// Tasks"): the reference date is the due date, else the scheduled, else the start date; the next
/// one is the rule's first date after it (`when done`: after the completion day), and the other
/// dates keep their distance to it. Rules tminus reads: `every [N] day(s)/week(s)/month(s)/
/// year(s)`, `every weekday`, weekdays (`every Monday, Friday`, `every [N] weeks on Tuesday`),
/// `every [N] month(s) on the Nth` (or `on the last`); a month or year that lacks the day takes
/// its last one (`every month` from the 31st), as the plugin does.
extension ObsidianTasks {
    struct Rule: Equatable {
        enum Unit: Equatable { case day, week, month, year }
        var unit: Unit
        var interval = 1
        /// Weekdays (0 = Sunday) of a weekly rule.
        var weekdays: Set<Int> = []
        /// The day of the month of a monthly rule (-1: the last).
        var monthDay: Int?
        var whenDone = false

        static let dayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

        /// The rule's text as written (nil: one tminus does not read).
        init?(_ text: String) {
            var words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
                .filter { $0 != "and" }
            if words.suffix(2) == ["when", "done"] {
                whenDone = true
                words.removeLast(2)
            }
            guard words.first == "every", words.count >= 2 else { return nil }
            words.removeFirst()
            if let n = Int(words[0]) {
                guard (1...1000).contains(n), words.count >= 2 else { return nil }
                interval = n
                words.removeFirst()
            }
            func isDays(_ w: ArraySlice<String>) -> Set<Int>? {
                var days = Set<Int>()
                for word in w {
                    guard let d = Self.dayNames.firstIndex(of: word) else { return nil }
                    days.insert(d)
                }
                return days.isEmpty ? nil : days
            }
            switch words[0] {
            case "day", "days": unit = .day
            case "week", "weeks": unit = .week
            case "month", "months": unit = .month
            case "year", "years": unit = .year
            case "weekday":
                guard interval == 1, words.count == 1 else { return nil }
                unit = .week
                weekdays = [1, 2, 3, 4, 5]
                return
            default:
                guard let days = isDays(words[...]) else { return nil }
                unit = .week
                weekdays = days
                return
            }
            let rest = words.dropFirst()
            if rest.isEmpty { return }
            guard rest.first == "on" else { return nil }
            let on = rest.dropFirst()
            if unit == .week, let days = isDays(on) {
                weekdays = days
                return
            }
            guard unit == .month, on.first == "the", on.count == 2, let word = on.last else { return nil }
            if word == "last" {
                monthDay = -1
                return
            }
            let digits = word.prefix { $0.isASCII && $0.isNumber }
            guard let d = Int(digits), (1...31).contains(d),
                ["st", "nd", "rd", "th"].contains(String(word.dropFirst(digits.count)))
            else { return nil }
            monthDay = d
        }

        /// The rule's first date after `base`'s day, counted from `base`.
        func next(after base: CivilDate) -> CivilDate? {
            switch unit {
            case .day: return base.adding(days: interval)
            case .week:
                guard !weekdays.isEmpty else { return base.adding(days: 7 * interval) }
                // Weeks start on Monday; every `interval`-th week from the base's.
                let mondayOfBase = base.adding(days: -((base.weekday + 6) % 7))
                for k in 1...(7 * interval + 7) {
                    let d = base.adding(days: k)
                    let week = Int(d.daysSinceEpoch - mondayOfBase.daysSinceEpoch) / 7
                    if week % interval == 0, weekdays.contains(d.weekday) { return d }
                }
                return nil
            case .month:
                guard let monthDay else { return Self.months(interval, from: base) }
                // The months `interval` apart from the base's, the first that has the day after it.
                var k = 0
                while k <= 12 * interval * 4 {
                    guard let first = Self.months(k, from: CivilDate(year: base.year, month: base.month, day: 1)) else {
                        return nil
                    }
                    let days = CivilDate.daysInMonth(year: first.year, month: first.month)
                    let day = monthDay == -1 ? days : monthDay
                    if day <= days {
                        let d = CivilDate(year: first.year, month: first.month, day: day)
                        if base < d { return d }
                    }
                    k += interval
                }
                return nil
            case .year: return Self.months(12 * interval, from: base)
            }
        }

        /// `n` months after `d`, the day kept or the month's last.
        static func months(_ n: Int, from d: CivilDate) -> CivilDate? {
            let months = d.month - 1 + n
            let year = d.year + months / 12, month = months % 12 + 1
            guard year <= 9999 else { return nil }
            return CivilDate(year: year, month: month, day: min(d.day, CivilDate.daysInMonth(year: year, month: month)))
        }
    }

    /// The next instance of a recurring task completed on `today`, as the plugin writes it with its
    /// default settings: the open line with its dates moved, without its created date, block link,
    /// `🆔`, `⛔` and done or cancelled dates; nil when the task has no rule tminus reads.
    static func nextInstance(of task: Task, completedOn today: CivilDate) -> String? {
        guard let text = task.field(.recurrence)?.value, let rule = Rule(text) else { return nil }
        let reference = task.date(.due) ?? task.date(.scheduled) ?? task.date(.start)
        guard let nextReference = rule.next(after: rule.whenDone ? today : (reference ?? today)),
            CivilDate.supported.contains(nextReference)
        else { return nil }
        var replaced: [(Range<Int>, String)] = []
        for f in task.fields {
            switch f.kind {
            case .due, .scheduled, .start:
                guard let reference, let d = date(f.value) else { continue }
                let moved = nextReference.adding(days: Int(d.daysSinceEpoch - reference.daysSinceEpoch))
                if f.dataview {
                    replaced.append((f.range, task.text(f.range).replacingDate(f.value, with: moved.description)))
                } else {
                    replaced.append(((f.range.upperBound - 10)..<f.range.upperBound, moved.description))
                }
            case .created, .id, .dependsOn, .done, .cancelled: replaced.append((f.range, ""))
            default: continue
            }
        }
        var s = Array(task.scalars[..<task.body.upperBound])
        s[task.statusAt] = " "
        for (range, text) in replaced.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            var lower = range.lowerBound
            // A field that goes takes the spaces before it.
            if text.isEmpty { while lower > task.body.lowerBound, s[lower - 1] == " " { lower -= 1 } }
            s.replaceSubrange(lower..<range.upperBound, with: text.unicodeScalars)
        }
        return String(String.UnicodeScalarView(s))
    }
}

extension String {
    /// The first `old` in it replaced by `new`.
    func replacingDate(_ old: String, with new: String) -> String {
        let s = Array(unicodeScalars), o = Array(old.unicodeScalars)
        guard !o.isEmpty, s.count >= o.count else { return self }
        for i in 0...(s.count - o.count) where Array(s[i..<(i + o.count)]) == o {
            return String(String.UnicodeScalarView(s[..<i])) + new
                + String(String.UnicodeScalarView(s[(i + o.count)...]))
        }
        return self
    }
}
