import Glibc
import TMinusApp
public import TMinusCore

/// The environment variables tminus reads, and only those (a desktop session has a hundred;
/// copying them all costs the poll path more than the rest of its set-up).
public enum ProcessEnvironment {
    /// (StaticStrings: `getenv` gets the literal's own bytes, no String bridged per name on
    /// every poll.)
    public static let names: [StaticString] = [
        "HOME", "PWD", "TZ", "TZDIR", "TMINUS_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME",
        "button", "BLOCK_BUTTON", "name", "BLOCK_NAME", "PATH", "TASKDATA", "TASKRC",
        "LC_ALL", "LC_TIME", "LC_MESSAGES", "LANGUAGE", "LANG", "XDG_RUNTIME_DIR", "XDG_CACHE_HOME", "TMINUS_NOW",
        // (A bar's poll reads a gnome source, GNOME's calendars, over the session bus.)
        "DBUS_SESSION_BUS_ADDRESS"
    ]
    /// The session's display: for the link dialog, and the terminal's colour choice (`NO_COLOR`,
    /// `TERM`); not for a bar's poll (each name read costs a scan of the environment on every poll).
    public static let sessionNames: [StaticString] = ["DISPLAY", "WAYLAND_DISPLAY", "NO_COLOR", "TERM"]

    /// The variables tminus reads; without the session's when `arguments` run `show`.
    public static func current(_ arguments: [String] = CommandLine.arguments) -> Environment {
        var pairs: [(String, String)] = []
        func read(_ list: [StaticString]) {
            for name in list {
                let c = UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
                if let value = getenv(c) { pairs.append((String(cString: c), String(cString: value))) }
            }
        }
        read(names)
        if !arguments.contains("show") { read(sessionNames) }
        return Environment(pairs)
    }
}
