import TMinusApp
import TMinusCore

/// What a command is asked before its context is made, in a real process at the real time: a
/// bar's poll may be answered from what an earlier run kept (`show`'s widget cache), without the
/// zone, the config or any spec being loaded. `CommandTable.early` asks the command, found by name.
struct EarlyRequest {
    /// The whole command line, the program's name first.
    let arguments: [String]
    /// The arguments after the command's name.
    let args: [String]
    let environment: Environment
    /// The injected clock (the one `Context.realClock` is).
    let clock: () -> Instant
    let console: Console
    /// Ends the process with an exit code, taking nothing apart (`CLI.run`'s): called by a hook that
    /// answered, while its answer is still alive (freeing the first String makes the runtime build
    /// metadata from a mangled name, a sixth of a kept poll).
    let finish: ((Int32) -> Never)?
}

/// A command's early answer.
enum EarlyAnswer {
    /// None: run the command as usual.
    case run
    /// Printed (and `finish` called, when there is one); the run ends with this exit code.
    case answered(Int32)
    /// Run the command as usual, and keep its output under this key (`Context.widgetCacheKey`).
    case keep([UInt8])
}
