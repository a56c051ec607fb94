import TMinusApp
import TMinusCore
import TMinusSystem
import TMinusTimeline

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

/// `tminus board [--once] [--color auto|always|never]`: every deadline with its countdown and
/// progress, and today's todos, live in the terminal until q (Board). Not on a terminal, or with
/// `--once`: the frame once.
enum BoardCommand {
    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "board")
        try a.expectPositional(0...0, command: "board")
        let color = try TerminalColor.choice(a[Options.color], ctx)
        var (_, provider, _) = try WidgetInput.make(ctx, deadline: nil)
        guard !a[Options.once], Terminal.isInteractive, ctx.console.capture == nil else {
            for line in Board.lines(provider, at: ctx.now, width: 200, color: color) { ctx.say(line) }
            return 0
        }
        let terminal = Terminal()
        terminal.enter()
        defer { terminal.restore() }
        // The store, the summary, the selection and the config: when one changes, read again.
        let watched = [ctx.home.storePath, ctx.home.summaryPath, ctx.home.statePath, ctx.home.configPath]
        var stamps = watched.map { FileStamp.of($0) }
        var last: [String] = []
        var width = Terminal.width
        while true {
            let now = ctx.currentInstant
            let frame = Board.lines(provider, at: now, width: width, color: color)
            // Drawn only when something on it changed.
            if frame != last {
                terminal.draw(frame)
                last = frame
            }
            // Until the next second (the countdowns tick no faster), or a key.
            if let key = terminal.key(within: 1000 - Int32(SystemClock.milliseconds() % 1000 & 1023)),
                key == 0 || key == UInt8(ascii: "q") || key == 3
            {
                return 0
            }
            width = Terminal.width
            let current = watched.map { FileStamp.of($0) }
            if current != stamps {
                stamps = current
                var fresh = ctx
                fresh.now = ctx.currentInstant
                fresh.readConfig()
                if let reloaded = try? WidgetInput.make(fresh, deadline: nil).1 { provider = reloaded }
            }
        }
    }
}
