import TMinusApp
import TMinusCore

extension StatsCommand {
    /// `stats`'s options, declared once: its spec lists them, `run` reads them (`a[Options.json]`).
    enum Options {
        static let json = CommandTable.json
    }
}

private typealias O = StatsCommand.Options

extension Specs {
    /// `tminus stats`.
    static let stats = CommandSpec(
        name: "stats", group: "items", summary: "completed, pending, overdue", options: [O.json.spec],
        text: "Counts completed, pending and overdue items, in all and per kind.", run: StatsCommand.run)
}
