import TMinusApp
import TMinusCore
import TMinusTimeline

extension TimelineCommand {
    /// `timeline`'s options, declared once: its spec lists them, `run` reads them (`a[Options.from]`).
    enum Options {
        static let from = Opt.option("from", "WHEN", "the first entry's date (default: now)")
        static let until = Opt.option("until", "WHEN", "no entries after this")
        static let limit = Opt.option("limit", "N", "at most N entries (default 10,000)")
        static let deadline = Opt.option("deadline", "REF|next", "the deadline to follow")
    }
}

private typealias O = TimelineCommand.Options

extension Specs {
    /// `tminus timeline`.
    static let timeline = CommandSpec(
        name: "timeline", group: "bars", summary: "the timeline as JSON",
        options: [O.from.spec, O.until.spec, O.limit.spec, O.deadline.spec],
        text: """
            Prints the timeline as one JSON object: entries (date, state, deadline, todos, small, medium,
            large), policy (atEnd, after, never) and reloadAt.
            """, examples: ["tminus timeline --limit 3"], run: TimelineCommand.run)
}

/// `tminus timeline [--from WHEN] [--until WHEN] [--limit N] [--deadline REF|next]`: the timeline
/// as JSON (docs/timeline.md), written an entry at a time so a long one is never held whole.
enum TimelineCommand {
    static let defaultLimit = 10_000

    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "timeline")
        try a.expectPositional(0...0, command: "timeline")
        let from =
            try a[Options.from].map { (s: String) throws(TMinusError) in try ctx.when(s).startInstant(in: ctx.zone) }
            ?? ctx.now
        let until = try a[Options.until].map { (s: String) throws(TMinusError) in
            try ctx.when(s).startInstant(in: ctx.zone)
        }
        var limit = defaultLimit
        if let l = a[Options.limit] {
            guard let n = Int(l), n > 0 else {
                throw .usage(tr: "--limit takes a whole number above 0, not '%s'", "\(Validation.printable(l))")
            }
            limit = n
        }
        if let until, until < from { throw .usage(tr: "--until is before --from") }
        let (config, provider, _) = try WidgetInput.make(ctx, deadline: a[Options.deadline])
        var writer = TimelineJSONWriter(zone: ctx.zone, maxTodos: config.maxTodos)
        var out = BufferedOutput(console: ctx.console)
        out.write(#"{"entries":["#)
        var first = true
        let policy = provider.timeline(from: from, until: until, limit: limit) { entry in
            if !first { out.write(",") }
            first = false
            out.write(JSONWriter.compact(writer.entry(entry)))
        }
        out.write(
            #"],"policy":"# + JSONWriter.compact(.string(TimelineJSONWriter.name(policy))) + #","reloadAt":"#
                + JSONWriter.compact(TimelineJSONWriter.reloadAt(policy, zone: ctx.zone)) + "}\n")
        out.flush()
        return 0
    }
}
