import Glibc
public import TMinusCore

/// The environment variables tminus reads, and only those (a desktop session has a hundred;
/// copying them all costs the poll path more than the rest of its set-up).
public enum ProcessEnvironment {
    public static let names = ["HOME", "PWD", "TZ", "TZDIR", "TMINUS_HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME",
                               "button", "BLOCK_BUTTON", "name", "BLOCK_NAME", "PATH", "TASKDATA", "TASKRC", "LC_ALL", "LC_TIME", "LANG",
                               "DBUS_SESSION_BUS_ADDRESS", "XDG_RUNTIME_DIR", "DISPLAY", "WAYLAND_DISPLAY"]

    public static func current() -> Environment {
        var pairs: [(String, String)] = []
        for name in names {
            if let value = getenv(name) { pairs.append((name, String(cString: value))) }
        }
        return Environment(pairs)
    }
}

/// Ends the process with a code.
public func exit(_ code: Int32) -> Never { Glibc.exit(code) }
