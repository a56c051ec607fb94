/// An option as a command declares it, once (`static let due = Opt.option("due", "WHEN", "…")` in
/// the command's `Options`): its spec lists it for parsing, `--help`, the completions and the man
/// page, and the command reads it typed, `a[Options.due]`, so a misspelt one does not compile.
protocol DeclaredOption: Sendable {
    var spec: OptionSpec { get }
}

/// `--json`: read as whether it was given.
struct Flag: DeclaredOption {
    let spec: OptionSpec
    var name: String { spec.name }
}

/// `--due WHEN`: read as the value given (the last, when given twice), or nil.
struct Option: DeclaredOption {
    let spec: OptionSpec
    var name: String { spec.name }
}

/// How options are declared.
enum Opt {
    /// A flag: `--name`, no value.
    static func flag(_ name: String, _ help: String) -> Flag {
        Flag(spec: OptionSpec(name: name, value: nil, help: help))
    }

    /// An option with a value: `--name VALUE`.
    static func option(
        _ name: String, _ value: String, _ help: String, complete: OptionSpec.Complete = .nothing,
        required: Bool = false
    ) -> Option {
        Option(spec: OptionSpec(name: name, value: value, help: help, complete: complete, required: required))
    }
}
