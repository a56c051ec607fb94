import TMinusApp
/// Help text, made from `CommandTable`: an overview and one page per command.
enum Help {
    static let version = "0.1.0"

    static var overview: String {
        var lines = [
            "tminus: the countdown to your next deadline, and today's todos, in your status bar.",
            "",
            "usage: tminus " + CommandTable.globals.map { "[\($0.synopsis)]" }.joined(separator: " ")
                + " COMMAND [options]"
        ]
        for group in CommandTable.groups {
            lines += ["", "\(group):"]
            for c in CommandTable.all where c.group == group {
                var head = [c.name]
                if !c.subcommands.isEmpty { head.append(c.subcommands.map(\.name).joined(separator: "|")) }
                if !c.arguments.isEmpty { head.append(c.arguments) }
                head += c.options.filter(\.required).map(\.synopsis)
                let text = head.joined(separator: " ")
                lines.append("  " + text.padding(27) + (text.count >= 27 ? "  " : "") + c.summary)
            }
        }
        lines += [
            "", CommandTable.whenHelp, CommandTable.refHelp, CommandTable.exitHelp,
            "Run tminus COMMAND --help for one command; tminus --version (or -V) prints the version."
        ]
        return lines.joined(separator: "\n")
    }

    /// One command's page: usage, what it does, its options, examples.
    static func page(_ c: CommandSpec) -> String {
        var lines = c.usageLines()
        lines[0] = "usage: " + lines[0]
        for i in lines.indices.dropFirst() { lines[i] = "       " + lines[i] }
        if !c.aliases.isEmpty { lines.append("       (also: tminus \(c.aliases.joined(separator: ", ")))") }
        lines += ["", c.text]
        let options = c.options + c.subcommands.flatMap(\.options)
        if !c.subcommands.isEmpty {
            lines += ["", "commands:"] + c.subcommands.map { "  " + $0.name.padding(22) + $0.summary }
        }
        if !options.isEmpty {
            var seen: [String] = []
            let width = (options.map(\.synopsis.count).max() ?? 0) + 2
            lines += ["", "options:"]
            for o in options where !seen.contains(o.synopsis) {
                seen.append(o.synopsis)
                lines.append("  " + o.synopsis.padding(width) + o.help)
            }
        }
        if !c.examples.isEmpty { lines += ["", "examples:"] + c.examples.map { "  " + $0 } }
        return lines.joined(separator: "\n")
    }
}
