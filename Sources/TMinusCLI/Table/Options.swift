/// `--json`, declared with `Opt.flag`: read as whether it was given (`a[Options.json]`).
struct Flag: Sendable {
    let spec: OptionSpec
    var name: String { spec.name }
}

/// `--due WHEN`, declared with `Opt.option`: read as the value given (the last, when given twice),
/// or nil (`a[Options.due]`).
struct Option: Sendable {
    let spec: OptionSpec
    var name: String { spec.name }
}

/// How a command declares an option, once (`static let due = Opt.option("due", "WHEN", "…")` in the
/// command's `Options`): its spec lists it (`options: [O.due.spec, …]`) for parsing, `--help`, the
/// completions and the man page, and the command reads it typed, `a[Options.due]`, so a misspelt
/// one does not compile. (The list holds the specs, not the declarations: an array of two types
/// would cost a bar's every poll the runtime's look-up of its type.)
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
