import TMinusApp
import TMinusBus
import TMinusCore
import TMinusTimeline

extension Specs {
    /// `tminus privacy`.
    static let privacy = CommandSpec(
        name: "privacy", group: "bars", arguments: "on|off|toggle|watch",
        summary: "private mode: titles shown as their tag, or \"busy\"",
        text:
            "For a screen others see: while on, every bar, tooltip, timeline and notification shows each title as its tag (or \"busy\") and no note; dates, countdowns, colours and counts stay. Without an argument: whether it is on. Kept in state.json; a running follower shows the change at once, polling bars at their next run (or at once with \"signals\"). watch runs until stopped and turns it on by itself while PipeWire shows the screen shared (a screencast through the desktop portal, GNOME or KDE), off when sharing ends; start it with your session. off (and toggle) also clear what watch set, until the next screencast.",
        examples: ["tminus privacy toggle", "tminus privacy", "tminus privacy watch &"], run: PrivacyCommand.run,
        changes: true)
}

/// `tminus privacy [on|off|toggle|watch]`: private mode, for a screen others see (a talk, a shared
/// screen): every bar, tooltip, timeline and notification shows each title as its tag, or "busy"
/// (docs/privacy.md). Kept in state.json; a follower shows the change at once. `watch` turns it on
/// by itself while PipeWire shows the screen shared.
enum PrivacyCommand {
    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "privacy")
        try a.expectPositional(0...1, command: "privacy")
        var state = ctx.container.loadState()
        switch a.positional.first {
        case nil:
            ctx.say(describe(state, ctx.words))
            return 0
        case "watch"?: return try watch(ctx)
        case "on"?: state.isPrivate = true
        // (Off also ends what a watch set: the user asked to see the titles; the next screencast hides them again.)
        case "off"?: state.isPrivate = false; state.screencast = false
        case "toggle"?:
            state.isPrivate = !state.hidesTitles
            state.screencast = false
        case let other?:
            throw .usage(
                tr: "privacy takes on, off, toggle or watch, not '%s'; e.g. tminus privacy toggle",
                "\(Validation.printable(other))"
            )
        }
        try ctx.container.saveState(state)
        ctx.say(describe(state, ctx.words))
        return 0
    }

    /// PipeWire's node names are any client's text: a few, each one clean line of bounded length.
    /// (Plain loops over calls the binary has: each new generic specialization adds to what the
    /// runtime registers at every start, the cached poll's too.)
    static func shown(_ names: [String], _ w: Words) -> String {
        var out = ""
        for (i, name) in names.enumerated() where i < 5 { out += (i > 0 ? ", " : "") + Validation.printable(name) }
        return names.count > 5 ? out + w.trn(" and %d more", " and %d more", names.count - 5) : out
    }

    static func describe(_ state: WidgetState, _ w: Words) -> String {
        if state.isPrivate {
            return w.tr("private mode on: titles show as their tag, or \"busy\"; tminus privacy off shows them again")
        }
        if state.screencast {
            return w.tr(
                "private mode on while the screen is shared (tminus privacy watch saw it): titles show as their tag, or \"busy\""
            )
        }
        return w.tr("private mode off: titles show")
    }

    /// Follows PipeWire until a signal; each change of "the screen is shared" is written to
    /// state.json (a follower shows it at once; polling bars with "signals" are signalled).
    static func watch(_ ctx: Context) throws(TMinusError) -> Int32 {
        let end = ScreenShareWatch.run(
            environment: ctx.environment, note: { ctx.console.err("tminus: privacy watch: \($0)") }
        ) { names in
            do throws(TMinusError) {
                try ctx.container.updateState { $0.screencast = !names.isEmpty }
            } catch {
                // (A full disk, a read-only home: said at once; the next change tries again.)
                ctx.console.err("tminus: privacy watch: " + ControlText.oneLine(error.description))
                return
            }
            if let config = try? ctx.config() { ctx.barSignals.send(config.signals) }
            ctx.say(
                names.isEmpty
                    ? ctx.words.tr("screen not shared: titles show")
                    : Catalog.format(ctx.words.tr("screen shared (%s): titles hidden"), [shown(names, ctx.words)]))
        }
        if end == .noProgram {
            throw .failure(
                tr: "privacy watch needs pw-dump (Debian and Ubuntu: apt install pipewire-bin; it comes with PipeWire)")
        }
        return 0
    }
}
