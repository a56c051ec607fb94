import TMinusApp
import TMinusCore

/// Help text, made from `CommandTable`: an overview and one page per command, in the user's
/// language where the catalogs have it (the summaries, each command's paragraphs, the options'
/// descriptions, the headings and the closing lines). The man page and the shell completions are
/// English.
enum Help {
    static let version = "0.1.0"

    /// The overview in English.
    static var overview: String { overview(.english) }

    /// The overview in `w`'s language.
    static func overview(_ w: Words) -> String {
        var lines = [
            w.trc("--help", "tminus: the countdown to your next deadline, and today's todos, in your status bar."),
            "",
            w.trc("--help", "usage:") + " tminus "
                + CommandTable.globals.map { "[\($0.synopsis)]" }.joined(separator: " ")
                + " COMMAND [options]"
        ]
        for group in CommandTable.groups {
            lines += ["", groupName(group, w) + ":"]
            for c in CommandTable.all where c.group == group {
                var head = [c.name]
                if !c.subcommands.isEmpty { head.append(c.subcommands.map(\.name).joined(separator: "|")) }
                if !c.arguments.isEmpty { head.append(c.arguments) }
                head += c.options.filter(\.required).map(\.synopsis)
                let text = head.joined(separator: " ")
                lines.append("  " + text.padding(27) + (text.count >= 27 ? "  " : "") + w.help(c.summary))
            }
        }
        lines += [
            "", w.help(CommandTable.whenHelp), w.help(CommandTable.refHelp), w.help(CommandTable.exitHelp),
            w.trc("--help", "Run tminus COMMAND --help for one command; tminus --version (or -V) prints the version.")
        ]
        return lines.joined(separator: "\n")
    }

    /// A group of the overview in `w`'s language.
    static func groupName(_ group: String, _ w: Words) -> String {
        switch group {
        case "items": w.trc("--help", "items")
        case "reminders and links": w.trc("--help", "reminders and links")
        case "bars": w.trc("--help", "bars")
        case "files": w.trc("--help", "files")
        case "shell": w.trc("--help", "shell")
        default: group
        }
    }

    /// An option's description in `w`'s language (a `--color`'s in its two parts).
    static func optionHelp(_ help: String, _ w: Words) -> String {
        guard help.hasPrefix(CommandTable.colorHelp) else { return w.help(help) }
        return w.help(CommandTable.colorHelp) + w.help(String(help.dropFirst(CommandTable.colorHelp.count)))
    }

    /// One command's page in English.
    static func page(_ c: CommandSpec) -> String { page(c, .english) }

    /// One command's page: usage, what it does, its options, examples (headings and the
    /// subcommands' summaries in `w`'s language).
    static func page(_ c: CommandSpec, _ w: Words) -> String {
        var lines = c.usageLines()
        let usage = w.trc("--help", "usage:") + " "
        let indent = String(repeating: " ", count: DisplayWidth.of(usage))
        lines[0] = usage + lines[0]
        for i in lines.indices.dropFirst() { lines[i] = indent + lines[i] }
        if !c.aliases.isEmpty {
            lines.append(
                indent + Catalog.format(w.trc("--help", "(also: %s)"), ["tminus " + c.aliases.joined(separator: ", ")]))
        }
        lines += ["", c.text(w)]
        let options = c.options + c.subcommands.flatMap(\.options)
        if !c.subcommands.isEmpty {
            lines +=
                ["", w.trc("--help", "commands:")]
                + c.subcommands.map { "  " + $0.name.padding(22) + w.help($0.summary) }
        }
        if !options.isEmpty {
            var seen: [String] = []
            let width = (options.map(\.synopsis.count).max() ?? 0) + 2
            lines += ["", w.trc("--help", "options:")]
            for o in options where !seen.contains(o.synopsis) {
                seen.append(o.synopsis)
                lines.append("  " + o.synopsis.padding(width) + optionHelp(o.help, w))
            }
        }
        if !c.examples.isEmpty { lines += ["", w.trc("--help", "examples:")] + c.examples.map { "  " + $0 } }
        return lines.joined(separator: "\n")
    }
}
