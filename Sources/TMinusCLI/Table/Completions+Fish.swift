import TMinusApp
extension Completions {
    /// For fish: `complete` lines, conditioned on the command (and subcommand) typed so far.
    static var fish: String {
        var lines = [
            "# fish completion for tminus (made by: tminus completions fish)",
            "# The words typed so far that are not options (nor a global option's value).",
            "function __tminus_words",
            "    set -l skip 0",
            "    for t in (commandline -opc)[2..-1]",
            "        if test $skip = 1; set skip 0; continue; end",
            "        switch $t",
            "            case " + CommandTable.globals.map { "--\($0.name)" }.joined(separator: " "),
            "                set skip 1",
            "            case '-*'",
            "            case '*'",
            "                echo $t",
            "        end",
            "    end",
            "end",
            "function __tminus_at -d 'true when the words so far are exactly the arguments'",
            "    set -l w (__tminus_words)",
            "    test (count $w) -eq (count $argv); or return 1",
            "    for i in (seq (count $argv)); test \"$w[$i]\" = \"$argv[$i]\"; or return 1; end",
            "end",
            "function __tminus_in -d 'true when the words so far start with the arguments'",
            "    set -l w (__tminus_words)",
            "    test (count $w) -ge (count $argv); or return 1",
            "    for i in (seq (count $argv)); test \"$w[$i]\" = \"$argv[$i]\"; or return 1; end",
            "end",
            "complete -c tminus -f"
        ]
        func option(_ o: OptionSpec, when condition: String?) -> String {
            var line = "complete -c tminus"
            if let condition { line += " -n \(quote(condition))" }
            line += " -l \(o.name)"
            if o.value != nil { line += " " + o.complete.actions.fish }
            return line + " -d \(quote(short(o.help)))"
        }
        for g in CommandTable.globals { lines.append(option(g, when: nil)) }
        lines.append("complete -c tminus -n '__tminus_at' -l help -d 'show help'")
        lines.append("complete -c tminus -n '__tminus_at' -l version -d 'print the version'")
        for c in CommandTable.all {
            for name in [c.name] + c.aliases {
                lines.append("complete -c tminus -n '__tminus_at' -a \(quote(name)) -d \(quote(short(c.summary)))")
                for o in c.options { lines.append(option(o, when: "__tminus_in \(name)")) }
                let words = argumentWords(c)
                if !words.isEmpty {
                    lines.append(
                        "complete -c tminus -n \(quote("__tminus_at \(name)")) -a \(quote(words.joined(separator: " ")))"
                    )
                }
                for s in c.subcommands {
                    for sub in [s.name] + s.aliases {
                        lines.append(
                            "complete -c tminus -n \(quote("__tminus_at \(name)")) -a \(quote(sub)) -d \(quote(short(s.summary)))"
                        )
                        for o in s.options { lines.append(option(o, when: "__tminus_in \(name) \(sub)")) }
                    }
                }
            }
        }
        return lines.joined(separator: "\n")
    }
}
