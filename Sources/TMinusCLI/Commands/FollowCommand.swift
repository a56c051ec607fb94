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
        // The home must exist to be watched; the config's directory is watched when it exists.
        try FileIO.makeDirectory(ctx.home.directory)
        var watch: [String: Set<String>] = [ctx.home.directory: ["summary.json", "state.json"]]
        let configName = ctx.home.configPath.split(separator: "/").last.map(String.init) ?? "config.json"
        watch[FileIO.directory(of: ctx.home.configPath), default: []].insert(configName)
        var driver = try SystemFollowDriver(offset: ctx.clockOffset, watch: watch, clicks: format == "i3blocks" || format == "i3bar")
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
