import TMinusApp
import TMinusCore
import TMinusSystem

/// `tminus summary [--path|--rebuild]`: print, locate or rebuild the shared summary.
enum SummaryCommand {
    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "summary")
        try a.expectPositional(0...0, command: "summary")
        if a[Options.path] {
            ctx.say(ctx.home.summaryPath)
            return 0
        }
        if a[Options.rebuild] || !FileIO.exists(ctx.home.summaryPath) {
            try ctx.container.rebuildSummary(now: ctx.now)
        }
        guard let summary = try ctx.container.loadSummary() else {
            throw .failure(tr: "no summary at %s", "\(ctx.home.summaryPath)")
        }
        ctx.say(JSONWriter.pretty(summary.json()))
        return 0
    }
}
