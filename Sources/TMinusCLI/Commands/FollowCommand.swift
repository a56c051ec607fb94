import TMinusApp
import TMinusCore
import TMinusSystem
import TMinusSourcing
import TMinusFollow
import TMinusRender
import TMinusTimeline

/// `tminus show --follow`: stream updates for bars that read a long-running command (Waybar's
/// exec without interval, i3blocks `interval=persist` with `format=json`, i3bar/swaybar's
/// status_command, polybar `tail = true`, plain, json).
enum FollowCommand {
    static func run(_ ctx: Context, format: String, family: Family?, markup: Markup, deadline: String?)
        throws(TMinusError) -> Int32
    {
        guard let framing = StreamFraming.of(format) else {
            throw .usage(
                tr: "--follow streams %s; poll %s with an interval instead",
                StreamFraming.formats.joined(separator: ", "), format)
        }
        // The summary, the store (a summary it made stale, or a broken store fixed), the state and
        // the config. Their folders may not exist yet, or be deleted and made again.
        // The zone file too (a changed zone is used from the next update on).
        let watch = HomeWatch.targets(ctx, homeNames: ["summary.json", "store.json", "state.json"])
        // Clicks on stdin: i3bar/swaybar's stream (our blocks are named "tminus"), and i3blocks
        // 1.5's per-block stream. i3blocks 1.4 (it sets BLOCK_NAME but not `name`) hands a
        // persistent block its own stdin, i3bar's stream for every block: reading it would steal
        // other blocks' clicks, so tminus leaves it alone there.
        let i3blocks14 = ctx.environment["BLOCK_NAME"] != nil && ctx.environment["name"] == nil
        let clicks = format == "i3bar" || (format == "i3blocks" && !i3blocks14)
        let blockName =
            format == "i3blocks" ? (ctx.environment["name"] ?? ctx.environment["BLOCK_NAME"] ?? "tminus") : "tminus"
        // The sources' files and folders too (a vdirsyncer run renames files into a collection).
        let sourceWatch = WatchList()
        // What it writes itself (a summary made current, new handles in the store) wakes nothing.
        let own = OwnWrites()
        OwnWrites.committed = own
        // GNOME's calendars (EDS) say when they change: heard on the session bus.
        let live = EDSLive()
        var driver = try SystemFollowDriver(
            offset: ctx.clockOffset, watch: watch, clicks: clicks, blockName: blockName,
            extra: sourceWatch, own: own, live: live)
        let loop = FollowLoop(
            header: framing.header,
            frame: { framing.frame($0, first: $1) },
            load: {
                let session = FollowSession(ctx, deadline: deadline, live: live)
                sourceWatch.targets = session.ctx.container.sourcing.map(SourceWatch.targets) ?? []
                return { t in
                    // An event's instance is over: its source gives the next one.
                    if let refresh = session.widget.refresh, t >= refresh { session.reload() }
                    let options = RenderOptions(
                        family: family, markup: markup, config: session.widget.config, zone: session.ctx.zone)
                    let (entry, next) = session.widget.entryAndNext(at: t, memo: session.memo)
                    let wake = [next, session.widget.refresh].compactMap { $0 }.min()
                    return (framing.line(entry, options), wake)
                }
            },
            click: { button in
                var clickCtx = ctx
                clickCtx.now = ctx.currentInstant
                try? CycleCommand.click(clickCtx, button: button)
            })
        return loop.run(&driver)
    }
}
