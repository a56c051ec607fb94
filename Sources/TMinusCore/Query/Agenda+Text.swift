extension Agenda {
    /// A row's time as the agenda prints it: `all day`, `17:00`, `09:00–09:15` (an end on another
    /// day names it: `22:00–01:00 (Fri)`), with ` now` for an event under way.
    public static func time(_ row: Row, zone: Zone, clock: ClockStyle) -> String {
        guard let due = row.item.due else { return "" }
        var text: String
        if row.allDay {
            text = "all day"
        } else {
            let start = zone.local(due.startInstant(in: zone))
            text = DueText.clock(start, clock)
            if let end = row.item.end {
                let e = zone.local(end)
                text += "–" + DueText.clock(e, clock)
                if e.date != start.date { text += " (\(e.date.weekdayName))" }
            }
        }
        return row.inProgress ? text + " now" : text
    }
}
