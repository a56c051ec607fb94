public import TMinusCore

/// Which reminders the open items owe, and what to do with each now: a pure function of the
/// items, the config's alerts, the ledger and the clock (docs/reminders.md).
public enum ReminderPlan {
    /// A reminder sent this much after its time says "missed at …" (the machine was off or asleep).
    public static let grace: Int64 = 60

    /// Every reminder of the open items: their `remind` instants, an alert per config offset
    /// before each deadline (none from before its countdown started, at its `start` or creation,
    /// nor from before tminus first saw it: nobody was owed it), and the
    /// ledger's armed ones whose item is still open.
    public static func reminders(items: [Item], alerts: [Int64], armed: [LedgerRecord], zone: Zone) -> [Reminder] {
        var out: [Reminder] = []
        var seen = Set<String>()
        func add(_ r: Reminder) { if seen.insert(r.key).inserted { out.append(r) } }
        // (An invitation not accepted sends nothing until it is.)
        for item in items where item.isOpen && item.reply == nil {
            if let at = item.remind {
                add(Reminder(key: Reminder.key(.remind, at: at, item: item), kind: .remind, at: at, item: item))
            }
            guard item.isDeadline, let due = item.due else { continue }
            let end = due.instant(in: zone)
            for offset in alerts {
                let at = end - offset
                if let since = item.start ?? item.created, at < since { continue }
                if let seen = item.seen, at < seen { continue }
                add(
                    Reminder(
                        key: Reminder.key(.alert(offset), at: at, item: item), kind: .alert(offset), at: at, item: item)
                )
            }
        }
        for record in armed where record.state == .armed {
            guard let item = items.first(where: { $0.isOpen && $0.id == record.item && $0.source == record.source })
            else { continue }
            add(Reminder(key: record.key, kind: .again, at: record.at, item: item))
        }
        return out.sorted(by: Reminder.inOrder)
    }

    /// What `decide` says to do now: what to send, what to record as missed, and when to look again.
    public struct Decision: Equatable, Sendable {
        /// Due now, and not yet sent; `late` when sent after `grace` (it says "missed at").
        public var send: [(reminder: Reminder, late: Bool)] = []
        /// Older than `catchUp` and never sent: recorded as missed.
        public var miss: [Reminder] = []
        /// When the next one is due (nil: none).
        public var next: Instant?

        /// Equal when they send the same reminders (late alike), miss the same, and wait for the same instant.
        public static func == (a: Decision, b: Decision) -> Bool {
            a.miss == b.miss && a.next == b.next && a.send.count == b.send.count
                && zip(a.send, b.send).allSatisfy { $0.reminder == $1.reminder && $0.late == $1.late }
        }
    }

    /// What to do at `now`. `latest` gives a key's latest ledger state: sent, ended or missed is
    /// done for good; `sending` alone (a notifier stopped in the middle) is sent again.
    public static func decide(
        _ reminders: [Reminder], latest: (String) -> LedgerRecord.State?, now: Instant, catchUp: Int64
    ) -> Decision {
        var d = Decision()
        for r in reminders {
            switch latest(r.key) {
            case .sent?, .missed?, .ended?: continue
            default: break
            }
            if r.at > now {
                d.next = min(d.next ?? r.at, r.at)
            } else if now - r.at > catchUp {
                d.miss.append(r)
            } else {
                d.send.append((r, now - r.at > grace))
            }
        }
        return d
    }
}
