import TMinusApp
import TMinusCore

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
