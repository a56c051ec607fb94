import TMinusApp
import TMinusCore
import TMinusSystem
import TMinusTimeline

extension MenuCommand {
    /// `menu`'s options, declared once: its spec lists them, `run` reads them (`a[Options.launcher]`).
    enum Options {
        static let launcher = Opt.option(
            "launcher", "CMD",
            "the menu program, a shell command reading lines and printing the chosen one (default: rofi, wofi, fuzzel, bemenu or dmenu, the first installed)"
        )
    }
}

private typealias O = MenuCommand.Options

extension Specs {
    /// `tminus menu`.
    static let menu = CommandSpec(
        name: "menu", group: "bars", summary: "today's todos in a launcher: done, snooze 1 hour, a day later",
        options: [O.launcher.spec],
        text:
            "Opens today's todos (the bar's list) in a dmenu-style launcher; the chosen one is then marked done, snoozed an hour (due in an hour) or moved a day later (an overdue or undated one to tomorrow). For a click on the bar: the integrations bind it to the right button.",
        examples: ["tminus menu", "tminus menu --launcher 'rofi -dmenu -i'"], run: MenuCommand.run, changes: true)
}

/// `tminus menu [--launcher CMD]`: today's todos (the bar's list) in a dmenu-style launcher, then
/// what to do with the chosen one: done, snooze an hour, or a day later; its last line switches
/// private mode. For a click on the bar.
enum MenuCommand {
    /// The launchers tried in order when no `--launcher` is given: each reads lines on stdin and
    /// prints the chosen one (a line typed that is none of them is no choice).
    static let launchers: [(String, [String])] = [
        ("rofi", ["-dmenu", "-i", "-p", "tminus"]),
        ("wofi", ["--dmenu", "-i", "-p", "tminus"]),
        ("fuzzel", ["--dmenu", "-p", "tminus "]),
        ("bemenu", ["-i", "-p", "tminus"]),
        ("dmenu", ["-i", "-p", "tminus"])
    ]

    /// How long a menu may stay open.
    static let waitMilliseconds = 10 * 60 * 1000

    enum Action: CaseIterable {
        case done, hour, day
        func line(_ w: Words) -> String {
            switch self {
            case .done: w.trc("a menu's action", "✓ done")
            case .hour: w.trc("a menu's action", "⏰ snooze 1 hour")
            case .day: w.trc("a menu's action", "→ a day later")
            }
        }
    }

    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "menu")
        try a.expectPositional(0...0, command: "menu")
        let launcher = try self.launcher(a[Options.launcher], ctx)
        let (_, provider, _) = try WidgetInput.make(ctx, deadline: nil)
        let todos = provider.entry(at: ctx.now).todos.map(\.item)
        // One line a todo, its handle first so that two alike titles stay apart (and none can be
        // taken for the last line, which switches private mode: it starts with no "#").
        let hidden = ctx.container.loadState().hidesTitles
        let privacyLine =
            hidden ? ctx.words.tr("🔓 show titles (private mode off)") : ctx.words.tr("🔒 private mode: hide titles")
        let lines = todos.map { line($0, ctx) } + [privacyLine]
        guard let chosenLine = try choose(lines, launcher, ctx), let index = lines.firstIndex(of: chosenLine) else {
            ctx.say(ctx.words.tr("nothing chosen"))
            return 0
        }
        guard index < todos.count else { return try PrivacyCommand.run([hidden ? "off" : "on"], ctx) }
        let todo = todos[index]
        guard let picked = try choose(Action.allCases.map { $0.line(ctx.words) }, launcher, ctx),
            let action = Action.allCases.first(where: { $0.line(ctx.words) == picked })
        else {
            ctx.say(ctx.words.tr("nothing chosen"))
            return 0
        }
        let ref = String(todo.handle)
        switch action {
        case .done:
            return try StatusCommands.done([ref], ctx)
        case .hour:
            return try EditCommand.run([ref, "--due", whenText(ctx.now + 3600, ctx)], ctx)
        case .day:
            return try EditCommand.run([ref, "--due", dayLater(todo.due, ctx)], ctx)
        }
    }

    /// `#3  Buy milk`, `#5  17:00 Call mom`, `#7  Pay rent (overdue)`: one clean line.
    static func line(_ item: Item, _ ctx: Context) -> String {
        var text = "#\(item.handle)  "
        if case .instant(let t)? = item.due, t > ctx.now { text += DueText.clock(ctx.zone.local(t), ctx.clock) + " " }
        text += ControlText.clean(item.title, replacement: " ", dropBidi: true)
        if let due = item.due, due.instant(in: ctx.zone) <= ctx.now { text += " (overdue)" }
        return text
    }

    /// The launcher: `--launcher CMD` (a shell command line, as the user wrote it), else the first
    /// of `launchers` in PATH.
    static func launcher(_ given: String?, _ ctx: Context) throws(TMinusError) -> (String, [String]) {
        if let given {
            guard !Validation.trimmedText(given).isEmpty else {
                throw .usage(tr: "--launcher takes a command, e.g. --launcher 'rofi -dmenu'")
            }
            return ("/bin/sh", ["-c", given])
        }
        if let found = launchers.first(where: { ChildProcess.which($0.0, environment: ctx.environment) != nil }) {
            return found
        }
        throw .failure(tr: "no menu program found; install rofi, wofi, fuzzel, bemenu or dmenu, or give --launcher CMD")
    }

    /// The line the user chose among `lines`, nil when none (closed, or a line that is none of them).
    static func choose(_ lines: [String], _ launcher: (String, [String]), _ ctx: Context) throws(TMinusError) -> String?
    {
        let input = Array((lines.joined(separator: "\n") + "\n").utf8)
        let result: ChildProcess.Result
        do throws(ChildProcess.Failure) {
            result = try ChildProcess.run(
                launcher.0, launcher.1, environment: ctx.environment, timeout: waitMilliseconds,
                outputLimit: 65_536, input: input)
        } catch {
            switch error {
            case .notFound:
                throw .failure(
                    tr: "the launcher '%s' is not installed; give another with --launcher CMD",
                    "\(Validation.printable(launcher.0))"
                )
            case .timedOut: return nil
            case .failed(let code):
                throw .failure(
                    tr: "could not start the launcher: %s", FileIO.errorText(code), errno: code, cause: error)
            }
        }
        guard result.status == 0 else { return nil }
        let chosen = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").first.map(String.init)
        return chosen.flatMap { c in lines.contains(c) ? c : nil }
    }

    /// A time as WHEN: `2026-11-26T17:00`.
    static func whenText(_ t: Instant, _ ctx: Context) -> String {
        let l = ctx.zone.local(t)
        return "\(l.date)T\(pad(l.hour, 2)):\(pad(l.minute, 2))"
    }

    /// A day later: a day after its due, or tomorrow when it was overdue or had none (a time of
    /// day kept).
    static func dayLater(_ due: Due?, _ ctx: Context) -> String {
        let today = ctx.zone.local(ctx.now).date
        switch due {
        case nil: return today.adding(days: 1).description
        case .day(let d)?: return max(d, today).adding(days: 1).description
        case .instant(let t)?:
            let l = ctx.zone.local(t)
            let date = t > ctx.now ? l.date.adding(days: 1) : today.adding(days: 1)
            return "\(date)T\(pad(l.hour, 2)):\(pad(l.minute, 2))"
        }
    }
}
