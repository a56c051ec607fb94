import TMinusApp
import TMinusCore
import TMinusRender

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
