import Glibc
public import TMinusCore

/// Where tminus keeps its files (docs/storage.md): `--home`, else `$TMINUS_HOME`, else
/// `$XDG_DATA_HOME/tminus`, else `~/.local/share/tminus`. The config: `--config`, else
/// `$XDG_CONFIG_HOME/tminus/config.json`, else `~/.config/tminus/config.json`.
public struct Home: Sendable {
    /// The folder of tminus's own files (store, summary, archive…), without a trailing `/`.
    public var directory: String
    /// The config file (`config.json`), found as described above.
    public var configPath: String

    /// A home at these paths, taken as given.
    public init(directory: String, configPath: String) {
        self.directory = directory
        self.configPath = configPath
    }

    /// The home and config from `--home` and `--config`, else the environment, in the order above;
    /// a usage error when an option is empty or no home can be found.
    public static func resolve(home: String?, config: String?, environment env: Environment) throws(TMinusError) -> Home
    {
        func nonEmpty(_ k: String) -> String? { env[k].flatMap { $0.isEmpty ? nil : $0 } }
        let userHome = nonEmpty("HOME")
        func absolute(_ p: String) -> String {
            if p.hasPrefix("~/"), let userHome { return userHome + p.dropFirst() }
            if p.hasPrefix("/") { return p }
            return (nonEmpty("PWD") ?? ".") + "/" + p
        }
        if home == "" { throw .usage(tr: "--home is empty; give a directory, e.g. --home ~/.local/share/tminus") }
        if config == "" {
            throw .usage(tr: "--config is empty; give a file, e.g. --config ~/.config/tminus/config.json")
        }
        let dir: String
        if let home {
            dir = absolute(home)
        } else if let h = nonEmpty("TMINUS_HOME") {
            dir = absolute(h)
        } else if nonEmpty("XDG_DATA_HOME") != nil || userHome != nil {
            dir = dataBase(env) + "/tminus"
        } else {
            throw .usage(tr: "cannot find a home for tminus: set HOME or TMINUS_HOME, or pass --home DIR")
        }
        let cfg: String
        if let config {
            cfg = absolute(config)
        } else if nonEmpty("XDG_CONFIG_HOME") != nil || userHome != nil {
            cfg = configBase(env) + "/tminus/config.json"
        } else {
            cfg = dir + "/config.json"
        }
        return Home(directory: dir.count > 1 && dir.hasSuffix("/") ? String(dir.dropLast()) : dir, configPath: cfg)
    }

    /// Where programs keep their config: `$XDG_CONFIG_HOME`, else `~/.config` (else `.config`
    /// in the working folder, when not even HOME is set).
    public static func configBase(_ env: Environment) -> String { base("XDG_CONFIG_HOME", else: "/.config", env) }

    /// Where programs keep their data: `$XDG_DATA_HOME`, else `~/.local/share`.
    public static func dataBase(_ env: Environment) -> String { base("XDG_DATA_HOME", else: "/.local/share", env) }

    /// An XDG base folder: the variable (`~/` and relative paths made absolute), else HOME + `fallback`.
    static func base(_ variable: String, else fallback: String, _ env: Environment) -> String {
        if let x = env[variable], !x.isEmpty {
            if x.hasPrefix("/") { return x }
            if x.hasPrefix("~/"), let h = env["HOME"], !h.isEmpty { return h + x.dropFirst() }
            return (env["PWD"] ?? ".") + "/" + x
        }
        return (env["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (env["PWD"] ?? ".")) + fallback
    }

    /// A path as a person would write it: the home folder as `~`.
    public static func tilde(_ path: String, _ env: Environment) -> String {
        guard let h = env["HOME"], h.count > 1, path.hasPrefix(h + "/") else { return path }
        return "~" + path.dropFirst(h.count)
    }

    /// `store.json`: open items, tags, the next handle and the history's commit record.
    public var storePath: String { directory + "/store.json" }
    /// `archive.jsonl`: completed items, one record per line, in completion order.
    public var archivePath: String { directory + "/archive.jsonl" }
    /// `summary.json`: what every widget reads (docs/summary-format.md).
    public var summaryPath: String { directory + "/summary.json" }
    /// `state.json`: widget state (the deadline clicked to with `next`/`prev`).
    public var statePath: String { directory + "/state.json" }
    /// `.lock`: the `flock` every write holds.
    public var lockPath: String { directory + "/.lock" }
    /// Readings of big sources kept between runs (each file in it is only a shortcut).
    public var cacheDirectory: String { directory + "/cache" }
    /// The reminder ledger: what was sent, missed or armed again (docs/reminders.md).
    public var ledgerPath: String { directory + "/reminders.jsonl" }
    /// Held while a reminder is sent and recorded, so two notifiers never send one twice.
    public var notifyLockPath: String { directory + "/.notify.lock" }
    /// This home's origin id, written in its summary: the machine (`/etc/machine-id`, else the
    /// host name) and the home's path, hashed (FNV-1a, 64 bits). Stable without being stored;
    /// two homes on one machine, or on two machines, differ.
    public var origin: String {
        var machine = (try? FileIO.read("/etc/machine-id", limit: 256)).flatMap { $0 } ?? []
        if machine.isEmpty {
            var name = [CChar](repeating: 0, count: 256)
            if gethostname(&name, name.count - 1) == 0 {
                machine = name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            }
        }
        return String(FNV1a.hash(machine + [0] + Array(directory.utf8)), radix: 36)
    }

    /// An index folder of the history, by its name in the store (`index.<tag>`).
    public func indexPath(_ name: String) -> String { directory + "/" + name }
}
