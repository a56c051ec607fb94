public import TMinusCore

extension TimelineProvider {
    /// The date of the next entry after `t`: the first instant where what a bar shows differs from
    /// the entry at `t`; nil when nothing can change any more (policy `never`).
    public func nextChange(after t: Instant, current: Entry? = nil) -> Instant? {
        nextChange(after: t, current: current, memo: TodayMemo())
    }

    /// The same, with today's todos from `memo`, where it also keeps the entry it finds (for
    /// `entry(at:memo:)`); with `limit`, nil also when nothing changes before it (a run that keeps
    /// the hour to come need not walk the days to a change a month away, working out each one's todos).
    public func nextChange(after t: Instant, current: Entry?, memo: TodayMemo, before limit: Instant? = nil) -> Instant?
    {
        let e = current ?? entry(at: t, memo: memo)
        var cursor = t
        while let c = candidates(after: cursor).min(), limit.map({ c < $0 }) ?? true {
            let next = entry(at: c, memo: memo)
            if !next.sameContent(as: e) {
                // Every place content can change is a candidate; should a calendar corner case
                // change it earlier (a DST jump of the day anchor), find the first change exactly.
                if c.seconds - 1 > cursor.seconds, !entry(at: c - 1, memo: memo).sameContent(as: e) {
                    var lo = cursor, hi = c - 1
                    while hi - lo > 1 {
                        let mid = lo + (hi - lo) / 2
                        if entry(at: mid, memo: memo).sameContent(as: e) { lo = mid } else { hi = mid }
                    }
                    return hi
                }
                memo.found = next
                return c
            }
            cursor = c
        }
        return nil
    }

    /// Instants after `t` where content may change: the countdown's next unit boundary, the
    /// thresholds, the due instant, the next whole percent, hand-overs, todos' due instants and,
    /// while a dated todo is still ahead, the next local midnight. Without `ticks`, all but the
    /// countdown's own (its unit boundary and the next whole percent: `tickCandidates`).
    func candidates(after t: Instant, ticks: Bool = true) -> [Instant] {
        var out: [Instant] = []
        out.reserveCapacity(12 + (config.deadline == .next ? 4 * byDue.count + events.count : 0))
        func add(_ c: Instant) { if c > t { out.append(c) } }
        if let shown = shownDeadline(at: t) {
            if ticks {
                var own: [Instant] = []
                tickCandidates(shown, after: t, into: &own)
                for c in own { add(c) }
            }
            let due = shown.due
            if shown.isOngoing(at: t), let end = shown.end {
                add(end)
            } else if t < due {
                if let w = workTick(after: t, due: due) { add(w) }
                add(due - config.warning + 1)
                add(due - config.critical + 1)
                add(due)
            }
        }
        if config.deadline == .next {
            for d in byDue {
                let due = d.due
                add(due)
                add(d.over)
                add(d.over + config.overHold)
                add(due - config.critical + 1)
            }
            for e in events { add(e.due - config.eventLead) }
        }
        // The first todo due instant after t (later ones come in later calls), and, while a dated
        // todo is still ahead, the next local midnight.
        let passed = duesPassed(at: t)
        if passed < todoDues.count {
            add(Instant(todoDues[passed]))
            add(zone.startOfDay(zone.local(t).date.adding(days: 1)))
        }
        // (Asked only when a template shows them: passing `add` boxes `out` on every call.)
        if agenda != nil { agendaCandidates(after: t) { if $0 > t { out.append($0) } } }
        return out
    }
}

extension TimelineProvider {
    /// How many todo due instants are at or before `t`.
    func duesPassed(at t: Instant) -> Int { countAtOrBefore(t, in: todoDues) }
}

/// How many of the ascending `instants` (seconds) are at or before `t`: a binary search.
func countAtOrBefore(_ t: Instant, in instants: [Int64]) -> Int {
    var lo = 0, hi = instants.count
    while lo < hi {
        let mid = (lo + hi) / 2
        if instants[mid] <= t.seconds { lo = mid + 1 } else { hi = mid }
    }
    return lo
}
