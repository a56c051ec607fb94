import TMinusCore

extension TimelineProvider {
    /// Working time, when a template shows `{worktime}` or a deadline counts in it (nil otherwise:
    /// nothing of it on the poll path of a config that does not).
    /// (Plain loops and calls: this runs on every poll, and closures over the families cost it
    /// thousands of instructions.)
    static func workTime(
        summary: Summary, config: Config, templates: FamilyTemplates, none: FamilyTemplates, deadlines: [DueDeadline],
        zone: Zone
    ) -> WorkTime? {
        // (No array of the templates: its type's metadata alone cost a poll 10,000 instructions.)
        var used =
            templates.small.uses(.worktime) || templates.medium.uses(.worktime) || templates.large.uses(.worktime)
            || none.small.uses(.worktime) || none.medium.uses(.worktime) || none.large.uses(.worktime)
        if !used {
            for d in deadlines where d.item.worktime {
                used = true
                break
            }
        }
        guard used else { return nil }
        return WorkTime(
            hours: config.workingHours ?? .standard,
            off: daysOff(summary: summary, source: config.holidays, zone: zone),
            zone: zone)
    }

    /// The most ranges of days off (events of the holidays calendar) counted.
    static let maxDaysOff = 20_000

    /// The days off: the local dates each whole-day event of the `source` calendar covers, as
    /// one range an event (however long: a sabbatical of two years is two years off), and each
    /// instance ahead of a recurring one.
    static func daysOff(summary: Summary, source: String?, zone: Zone) -> [ClosedRange<CivilDate>] {
        guard let source else { return [] }
        var out: [ClosedRange<CivilDate>] = []
        for item in summary.deadlines where item.source == source && out.count < maxDaysOff {
            guard item.reply == nil || item.reply == "tentative", let due = item.due else { continue }
            // A whole-day event: a date, or (as calendars are read) local midnight to a later
            // local midnight; it ends at the midnight after its last day.
            let first: CivilDate
            switch due {
            case .day(let d): first = d
            case .instant(let t):
                guard let e = item.end, e > t, isMidnight(t, zone), isMidnight(e, zone) else { continue }
                first = zone.local(t).date
            }
            let last = item.end.map { zone.local($0 - 1).date } ?? first
            out.append(first...max(first, last))
            // A recurring holiday: every instance ahead (as the source read them), not only the next.
            out += item.daysOff.prefix(maxDaysOff - out.count)
        }
        return out
    }

    static func isMidnight(_ t: Instant, _ zone: Zone) -> Bool {
        let l = zone.local(t)
        return zone.startOfDay(l.date) == t
    }

    /// `{worktime}` (and, for a deadline with working time on, `{countdown}` and
    /// `{countdown_long}`) at `t` for a deadline due at `due`.
    func workValues(_ values: inout PlaceholderValues, at t: Instant, due: Instant, item: Item, over: Bool) {
        guard let work else { return }
        let wc = WorkCountdown(now: t, due: due, work: work)
        let text = over ? config.overText : wc.text(config.precision, words: words)
        values[.worktime] = text
        if item.worktime {
            values[.countdown] = text
            values[.countdown_long] = over ? config.overLongText : wc.longText(config.precision, words: words)
        }
    }

    /// Where the working-time countdown to `due` next changes after `t`: the working second
    /// after which its text shows one unit less (never in time off: a weekend adds no entry).
    func workTick(after t: Instant, due: Instant) -> Instant? {
        guard let work, let k = WorkCountdown(now: t, due: due, work: work).workToNextTick(config.precision) else {
            return nil
        }
        return work.instant(after: t, working: k)
    }
}
