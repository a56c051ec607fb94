import TMinusApp
import TMinusCore

extension Specs {
    /// `tminus completions`.
    static let completions = CommandSpec(
        name: "completions", group: "shell", arguments: "bash|zsh|fish",
        summary: "shell completions (make install puts them in place)",
        text: "Prints completions for the shell: commands, options, formats and families.",
        examples: ["tminus completions bash > ~/.local/share/bash-completion/completions/tminus"],
        run: ShellCommands.completions, readsConfig: false)
}

extension Specs {
    /// `tminus manpage`.
    static let manpage = CommandSpec(
        name: "manpage", group: "shell", summary: "the man page, in roff (make install puts it in place)",
        text: "Prints the man page tminus.1 (man -l <(tminus manpage) reads it).", run: ShellCommands.manpage,
        readsConfig: false)
}

/// `tminus completions bash|zsh|fish` and `tminus manpage`: made from `CommandTable`.
enum ShellCommands {
    static func completions(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "completions")
        try a.expectPositional(
            1...1, command: "completions",
            needs: N_("'completions' needs a shell: bash, zsh or fish; see tminus completions --help"))
        switch a.positional[0] {
        case "bash": ctx.say(Completions.bash)
        case "zsh": ctx.say(Completions.zsh)
        case "fish": ctx.say(Completions.fish)
        default:
            throw .usage(
                tr: "no completions for '%s'; use bash, zsh or fish", "\(Validation.printable(a.positional[0]))")
        }
        return 0
    }

    static func manpage(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "manpage")
        try a.expectPositional(0...0, command: "manpage")
        ctx.say(ManPage.text)
        return 0
    }
}
