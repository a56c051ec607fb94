import TMinusApp
import TMinusCore

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
