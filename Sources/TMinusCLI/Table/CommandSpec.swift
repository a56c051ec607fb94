import TMinusApp
import TMinusCore

/// One option of a command: `--name VALUE`, or a flag when `value` is nil (declared with `Opt`).
struct OptionSpec: Sendable {
    /// What completion offers for the value.
    enum Complete: Sendable, Equatable {
        case nothing, file, directory
        case words([String])

        /// How bash, zsh (`_arguments`' action) and fish (`complete` flags) offer it.
        var actions: (bash: String, zsh: String, fish: String) {
            switch self {
            case .words(let w):
                let list = w.joined(separator: " ")
                return (
                    "COMPREPLY=($(compgen -W \(Completions.quote(list)) -- \"$cur\"))", "(\(list))",
                    "-x -a \(Completions.quote(list))"
                )
            case .file: return ("COMPREPLY=($(compgen -f -- \"$cur\"))", "_files", "-r -F")
            case .directory:
                return ("COMPREPLY=($(compgen -d -- \"$cur\"))", "_files -/", "-x -a '(__fish_complete_directories)'")
            case .nothing: return ("COMPREPLY=()", " ", "-x")
            }
        }
    }

    var name: String
    var value: String?
    var help: String
    var complete: Complete = .nothing
    var required = false

    /// `--due WHEN`, `--sort due|created|title|priority`, `--json`.
    var synopsis: String {
        guard let value else { return "--\(name)" }
        if case .words(let w) = complete, w.count <= 5 { return "--\(name) \(w.joined(separator: "|"))" }
        return "--\(name) \(value)"
    }
}

/// One command: everything dispatch, `--help`, the shell completions and the man page need.
/// Each is declared in its command's file in `Commands/`, with the command's `Options` and its
/// `run`; `CommandTable` lists them.
struct CommandSpec: Sendable {
    typealias Run = @Sendable ([String], Context) throws(TMinusError) -> Int32

    var name: String
    var aliases: [String] = []
    /// The overview's section.
    var group: String
    /// The positional arguments, as the usage line shows them (`TITLE`, `REF…`).
    var arguments = ""
    /// One line for the overview and completions.
    var summary: String
    var options: [OptionSpec] = []
    /// `tag add`, `config check`…: each parses its own options.
    var subcommands: [CommandSpec] = []
    /// Paragraphs for `--help` and the man page in English, made when asked for (some name every
    /// format or bar: a bar's `show` finds its spec on every poll and never reads them).
    var text: String { text(.english) }
    /// The paragraphs as the catalogs know them: a literal, with `%s` where `makeArguments` fills in.
    let makeText: @Sendable () -> String
    /// What fills the `%s` of the paragraphs (the formats, the bars), in a language.
    let makeArguments: @Sendable (Words) -> [String]
    var examples: [String] = []
    /// Nil only for subcommands (their parent dispatches).
    var run: Run?
    /// Whether it changes what the bars show (they are signalled after it: config `signals`).
    var changes = false
    /// With `changes`: only when given the flag of this name (`summary --rebuild`: its
    /// `Options.rebuild.name`; plain `summary` prints).
    var changesOnlyWith: String?
    /// Whether a broken config stops it (not for `config`, which fixes it; `show`, which prints an
    /// error entry so the bar never goes blank; `doctor`, which repairs the store whatever the
    /// config says; and those that read no files).
    var readsConfig = true

    init(
        name: String, aliases: [String] = [], group: String, arguments: String = "", summary: String,
        options: [OptionSpec] = [], subcommands: [CommandSpec] = [],
        text: @autoclosure @escaping @Sendable () -> String = "",
        textArguments: @escaping @Sendable (Words) -> [String] = { _ in [] },
        examples: [String] = [], run: Run? = nil, changes: Bool = false, changesOnlyWith: String? = nil,
        readsConfig: Bool = true
    ) {
        self.name = name
        self.aliases = aliases
        self.group = group
        self.arguments = arguments
        self.summary = summary
        self.options = options
        self.subcommands = subcommands
        self.makeText = text
        self.makeArguments = textArguments
        self.examples = examples
        self.run = run
        self.changes = changes
        self.changesOnlyWith = changesOnlyWith
        self.readsConfig = readsConfig
    }

    /// The paragraphs in `w`'s language (English where the catalogs lack them).
    func text(_ w: Words) -> String {
        let arguments = makeArguments(w)
        let template = w.help(makeText())
        return arguments.isEmpty ? template : Catalog.format(template, arguments)
    }

    var flagNames: [String] { options.filter { $0.value == nil }.map(\.name) }
    var optionNames: [String] { options.filter { $0.value != nil }.map(\.name) }

    func subcommand(_ name: String) -> CommandSpec? {
        subcommands.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// `tminus add TITLE --due WHEN [--start WHEN] …`, wrapped at `width` columns.
    func usageLines(prefix: String = "tminus", width: Int = 100) -> [String] {
        if !subcommands.isEmpty {
            return subcommands.flatMap { $0.usageLines(prefix: "\(prefix) \(name)", width: width) }
        }
        var words = ["\(prefix) \(name)"]
        if !arguments.isEmpty { words.append(arguments) }
        for o in options { words.append(o.required ? o.synopsis : "[\(o.synopsis)]") }
        var lines: [String] = []
        var line = ""
        let indent = String(repeating: " ", count: prefix.count + name.count + 2)
        for w in words {
            if line.isEmpty {
                line = w
            } else if line.count + 1 + w.count > width {
                lines.append(line); line = indent + w
            } else {
                line += " " + w
            }
        }
        lines.append(line)
        return lines
    }
}
