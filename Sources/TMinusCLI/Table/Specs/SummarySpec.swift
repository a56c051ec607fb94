import TMinusApp
import TMinusCore

extension SummaryCommand {
    /// `summary`'s options, declared once: its spec lists them, `run` reads them (`a[Options.path]`).
    enum Options {
        static let path = Opt.flag("path", "print where it is")
        static let rebuild = Opt.flag("rebuild", "write it anew from the store")
    }
}

private typealias O = SummaryCommand.Options

extension Specs {
    /// `tminus summary`.
    static let summary = CommandSpec(
        name: "summary", group: "files", summary: "the shared summary every widget reads",
        options: [O.path.spec, O.rebuild.spec],
        text:
            "Prints the shared summary (summary.json) that every widget reads. Its format: docs/summary-format.md.",
        run: SummaryCommand.run, changes: true, changesOnlyWith: O.rebuild.name)
}
