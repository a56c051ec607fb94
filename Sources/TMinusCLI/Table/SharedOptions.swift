import TMinusApp
import TMinusCore
import TMinusRender

/// Options every command takes, before or after its name (`CLI.globals` reads them).
enum GlobalOptions {
    static let home = Opt.option(
        "home", "DIR", "the data directory (default: $TMINUS_HOME, else $XDG_DATA_HOME/tminus)",
        complete: .directory)
    static let config = Opt.option(
        "config", "FILE", "the config file (default: $XDG_CONFIG_HOME/tminus/config.json)", complete: .file)
    static let now = Opt.option(
        "now", "WHEN",
        "freeze the clock's starting point (it runs on from there), for demos and tests (default: $TMINUS_NOW, else the clock)"
    )
}

extension CommandTable {
    /// Options every command takes, before or after its name. (Their specs listed one by one: a bar's
    /// every poll reads this list, and an array of the declarations would cost it a type's metadata.)
    static let globals: [OptionSpec] = [GlobalOptions.home.spec, GlobalOptions.config.spec, GlobalOptions.now.spec]

    // Options several commands share, declared once (each command's `Options` names them).
    static let note = Opt.option("note", "TEXT", "a note (shown in the tooltip)")
    static let tag = Opt.option(
        "tag", "NAME", "a tag (its colour shows in list, agenda and cal, and in the bar with \"colorBy\": \"tag\")")
    static let priority = Opt.option("priority", "P", "a todo's priority", complete: .words(priorities))
    static let json = Opt.flag("json", "as JSON")
    static let repeatOption = Opt.option(
        "repeat", "RULE", "daily, weekdays, weekly, monthly, yearly, 'every 2 weeks', an RRULE, or none")
    static func format(_ help: String) -> Option { Opt.option("format", "F", help, complete: .words(formats)) }
    static func family(_ help: String) -> Option { Opt.option("family", "FAMILY", help, complete: .words(families)) }
    /// `--color auto|always|never`: auto colours on a terminal unless NO_COLOR is set.
    static func colorOption(_ what: String) -> Option {
        Opt.option("color", "WHEN", colorHelp + what, complete: .words(["auto", "always", "never"]))
    }
    /// The start of every `--color`'s description (Help translates it and the rest apart).
    static let colorHelp = "colours (auto: on a terminal, unless NO_COLOR is set): "

    static let formats = Renderers.all.map(\.format)
    static let families = ["small", "medium", "large"]
    static let priorities = ["high", "medium", "low", "none"]
    static let whenHelp =
        "WHEN: 2026-12-01 (a whole day), 2026-12-01T17:00, 17:00, 5pm, today, tomorrow, fri, next week, tomorrow 5pm, +90m, +3h, +2d, +1w"
    static let refHelp = "REF: a number from tminus list, an id prefix (4+ hex digits), or the exact title"
    static let exitHelp = "Exit: 0 ok, 1 failure (I/O, unreadable file), 2 usage or validation error."
}
