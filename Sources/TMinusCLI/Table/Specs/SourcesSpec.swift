import TMinusApp
import TMinusCore

extension SourcesCommand {
    /// `sources`'s options, declared once: its spec lists them, `run` reads them (`a[Options.json]`).
    enum Options {
        static let json = CommandTable.json
    }
}

private typealias O = SourcesCommand.Options

extension Specs {
    /// `tminus sources`.
    static let sources = CommandSpec(
        name: "sources", group: "items", summary: "calendars, todo.txt, Taskwarrior and summaries in the config",
        options: [O.json.spec],
        text: """
            Lists the config's sources (docs/sources.md): each one's kind and where it reads, its open
            items, when it was last read, what it skipped (file, line and property) or why it cannot be
            read. Sources are read again only when they change.
            """, run: SourcesCommand.run)
}
