import TMinusApp
import TMinusCore

extension ItemCommand {
    /// `item`'s options, declared once: its spec lists them, `run` reads them (`a[Options.json]`).
    enum Options {
        static let json = Opt.flag("json", "the object list --json prints for it")
    }
}

private typealias O = ItemCommand.Options

extension Specs {
    /// `tminus item`.
    static let item = CommandSpec(
        name: "item", group: "items", arguments: "REF", summary: "one open item whole",
        options: [O.json.spec],
        text: """
            Shows one open item with every field: due date, end, progress start, tag, priority, star,
            reminder, icon, invitation, source, how it came, when it was made, its id and its whole note.
            """, examples: ["tminus item 3", #"tminus item "Call mom" --json"#], run: ItemCommand.run)
}
