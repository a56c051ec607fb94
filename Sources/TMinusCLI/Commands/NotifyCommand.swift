import TMinusApp
import TMinusBus
import TMinusCore
import TMinusFollow
import TMinusSourcing

extension NotifyCommand {
    /// `notify`'s options, declared once: its spec lists them, `run` reads them (`a[Options.once]`).
    enum Options {
        static let once = Opt.flag("once", "send what is due and exit (a timer or cron)")
        static let dryRun = Opt.flag("dry-run", "print what is due as JSON lines, exit; record nothing")
    }
}

private typealias O = NotifyCommand.Options

extension Specs {
    /// `tminus notify`.
    static let notify = CommandSpec(
        name: "notify", group: "reminders and links",
        summary: "the notifier: desktop notifications for reminders and alerts",
        options: [O.once.spec, O.dryRun.spec],
        text: """
            Sends desktop notifications (through notify-send) for reminders (todo --remind, remind, a
            calendar's alarms) and deadline alerts (config "alerts": ["1d", "1h", "0"]; 0 is when it is
            over), each exactly once (docs/reminders.md). It runs until stopped, asleep until the next
            one; a machine that was off or asleep gets what it missed, marked "missed at", when younger
            than config "catchUp" (default 24h). Done and Snooze 10 min buttons where the server has
            them. A user unit: integrations/systemd/tminus-notify.service.
            """, run: NotifyCommand.run)
}

/// `tminus notify [--once] [--dry-run]`: the notifier. Long-running, it sleeps on the same wait
/// as `show --follow` (a CLOCK_REALTIME timer at the next reminder, so suspend, resume and clock
/// steps wake it; inotify on the home, the config and the sources; signals), and wakes for
/// nothing else: with nothing due, it does not wake at all.
enum NotifyCommand {
    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "notify")
        try a.expectPositional(0...0, command: "notify")
        let dryRun = a[Options.dryRun]
        let once = a[Options.once]
        let delivery = Delivery(ctx, mode: dryRun ? .dryRun : .send, withActions: !once)
        if !dryRun && !delivery.server.isAvailable() { throw .failure(tr: NotificationServer.missing) }
        // --dry-run prints what is due now and exits: it records nothing, so a long-running dry
        // run could only print the same again.
        if once || dryRun {
            try delivery.pass()
            return delivery.failures == 0 ? 0 : 1
        }
        return try follow(delivery, dryRun: dryRun)
    }

    /// The least time between two passes of a long-running notifier, in seconds (docs/reminders.md).
    static let passGap: Int64 = 2

    /// Nobody is left to act on a button: close what still waits for one.
    static func stop(_ delivery: Delivery) -> Int32 {
        for w in delivery.watches { w.stop() }
        return 0
    }

    static func follow(_ delivery: Delivery, dryRun: Bool) throws(TMinusError) -> Int32 {
        let ctx = delivery.ctx
        let watch = HomeWatch.targets(ctx, homeNames: ["summary.json", "store.json", "reminders.jsonl", "state.json"])
        let sourceWatch = WatchList()
        let inputs = InputList()
        let live = EDSLive()
        var driver = try SystemFollowDriver(
            offset: ctx.clockOffset, watch: watch, clicks: false, extra: sourceWatch,
            inputs: inputs, watchStdout: dryRun, own: delivery.ownWrites, live: live)
        var lastError: String?
        var reload = true
        var lastPass: Instant?
        while true {
            delivery.ctx.now = driver.now()
            // A source that keeps changing (a sync rewriting it every moment) wakes us each time:
            // one pass every `passGap` seconds at most, the changes meanwhile taken together.
            if let lastPass, delivery.ctx.now < lastPass + passGap {
                for event in driver.wait(until: lastPass + passGap) {
                    if case .exit = event { return stop(delivery) }
                    if case .input(let fd) = event {
                        delivery.ctx.now = driver.now()
                        delivery.handle(fd: fd)
                    }
                    if case .reload = event { reload = true }
                }
                continue
            }
            lastPass = delivery.ctx.now
            if reload {
                delivery.ctx.refreshZone()
                delivery.ctx.readConfig()
                delivery.ctx.hear(live)
                sourceWatch.targets = delivery.ctx.container.sourcing.map(SourceWatch.targets) ?? []
            }
            var next: Instant?
            do throws(TMinusError) {
                next = try delivery.pass()
                lastError = nil
            } catch {
                // A broken config or summary: say so once, and wait for it to change.
                if lastError != error.description {
                    ctx.console.err("tminus: " + ControlText.oneLine(error.text(ctx.words)))
                }
                lastError = error.description
            }
            inputs.fds = Array(Set(delivery.watches.map(\.fd))).sorted()
            reload = false
            for event in driver.wait(until: next) {
                switch event {
                case .exit: return stop(delivery)
                case .input(let fd):
                    delivery.ctx.now = driver.now()
                    delivery.handle(fd: fd)
                case .reload: reload = true
                case .tick, .click: break
                }
            }
        }
    }
}
