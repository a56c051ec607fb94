import TMinusCore
import TMinusIO
import TMinusRender
import TMinusTimeline

/// `tminus show [--format F] [--family small|medium|large] [--deadline REF|next] [--markup pango|none]`:
/// the entry for now, for a bar. Bar-facing: a broken config or summary shows an error entry
/// (and a line on stderr) instead of nothing.
enum ShowCommand {
    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "show")
        try a.expectPositional(0...0, command: "show", usage: "")
        let format = a.value("format") ?? "plain"
        let renderer = try renderer(format)
        let family = try a.value("family").map(Self.family)
        let markup = try a.value("markup").map { (s: String) throws(TMinusError) -> Markup in
            guard let m = Markup(rawValue: s) else { throw .usage("--markup takes pango or none") }
            return m
        }
        if a.flag("follow") {
            return try FollowCommand.run(ctx, format: format, family: family, markup: markup ?? .none, deadline: a.value("deadline"))
        }
        // A click on an i3blocks block runs the command with the button in the environment.
        if format == "i3blocks", let b = ctx.environment["button"].flatMap({ $0.isEmpty ? nil : $0 }) ?? ctx.environment["BLOCK_BUTTON"],
           let button = Int(b), let step = ClickParser.step(button) {
            _ = try CycleCommand.select(ctx, by: step)
        }
        let widget = WidgetInput.load(ctx, deadline: a.value("deadline"))
        let options = RenderOptions(family: family, markup: markup ?? .none, config: widget.config, zone: ctx.zone)
        let rendered = renderer.render(widget.entry(at: ctx.now), options)
        ctx.console.out(rendered.text)
        // The poll path ends here, without taking its data apart: freeing every item of the
        // summary would cost a bar process a tenth of its run (the output is written already).
        // Not when the output is captured: then the caller (a test, `open --notify`) goes on.
        if ctx.console.capture == nil { exit(rendered.exitCode) }
        return rendered.exitCode
    }

    /// The renderer of a `--format` value, or the usage error naming every format.
    static func renderer(_ format: String) throws(TMinusError) -> any Renderer {
        guard let r = Renderers.named(format) else {
            throw .usage("unknown format '\(Validation.printable(format))'; use \(CommandTable.formats.joined(separator: ", "))")
        }
        return r
    }

    /// A `--family` value, or the usage error.
    static func family(_ name: String) throws(TMinusError) -> Family {
        guard let f = Family(rawValue: name) else { throw .usage("unknown family '\(Validation.printable(name))'; use small, medium or large") }
        return f
    }
}
