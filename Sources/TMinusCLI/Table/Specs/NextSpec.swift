import TMinusApp
import TMinusCore

extension CycleCommand {
    /// `next`'s options, declared once: its spec lists them, `run` reads them (`a[Options.reset]`).
    enum Options {
        static let reset = Opt.flag("reset", "back to the deadline due next (or the config's), as before any click")
    }
}

private typealias O = CycleCommand.Options

extension Specs {
    /// `tminus next`.
    static let next = CommandSpec(
        name: "next", group: "bars", summary: "show the next ongoing deadline (a click)",
        options: [O.reset.spec],
        text: "Shows the next ongoing deadline in the widget (kept in state.json); --reset forgets the clicks.",
        examples: ["tminus next --reset"], run: CycleCommand.next, changes: true)
}
