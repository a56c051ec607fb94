import TMinusCore
import TMinusStore
import TMinusTimeline

/// `tminus list --reminders [--year YYYY] [--by-year] [--json]`: every reminder the ledger knows
/// (sent, missed, armed again) and those still to come, by the time they were due. The year is
/// the one its item was written in (Boomerang's review): `--year` keeps one, `--by-year` puts a
/// heading over each.
package enum ReminderListing {
    /// One line of the listing: a reminder's time, what became of it and its item.
    struct Row {
        var at: Instant
        var state: String
        var title: String
        var handle: Int?
        var source: String
        var key: String
        var time: Instant?
        var id: String
    }

    /// Prints the listing (`json`: one object a reminder), `year` only, or `byYear` under headings.
    package static func run(year: Int?, byYear: Bool = false, json: Bool, _ ctx: Context) throws(TMinusError) -> Int32 {
        let delivery = Delivery(ctx, mode: .dryRun, withActions: false)
        let (config, items) = try delivery.load()
        let ledger = delivery.ledger
        ledger.refresh(delivery.view)
        var rows: [Row] = []
        func handle(_ id: String, _ source: String) -> Int? {
            items.first { $0.id == id && $0.source == source }?.handle
        }
        for r in delivery.view.latest.values {
            let state: String
            switch r.state {
            case .sent, .ended: state = r.late ? "sent late" : "sent"
            case .missed: state = "missed"
            case .armed: state = r.at > ctx.now ? "pending" : "due"
            // A notifier stopped while handing it over: it may have arrived; it will be sent again.
            case .sending: state = "sending"
            }
            rows.append(
                Row(
                    at: r.at, state: state, title: r.title, handle: handle(r.item, r.source), source: r.source,
                    key: r.key,
                    time: r.state == .armed ? nil : r.time, id: r.item))
        }
        for r in delivery.reminders(config, items) where delivery.view.latest[r.key] == nil {
            rows.append(
                Row(
                    at: r.at, state: r.at > ctx.now ? "pending" : "due", title: r.item.title, handle: r.item.handle,
                    source: r.item.source, key: r.key, id: r.item.id))
        }
        // The year each was written: its item's creation (open items, else the history's record
        // of it, read only when a year is asked for); the reminder's own time when neither says.
        var written: [String: Int] = [:]
        if year != nil || byYear {
            func note(_ item: Item) {
                if let c = item.created { written[item.source + "\u{1F}" + item.id] = ctx.zone.local(c).date.year }
            }
            // (The summary's items carry no creation time: the store's do.)
            for item in items { note(item) }
            try ctx.container.reading { (snapshot: Container.Snapshot) throws(TMinusError) in
                _ = try snapshot.history.forEach(short: true) { (r: HistoryRecord) throws(TMinusError) in note(r.item) }
                for item in snapshot.store.items { note(item) }
            }
        }
        func yearWritten(_ row: Row) -> Int {
            written[row.source + "\u{1F}" + row.id] ?? ctx.zone.local(row.at).date.year
        }
        if let year { rows = rows.filter { yearWritten($0) == year } }
        rows.sort { a, b in
            let ka = (byYear ? yearWritten(a) : 0, a.at), kb = (byYear ? yearWritten(b) : 0, b.at)
            if ka != kb { return ka < kb }
            let c = NaturalOrder.compare(a.title, b.title)
            return c != 0 ? c < 0 : a.key < b.key
        }
        if json {
            ctx.say(
                JSONWriter.pretty(
                    .array(
                        rows.map { row in
                            .object([
                                JSON.Member("at", .string(RFC3339.format(row.at, offset: ctx.zone.offset(at: row.at)))),
                                JSON.Member("state", .string(row.state)),
                                JSON.Member("what", .string(what(row.key))),
                                JSON.Member("title", .string(row.title)),
                                JSON.Member("handle", row.handle.map { .int($0) } ?? .null),
                                JSON.Member("source", .string(row.source)),
                                JSON.Member("key", .string(row.key)),
                                JSON.Member(
                                    "recorded",
                                    row.time.map { .string(RFC3339.format($0, offset: ctx.zone.offset(at: $0))) }
                                        ?? .null)
                            ])
                        })))
            return 0
        }
        let w = ctx.words
        if rows.isEmpty {
            ctx.say(
                year.map { Catalog.format(w.tr("no reminders in %s"), [String($0)]) }
                    ?? w.tr("no reminders yet; add one with tminus remind TEXT --in 10m"))
            return 0
        }
        var heading: Int?
        for row in rows {
            if byYear, yearWritten(row) != heading {
                if heading != nil { ctx.say("") }
                heading = yearWritten(row)
                ctx.say(Catalog.format(w.tr("Written in %s"), [String(heading!)]))
            }
            let when = ctx.describe(.instant(row.at))
            let handle = row.handle.map { "#\($0) " } ?? ""
            let source = row.source == Item.ownSource ? "" : "  (\(row.source))"
            ctx.say(
                when.padding(26) + stateText(row.state, w).padding(10) + "  " + what(row.key, w).padding(10) + "  "
                    + handle
                    + Validation.printable(row.title) + source)
        }
        return 0
    }

    /// A reminder's state (`row.state`, what `--json` prints) in `w`'s language.
    static func stateText(_ state: String, _ w: Words) -> String {
        switch state {
        case "sent late": w.trc("a reminder's state", "sent late")
        case "sent": w.trc("a reminder's state", "sent")
        case "missed": w.trc("a reminder's state", "missed")
        case "pending": w.trc("a reminder's state", "pending")
        case "due": w.trc("a reminder's state", "due")
        case "sending": w.trc("a reminder's state", "sending")
        default: state
        }
    }

    /// What kind of reminder a key names: `reminder`, `again`, `1h before`, `over` (in English
    /// for `--json`; in `w`'s language for a person).
    package static func what(_ key: String, _ w: Words = .english) -> String {
        let parts = key.split(separator: "/", maxSplits: 2)
        switch parts.first {
        case "remind": return w.trc("a kind of reminder", "reminder")
        case "again": return w.trc("a kind of reminder", "again")
        // (Many of another source as one: "and 295 more", or missed together.)
        case "group", "missed": return w.trc("a kind of reminder", "grouped")
        case "alert":
            guard parts.count > 1, let offset = Int64(parts[1]) else { return w.trc("a kind of reminder", "alert") }
            if offset == 0 { return w.trc("a kind of reminder", "over") }
            for (unit, name) in [(Int64(86_400), "d"), (3600, "h"), (60, "m")] where offset % unit == 0 {
                return Catalog.format(w.trc("a kind of reminder", "%s before"), ["\(offset / unit)\(name)"])
            }
            return Catalog.format(w.trc("a kind of reminder", "%s before"), ["\(offset)s"])
        default: return w.trc("a kind of reminder", "reminder")
        }
    }
}
