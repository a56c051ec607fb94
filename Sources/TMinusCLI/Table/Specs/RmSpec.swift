import TMinusApp
import TMinusCore

extension Specs {
    /// `tminus rm`.
    static let rm = CommandSpec(
        name: "rm", group: "items", arguments: "REF…", summary: "remove items for good",
        text: "Removes items for good, open or completed (an open item of another source is removed there).",
        examples: ["tminus rm 3"], run: StatusCommands.rm, changes: true)
}
