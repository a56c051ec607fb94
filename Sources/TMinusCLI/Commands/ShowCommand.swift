import TMinusApp
import TMinusCore
import TMinusRender
import TMinusSystem
import TMinusTimeline

extension ShowCommand {
    /// `show`'s options, declared once: its spec lists them, `run` reads them (`a[Options.format]`).
    enum Options {
        static let format = CommandTable.format("the bar's format (default: plain)")
        static let family = CommandTable.family("small, medium or large (default: the format's own)")
        static let deadline = Opt.option("deadline", "REF|next", "show this deadline (beats a click) or the next one")
        static let markup = Opt.option(
            "markup", "MARKUP", "pango: escape data for bars that parse Pango markup",
            complete: .words(["pango", "none"]))
        static let follow = Opt.flag(
            "follow", "stream: a line whenever the display changes, at once when the data changes")
    }
}

private typealias O = ShowCommand.Options

extension Specs {
    /// `tminus show`.
    static let show = CommandSpec(
        name: "show", group: "bars", summary: "the entry for now, in a bar's format",
        options: [O.format.spec, O.family.spec, O.deadline.spec, O.markup.spec, O.follow.spec],
        text: """
            Prints the entry for now, for a bar. Formats: %s.
            A broken config or summary prints an error entry, not nothing. --follow streams
            %s: clicks on stdin (i3bar, i3blocks
            persist) cycle deadlines. Which deadline shows: --deadline REF, else a click (tminus next|prev),
            else the config's deadline, else the next one due. Ready-made bar configs: integrations/.
            """,
        textArguments: { w in
            [
                Renderers.all.map { "\($0.format) (\(w.help($0.about)))" }.joined(separator: "; "),
                Renderers.all.filter(\.streams).map(\.format).joined(separator: ", ")
            ]
        }, examples: ["tminus show --format waybar --follow", "tminus show --format i3blocks --markup pango"],
        run: ShowCommand.run, readsConfig: false)
}

/// `tminus show [--format F] [--family small|medium|large] [--deadline REF|next] [--markup pango|none]`:
/// the entry for now, for a bar. Bar-facing: a broken config or summary shows an error entry
/// (and a line on stderr) instead of nothing.
enum ShowCommand {
    /// Its name, for `CommandTable.early` (which builds no spec): `Specs.show`'s.
    static let name = "show"

    /// A bar's poll answered before the context is made: the kept output of now's interval, when
    /// nothing it read has changed (`WidgetCache`); else the key the full run keeps its outputs
    /// under, with the read log on (it records every file the run reads).
    static func early(_ request: EarlyRequest) -> EarlyAnswer {
        guard WidgetCache.folder(request.environment) != nil,
            let key = cacheKey(request.arguments, request.args, request.environment)
        else { return .run }
        if let hit = WidgetCache.lookup(key: key, now: request.clock(), environment: request.environment) {
            _ = request.console.out(hit.text)
            request.finish?(hit.exitCode)
            return .answered(hit.exitCode)
        }
        ReadLog.entries = [(path: "/proc/self/exe", stamp: FileStamp.of("/proc/self/exe"))]
        return .keep(key)
    }

    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "show")
        try a.expectPositional(0...0, command: "show")
        let format = a[Options.format] ?? "plain"
        let renderer = try renderer(format)
        let family = try a[Options.family].map(Self.family)
        let markup = try a[Options.markup].map { (s: String) throws(TMinusError) -> Markup in
            guard let m = Markup(rawValue: s) else { throw .usage(tr: "--markup takes pango or none") }
            return m
        }
        if a[Options.follow] {
            return try FollowCommand.run(
                ctx, format: format, family: family, markup: markup ?? .none, deadline: a[Options.deadline])
        }
        // A click on an i3blocks block runs the command with the button in the environment.
        if format == "i3blocks",
            let b = ctx.environment["button"].flatMap({ $0.isEmpty ? nil : $0 }) ?? ctx.environment["BLOCK_BUTTON"],
            let button = Int(b)
        {
            try CycleCommand.click(ctx, button: button)
        }
        // (This output and the hour's to come: the summary's far items are not read.)
        let widget = WidgetInput.load(ctx, deadline: a[Options.deadline], near: true)
        var options = RenderOptions(family: family, markup: markup ?? .none, config: widget.config, zone: ctx.zone)
        // A click that runs tminus again runs this binary, by a path a panel's environment finds.
        if renderer.callsBack, let path = OwnExecutable.path(environment: ctx.environment), BarSetup.isSafeCommand(path)
        {
            options.binary = path
        }
        let memo = TodayMemo()
        let entry = widget.entry(at: ctx.now, memo: memo)
        let rendered = renderer.render(entry, options)
        ctx.console.out(rendered.text)
        if let key = ctx.widgetCacheKey, let files = ReadLog.entries {
            ReadLog.entries = nil
            // Kept when it could read everything it needed: this output and the ones to come.
            if widget.problem == nil, let provider = widget.provider,
                WidgetCache.canKeep(files: files, now: ctx.now, environment: ctx.environment)
            {
                let segments = outputsToCome(
                    provider, from: entry, rendered, memo: memo, refresh: widget.refresh, now: ctx.now,
                    showsSeconds: renderer.showsSeconds
                ) { renderer.render($0, options) }
                WidgetCache.keep(segments, key: key, now: ctx.now, files: files, environment: ctx.environment)
            }
        }
        // The poll path ends here, without taking its data apart (`CLI.run`'s `finish`). Not when
        // the output is captured: then the caller (a test, `open --notify`) goes on.
        if ctx.console.capture == nil { ctx.finish?(rendered.exitCode) }
        return rendered.exitCode
    }

    /// The widget cache's key for a poll: the whole command line and the environment tminus reads;
    /// nil when the output must not be kept (a click to act on, a follower, help, a key that
    /// cannot be one line).
    static func cacheKey(_ arguments: [String], _ args: [String], _ environment: Environment) -> [UInt8]? {
        guard !args.contains("--follow"), !args.contains("--help"), !args.contains("-h"),
            (environment["button"] ?? "").isEmpty, (environment["BLOCK_BUTTON"] ?? "").isEmpty
        else { return nil }
        // (Bytes and plain appends: `joined` and String searches resolve generic metadata and
        // walk characters on the poll path.)
        var key: [UInt8] = []
        key.reserveCapacity(1_024)
        for a in arguments.dropFirst() {
            key += a.utf8
            key.append(0x1F)
        }
        for (name, value) in environment.all {
            key.append(0x1E)
            key += name.utf8
            key.append(0x3D)
            key += value.utf8
        }
        return key.contains(0x0A) || key.count > 8_192 ? nil : key
    }

    /// The renderer of a `--format` value, or the usage error naming every format.
    static func renderer(_ format: String) throws(TMinusError) -> any Renderer {
        guard let r = Renderers.named(format) else {
            throw .usage(
                tr: "unknown format '%s'; use %s", Validation.printable(format),
                CommandTable.formats.joined(separator: ", "))
        }
        return r
    }

    /// A `--family` value, or the usage error.
    static func family(_ name: String) throws(TMinusError) -> Family {
        guard let f = Family(rawValue: name) else {
            throw .usage(tr: "unknown family '%s'; use small, medium or large", "\(Validation.printable(name))")
        }
        return f
    }
}
