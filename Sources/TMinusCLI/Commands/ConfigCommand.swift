import TMinusApp
import TMinusCore
import TMinusSystem
import TMinusTimeline

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

/// `tminus config init|check|path|schema`
enum ConfigCommand {
    static func run(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let sub = try CommandTable.subcommand(of: "config", raw).name
        let a = try Arguments.parse(Array(raw.dropFirst()), command: "config \(sub)")
        try a.expectPositional(0...0, command: "config")
        let path = ctx.home.configPath
        switch sub {
        case "path":
            ctx.say(path)
            return 0
        case "init":
            if FileIO.exists(path) && !a[InitOptions.force] {
                throw .usage(
                    tr: "%s exists already; edit it, or pass --force to replace it with the defaults", "\(path)")
            }
            try FileIO.makeDirectory(FileIO.directory(of: path))
            // Editors check the file against the schema installed with tminus, else one written beside it.
            let schema: String
            if let installed = installedSchema() {
                schema = installed
            } else {
                let beside = FileIO.directory(of: path) + "/config.schema.json"
                try FileIO.writeAtomically(Array(JSONWriter.pretty(ConfigKey.schema).utf8), to: beside, mode: 0o644)
                schema = "./config.schema.json"
            }
            try FileIO.writeAtomically(Array(ConfigKey.initText(schema: schema).utf8), to: path)
            ctx.say(Catalog.format(ctx.words.tr("wrote %s"), [path]))
            return 0
        case "schema":
            _ = ctx.console.out(JSONWriter.pretty(ConfigKey.schema))
            return 0
        case "check":
            guard let bytes = try FileIO.read(path, limit: 16 << 20) else {
                ctx.say(
                    Catalog.format(
                        ctx.words.tr("no config at %s; the defaults apply (tminus config init writes them out)"), [path]
                    ))
                return 0
            }
            let (config, found) = Config.parse(bytes)
            let problems = found.map { $0.error(path: path) }
            if problems.isEmpty {
                ctx.say(Catalog.format(ctx.words.tr("%s: ok; %s"), [path, try shownDeadline(config, ctx)]))
                return 0
            }
            // Every problem, in line order, one line each; the last is the error the exit code goes with.
            for p in problems.dropLast() { ctx.console.err("tminus: " + ControlText.oneLine(p.text(ctx.words))) }
            throw problems[problems.count - 1]
        default:
            preconditionFailure("config \(sub): in CommandTable but not here")
        }
    }

    /// The schema the packages and `make install` put beside the binary's prefix
    /// (`PREFIX/share/tminus/config.schema.json` for `PREFIX/bin/tminus`), as a file URL.
    static func installedSchema() -> String? {
        guard let exe = FileIO.readLink("/proc/self/exe") else { return nil }
        let prefix = FileIO.directory(of: FileIO.directory(of: exe))
        let path = (prefix == "/" ? "" : prefix) + "/share/tminus/config.schema.json"
        return FileIO.exists(path) ? "file://" + path : nil
    }

    /// What the config's `deadline` names among the items now: a REF that names none is an error
    /// here, before a bar shows it as one.
    static func shownDeadline(_ config: Config, _ ctx: Context) throws(TMinusError) -> String {
        let summary = try ctx.container.summaryForWidgets(now: ctx.now)
        let w = ctx.words
        func describe(_ d: Item) -> String {
            let title = ControlText.oneLine(d.title)
            guard let due = d.due else { return "#\(d.handle) \(title)" }
            return Catalog.format(w.tr("#%s %s, due %s"), ["\(d.handle)", title, ctx.describe(due)])
        }
        switch config.deadline {
        case .next:
            let next = TimelineProvider(summary: summary, config: config, zone: ctx.zone).cycleOrder(at: ctx.now).first
            guard let next else { return w.tr("deadline: next (now none: no deadlines to come)") }
            return Catalog.format(w.tr("deadline: next (now %s)"), [describe(next)])
        case .ref(let ref):
            do throws(TMinusError) {
                let item = try RefResolver.resolve(ref, among: summary.deadlines, what: "deadline")
                return Catalog.format(w.tr("deadline: \"%s\" is %s"), [Validation.printable(ref), describe(item)])
            } catch {
                throw error.withPrefix(ctx.home.configPath + " deadline: ")
            }
        }
    }
}
