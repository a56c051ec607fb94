import Glibc
public import TMinusCore

/// This executable as the user reaches it, for configs that call tminus back (a bar's click, a
/// genmon `<txtclick>`, an xbar menu action): the PATH entry they ran (`~/.local/bin/tminus`,
/// `/run/current-system/sw/bin/tminus`: stable across upgrades) when it is this very file, else
/// the file itself (`/proc/self/exe`).
public enum OwnExecutable {
    /// The path to call tminus back by (see above); nil when /proc/self/exe cannot be read.
    public static func path(environment: Environment, argv0: String = CommandLine.arguments.first ?? "tminus")
        -> String?
    {
        guard let exe = FileIO.readLink("/proc/self/exe") else { return nil }
        var candidates: [String] = []
        if argv0.hasPrefix("/") {
            candidates.append(argv0)
        } else if argv0.contains("/") {
            // Run by a relative path (`.build/debug/tminus`): from the working folder.
            if let pwd = environment["PWD"], pwd.hasPrefix("/") { candidates.append(pwd + "/" + argv0) }
        } else {
            for dir in (environment["PATH"] ?? "").split(separator: ":") where dir.hasPrefix("/") {
                candidates.append(dir + "/" + argv0)
            }
        }
        guard let own = FileStamp.of(exe) else { return exe }
        for c in candidates where access(c, X_OK) == 0 && FileStamp.of(c) == own { return c }
        return exe
    }
}
