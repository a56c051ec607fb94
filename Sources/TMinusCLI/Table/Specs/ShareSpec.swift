import TMinusApp
import TMinusCore

extension Specs {
    /// `tminus share`.
    static let share = CommandSpec(
        name: "share", group: "reminders and links", arguments: "REF",
        summary: "a tminus:// link that makes the same item elsewhere",
        text: "Prints a tminus://add link that makes the same item wherever tminus open follows it.",
        examples: ["tminus share 3"], run: LinkCommands.share)
}
