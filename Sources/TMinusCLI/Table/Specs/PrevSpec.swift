import TMinusApp
import TMinusCore

extension Specs {
    /// `tminus prev`.
    static let prev = CommandSpec(
        name: "prev", group: "bars", summary: "show the previous ongoing deadline",
        text: "Shows the previous ongoing deadline in the widget (kept in state.json).", run: CycleCommand.prev,
        changes: true)
}
