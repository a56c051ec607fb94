import TMinusApp
import TMinusCore

/// A command's arguments after parsing: positionals, flags given, and option values.
struct Arguments {
    var positional: [String] = []
    // Lists, not Set/Dictionary: the poll path parses arguments too (see `Environment`).
    var flags: [String] = []
    var values: [(String, String)] = []
    var help = false
    /// The options the command declares (a debug build stops one that reads another's).
    var declared: [String] = []

    /// Whether the flag was given: `a[Options.json]`.
    subscript(_ flag: Flag) -> Bool {
        assert(declared.contains(flag.name), "--\(flag.name) is not an option of this command")
        return flags.contains(flag.name)
    }

    /// The option's value (the last, when given twice), or nil: `a[Options.due]`.
    subscript(_ option: Option) -> String? {
        assert(declared.contains(option.name), "--\(option.name) is not an option of this command")
        return values.last { $0.0 == option.name }?.1
    }
    /// The names of the flags and options given, in order.
    var given: [String] { flags + values.map(\.0) }

    /// Parses `args` for a command of `CommandTable` (`"add"`, or a subcommand: `"tag add"`): its
    /// flags take no value, its options one each. `--name=value` works too; `--` ends options.
    /// Unknown options are usage errors.
    static func parse(_ args: [String], command path: String) throws(TMinusError) -> Arguments {
        let spec = CommandTable.spec(path)
        let command = String(path.prefix { $0 != " " })
        let flags = spec.flagNames, options = spec.optionNames
        var out = Arguments()
        #if DEBUG
            out.declared = flags + options
        #endif
        var i = 0
        while i < args.count {
            let arg = args[i]
            i += 1
            if arg == "--" {
                out.positional += args[i...]
                break
            }
            if arg == "-h" || arg == "--help" { out.help = true; continue }
            guard arg.hasPrefix("--") && arg.count > 2 else {
                out.positional.append(arg)
                continue
            }
            var name = String(arg.dropFirst(2))
            var inline: String?
            if let eq = name.firstIndex(of: "=") {
                inline = String(name[name.index(after: eq)...])
                name = String(name[..<eq])
            }
            if flags.contains(name) {
                guard inline == nil else {
                    throw .usage(tr: "--%s takes no value; see tminus %s --help", name, command)
                }
                if !out.flags.contains(name) { out.flags.append(name) }
            } else if options.contains(name) {
                if let inline {
                    out.values.append((name, inline))
                } else {
                    guard i < args.count else {
                        throw .usage(tr: "--%s needs a value; see tminus %s --help", name, command)
                    }
                    out.values.append((name, args[i]))
                    i += 1
                }
            } else {
                let known = (flags + options).sorted()
                let shown = Validation.printable(name)
                if let near = Suggest.closest(name, among: known) {
                    throw .usage(
                        tr: "unknown option --%s for '%s'; did you mean --%s? see tminus %s --help", shown, command,
                        near,
                        command)
                }
                throw .usage(tr: "unknown option --%s for '%s'; see tminus %s --help", shown, command, command)
            }
        }
        return out
    }

    /// Rejects more positionals than `max`.
    func expectPositional(_ range: ClosedRange<Int>, command: String) throws(TMinusError) {
        precondition(range.lowerBound == 0, "\(command): a command that needs words says which (needs:)")
        try expectPositional(range, command: command) {}
    }

    /// `expectPositional` where too few words is the catalog's `needs` (the whole line, marked
    /// with `N_`: "'add' needs a title and --due, e.g. …; see tminus add --help"), filled by
    /// `arguments`, in the user's language.
    func expectPositional(
        _ range: ClosedRange<Int>, command: String, needs: StaticString, _ arguments: String...
    ) throws(TMinusError) {
        try expectPositional(range, command: command) { () throws(TMinusError) in
            throw .usage(tr: needs, arguments: arguments)
        }
    }

    private func expectPositional(
        _ range: ClosedRange<Int>, command: String, tooFew: () throws(TMinusError) -> Void
    ) throws(TMinusError) {
        guard range.contains(positional.count) else {
            if positional.count < range.lowerBound { try tooFew() }
            let extra = Validation.printable(positional[range.upperBound])
            // A command that takes no words: a hint to quote a title would fail itself.
            if range.upperBound == 0 {
                throw .usage(tr: "'%s' takes no arguments ('%s'); see tminus %s --help", command, extra, command)
            }
            throw .usage(
                tr: "too many arguments for '%s' ('%s'); quote a title with spaces, e.g. tminus %s \"Buy milk\"",
                command,
                extra, command)
        }
    }
}
