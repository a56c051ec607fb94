import TMinusApp
import TMinusCore

/// `tminus completions bash|zsh|fish` and `tminus manpage`: made from `CommandTable`.
enum ShellCommands {
    static func completions(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "completions")
        try a.expectPositional(1...1, command: "completions", usage: "a shell: bash, zsh or fish")
        switch a.positional[0] {
        case "bash": ctx.say(Completions.bash)
        case "zsh": ctx.say(Completions.zsh)
        case "fish": ctx.say(Completions.fish)
        default: throw .usage("no completions for '\(Validation.printable(a.positional[0]))'; use bash, zsh or fish")
        }
        return 0
    }

    static func manpage(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "manpage")
        try a.expectPositional(0...0, command: "manpage", usage: "")
        ctx.say(ManPage.text)
        return 0
    }
}
