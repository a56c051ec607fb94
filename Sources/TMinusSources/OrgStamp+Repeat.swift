public import TMinusCore

// What a repeater does when its item is done, as Org's `org-auto-repeat-maybe` does it: `+1w`
// moves the stamp one interval, `++1w` by intervals until it is in the future, `.+1d` one
// interval from today; months move as Emacs's `encode-time` counts them (January 31 and a month
// is March 3, or 2 in a leap year). The stamp's text keeps every character but its date, day
// name and (for hours) time.

extension OrgStamp {
    /// Whether it repeats (a repeater whose count is not 0).
    public var repeats: Bool { active && repeatKind != nil && (interval?.count ?? 0) > 0 }

    /// Where it moves when its item is done at the local time `now`; nil when it does not repeat
    /// (or repeats by hours without a time, which Org refuses too).
    public func repeated(now: LocalDateTime) -> (date: CivilDate, time: Int?)? {
        guard repeats, let repeatKind, let interval else { return nil }
        if interval.unit == "h" && time == nil { return nil }
        var at = (date: date, time: time)
        switch repeatKind {
        case .shift:
            at = Self.shifted(at, interval)
        case .catchUp:
            // (At most ten years of intervals: a stamp far in the past with `++1h` stops there.)
            var steps = 0
            repeat {
                at = Self.shifted(at, interval)
                steps += 1
            } while Self.seconds(at) <= now.secondsAsUTC && steps < 100_000
        case .fromToday:
            if interval.unit == "h" {
                at = (now.date, now.hour * 60 + now.minute)
            } else {
                at.date = now.date
            }
            at = Self.shifted(at, interval)
        }
        return at
    }

    /// The wall time's seconds (as if UTC), a whole day at its midnight.
    static func seconds(_ at: (date: CivilDate, time: Int?)) -> Int64 {
        at.date.daysSinceEpoch * 86_400 + Int64((at.time ?? 0) * 60)
    }

    /// One interval later.
    static func shifted(_ at: (date: CivilDate, time: Int?), _ interval: Interval) -> (date: CivilDate, time: Int?) {
        let n = interval.count
        let d = at.date
        switch interval.unit {
        case "h":
            let minutes = (at.time ?? 0) + n * 60
            return (d.adding(days: minutes / 1440), minutes % 1440)
        case "d": return (d.adding(days: n), at.time)
        case "w": return (d.adding(days: 7 * n), at.time)
        case "m", "y":
            let months = d.year * 12 + d.month - 1 + (interval.unit == "m" ? n : 12 * n)
            let first = CivilDate.valid(year: months / 12, month: months % 12 + 1, day: 1) ?? d
            return (first.adding(days: d.day - 1), at.time)
        default: return at
        }
    }

    /// The stamp's text (as read) with the date, the day name and the time of `at`; every other
    /// character as it was.
    public static func moved(_ text: Substring, to at: (date: CivilDate, time: Int?)) -> String {
        let open = text.prefix(1)
        let inner = text.dropFirst().dropLast()
        var words = inner.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        guard !words.isEmpty else { return String(text) }
        words[0] = at.date.description
        if words.count > 1, !words[1].isEmpty, words[1].allSatisfy({ !$0.isNumber }) {
            words[1] = at.date.weekdayName
        }
        if let time = at.time, let i = words.firstIndex(where: { times(Substring($0)) != nil }),
            let (start, end) = times(Substring(words[i]))
        {
            var t = "\(pad(time / 60, 2)):\(pad(time % 60, 2))"
            if let end {
                let e = (end - start + time + 1440) % 1440
                t += "-\(pad(e / 60, 2)):\(pad(e % 60, 2))"
            }
            words[i] = t
        }
        return open + words.joined(separator: " ") + String(text.suffix(1))
    }
}

extension OrgStamp {
    /// Where it moves when its block is done in Logseq (its `repeated` handler): `+` one
    /// interval; `.+` intervals until after now; `++` stays when it is still ahead, else one
    /// interval. Nil when it does not repeat.
    public func repeatedInLogseq(now: LocalDateTime) -> (date: CivilDate, time: Int?)? {
        guard repeats, let repeatKind, let interval else { return nil }
        let start = (date: date, time: time)
        switch repeatKind {
        case .shift: return Self.shifted(start, interval)
        case .catchUp: return Self.seconds(start) > now.secondsAsUTC ? start : Self.shifted(start, interval)
        case .fromToday:
            var at = Self.shifted(start, interval)
            var steps = 0
            while Self.seconds(at) <= now.secondsAsUTC && steps < 100_000 {
                at = Self.shifted(at, interval)
                steps += 1
            }
            return at
        }
    }
}
