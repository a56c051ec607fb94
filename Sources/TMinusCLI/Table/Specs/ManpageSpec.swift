import TMinusApp
import TMinusCore

extension Specs {
    /// `tminus manpage`.
    static let manpage = CommandSpec(
        name: "manpage", group: "shell", summary: "the man page, in roff (make install puts it in place)",
        text: "Prints the man page tminus.1 (man -l <(tminus manpage) reads it).", run: ShellCommands.manpage,
        readsConfig: false)
}
