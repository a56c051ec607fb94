import TMinusApp
import TMinusCore

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
