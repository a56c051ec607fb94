import Foundation

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

    /// Why a test was skipped, or what failed it in CI: `what` is the need, `install` how to meet it.
    public static func message(_ what: String, install: String) -> String {
        "needs \(what) (\(install))" + (enforced ? "; CI=1 requires it" : "")
    }
}
