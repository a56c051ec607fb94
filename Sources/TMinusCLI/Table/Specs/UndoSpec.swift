import TMinusApp
import TMinusCore

extension Specs {
    /// `tminus undo`.
    static let undo = CommandSpec(
        name: "undo", group: "items", arguments: "REF…", summary: "reopen completed items",
        text: "Reopens completed items (in their sources too).", examples: ["tminus undo 3"],
        run: StatusCommands.undo, changes: true)
}
