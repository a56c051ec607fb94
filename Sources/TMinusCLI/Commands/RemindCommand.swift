import TMinusApp
import TMinusCore
import TMinusStore
import TMinusTimeline

extension RemindCommand {
    /// `remind`'s options, declared once: its spec lists them, `run` reads them (`a[Options.in]`).
    enum Options {
        static let `in` = Opt.option("in", "D", "in this long: 10m, +10m, 10 minutes, 2h, 1d (WHEN's relative forms)")
        static let at = Opt.option("at", "WHEN", "at this time")
        static let note = CommandTable.note
        static let tag = CommandTable.tag
        static let again = Opt.option("again", "REF", "send REF's reminder again now (or, with --in, arm it again)")
    }
}

private typealias O = RemindCommand.Options

extension Specs {
    /// `tminus remind`.
    static let remind = CommandSpec(
        name: "remind", group: "reminders and links", arguments: "TEXT",
        summary: "a quick reminder (or remind --again REF)",
        options: [O.in.spec, O.at.spec, O.note.spec, O.tag.spec, O.again.spec],
        text: """
            A quick reminder: a todo with a reminder in D (10m, 2h, 1d, 90s) or at WHEN. --again sends
            REF's reminder again now (or arms it again in D). tminus notify sends reminders; list
            --reminders reviews them.
            """,
        examples: [
            #"tminus remind "Call the dentist" --in 15m"#,
            #"tminus remind "Train to Lisbon" --at 2026-12-04T07:30"#,
            "tminus remind --again 4 --in 1h"
        ], run: RemindCommand.run, changes: true)
}

/// `tminus remind TEXT (--in D | --at WHEN) [--note T] [--tag NAME]`: a quick reminder (a todo
/// with a reminder). `tminus remind --again REF [--in D]`: send an item's reminder again now, or
/// arm it again in D.
enum RemindCommand {
    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "remind")
        // The same grammar as every WHEN's relative forms (docs/when.md): 10m, +10m, 10 minutes.
        let delay = try a[Options.in].map { (s: String) throws(TMinusError) -> Int64 in
            try WhenParser.after(s, now: ctx.now, zone: ctx.zone) - ctx.now
        }
        if let ref = a[Options.again] {
            try a.expectPositional(0...0, command: "remind")
            if a[Options.at] != nil || a[Options.note] != nil || a[Options.tag] != nil {
                throw .usage(tr: "--again takes only --in; give the item as REF, e.g. tminus remind --again 3 --in 10m")
            }
            return try again(ref, delay: delay, ctx)
        }
        try a.expectPositional(
            1...1, command: "remind",
            needs: N_(
                "'remind' needs a text and --in or --at, e.g. tminus remind \"Call Sam\" --in 10m; see tminus remind --help"
            ))
        let at: Instant
        switch (delay, a[Options.at]) {
        case (let d?, nil): at = ctx.now + d
        case (nil, let w?): at = try TodoCommand.reminder(w, ctx)
        case (nil, nil):
            throw .usage(
                tr: "a reminder needs --in D or --at WHEN, e.g. tminus remind \"%s\" --in 10m",
                "\(Validation.printable(a.positional[0]))"
            )
        default: throw .usage(tr: "--in and --at exclude each other; give one")
        }
        // A todo with a reminder, made (and validated) exactly as `tminus todo` makes one.
        var args = ["--remind", at.description]
        if let note = a[Options.note] { args += ["--note", note] }
        if let tag = a[Options.tag] { args += ["--tag", tag] }
        return try TodoCommand.run(args + ["--", a.positional[0]], ctx)
    }

    /// Arms REF's reminder again at now + `delay`; without a delay, sends it now (a running
    /// notifier would too; the ledger makes sure only one of them does).
    /// A done item (Boomerang's "bring it back"): it is reopened first, then its reminder sent or
    /// armed as for an open one (one item, not a copy: its history, tag and note stay its own).
    static func again(_ ref: String, delay: Int64?, _ ctx: Context) throws(TMinusError) -> Int32 {
        var summary = try ctx.container.summaryForWidgets(now: ctx.now)
        let query = try RefQuery(ref)
        var item: Item
        if !RefResolver.matches(query, among: summary.deadlines + summary.todos).isEmpty {
            item = try RefResolver.resolve(ref, among: summary.deadlines + summary.todos)
        } else {
            let reopened = try ctx.container.mutate(now: ctx.now) {
                (change: inout Change) throws(TMinusError) -> Item in
                let record = try StatusCommands.completed(query, in: change.history, what: "item")
                change.reopen(record)
                return record.item
            }
            ctx.say(Catalog.format(ctx.words.tr("reopened #%s %s"), [String(reopened.handle), reopened.title]))
            summary = try ctx.container.summaryForWidgets(now: ctx.now)
            guard
                let open = (summary.deadlines + summary.todos).first(where: {
                    $0.id == reopened.id && $0.source == reopened.source
                })
            else {
                throw .failure(tr: "#%s was reopened but is not listed; run tminus doctor", "\(reopened.handle)")
            }
            item = open
        }
        let delivery = Delivery(ctx, mode: .send, withActions: false)
        delivery.triesAgain = false
        let at = ctx.now + (delay ?? 0)
        let key = try delivery.arm(item, at: at)
        if delay != nil {
            ctx.say(
                Catalog.format(
                    ctx.words.tr("reminder for #%s %s armed again for %s"),
                    [String(item.handle), item.title, ctx.describe(.instant(at))]))
            return 0
        }
        // No server now: the reminder stays armed, and a notifier sends it when one appears (it
        // asks every minute). Queued, not failed.
        let queued = Catalog.format(
            ctx.words.tr(
                "no notification server now; the reminder for #%s %s is sent when one appears (tminus notify)"),
            [String(item.handle), item.title])
        guard delivery.server.isAvailable() else {
            ctx.say(queued)
            return 0
        }
        try delivery.pass(only: key)
        guard delivery.failures == 0 else {
            // Not delivered: armed again, so the ledger says so rather than the `sending` the try left.
            try delivery.arm(item, at: at)
            ctx.say(queued)
            return 0
        }
        ctx.say(Catalog.format(ctx.words.tr("sent the reminder for #%s %s again"), [String(item.handle), item.title]))
        return 0
    }
}
