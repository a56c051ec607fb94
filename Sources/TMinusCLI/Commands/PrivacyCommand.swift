import TMinusCore
import TMinusIO

/// `tminus privacy [on|off|toggle]`: private mode, for a screen others see (a talk, a shared
/// screen): every bar, tooltip, timeline and notification shows each title as its tag, or "busy"
/// (docs/privacy.md). Kept in state.json; a follower shows the change at once.
enum PrivacyCommand {
    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "privacy")
        try a.expectPositional(0...1, command: "privacy", usage: " [on|off|toggle]")
        var state = ctx.container.loadState()
        switch a.positional.first {
        case nil:
            ctx.say(describe(state.isPrivate))
            return 0
        case "on"?: state.isPrivate = true
        case "off"?: state.isPrivate = false
        case "toggle"?: state.isPrivate.toggle()
        case let other?:
            throw .usage("privacy takes on, off or toggle, not '\(Validation.printable(other))'; e.g. tminus privacy toggle")
        }
        try ctx.container.saveState(state)
        ctx.say(describe(state.isPrivate))
        return 0
    }

    static func describe(_ on: Bool) -> String {
        on ? "private mode on: titles show as their tag, or \"busy\"; tminus privacy off shows them again"
           : "private mode off: titles show"
    }
}
