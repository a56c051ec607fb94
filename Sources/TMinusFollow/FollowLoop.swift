public import TMinusCore

/// Why a follower woke up.
public enum FollowEvent: Equatable, Sendable {
    /// The next entry's date came (or the clock was set, or the process was continued): recompute.
    case tick
    /// The summary, config or state changed (inotify), or SIGUSR1: read them again.
    case reload
    /// A click from the bar (X11 button number: 1 left, 3 right, 4/5 wheel).
    case click(Int)
    /// One of the extra inputs (an `InputList`'s file descriptor) is readable.
    case input(Int32)
    /// The bar went away (closed pipe, SIGTERM, SIGINT, SIGHUP): exit 0.
    case exit
}

/// What the loop needs from the world: a wall clock, a wait that wakes at a wall-clock instant or
/// on an event, and a line writer. The real one is `SystemFollowDriver`; tests inject a fake.
public protocol FollowDriver {
    /// The current wall-clock time, whole seconds.
    mutating func now() -> Instant
    /// Blocks until `until` (wall clock; nil: only an event) or an event; returns what happened.
    mutating func wait(until: Instant?) -> [FollowEvent]
    /// Writes one line (the newline is added); false when the reader has gone away.
    mutating func emit(_ line: String) -> Bool
}

/// `--follow` (docs/bars.md, "Streaming"): print the entry for now, sleep until the next entry's date, print,
/// repeat; read everything again on a change; act on clicks; exit 0 when the bar goes away.
/// It wakes only at entry dates or on an event: nothing between.
public struct FollowLoop {
    /// One reading of the files: for an instant, the line to print and the next change date.
    public typealias Session = (Instant) -> (line: String, next: Instant?)

    /// Lines written once before the first entry (i3bar's protocol header; none for most formats).
    public var header: [String]
    /// Wraps a line for the stream; `first` is true for the first one written (i3bar: no leading comma).
    public var frame: (_ line: String, _ first: Bool) -> String
    /// Reads the files afresh; called at the start, on a reload and after a click.
    public var load: () -> Session
    /// Acts on a click (X11 button number); the files are read again after it.
    public var click: (Int) -> Void

    /// A loop with no header, lines written as they are and clicks ignored, unless given.
    public init(
        header: [String] = [], frame: @escaping (String, Bool) -> String = { line, _ in line },
        load: @escaping () -> Session, click: @escaping (Int) -> Void = { _ in }
    ) {
        self.header = header
        self.frame = frame
        self.load = load
        self.click = click
    }

    /// Runs until the bar goes away; returns the exit code (0).
    public func run<D: FollowDriver>(_ driver: inout D) -> Int32 {
        for line in header { guard driver.emit(line) else { return 0 } }
        var session = load()
        var last: String?
        var first = true
        while true {
            let (line, next) = session(driver.now())
            if line != last {
                guard driver.emit(frame(line, first)) else { return 0 }
                last = line
                first = false
            }
            var reload = false
            for event in driver.wait(until: next) {
                switch event {
                case .tick: break
                case .reload: reload = true
                case .click(let button):
                    click(button)
                    reload = true
                case .input: break
                case .exit: return 0
                }
            }
            if reload { session = load() }
        }
    }
}
