import TMinusApp
import TMinusCore
import TMinusRender
import TMinusSystem
import TMinusTimeline

extension DemoCommand {
    /// `demo`'s options, declared once: its spec lists them, `run` reads them (`a[Options.format]`).
    enum Options {
        static let format = CommandTable.format("only this format")
        static let family = CommandTable.family("only this family")
    }
}

private typealias O = DemoCommand.Options

extension Specs {
    /// `tminus demo`.
    static let demo = CommandSpec(
        name: "demo", group: "bars", summary: "every format on sample data",
        options: [O.format.spec, O.family.spec],
        text:
            "Every format and family on built-in sample data at a frozen time (--now to pick it); reads and writes no files.",
        examples: ["tminus demo --format waybar"], run: DemoCommand.run, readsConfig: false)
}

/// `tminus demo [--format F] [--family F]`: every state (normal, warning, critical, over, no
/// deadlines) in every format and family on built-in sample data at a frozen time, so a new
/// user sees everything before adding anything. Reads and writes no files.
enum DemoCommand {
    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "demo")
        try a.expectPositional(0...0, command: "demo")
        let renderers =
            try a[Options.format].map { (f: String) throws(TMinusError) in [try ShowCommand.renderer(f)] }
            ?? Renderers.all
        let families =
            try a[Options.family].map { (f: String) throws(TMinusError) in [try ShowCommand.family(f)] }
            ?? Family.allCases
        let w = ctx.words
        if !onPath(ctx.environment) {
            ctx.say(
                w.tr(
                    "(tminus is not on your PATH yet: make install PREFIX=~/.local puts it in ~/.local/bin; see docs/install.md)"
                ))
        }
        let now = ctx.now
        ctx.say(
            Catalog.format(
                w.tr("tminus demo: sample data at %s (%s); freeze another time with --now"),
                [RFC3339.format(now, offset: ctx.zone.offset(at: now)), ctx.zone.name]))
        for (state, at, summary) in moments(now: now, zone: ctx.zone, words: w) {
            // The sample in the user's language and clock (the config's other keys are not the sample's).
            var config = Config()
            config.clock = ctx.clock
            config.speak(ctx.words)
            let entry = TimelineProvider(summary: summary, config: config, zone: ctx.zone).entry(at: at)
            ctx.say("")
            ctx.say(
                Catalog.format(
                    w.trc("demo: a deadline's state, and when", "# %s at %s"), [state, ctx.describe(.instant(at))]))
            for format in renderers {
                // Families that render alike (json carries all three) are shown once.
                var shown: [(families: [String], r: Rendered)] = []
                for family in families {
                    let r = format.render(entry, RenderOptions(family: family, zone: ctx.zone))
                    if let i = shown.firstIndex(where: { $0.r == r }) {
                        shown[i].families.append(family.rawValue)
                    } else {
                        shown.append(([family.rawValue], r))
                    }
                }
                for (names, r) in shown {
                    ctx.say(
                        "== \(format.format) · \(names.joined(separator: ", "))"
                            + (r.exitCode != 0 ? Catalog.format(w.tr(" (exit %s)"), [String(r.exitCode)]) : ""))
                    ctx.say(r.text)
                }
            }
        }
        ctx.say("")
        ctx.say(
            Catalog.format(
                w.tr("Add your own: tminus add \"%s\" --due %s, then tminus show --format waybar"),
                [w.trc("sample data", "Thesis"), ctx.exampleDue]))
        return 0
    }

    /// Each state of the first sample deadline (by its config name), at a moment inside it; then
    /// no deadlines at all.
    static func moments(now: Instant, zone: Zone, words: Words = .english) -> [(String, Instant, Summary)] {
        let summary = SampleData.summary(now: now, zone: zone, words: words)
        let config = Config()
        guard let due = summary.deadlines.first?.due?.instant(in: zone) else { return [] }
        var none = summary
        none.deadlines = []
        return [
            ("normal", now, summary),
            ("warning", due - (config.warning + config.critical) / 2, summary),
            ("critical", due - config.critical / 2, summary),
            ("over", due + 60, summary),
            (words.tr("no deadlines"), now, none)
        ]
    }

    /// Whether a `tminus` is found on PATH.
    static func onPath(_ environment: Environment) -> Bool {
        ChildProcess.which("tminus", environment: environment) != nil
    }
}
