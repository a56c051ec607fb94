import TMinusApp
import TMinusCore
import TMinusRender

/// Every command, listed by group: the one place dispatch, `--help`, the shell completions
/// (`tminus completions`) and the man page (`tminus manpage`) find them. Each command's spec (its
/// options, help text and examples) is in its command's file in `Commands/`, beside its `run`; the
/// options and help lines several share are in `SharedOptions.swift`.
enum CommandTable {
    static let groups = ["items", "reminders and links", "bars", "files", "shell"]

    static let all: [CommandSpec] = items + reminders + bars + barSetup + files + shell

    /// Every command's name and aliases.
    static var names: [String] { all.flatMap { [$0.name] + $0.aliases } }

    /// A command by name or alias, looked up group by group with the bars' first: each group is
    /// built when first asked for, so a bar's `show` builds only its own group's specs, not every
    /// command's help.
    static func named(_ name: String) -> CommandSpec? {
        func find(_ group: [CommandSpec]) -> CommandSpec? {
            group.first { $0.name == name || $0.aliases.contains(name) }
        }
        return find(bars) ?? find(items) ?? find(reminders) ?? find(files) ?? find(shell) ?? find(barSetup)
    }

    /// The early answer of a command that can answer before its context is made (`EarlyAnswer`),
    /// found by the command's name without building any spec, so a bar's kept poll builds none
    /// (docs/widget-cache.md).
    static func early(_ name: String, _ request: @autoclosure () -> EarlyRequest) -> EarlyAnswer {
        if name == ShowCommand.name { return ShowCommand.early(request()) }
        return .run
    }

    /// A command's spec, or a subcommand's (`"tag add"`), for argument parsing.
    static func spec(_ path: String) -> CommandSpec {
        let parts = path.split(separator: " ").map(String.init)
        guard let top = named(parts[0]) else { preconditionFailure("no command \(path) in CommandTable") }
        guard parts.count > 1 else { return top }
        guard let sub = top.subcommand(parts[1]) else { preconditionFailure("no subcommand \(path) in CommandTable") }
        return sub
    }

    /// `parent`'s subcommand named by `raw`'s first word, or the usage error a user sees.
    static func subcommand(of parent: String, _ raw: [String]) throws(TMinusError) -> CommandSpec {
        let names = spec(parent).subcommands.map(\.name)
        let choices = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
        guard let name = raw.first else {
            throw .usage(tr: "'%s' needs %s; see tminus %s --help", "\(parent)", "\(choices)", "\(parent)")
        }
        guard let sub = spec(parent).subcommand(name) else {
            if let typed = CommandWords.suggestion(name, Array(raw.dropFirst()), parent: parent, subcommands: names) {
                throw .usage(
                    tr: "unknown %s command '%s'; did you mean: %s", "\(parent)", "\(Validation.printable(name))",
                    "\(typed)")
            }
            throw .usage(
                tr: "unknown %s command '%s'; use %s", "\(parent)", "\(Validation.printable(name))", "\(choices)")
        }
        return sub
    }

    static let items: [CommandSpec] = [
        Specs.add, Specs.todo, Specs.list, Specs.cal, Specs.item, Specs.agenda, Specs.done, Specs.undo, Specs.rm,
        Specs.edit, Specs.tag, Specs.stats, Specs.sources
    ]

    static let reminders: [CommandSpec] = [Specs.remind, Specs.notify, Specs.share, Specs.open]

    static let bars: [CommandSpec] = [
        Specs.show, Specs.timeline, Specs.next, Specs.prev, Specs.board, Specs.menu, Specs.scroll, Specs.demo
    ]

    /// Shown with the bars, but built only when asked for: their texts are made from the bar
    /// set-ups, which a bar's `show` (which looks in `bars` first) has no use for.
    static let barSetup: [CommandSpec] = [Specs.privacy, Specs.setup]

    static let files: [CommandSpec] = [Specs.summary, Specs.config, Specs.doctor]

    static let shell: [CommandSpec] = [Specs.completions, Specs.manpage]
}

/// Each command's spec, in its command's file (`Commands/AddCommand.swift`: `Specs.add`, with the
/// command's `Options` and its `run`).
enum Specs {}
