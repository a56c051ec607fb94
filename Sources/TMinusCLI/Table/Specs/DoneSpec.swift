import TMinusApp
import TMinusCore

extension Specs {
    /// `tminus done`.
    static let done = CommandSpec(
        name: "done", group: "items", arguments: "REF…", summary: "mark items completed",
        text: "Marks items completed (they move to the history; another source's item is marked done there too).",
        examples: ["tminus done 3", #"tminus done "Buy milk""#], run: StatusCommands.done, changes: true)
}
