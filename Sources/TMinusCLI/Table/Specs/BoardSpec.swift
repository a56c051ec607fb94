import TMinusApp
import TMinusCore

extension BoardCommand {
    /// `board`'s options, declared once: its spec lists them, `run` reads them (`a[Options.once]`).
    enum Options {
        static let once = Opt.flag("once", "print it once (as when not on a terminal)")
        static let color = CommandTable.colorOption("each bar in its tag's colour")
    }
}

private typealias O = BoardCommand.Options

extension Specs {
    /// `tminus board`.
    static let board = CommandSpec(
        name: "board", group: "items", summary: "every deadline's countdown and progress, and today's todos, live",
        options: [O.once.spec, O.color.spec],
        text:
            "Every deadline at once with its countdown, a progress bar and its due date, then today's todos; on a terminal it stays and redraws only when something on it changes (a countdown, your data, the config); q quits. Works over ssh; NO_COLOR is respected.",
        examples: ["tminus board", "tminus board --once"], run: BoardCommand.run)
}
