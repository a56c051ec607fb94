import TMinusApp
import TMinusCore
import TMinusSystem

extension SummaryCommand {
    /// `summary`'s options, declared once: its spec lists them, `run` reads them (`a[Options.path]`).
    enum Options {
        static let path = Opt.flag("path", "print where it is")
        static let rebuild = Opt.flag("rebuild", "write it anew from the store")
    }
}

private typealias O = SummaryCommand.Options

extension Specs {
    /// `tminus summary`.
    static let summary = CommandSpec(
        name: "summary", group: "files", summary: "the shared summary every widget reads",
        options: [O.path.spec, O.rebuild.spec],
        text:
            "Prints the shared summary (summary.json) that every widget reads. Its format: docs/summary-format.md.",
        run: SummaryCommand.run, changes: true, changesOnlyWith: O.rebuild.name)
}

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
