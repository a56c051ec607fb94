public import TMinusCore
import TMinusSystem

/// What reading the config's sources depends on besides the sources themselves: the zone that
/// floating times and whole days are read in, how long an event's instance is held (the config's
/// overHold), the environment (`HOME` for `~/`, `PATH` and `TASKRC`/`TASKDATA` for `task`,
/// `TZDIR`), and the config's folder (relative paths are read from there).
public struct Sourcing: Sendable {
    /// The config's sources, in its order.
    public var sources: [SourceConfig]
    /// The zone floating times and whole days are read in.
    public var zone: Zone
    /// How long an event's instance stays after it is over, in seconds (the config's overHold).
    public var hold: Int64
    /// The environment (`HOME`, `PATH`, `TASKRC`/`TASKDATA`, `TZDIR`).
    public var environment: Environment
    /// The config's folder: relative source paths are read from there.
    public var configDirectory: String
    /// Where readings of big sources are kept between runs (the home's `cache/`; nil: nowhere).
    public var cacheDirectory: String?
    /// What a follower heard from the sources that signal their changes (`EDSLive.heard`): a
    /// part whose watched entry differs is read again at once. Empty for a single run.
    public var live: [String: String] = [:]

    /// Everything a read needs; without `cacheDirectory`, no readings are kept between runs.
    public init(
        sources: [SourceConfig], zone: Zone, hold: Int64, environment: Environment, configDirectory: String,
        cacheDirectory: String? = nil
    ) {
        self.cacheDirectory = cacheDirectory
        self.sources = sources
        self.zone = zone
        self.hold = hold
        self.environment = environment
        self.configDirectory = configDirectory
    }

    /// A config path as a file-system path: `~/` is `$HOME`, a relative path is relative to the
    /// config's folder; a trailing `/` goes.
    public func path(_ raw: String) -> String {
        var p = raw
        if p == "~" || p.hasPrefix("~/"), let home = environment["HOME"], !home.isEmpty {
            p = home + p.dropFirst()
        } else if !p.hasPrefix("/") {
            p = configDirectory + "/" + p
        }
        while p.count > 1 && p.hasSuffix("/") { p.removeLast() }
        return p
    }

    /// Taskwarrior's data folder: the source's `data`, else `$TASKDATA`, else `~/.task`.
    public func taskData(_ source: SourceConfig) -> String {
        if let d = source.data { return path(d) }
        if let d = environment["TASKDATA"], !d.isEmpty { return path(d) }
        return path("~/.task")
    }

    /// The configured source with this name, or nil.
    public func source(named name: String) -> SourceConfig? { sources.first { $0.name == name } }

    /// The zone an IANA name names, from the system's zone files (`$TZDIR` or /usr/share/zoneinfo).
    func systemZone(_ name: String) -> Zone? {
        let dir = environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
        return ZoneLoader.named(name, directory: dir)
    }
}
