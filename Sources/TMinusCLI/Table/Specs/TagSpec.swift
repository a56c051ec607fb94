import TMinusApp
import TMinusCore

extension TagCommand {
    /// `tag add`'s options, declared once: its spec lists them, `add` reads them (`a[AddOptions.color]`).
    enum AddOptions {
        static let color = Opt.option("color", "#RRGGBB", "its colour (default: the next of a palette)")
    }

    /// `tag list`'s options.
    enum ListOptions {
        static let json = CommandTable.json
        static let color = CommandTable.colorOption("each tag in its colour")
    }

    /// `tag edit`'s options.
    enum EditOptions {
        static let name = Opt.option("name", "NEW", "a new name")
        static let color = Opt.option("color", "#RRGGBB", "a new colour")
    }
}

extension Specs {
    /// `tminus tag`, and its subcommands.
    static let tag = CommandSpec(
        name: "tag", group: "items", summary: "tags with colours",
        subcommands: [
            CommandSpec(
                name: "add", group: "", arguments: "NAME", summary: "a new tag",
                options: [TagCommand.AddOptions.color.spec]),
            CommandSpec(
                name: "list", aliases: ["ls"], group: "", summary: "every tag",
                options: [TagCommand.ListOptions.json.spec, TagCommand.ListOptions.color.spec]),
            CommandSpec(
                name: "edit", group: "", arguments: "NAME", summary: "rename or recolour a tag",
                options: [TagCommand.EditOptions.name.spec, TagCommand.EditOptions.color.spec]),
            CommandSpec(name: "rm", group: "", arguments: "NAME", summary: "remove a tag")
        ], text: "Tags colour items in the bar. A few are prefilled: work, personal, study, errand.",
        examples: ["tminus tag add school --color '#ff5555'", "tminus tag edit school --name uni"],
        run: TagCommand.run, changes: true)
}
