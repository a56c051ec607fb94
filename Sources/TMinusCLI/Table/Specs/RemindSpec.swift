import TMinusApp
import TMinusCore

extension RemindCommand {
    /// `remind`'s options, declared once: its spec lists them, `run` reads them (`a[Options.in]`).
    enum Options {
        static let `in` = Opt.option("in", "D", "in this long: 10m, +10m, 10 minutes, 2h, 1d (WHEN's relative forms)")
        static let at = Opt.option("at", "WHEN", "at this time")
        static let note = CommandTable.note
        static let tag = CommandTable.tag
        static let again = Opt.option("again", "REF", "send REF's reminder again now (or, with --in, arm it again)")
    }
}

private typealias O = RemindCommand.Options

extension Specs {
    /// `tminus remind`.
    static let remind = CommandSpec(
        name: "remind", group: "reminders and links", arguments: "TEXT",
        summary: "a quick reminder (or remind --again REF)",
        options: [O.in.spec, O.at.spec, O.note.spec, O.tag.spec, O.again.spec],
        text: """
            A quick reminder: a todo with a reminder in D (10m, 2h, 1d, 90s) or at WHEN. --again sends
            REF's reminder again now (or arms it again in D). tminus notify sends reminders; list
            --reminders reviews them.
            """,
        examples: [
            #"tminus remind "Call the dentist" --in 15m"#,
            #"tminus remind "Train to Lisbon" --at 2026-12-04T07:30"#,
            "tminus remind --again 4 --in 1h"
        ], run: RemindCommand.run, changes: true)
}
