import TMinusApp
/// Shell completions made from `CommandTable`: commands, subcommands, options and the values
/// some options take (formats, families, priorities, files).
enum Completions {
    /// The words a positional argument can be (`completions bash|zsh|fish`), else none.
    static func argumentWords(_ c: CommandSpec) -> [String] {
        c.arguments.contains("|") ? c.arguments.split(separator: "|").map(String.init) : []
    }

    /// Single-quoted for any shell: `'it'\''s'`.
    static func quote(_ s: String) -> String { "'" + s.replacing("'", with: #"'\''"#) + "'" }

    /// A short description: up to the first ": ", "; " or " (", no brackets.
    static func short(_ s: String) -> String {
        var text = s
        for stop in [": ", "; ", " ("] { if let r = text.firstRange(of: stop) { text = String(text[..<r.lowerBound]) } }
        text = text.map { $0 == "[" ? "(" : $0 == "]" ? ")" : String($0) }.joined()
        return text.count > 60 ? String(text.prefix(59)) + "…" : text
    }

    // MARK: bash

    static var bash: String {
        func words(_ options: [OptionSpec]) -> String {
            (options.map { "--\($0.name)" } + ["--help"]).joined(separator: " ")
        }
        var valueCases: [String] = []
        var optionCases: [String] = []
        func values(_ path: String, _ options: [OptionSpec]) {
            for o in options where o.value != nil {
                valueCases.append("        \(quote("\(path):--\(o.name)"))) \(o.complete.actions.bash); return ;;")
            }
        }
        values("*", CommandTable.globals)
        for c in CommandTable.all {
            for name in [c.name] + c.aliases {
                values(name, c.options)
                for s in c.subcommands { values("\(name) \(s.name)", s.options) }
                if c.subcommands.isEmpty {
                    let args = argumentWords(c)
                    optionCases.append(
                        "        \(quote(name))) opts=\(quote(words(c.options))); args=\(quote(args.joined(separator: " "))) ;;"
                    )
                } else {
                    optionCases.append(
                        "        \(quote(name))) opts=''; args=\(quote(c.subcommands.map(\.name).joined(separator: " "))) ;;"
                    )
                    for s in c.subcommands {
                        optionCases.append(
                            "        \(quote("\(name) \(s.name)"))) opts=\(quote(words(s.options))); args='' ;;")
                    }
                }
            }
        }
        let globals = CommandTable.globals.map { "--\($0.name)" }.joined(separator: "|")
        let parents = CommandTable.all.filter { !$0.subcommands.isEmpty }.flatMap { [$0.name] + $0.aliases }.joined(
            separator: "|")
        return """
            # bash completion for tminus (made by: tminus completions bash)
            _tminus() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
                local cmd="" i w opts="" args=""
                # The command (and subcommand): the words before the cursor that are not options.
                for ((i = 1; i < COMP_CWORD; i++)); do
                    w=${COMP_WORDS[i]}
                    case $w in
                        \(globals)) ((i++)) ;;
                        --*) ;;
                        *) if [[ -z $cmd ]]; then cmd=$w; elif [[ $cmd =~ ^(\(parents))$ ]]; then cmd="$cmd $w"; fi ;;
                    esac
                done
                if [[ $prev == --* ]]; then
                    case "${cmd:-*}:$prev" in
            \(valueCases.joined(separator: "\n"))
                    esac
                    case "*:$prev" in
            \(valueCases.filter { $0.contains("'*:--") }.joined(separator: "\n"))
                    esac
                fi
                if [[ -z $cmd ]]; then
                    COMPREPLY=($(compgen -W \(quote((CommandTable.names + CommandTable.globals.map { "--\($0.name)" } + ["--help", "--version"]).joined(separator: " "))) -- "$cur"))
                    return
                fi
                case $cmd in
            \(optionCases.joined(separator: "\n"))
                esac
                if [[ $cur == -* ]]; then
                    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
                else
                    COMPREPLY=($(compgen -W "$args" -- "$cur"))
                fi
            }
            complete -F _tminus tminus
            """
    }
}
