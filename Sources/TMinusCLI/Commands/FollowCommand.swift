import TMinusCore
import TMinusIO
import TMinusRender
import TMinusTimeline

/// `tminus show --follow`: stream updates for bars that read a long-running command (Waybar's
/// exec without interval, i3blocks `interval=persist` with `format=json`, i3bar/swaybar's
/// status_command, polybar `tail = true`, plain, json).
enum FollowCommand {
    static func run(_ ctx: Context, format: String, family: Family?, markup: Markup, deadline: String?) throws(TMinusError) -> Int32 {
        guard let framing = StreamFraming.of(format) else {
            throw .usage("--follow streams \(StreamFraming.formats.joined(separator: ", ")); poll \(format) with an interval instead")
        }
        // The summary, the store (a summary it made stale, or a broken store fixed), the state and
        // the config. Their folders may not exist yet, or be deleted and made again.
        var watch: [(directory: String, names: [String])] = [(ctx.home.directory, ["summary.json", "store.json", "state.json"])]
        let configDir = FileIO.directory(of: ctx.home.configPath)
        let configName = FileIO.baseName(of: ctx.home.configPath)
        if configDir == ctx.home.directory { watch[0].names.append(configName) } else { watch.append((configDir, [configName])) }
        // Clicks on stdin: i3bar/swaybar's stream (our blocks are named "tminus"), and i3blocks
        // 1.5's per-block stream. i3blocks 1.4 (it sets BLOCK_NAME but not `name`) hands a
        // persistent block its own stdin, i3bar's stream for every block: reading it would steal
        // other blocks' clicks, so tminus leaves it alone there.
        let i3blocks14 = ctx.environment["BLOCK_NAME"] != nil && ctx.environment["name"] == nil
        let clicks = format == "i3bar" || (format == "i3blocks" && !i3blocks14)
        let blockName = format == "i3blocks" ? (ctx.environment["name"] ?? ctx.environment["BLOCK_NAME"] ?? "tminus") : "tminus"
        var driver = try SystemFollowDriver(offset: ctx.clockOffset, watch: watch, clicks: clicks, blockName: blockName)
        let loop = FollowLoop(
            header: framing.header,
            frame: framing.frame,
            load: {
                let widget = WidgetInput.load(ctx, deadline: deadline)
                let options = RenderOptions(family: family, markup: markup, config: widget.config, zone: ctx.zone)
                return { t in
                    let (entry, next) = widget.entryAndNext(at: t)
                    return (StreamFraming.update(format, entry, options), next)
                }
            },
            click: { button in
                guard let step = ClickParser.step(button) else { return }
                var clickCtx = ctx
                clickCtx.now = CLI.systemNow() + ctx.clockOffset
                _ = try? CycleCommand.select(clickCtx, by: step)
            })
        return loop.run(&driver)
    }
}
