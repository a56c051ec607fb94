import TMinusApp
import TMinusCore

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
