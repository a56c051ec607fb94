extension Agenda {
    /// A row's time as the agenda prints it: `all day`, `17:00`, `09:00–09:15` (an end on another
    /// day names it: `22:00–01:00 (Fri)`), with ` now` for an event under way.
    public static func time(_ row: Row, zone: Zone, clock: ClockStyle, words: Words = .english) -> String {
        guard let due = row.item.due else { return "" }
        var text: String
        if row.allDay {
            text = words.tr("all day")
        } else {
            let start = zone.local(due.startInstant(in: zone))
            text = DueText.clock(start, clock, words: words)
            if let end = row.item.end {
                let e = zone.local(end)
                text += "–" + DueText.clock(e, clock, words: words)
                if e.date != start.date { text += " (" + words.names.abbreviatedDays[e.date.weekday] + ")" }
            }
        }
        return row.inProgress ? Catalog.format(words.tr("%s now"), [text]) : text
    }
}
