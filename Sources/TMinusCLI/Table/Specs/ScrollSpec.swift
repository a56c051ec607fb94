import TMinusApp
import TMinusCore

extension Specs {
    /// `tminus scroll`.
    static let scroll = CommandSpec(
        name: "scroll", group: "bars", arguments: "up|down",
        summary: "the mouse wheel: moves a calendar tooltip's month, else cycles",
        text:
            "With {calendar} in a template (config \"tooltip\": \"calendar\"), shows the month before or after for a minute (kept in state.json); else cycles the deadlines like prev and next.",
        examples: ["tminus scroll down"], run: CycleCommand.scroll, changes: true)
}
