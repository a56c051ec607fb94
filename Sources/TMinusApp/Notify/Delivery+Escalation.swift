import TMinusCore
import TMinusBus
import TMinusRender
import TMinusTimeline

/// The escalating reminder (config `escalate`, docs/reminders.md): each one sent, still `sent`
/// on the ledger with its notification's id, is updated in place each minute by whichever
/// notifier runs (so a notifier killed between updates is followed by one that goes on with the
/// same notification, never a second), until it is acted on, dismissed, its item is done or
/// gone, or an hour after its due; then `ended` is recorded.
extension Delivery {
    /// Updates what is due for an update now; returns when the next update is due.
    package func escalate(_ config: Config, _ items: [Item]) throws(TMinusError) -> Instant? {
        guard !config.escalate.isEmpty else { return nil }
        ledger.refresh(view)
        let live = view.latest.values.filter { $0.state == .sent && $0.notification != nil }.sorted { $0.key < $1.key }
        guard !live.isEmpty else { return nil }
        if !server.known || server.bus?.closed == true {
            server = NotificationServer.connect(environment: ctx.environment)
        }
        guard server.bus != nil else { return nil }
        var next: Instant?
        var ended: [LedgerRecord] = []
        for record in live {
            guard let id = record.notification, let kind = Escalation.kind(ofKey: record.key) else { continue }
            // Done or removed elsewhere: its notification goes too.
            guard let item = items.first(where: { $0.isOpen && $0.id == record.item && $0.source == record.source })
            else {
                server.close(id, of: record.server)
                ended.append(Self.ended(record, at: ctx.now))
                continue
            }
            let r = Reminder(key: record.key, kind: kind, at: record.at, item: item)
            // (The config no longer escalates it: left as it is.)
            guard Escalation.escalates(r, config.escalate) else { continue }
            let target = Escalation.target(r, zone: ctx.zone)
            // Not updated by this notifier yet (it was sent by one that stopped): brought up to date now.
            // Private mode turned on (or off) since it was shown: brought up to date now too.
            let step = updated[record.key].map { Escalation.nextUpdate(after: $0, target: target) } ?? ctx.now
            let due = shownPrivately[record.key] != hidesTitles && step != nil ? ctx.now : step
            guard let due else {
                ended.append(Self.ended(record, at: ctx.now))
                continue
            }
            if due > ctx.now {
                next = min(next ?? due, due)
                continue
            }
            let m = NotificationText.make(
                r, now: ctx.now, zone: ctx.zone, late: record.late, markup: server.markup, clock: ctx.clock,
                escalating: true, words: ctx.words)
            let first = updated[record.key] == nil
            let listen = first && withActions && watches.count < Self.maxWatches
            let shown: (id: UInt32, watch: ActionWatch?, instance: String)?
            do throws(TMinusError) {
                // (Only to the server instance that gave the id: after a restart it is another
                // program's, and the update must not replace that one.)
                shown = try server.show(
                    summary: m.summary, body: m.body, critical: m.critical,
                    buttons: withActions && server.actions ? NotificationServer.reminderButtons(ctx.words) : [],
                    replaces: id, of: record.server, watch: listen)
            } catch {
                failed(error.deferredText)
                break
            }
            guard let shown else { break }
            if shown.id == 0 {
                // The server that showed it is gone (restarted): its notification went with it.
                ended.append(Self.ended(record, at: ctx.now))
                continue
            }
            if shown.id != id {
                // The server no longer had it (dismissed while no notifier listened): it is over,
                // and the copy the server just made goes at once.
                server.close(shown.id, of: shown.instance)
                ended.append(Self.ended(record, at: ctx.now))
                continue
            }
            updated[record.key] = ctx.now
            shownPrivately[record.key] = hidesTitles
            if let watch = shown.watch {
                watch.itemID = item.id
                watch.itemSource = item.source
                watch.title = item.title
                watch.key = record.key
                watches.append(watch)
            }
            if let n = Escalation.nextUpdate(after: ctx.now, target: target) {
                next = min(next ?? n, n)
            } else {
                ended.append(Self.ended(record, at: ctx.now))
            }
        }
        if !ended.isEmpty {
            try ledger.withLock { () throws(TMinusError) in
                try ledger.append(ended)
                ownWrites.record(ledger.path)
            }
            ledger.refresh(view)
        }
        return next
    }

    /// Records the end of the escalating reminder `watch` belongs to (acted on or dismissed).
    package func endEscalation(_ watch: ActionWatch) {
        ledger.refresh(view)
        guard let record = view.latest[watch.key], record.state == .sent else { return }
        if !watch.isDone { server.close(watch.notificationID, of: record.server) }
        do throws(TMinusError) {
            try ledger.withLock { () throws(TMinusError) in
                try ledger.append([Self.ended(record, at: ctx.now)])
                ownWrites.record(ledger.path)
            }
        } catch {
            ctx.console.err("tminus: " + ControlText.oneLine(error.text(ctx.words)))
        }
        ledger.refresh(view)
        updated[watch.key] = nil
        shownPrivately[watch.key] = nil
    }

    static func ended(_ r: LedgerRecord, at time: Instant) -> LedgerRecord {
        LedgerRecord(
            key: r.key, state: .ended, at: r.at, time: time, item: r.item, source: r.source, title: r.title,
            late: r.late,
            notification: r.notification, server: r.server)
    }
}
