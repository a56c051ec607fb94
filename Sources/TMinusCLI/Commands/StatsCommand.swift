import TMinusApp
import TMinusCore
import TMinusIO

/// `tminus stats [--json]`: completed, pending and overdue.
enum StatsCommand {
    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "stats")
        try a.expectPositional(0...0, command: "stats", usage: "")
        let fromSources = try ctx.container.sourceItems(now: ctx.now)
        let snapshot = try ctx.container.snapshot()
        let counts = try snapshot.history.counts()
        let stats = Stats(
            open: snapshot.store.items + fromSources, completedDeadlines: counts.deadlines,
            completedTodos: counts.todos,
            now: ctx.now, zone: ctx.zone)
        if a.flag("json") {
            ctx.say(JSONWriter.pretty(stats.json()))
            return 0
        }
        func row(_ name: String, _ c: Stats.Counts) -> String {
            "\(name.padding(10)) \(String(c.completed).padding(10)) \(String(c.pending).padding(8)) \(c.overdue)"
        }
        ctx.say("           completed  pending  overdue")
        ctx.say(row("deadlines", stats.deadlines))
        ctx.say(row("todos", stats.todos))
        ctx.say(row("all", stats.all))
        return 0
    }
}
