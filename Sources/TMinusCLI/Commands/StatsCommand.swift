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

/// `tminus stats [--json]`: completed, pending and overdue.
enum StatsCommand {
    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "stats")
        try a.expectPositional(0...0, command: "stats")
        let fromSources = try ctx.container.sourceItems(now: ctx.now)
        let snapshot = try ctx.container.snapshot()
        let counts = try snapshot.history.counts()
        let stats = Stats(
            open: snapshot.store.items + fromSources, completedDeadlines: counts.deadlines,
            completedTodos: counts.todos,
            now: ctx.now, zone: ctx.zone)
        if a[Options.json] {
            ctx.say(JSONWriter.pretty(stats.json()))
            return 0
        }
        // Columns as wide as their heads in the user's language (at least the English widths).
        let w = ctx.words
        let heads = [w.tr("completed"), w.tr("pending"), w.tr("overdue")]
        let names = [w.tr("deadlines"), w.tr("todos"), w.tr("all")]
        let first = max(11, (names.map(DisplayWidth.of).max() ?? 0) + 1)
        let widths = heads.map { DisplayWidth.of($0) + 2 }
        func row(_ cells: [String]) -> String {
            var line = cells[0].padding(first)
            for (i, cell) in cells.dropFirst().enumerated() {
                line += i == cells.count - 2 ? cell : cell.padding(max(widths[i], i == 0 ? 11 : 9))
            }
            return line
        }
        ctx.say(row([""] + heads))
        for (name, c) in zip(names, [stats.deadlines, stats.todos, stats.all]) {
            ctx.say(row([name, String(c.completed), String(c.pending), String(c.overdue)]))
        }
        return 0
    }
}
