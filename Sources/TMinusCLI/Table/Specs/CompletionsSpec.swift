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
