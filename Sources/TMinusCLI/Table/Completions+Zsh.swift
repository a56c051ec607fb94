import TMinusApp
extension Completions {
    /// For zsh's compsys: `#compdef tminus`, loaded by `compinit` from a directory in `fpath`.
    static var zsh: String {
        func spec(_ o: OptionSpec) -> String {
            let head = "--\(o.name)[\(short(o.help))]"
            guard let value = o.value else { return quote(head) }
            return quote("\(head):\(value.lowercased()):\(o.complete.actions.zsh)")
        }
        func arguments(_ c: CommandSpec, indent: String) -> String {
            var parts = c.options.map(spec) + [quote("--help[show help]")]
            let words = argumentWords(c)
            if !words.isEmpty {
                parts.append(quote("1:\(c.arguments):(\(words.joined(separator: " ")))"))
            } else if !c.arguments.isEmpty {
                parts.append(quote("*: :"))
            }
            return indent + "_arguments -s " + parts.joined(separator: " \\\n\(indent)  ")
        }
        func described(_ list: [CommandSpec]) -> String {
            list.flatMap { c in ([c.name] + c.aliases).map { quote("\($0):\(short(c.summary))") } }.joined(
                separator: " ")
        }
        var cases: [String] = []
        for c in CommandTable.all {
            let names = ([c.name] + c.aliases).joined(separator: "|")
            if c.subcommands.isEmpty {
                cases.append("    (\(names))\n\(arguments(c, indent: "      "))\n      ;;")
            } else {
                var sub = "    (\(names))\n      if (( CURRENT == 2 )); then\n"
                sub += "        local -a subcommands=(\(described(c.subcommands)))\n"
                sub += "        _describe -t commands 'tminus \(c.name) command' subcommands\n      else\n"
                sub += "        shift words; (( CURRENT-- ))\n        case $words[1] in\n"
                for s in c.subcommands {
                    sub +=
                        "        (\(([s.name] + s.aliases).joined(separator: "|")))\n\(arguments(s, indent: "          "))\n          ;;\n"
                }
                sub += "        esac\n      fi\n      ;;"
                cases.append(sub)
            }
        }
        return """
            #compdef tminus
            # zsh completion for tminus (made by: tminus completions zsh)
            _tminus() {
              local curcontext="$curcontext" state line
              local -a commands=(\(described(CommandTable.all)))
              _arguments -C \(CommandTable.globals.map(spec).joined(separator: " ")) \\
                '(- *)--help[show help]' '(- *)--version[print the version]' \\
                '1:command:->command' '*::arg:->args'
              case $state in
              (command) _describe -t commands 'tminus command' commands ;;
              (args)
                case $words[1] in
            \(cases.joined(separator: "\n"))
                esac
                ;;
              esac
            }
            _tminus "$@"
            """
    }
}
