import Glibc
public import TMinusCore

/// Finds the user's time zone the way the C library does: `$TZ` (a zone name, `:name`, a path or a
/// POSIX rule), else `/etc/localtime`, else UTC.
public enum ZoneLoader {
    public static func current(environment: Environment) -> Zone {
        let dir = environment["TZDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/share/zoneinfo"
        guard var tz = environment["TZ"] else {
            return load(path: "/etc/localtime", name: localtimeName() ?? "localtime") ?? .utc
        }
        if tz.isEmpty { return .utc }
        if tz.hasPrefix(":") { tz.removeFirst() }
        if tz.hasPrefix("/") { return load(path: tz, name: tz) ?? .utc }
        if !tz.contains(".."), let zone = load(path: "\(dir)/\(tz)", name: tz) { return zone }
        return Zone.posix(tz) ?? .utc
    }

    /// A zone by name from the system's zone files, for tests and `--zone`-like use.
    public static func named(_ name: String, directory: String = "/usr/share/zoneinfo") -> Zone? {
        load(path: "\(directory)/\(name)", name: name)
    }

    static func load(path: String, name: String) -> Zone? {
        guard let bytes = try? FileIO.read(path, limit: 4 << 20) else { return nil }
        return Zone.tzif(bytes, name: name)
    }

    static func localtimeName() -> String? {
        var buf = [CChar](repeating: 0, count: 512)
        let n = readlink("/etc/localtime", &buf, buf.count - 1)
        guard n > 0 else { return nil }
        let target = String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let parts = target.split(separator: "/", omittingEmptySubsequences: false)
        guard let i = parts.firstIndex(of: "zoneinfo") else { return target }
        return ControlText.join(parts[(i + 1)...].map(String.init), "/")
    }
}
