import Foundation
import Glibc

/// What a test needs from the machine (a program, a locale), named for what it is. Where it is
/// missing the test is skipped with a line saying what to install, except where `CI=1` (set by
/// `.ci/run` when it has installed them all, as root): there a missing need fails the test, so a
/// test cannot pass by not running.
public enum Needs {
    /// Whether every need must be met (`CI=1`).
    public static var enforced: Bool { ProcessInfo.processInfo.environment["CI"] == "1" }

    /// The path of the program `name` in /usr/bin or /bin, if installed.
    public static func program(_ name: String) -> String? {
        ["/usr/bin/" + name, "/bin/" + name].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether the program is there, or must be (`CI=1`: the test then runs and fails without it).
    public static func runs(with name: String) -> Bool { program(name) != nil || enforced }

    /// Whether the locale `name` (e.g. `ja_JP.UTF-8`) is installed: asked of glibc, the
    /// process's LC_TIME put back.
    public static func locale(_ name: String) -> Bool {
        let previous = setlocale(LC_TIME, nil).map { String(cString: $0) } ?? "C"
        defer { setlocale(LC_TIME, previous) }
        return setlocale(LC_TIME, name) != nil
    }

    /// Whether the locale is installed, or must be (`CI=1`).
    public static func runs(withLocale name: String) -> Bool { locale(name) || enforced }

    /// What installs locales, for `message`.
    public static let localeInstall = "Debian: add them to /etc/locale.gen and run locale-gen"

    /// Whether the tests run as root, or must (`CI=1`: `.ci/run` runs them as root).
    public static var runsAsRoot: Bool { getuid() == 0 || enforced }

    /// Whether dbus-daemon (a private session bus) is there, or must be (`CI=1`).
    public static var bus: Bool { runs(with: "dbus-daemon") }

    /// Why a test without a session bus is skipped, or what failed it in CI.
    public static var busMessage: String {
        message("dbus-daemon for a private session bus", install: "apt-get install dbus-daemon")
    }

    /// Why a test was skipped, or what failed it in CI: `what` is the need, `install` how to meet it.
    public static func message(_ what: String, install: String) -> String {
        "needs \(what) (\(install))" + (enforced ? "; CI=1 requires it" : "")
    }
}
