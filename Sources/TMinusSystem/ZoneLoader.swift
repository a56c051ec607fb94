import Glibc
public import TMinusCore

/// Finds the user's time zone the way the C library does: `$TZ` (a zone name, `:name`, a path or a
/// POSIX rule), else `/etc/localtime`, else UTC.
public enum ZoneLoader {
    /// The user's zone (see `resolve`), its warning dropped.
    public static func current(environment: Environment) -> Zone { resolve(environment: environment).zone }

    /// The zone `TZ` names (else /etc/localtime), and a one-line warning when `TZ` names a zone
    /// this system does not know: UTC is used then, and the user must hear of it, not find every
    /// countdown off by hours.
    public static func resolve(environment: Environment) -> (zone: Zone, warning: String?) {
        let dir = environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
        guard var tz = environment["TZ"] else {
            return (load(path: "/etc/localtime", name: linkedName("/etc/localtime") ?? "localtime") ?? .utc, nil)
        }
        if tz.isEmpty { return (.utc, nil) }
        if tz.hasPrefix(":") { tz.removeFirst() }
        if tz.hasPrefix("/"), let zone = load(path: tz, name: linkedName(tz) ?? tz) { return (zone, nil) }
        if !tz.hasPrefix("/"), !tz.contains(".."), let zone = load(path: "\(dir)/\(tz)", name: tz) {
            return (zone, nil)
        }
        if let zone = Zone.posix(tz) { return (zone, nil) }
        if ["UTC", "GMT", "UCT", "Z", "ETC/UTC", "ETC/GMT", "UNIVERSAL", "ZULU"].contains(tz.uppercased()) {
            return (.utc, nil)
        }
        let shown = ControlText.clean(tz, replacement: "?")
        let file = tz.hasPrefix("/") ? tz : "\(dir)/\(tz)"
        return (
            .utc,
            deferred(
                "TZ=%s is not a time zone this system knows (no zone file %s); using UTC: set TZ to a name like Europe/Berlin (timedatectl list-timezones), or unset it",
                shown, ControlText.clean(file, replacement: "?"))
        )
    }

    /// A zone by name from the system's zone files, for tests and `--zone`-like use.
    public static func named(_ name: String, directory: String = "/usr/share/zoneinfo") -> Zone? {
        load(path: "\(directory)/\(name)", name: name)
    }

    static func load(path: String, name: String) -> Zone? {
        guard let bytes = try? FileIO.read(path, limit: 4 << 20) else { return nil }
        return Zone.tzif(bytes, name: name)
    }

    /// The file whose change changes the zone (a long-running process watches it): `/etc/localtime`
    /// without `TZ` (what `timedatectl set-timezone` replaces), or the file a `TZ=:/path` names.
    public static func watchedFile(environment: Environment) -> String? {
        guard var tz = environment["TZ"] else { return "/etc/localtime" }
        if tz.hasPrefix(":") { tz.removeFirst() }
        return tz.hasPrefix("/") ? tz : nil
    }

    /// The zone name a symlink into a zoneinfo folder gives (`Europe/Berlin`).
    static func linkedName(_ path: String) -> String? {
        guard let target = FileIO.readLink(path) else { return nil }
        let parts = target.split(separator: "/", omittingEmptySubsequences: false)
        guard let i = parts.firstIndex(of: "zoneinfo") else { return target }
        return ControlText.join(parts[(i + 1)...].map(String.init), "/")
    }
}
