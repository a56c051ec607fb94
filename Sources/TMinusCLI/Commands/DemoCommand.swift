import TMinusCore
import TMinusRender
import TMinusTimeline

/// `tminus demo`: every format and family on built-in sample data at a frozen time, so a new
/// user sees everything before adding anything. Reads and writes no files.
enum DemoCommand {
    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "demo")
        try a.expectPositional(0...0, command: "demo", usage: "")
        let now = ctx.now
        let summary = SampleData.summary(now: now, zone: ctx.zone)
        let provider = TimelineProvider(summary: summary, zone: ctx.zone)
        let entry = provider.entry(at: now)
        ctx.say("tminus demo: sample data at \(RFC3339.format(now, offset: ctx.zone.offset(at: now))) (\(ctx.zone.name)); freeze another time with --now")
        ctx.say("")
        for format in Renderers.all {
            for family in Family.allCases {
                let options = RenderOptions(family: family, zone: ctx.zone)
                let r = format.render(entry, options)
                ctx.say("== \(format.format) · \(family.rawValue)" + (r.exitCode != 0 ? " (exit \(r.exitCode))" : ""))
                ctx.say(r.text)
            }
        }
        ctx.say("")
        ctx.say("Add your own: tminus add \"Thesis\" --due 2026-12-01T17:00, then tminus show --format waybar")
        return 0
    }
}
