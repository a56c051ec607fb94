extension MonthGrid {
    /// How a grid's text marks today and the days with items: plain (`>` before today, `•`
    /// after a marked day), or through a terminal's or a bar's markup.
    public struct Style: Sendable {
        /// Today's two-column number (already padded).
        public var today: @Sendable (String) -> String
        /// A marked day's mark, given its colour (`#rrggbb`, checked) or nil.
        public var mark: @Sendable (String?) -> String
        /// Whether today is also pointed at with `>` (a style without other means).
        public var pointsAtToday: Bool

        /// A style from these three parts.
        public init(
            today: @escaping @Sendable (String) -> String, mark: @escaping @Sendable (String?) -> String,
            pointsAtToday: Bool
        ) {
            self.today = today
            self.mark = mark
            self.pointsAtToday = pointsAtToday
        }

        /// No markup: today pointed at with `>`, a marked day followed by `•`.
        public static let plain = Style(today: { $0 }, mark: { _ in "•" }, pointsAtToday: true)
    }

    /// The month and year as a title: "November 2026" (the locale's standalone month name).
    public var title: String { words.names.format(CivilDate(year: year, month: month, day: 1), words.tr("%OB %Y")) }

    /// A weekday's two-column head ("Mo"): its abbreviation's first two columns.
    func head(_ weekday: Int) -> String {
        DisplayWidth.padded(DisplayWidth.prefix(words.names.abbreviatedDays[weekday], columns: 2), to: 2)
    }

    /// The grid as text: a title, the weekday heads, a row per week. Each day is four columns:
    /// `>` for today (or a space), the day, `•` when it has items (or a space). `weeks`: ISO
    /// week numbers first. Lines are trimmed on the right.
    public func lines(weeks showWeeks: Bool = false, style: Style = .plain) -> [String] {
        let prefix = showWeeks ? DisplayWidth.padded(DisplayWidth.prefix(words.tr("Wk"), columns: 2), to: 2) + " " : ""
        let width = DisplayWidth.of(prefix) + 7 * 4
        let title = self.title
        var out = [String(repeating: " ", count: max(0, (width - DisplayWidth.of(title)) / 2)) + title]
        out.append(Self.trimmedRight(prefix + (0..<7).map { " " + head((firstWeekday + $0) % 7) + " " }.joined()))
        for row in weeks {
            var line = ""
            // The row's ISO week: the week of its Thursday (a Sunday-first row's Monday to Saturday).
            if showWeeks, let column = row.firstIndex(where: { $0 != nil }), let d = row[column] {
                let thursday = d.adding(days: -column + (4 - firstWeekday + 7) % 7)
                line += Self.spaced(Self.isoWeek(thursday)) + " "
            }
            for day in row {
                guard let day else {
                    line += "    "
                    continue
                }
                let isToday = day == today
                let number = Self.spaced(day.day)
                line += isToday && style.pointsAtToday ? ">" : " "
                line += isToday ? style.today(number) : number
                line += marks[day].map { style.mark(Validation.hexColor($0.color)) } ?? " "
            }
            out.append(Self.trimmedRight(line))
        }
        return out
    }

    /// A number in two columns, a space before one digit.
    static func spaced(_ n: Int) -> String { n < 10 ? " \(n)" : String(n) }

    static func trimmedRight(_ s: String) -> String {
        var s = s
        while s.last == " " { s.removeLast() }
        return s
    }
}
