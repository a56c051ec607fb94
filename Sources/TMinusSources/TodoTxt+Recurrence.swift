import TMinusCore

/// `rec:` as SimpleTask and topydo define it (topydo's `lib/Recurrence.py`): `done` on a line
/// with `rec:1w` adds the next one, due a week after the completion day; `rec:+1w` (strict) a
/// week after its own due day. `t:` (the threshold) keeps its distance to the due day, or with
/// no due day moves by the same amount; the new line's creation date is the completion day.
/// Units: `d`, `w`, `m` (the day kept, or the month's last), `y`, `b` (business days, Monday to
/// Friday). Every other word of the line stays as it was.
extension TodoTxt {
    /// The line that follows `line` (open, as it was before `done`) completed on `today`; nil
    /// when it has no `rec:` tminus reads.
    public static func nextRecurrence(of line: String, completedOn today: CivilDate) -> String? {
        var words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard let rec = words.first(where: { $0.hasPrefix("rec:") }) else { return nil }
        var pattern = Substring(rec.dropFirst(4))
        let strict = pattern.hasPrefix("+")
        if strict { pattern = pattern.dropFirst() }
        guard let unit = pattern.last.map({ Character($0.lowercased()) }), "dwmyb".contains(unit),
            let n = Int(pattern.dropLast()), n >= 0, n <= 10_000
        else { return nil }
        func dated(_ key: String) -> (Int, CivilDate)? {
            guard let i = words.firstIndex(where: { $0.hasPrefix(key) }),
                let d = date(words[i].dropFirst(key.count))
            else { return nil }
            return (i, d)
        }
        func set(_ key: String, _ d: CivilDate) {
            guard CivilDate.supported.contains(d) else { return }
            if let (i, _) = dated(key) { words[i] = key + d.description } else { words.append(key + d.description) }
        }
        let due = dated("due:")?.1
        let start = dated("t:")?.1
        // The creation date: the first word, or the second after a priority `(A)`.
        let pri = words.first.map { $0.count == 3 && $0.hasPrefix("(") && $0.hasSuffix(")") } ?? false
        let createdAt = pri ? 1 : 0
        let created = words.count > createdAt ? date(Substring(words[createdAt])) : nil
        guard let newDue = adding(n, unit, to: strict ? (due ?? today) : today) else { return nil }
        if start == nil || due != nil {
            set("due:", newDue)
            if let start, let due {
                let from = start
                let length = from < due ? Int(due.daysSinceEpoch - from.daysSinceEpoch) : 0
                set("t:", newDue.adding(days: -length))
            }
        } else if let start, let newStart = adding(n, unit, to: strict ? start : today) {
            set("t:", newStart)
        }
        if created != nil {
            words[createdAt] = today.description
        } else {
            words.insert(today.description, at: createdAt)
        }
        return words.joined(separator: " ")
    }

    static func date(_ s: Substring) -> CivilDate? {
        guard s.count == 10, let (l, offset) = DateTimeText.parse(String(s)), offset == nil, l.hour == 0,
            l.minute == 0
        else { return nil }
        return l.date
    }

    /// `n` units after `d` (topydo's `_convert_pattern`).
    static func adding(_ n: Int, _ unit: Character, to d: CivilDate) -> CivilDate? {
        switch unit {
        case "d": return d.adding(days: n)
        case "w": return d.adding(days: 7 * n)
        case "m", "y":
            let months = d.month - 1 + (unit == "y" ? 12 * n : n)
            let year = d.year + months / 12, month = months % 12 + 1
            guard year <= 9999 else { return nil }
            return CivilDate(year: year, month: month, day: min(d.day, CivilDate.daysInMonth(year: year, month: month)))
        default:
            var r = d
            var left = n
            while left > 0 {
                r = r.adding(days: 1)
                if r.weekday != 0 && r.weekday != 6 { left -= 1 }
            }
            return r
        }
    }
}
