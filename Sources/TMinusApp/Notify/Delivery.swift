import TMinusCore
import TMinusSystem
import TMinusBus
import TMinusStore
import TMinusRender
import TMinusTimeline

/// One pass of the notifier (docs/reminders.md): read the items and the ledger, record what is
/// too old as missed, send what is due, each exactly once. Under the notify lock a reminder is
/// recorded `sending`, handed to the server, then recorded `sent`: a second notifier waits for the
/// lock and then sees it sent; a notifier killed between the hand-over and `sent` leaves a lone
/// `sending`, and the next pass sends it again (the one window where a reminder can arrive twice).
package final class Delivery {
    /// Send notifications, or only say what would be sent.
    package enum Mode { case send, dryRun }

    /// The run's context (its `now` moves on in a long-running notifier).
    package var ctx: Context
    let mode: Mode
    let ledger: ReminderLedger
    let view = ReminderLedger.View()
    /// The notification server (D-Bus, else notify-send).
    package var server: NotificationServer
    /// Wait for Done and Snooze (a long-running notifier; `--once` cannot act on them).
    package let withActions: Bool
    /// Notifications waiting for an action (each polled through its `fd`).
    package var watches: [ActionWatch] = []
    /// `--dry-run` records nothing: what it printed, so it prints each once.
    package var printed = Set<String>()
    /// When a send failed: nothing is sent (and nothing recorded) before then.
    package var retry: Instant?
    /// Sends that failed in this run.
    package var failures = 0
    /// Failures since the last send that worked, and the last reason given on stderr.
    package var failingInARow = 0
    var lastReason = ""
    /// Whether this process tries a failed send again (a notifier does, and says so on stderr);
    /// `remind --again` does not: it says itself what becomes of the reminder.
    package var triesAgain = true
    /// Reminders whose send failed in this process (their `sending` is on the ledger).
    package var failedHere = Set<String>()
    /// Escalating reminders this process showed or updated, and when (Delivery+Escalation.swift).
    package var updated: [String: Instant] = [:]
    /// Whether each of those was shown privately (its title hidden): when private mode changes,
    /// it is updated at once, not at its next step.
    package var shownPrivately: [String: Bool] = [:]
    /// Private mode (or a shared screen) as the last `load` found it.
    package var hidesTitles = false
    /// The ledger as this process left it (the long-running notifier does not wake on its own writes).
    package let ownWrites = OwnWrites()
    /// How long a notifier waits after a failed send: the server may appear at any time (a
    /// session starting, a daemon restarted), so it asks again each minute; asking costs one
    /// call and writes nothing.
    package static let retrySeconds: Int64 = 60
    /// At most this many notifications wait for Done or Snooze at once (with notify-send each is a
    /// child process and a descriptor); later ones are sent without the buttons.
    package static let maxWatches = 16

    /// A notifier for `ctx`; `withActions`: buttons (Done, Snooze) that a running notifier answers.
    package init(_ ctx: Context, mode: Mode, withActions: Bool) {
        self.ctx = ctx
        self.mode = mode
        ledger = ReminderLedger(home: ctx.home)
        server = NotificationServer(environment: ctx.environment)
        self.withActions = withActions
    }

    /// The open items (every source) and the config, as the widgets see them (in private mode,
    /// each title its tag or "busy", no note: a notification shows on a shared screen too).
    package func load() throws(TMinusError) -> (Config, [Item]) {
        let config = try ctx.config()
        var summary = try ctx.container.summaryForWidgets(now: ctx.now)
        hidesTitles = ctx.container.loadState().hidesTitles
        if hidesTitles { summary = summary.privately() }
        return (config, summary.deadlines + summary.todos)
    }

    /// The reminders owed, less those a group of their source took in (recorded as one).
    func reminders(_ config: Config, _ items: [Item]) -> [Reminder] {
        ReminderPlan.reminders(items: items, alerts: config.alerts, armed: view.armed, zone: ctx.zone).filter {
            !view.grouped($0)
        }
    }

    /// Sends what is due at `ctx.now` (only `only`, when given); returns when the next one is due.
    @discardableResult
    package func pass(only: String? = nil) throws(TMinusError) -> Instant? {
        let (config, items) = try load()
        ledger.refresh(view)
        var all = reminders(config, items)
        if let only { all = all.filter { $0.key == only } }
        let decision = ReminderPlan.decide(all, latest: state, now: ctx.now, catchUp: config.catchUp)
        let waiting = mode == .send && retry.map { $0 > ctx.now } == true
        var freed: Instant?
        if !waiting && (!decision.send.isEmpty || !decision.miss.isEmpty) {
            switch mode {
            case .dryRun: dryRun(decision)
            case .send: freed = try deliver(all, config)
            }
        }
        let update = mode == .send && !waiting ? try escalate(config, items) : nil
        retry = retry.flatMap { $0 > ctx.now ? $0 : nil }
        return [decision.next, retry, update, freed].compactMap { $0 }.min()
    }

    func state(_ key: String) -> LedgerRecord.State? {
        mode == .dryRun && printed.contains(key) ? .sent : view.state(key)
    }

    func dryRun(_ d: ReminderPlan.Decision) {
        for (r, late) in d.send {
            printed.insert(r.key)
            let m = NotificationText.make(
                r, now: ctx.now, zone: ctx.zone, late: late, markup: false, clock: ctx.clock, words: ctx.words)
            ctx.console.out(JSONWriter.compact(NotificationText.json(r, m, late: late, zone: ctx.zone)))
        }
        for r in d.miss { printed.insert(r.key) }
    }

    /// Under the lock, decided again on the ledger as it is now (another notifier may have sent
    /// some meanwhile). Returns when reminders that wait for their source's rate can go.
    @discardableResult
    package func deliver(_ all: [Reminder], _ config: Config) throws(TMinusError) -> Instant? {
        if !server.known || server.bus?.closed == true {
            server = NotificationServer.connect(environment: ctx.environment)
        }
        return try ledger.withLock { () throws(TMinusError) -> Instant? in
            ledger.refresh(view)
            let d = ReminderPlan.decide(
                all.filter { !view.grouped($0) }, latest: view.state, now: ctx.now, catchUp: config.catchUp)
            defer { ownWrites.record(ledger.path) }
            try recordMissed(d.miss)
            // The ledger keeps what can still matter: a week, or catchUp when longer.
            if try ledger.trimIfLarge(now: ctx.now, keep: max(config.catchUp, 7 * 86_400) + 86_400) {
                ledger.refresh(view)
            }
            // Each other source at its rate: a few one by one, the rest as one, then nothing
            // until its window frees (SourceRate).
            var one: [(reminder: Reminder, late: Bool)] = []
            var bySource: [(source: String, sends: [(reminder: Reminder, late: Bool)])] = []
            for s in d.send {
                let source = s.reminder.item.source
                // (The user's own reminders are all theirs to have: only other sources are capped.)
                guard SourceRate.applies(to: s.reminder) else { one.append(s); continue }
                if let i = bySource.firstIndex(where: { $0.source == source }) {
                    bySource[i].sends.append(s)
                } else {
                    bySource.append((source, [s]))
                }
            }
            var grouped: [(source: String, sends: [(reminder: Reminder, late: Bool)])] = []
            var freed: Instant?
            for (source, sends) in bySource {
                let split = SourceRate.split(pending: sends.count, recent: view.recentSent[source] ?? [], now: ctx.now)
                one += sends.prefix(split.one)
                if split.grouped > 0 {
                    grouped.append((source, Array(sends.dropFirst(split.one).prefix(split.grouped))))
                }
                if let at = split.freeAt { freed = min(freed ?? at, at) }
            }
            one.sort { Reminder.inOrder($0.reminder, $1.reminder) }
            for (r, late) in one {
                // A try of this process that failed left a lone `sending` that promises this one
                // already: it is not written again, so failing sends never grow the ledger. (One a
                // killed notifier left is written again: two `sending`s show the window in which a
                // reminder can arrive twice.)
                if !(view.state(r.key) == .sending && failedHere.contains(r.key)) {
                    try ledger.append([LedgerRecord(r, state: .sending, time: ctx.now, late: late)])
                }
                // An escalating one goes over our bus connection, which can update it in place.
                let escalates = Escalation.escalates(r, config.escalate) && server.bus != nil
                let m = NotificationText.make(
                    r, now: ctx.now, zone: ctx.zone, late: late, markup: server.markup, clock: ctx.clock,
                    escalating: escalates, words: ctx.words)
                var watch: ActionWatch?
                var shownID: UInt32?
                var instance: String?
                do throws(TMinusError) {
                    let buttons = withActions && server.actions && watches.count < Self.maxWatches
                    if escalates,
                        let shown = try server.show(
                            summary: m.summary, body: m.body, critical: m.critical,
                            buttons: buttons ? NotificationServer.reminderButtons(ctx.words) : [], replaces: 0,
                            watch: withActions && watches.count < Self.maxWatches)
                    {
                        watch = shown.watch
                        shownID = shown.id
                        instance = shown.instance
                    } else {
                        watch = try send(summary: m.summary, body: m.body, critical: m.critical, withActions: buttons)
                    }
                } catch {
                    // Not delivered: the lone `sending` makes a later pass try again, a minute
                    // from now; the rest wait with it (the server that failed would fail them too).
                    failed(error.deferredText)
                    failedHere.insert(r.key)
                    ledger.refresh(view)
                    return nil
                }
                if failingInARow > 0 {
                    ctx.console.err(
                        "tminus: the notification server answers again (after \(failingInARow) failed tries)")
                    failingInARow = 0
                    lastReason = ""
                }
                failedHere.remove(r.key)
                try ledger.append([
                    LedgerRecord(r, state: .sent, time: ctx.now, late: late, notification: shownID, server: instance)
                ])
                ledger.refresh(view)
                if shownID != nil {
                    updated[r.key] = ctx.now
                    shownPrivately[r.key] = hidesTitles
                }
                if let watch {
                    watch.itemID = r.item.id
                    watch.itemSource = r.item.source
                    watch.title = r.item.title
                    if shownID != nil { watch.key = r.key }
                    watches.append(watch)
                }
            }
            // A group is one notification and one record (`sent`, written once it was shown:
            // a kill before that shows it again, as for one on its own).
            for (source, sends) in grouped {
                let m = NotificationText.more(
                    sends.map(\.reminder), from: source, markup: server.markup, words: ctx.words)
                do throws(TMinusError) {
                    _ = try send(summary: m.summary, body: m.body, critical: false, withActions: false)
                } catch {
                    failed(error.deferredText)
                    return nil
                }
                let through = sends.map(\.reminder.at).max() ?? ctx.now
                try ledger.append([.group(.sent, count: sends.count, through: through, time: ctx.now, source: source)])
                ledger.refresh(view)
            }
            return freed
        }
    }

    /// Records what is too old to send: the user's own one by one, another source's at its rate
    /// (a few one by one, then one record for the rest, then none until its window frees: an
    /// unrecorded one is still never sent, as it only grows older).
    func recordMissed(_ miss: [Reminder]) throws(TMinusError) {
        var records = miss.filter { !SourceRate.applies(to: $0) }.map {
            LedgerRecord($0, state: .missed, time: ctx.now)
        }
        var sources: [String] = []
        for r in miss where SourceRate.applies(to: r) && !sources.contains(r.item.source) {
            sources.append(r.item.source)
        }
        for source in sources {
            let mine = miss.filter { SourceRate.applies(to: $0) && $0.item.source == source }
            let split = SourceRate.split(pending: mine.count, recent: view.recentMissed[source] ?? [], now: ctx.now)
            records += mine.prefix(split.one).map { LedgerRecord($0, state: .missed, time: ctx.now) }
            let rest = mine.dropFirst(split.one).prefix(split.grouped)
            if let through = rest.map(\.at).max() {
                records.append(.group(.missed, count: rest.count, through: through, time: ctx.now, source: source))
            }
        }
        try ledger.append(records)
        ledger.refresh(view)
    }

    /// Sends one notification; when our bus connection turns out to be gone (the session bus
    /// restarted), connects again and tries once more at once.
    package func send(summary: String, body: String, critical: Bool, withActions: Bool) throws(TMinusError)
        -> ActionWatch?
    {
        do {
            return try server.send(
                summary: summary, body: body, critical: critical, withActions: withActions,
                buttons: NotificationServer.reminderButtons(ctx.words))
        } catch {
            guard server.bus?.closed == true else { throw error }
            server = NotificationServer.connect(environment: ctx.environment)
            return try server.send(
                summary: summary, body: body, critical: critical, withActions: withActions && server.actions,
                buttons: NotificationServer.reminderButtons(ctx.words))
        }
    }

    /// A send failed: wait a minute before the next try. One line on stderr for the first
    /// failure, when the reason changes, and then after 2, 4, 8… failures in a row, so a notifier
    /// left without a server for a day writes a few lines to the journal, not one a minute.
    package func failed(_ reason: String) {
        // The next try connects again and asks again (the session bus may have restarted, or
        // another server taken the name).
        server.known = false
        failures += 1
        failingInARow += 1
        retry = ctx.now + Self.retrySeconds
        let line = ControlText.oneLine(reason)
        let n = failingInARow
        if triesAgain && (line != lastReason || n & (n - 1) == 0) {
            let w = ctx.words
            let again = n > 1 ? w.trn(" (%d try so far)", " (%d tries so far)", n) : ""
            ctx.console.err(
                "tminus: "
                    + Catalog.format(w.tr("%s%s; trying again every minute"), [Deferred.render(line, w), again]))
        }
        lastReason = line
    }

    /// Arms an item's reminder again at `at` (Snooze, `remind --again`); returns its key.
    @discardableResult
    package func arm(_ item: Item, at: Instant) throws(TMinusError) -> String {
        let key = Reminder.key(.again, at: at, item: item)
        try ledger.withLock { () throws(TMinusError) in
            try ledger.append([
                LedgerRecord(
                    key: key, state: .armed, at: at, time: ctx.now, item: item.id, source: item.source,
                    title: item.title)
            ])
            ownWrites.record(ledger.path)
        }
        ledger.refresh(view)
        return key
    }

    /// Reads what arrived on `fd` (our bus connection, shared by every notification on it, or one
    /// notify-send's output): Done completes the item, Snooze arms it again in 10 minutes.
    package func handle(fd: Int32) {
        for watch in watches where watch.fd == fd {
            let lines = watch.lines()
            if watch.isDone { watches.removeAll { $0 === watch } }
            for action in lines { act(action, watch) }
            // An escalating one acted on or dismissed: no more updates, whoever runs next.
            if !watch.key.isEmpty && (watch.isDone || !lines.isEmpty) { endEscalation(watch) }
        }
    }

    func act(_ action: String, _ watch: ActionWatch) {
        do throws(TMinusError) {
            switch action {
            case "done": try complete(watch)
            case "snooze":
                let item = Item(kind: .todo, id: watch.itemID, handle: 0, title: watch.title, source: watch.itemSource)
                try arm(item, at: ctx.now + NotificationServer.snoozeSeconds)
                ctx.console.err(
                    "tminus: "
                        + Catalog.format(ctx.words.tr("snoozed %s for 10 min"), [ControlText.oneLine(watch.title)]))
            default: break
            }
        } catch {
            ctx.console.err("tminus: " + ControlText.oneLine(error.text(ctx.words)))
        }
    }

    func complete(_ watch: ActionWatch) throws(TMinusError) {
        let done = try ctx.container.mutate(now: ctx.now) { (change: inout Change) throws(TMinusError) -> Item? in
            guard let item = change.openItems.first(where: { $0.id == watch.itemID && $0.source == watch.itemSource })
            else { return nil }
            change.complete(item, at: ctx.now)
            return item
        }
        if let done {
            ctx.console.err(
                "tminus: "
                    + Catalog.format(
                        ctx.words.tr("done #%s %s"), [String(done.handle), ControlText.oneLine(done.title)]))
            if let config = try? ctx.config() { ctx.barSignals.send(config.signals) }
        }
    }
}
