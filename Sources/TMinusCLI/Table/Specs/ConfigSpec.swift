import TMinusApp
import TMinusCore

extension ConfigCommand {
    /// `config init`'s options, declared once: its spec lists them, `run` reads them (`a[InitOptions.force]`).
    enum InitOptions {
        static let force = Opt.flag("force", "replace an existing one")
    }
}

extension Specs {
    /// `tminus config`, and its subcommands.
    static let config = CommandSpec(
        name: "config", group: "files", summary: "the config file",
        subcommands: [
            CommandSpec(
                name: "init", group: "", summary: "write a commented default config",
                options: [ConfigCommand.InitOptions.force.spec]),
            CommandSpec(
                name: "check", group: "", summary: "report every error's line and key, and which deadline it names"),
            CommandSpec(name: "path", group: "", summary: "print where the config is read from"),
            CommandSpec(name: "schema", group: "", summary: "print the config's JSON Schema, for editors")
        ],
        text:
            "init writes a commented default config (its \"$schema\" names the JSON Schema installed with tminus, else one written beside it as config.schema.json); check reports the line and key of every error and what \"deadline\" names; path prints where the config is read from; schema prints the JSON Schema (draft-07) editors validate and complete the file with.",
        run: ConfigCommand.run, readsConfig: false)
}
