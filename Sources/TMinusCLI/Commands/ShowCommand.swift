import TMinusCore
import TMinusIO
import TMinusRender
import TMinusTimeline

/// `tminus show [--format F] [--family small|medium|large] [--deadline REF|next] [--markup pango|none]`:
/// the entry for now, for a bar. Bar-facing: a broken config or summary shows an error entry
/// (and a line on stderr) instead of nothing.
enum ShowCommand {
    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "show", flags: ["follow"], options: ["format", "family", "deadline", "markup"])
        try a.expectPositional(0...0, command: "show", usage: "")
        let format = a.value("format") ?? "plain"
        guard let renderer = Renderers.named(format) else {
            throw .usage("unknown format '\(Validation.printable(format))'; use \(Renderers.all.map(\.format).joined(separator: ", "))")
        }
        let family = try a.value("family").map { (s: String) throws(TMinusError) -> Family in
            guard let f = Family(rawValue: s) else { throw .usage("unknown family '\(Validation.printable(s))'; use small, medium or large") }
            return f
        }
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
        return rendered.exitCode
    }
}

/// Everything a bar-facing command reads, loaded once; a problem becomes an error entry.
struct WidgetInput {
    var config: Config
    var provider: TimelineProvider?
    var problem: String?

    static func load(_ ctx: Context, deadline: String?) -> WidgetInput {
        var config = Config()
        do {
            let (c, problems) = try ctx.container.loadConfig()
            if let first = problems.first {
                return failed(ctx, "\(ctx.home.configPath) \(first)", config: c)
            }
            config = c
            if let deadline { config.deadline = deadline == "next" ? .next : .ref(deadline) }
            let summary = try ctx.container.summaryForWidgets(now: ctx.now)
            let provider = TimelineProvider(summary: summary, config: config, state: ctx.container.loadState(), zone: ctx.zone)
            if case .ref(let ref) = config.deadline {
                do throws(TMinusError) { _ = try provider.resolve(ref, in: summary.deadlines) } catch {
                    return failed(ctx, "deadline: \(error.description)", config: config)
                }
            }
            return WidgetInput(config: config, provider: provider)
        } catch {
            return failed(ctx, error.description, config: config)
        }
    }

    static func failed(_ ctx: Context, _ message: String, config: Config) -> WidgetInput {
        ctx.console.err("tminus: " + CLI.oneLine(message))
        return WidgetInput(config: config, provider: nil, problem: message)
    }

    func entry(at t: Instant) -> Entry {
        guard let provider else { return .error(problem ?? "unknown error", at: t) }
        return provider.entry(at: t)
    }

    /// The entry at `t` and the date of the next one (nil: nothing changes until the data does).
    func entryAndNext(at t: Instant) -> (Entry, Instant?) {
        guard let provider else { return (.error(problem ?? "unknown error", at: t), nil) }
        let e = provider.entry(at: t)
        return (e, provider.nextChange(after: t, current: e))
    }
}
