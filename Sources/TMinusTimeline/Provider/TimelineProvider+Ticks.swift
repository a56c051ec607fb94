public import TMinusCore

/// What the countdown itself changes in an entry from one tick to the next: its words and the
/// whole percent. Between two other changes (a threshold, a due instant, a todo's due time,
/// midnight, a hand-over) nothing else in an entry changes (`TimelineProvider.stretch(at:)`).
public struct TickValues: Equatable, Sendable {
    /// `{countdown}`.
    public var countdown: String
    /// `{countdown_long}`.
    public var countdownLong: String
    /// `{ends}`: set while an event is in progress.
    public var ends: String?
    /// `{percent}`, and the entry's `percent`.
    public var percent: Int

    /// Tick values as given.
    public init(countdown: String, countdownLong: String, ends: String? = nil, percent: Int) {
        self.countdown = countdown
        self.countdownLong = countdownLong
        self.ends = ends
        self.percent = percent
    }

    /// Sets the placeholders these values fill.
    func apply(to values: inout PlaceholderValues) {
        values[.countdown] = countdown
        values[.countdown_long] = countdownLong
        if let ends { values[.ends] = ends }
        values[.percent] = String(percent)
    }
}

/// The countdown to the shown deadline at one instant, as an entry shows it.
struct Ticking {
    var countdown: Countdown
    var ongoing: Bool
    /// Time elapsed from start to due (or over an event in progress), 0…1.
    var progress: Double
    var values: TickValues
}

/// A stretch of time from an entry on in which only its `TickValues` change: up to the first
/// change of anything else. Only without working time or an agenda shown (their own ticks).
public struct Stretch: Sendable {
    let shown: DueDeadline
    /// The first instant something else may change (nil: nothing else changes).
    public let end: Instant?
    /// No change of the zone's offset near it (from five days before to five after the
    /// countdown's end, whatever the stretch's own end: what a countdown's calendar days look
    /// at): the countdown is then plain arithmetic, and its text changes exactly at its ticks.
    let steady: Bool
    /// The stretch ends where the whole percent changes (for an output that cannot take it as a
    /// hole: `{percent}` at 0 hides its section).
    public var percentFixed = false
    /// The countdown's words, looked up once for all its ticks.
    let words: CountdownWords
}

extension TimelineProvider {
    /// The countdown to `shown` at `t`: an event in progress counts down to its end, its progress
    /// over its length.
    /// (`steady`: the zone's offset cannot change around it, `Stretch.steady`.)
    /// (`countdownWords`: the words looked up once, for a stretch's ticks; without, each text
    /// looks its messages up.)
    func ticking(_ shown: DueDeadline, at t: Instant, steady: Bool = false, countdownWords: CountdownWords? = nil)
        -> Ticking
    {
        let d = shown.item
        let due = shown.due
        let ongoing = shown.isOngoing(at: t)
        let target = ongoing ? shown.over : due
        let cd = steady ? Countdown(steadyRemaining: target - t) : Countdown(now: t, due: target, zone: zone)
        let start = ongoing ? due : d.progressStart(or: summary.generated)
        let total = (ongoing ? shown.over : due) - start
        let elapsed = min(max(t - start, 0), max(total, 0))
        let percent = total > 0 ? Int(elapsed * 100 / total) : 100
        let progress = total > 0 ? Double(elapsed) / Double(total) : 1
        let short = countdownWords?.short.text(cd) ?? cd.text(config.precision, over: config.overText, words: words)
        let long =
            countdownWords?.long.text(cd) ?? cd.longText(config.precision, over: config.overLongText, words: words)
        var values: TickValues
        if ongoing {
            let endsIn = countdownWords?.endsIn ?? MessageFormat(words.tr("ends in %s"))
            values = TickValues(
                countdown: endsIn.format(short), countdownLong: endsIn.format(long), ends: short, percent: percent)
        } else if shown.isEvent {
            let startsIn = countdownWords?.startsIn ?? MessageFormat(words.tr("starts in %s"))
            values = TickValues(
                countdown: startsIn.format(short), countdownLong: startsIn.format(long), percent: percent)
        } else {
            values = TickValues(countdown: short, countdownLong: long, percent: percent)
        }
        return Ticking(countdown: cd, ongoing: ongoing, progress: progress, values: values)
    }

    /// The countdown's own change points after `t`: its next unit boundary and the next whole percent.
    func tickCandidates(_ shown: DueDeadline, after t: Instant, steady: Bool = false, into out: inout [Instant]) {
        let due = shown.due
        var start: Instant
        var total: Int64
        if shown.isOngoing(at: t), let end = shown.end {
            let cd = steady ? Countdown(steadyRemaining: end - t) : Countdown(now: t, due: end, zone: zone)
            out.append(t + cd.secondsToNextTick(config.precision))
            start = due
            total = end - due
        } else if t < due {
            // A deadline counting working time ticks only in working time (its `workTick`).
            if !shown.item.worktime || work == nil {
                let cd = steady ? Countdown(steadyRemaining: due - t) : Countdown(now: t, due: due, zone: zone)
                out.append(t + cd.secondsToNextTick(config.precision))
            }
            start = shown.item.progressStart(or: summary.generated)
            total = due - start
        } else {
            return
        }
        if total > 0 {
            let p = max(t - start, 0) * 100 / total
            if p < 100 { out.append(start + ((p + 1) * total + 99) / 100) }
        }
    }

    /// The stretch from `t` on, or nil when there is none to take (no deadline shown, working time
    /// or an agenda in the templates: then `nextChange` walks every change).
    /// (`memo`: where the countdown's words are kept for the run's other stretches.)
    public func stretch(at t: Instant, memo: TodayMemo? = nil) -> Stretch? {
        guard work == nil, agenda == nil, let shown = shownDeadline(at: t) else { return nil }
        let steady = zone.isSteady(from: t - 5 * 86_400, to: max(shown.over, t) + 5 * 86_400)
        let words = countdownWords(memo) ?? makeCountdownWords()
        return Stretch(shown: shown, end: candidates(after: t, ticks: false).min(), steady: steady, words: words)
    }

    /// The countdown's words kept in `memo`, made the first time they are asked for; nil without
    /// a memo (each text then looks its messages up).
    func countdownWords(_ memo: TodayMemo?) -> CountdownWords? {
        guard let memo else { return nil }
        if let kept = memo.countdownWords { return kept }
        let made = makeCountdownWords()
        memo.countdownWords = made
        return made
    }

    /// The countdown's words in the config's language, precision and texts for "over".
    func makeCountdownWords() -> CountdownWords {
        CountdownWords(words, config.precision, over: config.overText, overLong: config.overLongText)
    }

    /// The tick values at `t` (in the stretch: the same as `entry(at: t)` has).
    public func tickValues(_ stretch: Stretch, at t: Instant) -> TickValues {
        ticking(stretch.shown, at: t, steady: stretch.steady, countdownWords: stretch.words).values
    }

    /// The next change after `t` inside the stretch and its tick values, found as `nextChange`
    /// finds it from an entry with the values `current`; nil when it is not before the stretch's
    /// end (then `nextChange` goes on from the last instant `t` this was asked with).
    public func nextTick(_ stretch: Stretch, after t: Instant, current: TickValues) -> (Instant, TickValues)? {
        var cursor = t
        // (Room for the two candidates a deadline gives, and the earliest found without a filtered
        // copy: a keeping run asks this for each of the hour's ticks.)
        var out: [Instant] = []
        out.reserveCapacity(4)
        while true {
            out.removeAll(keepingCapacity: true)
            tickCandidates(stretch.shown, after: cursor, steady: stretch.steady, into: &out)
            var earliest: Instant?
            for c in out where c > cursor && earliest.map({ c < $0 }) ?? true { earliest = c }
            guard let c = earliest, stretch.end.map({ c < $0 }) ?? true else { return nil }
            let next = tickValues(stretch, at: c)
            if next != current {
                if stretch.percentFixed, next.percent != current.percent { return nil }
                // (As `nextChange`: should a calendar corner case change it earlier, the first change exactly.)
                if !stretch.steady, c.seconds - 1 > cursor.seconds, tickValues(stretch, at: c - 1) != current {
                    var lo = cursor, hi = c - 1
                    while hi - lo > 1 {
                        let mid = lo + (hi - lo) / 2
                        if tickValues(stretch, at: mid) == current { lo = mid } else { hi = mid }
                    }
                    let found = tickValues(stretch, at: hi)
                    if stretch.percentFixed, found.percent != current.percent { return nil }
                    return (hi, found)
                }
                return (c, next)
            }
            cursor = c
        }
    }
}

extension Entry {
    /// This entry with other tick values, its families filled again (for `Stretch`es: a renderer's
    /// output with marks in place of the values, `OutputPattern`).
    public func withTicks(_ ticks: TickValues) -> Entry? {
        guard let templates, var deadline else { return nil }
        var e = self
        var v = values
        ticks.apply(to: &v)
        e.values = v
        deadline.progress = (Double(ticks.percent) + 0.5) / 100
        e.deadline = deadline
        e.small = templates.small.render(v)
        e.medium = templates.medium.render(v)
        e.large = templates.large.render(v)
        return e.percent == ticks.percent ? e : nil
    }
}
