import TMinusCore
import TMinusIO
import TMinusTimeline

/// What every command gets: the container, the frozen or real `now`, the zone and the environment.
struct Context {
    var home: Home
    var container: Container
    var now: Instant
    /// `--now` minus the real clock (0 without `--now`): a follower's clock starts at `--now` and runs.
    var clockOffset: Int64 = 0
    var zone: Zone
    var environment: Environment
    var console: Console
    var barSignals = BarSignals()
    /// The real clock (injected in tests): what a long-running command reads as time goes on.
    var realClock: () -> Instant = CLI.systemNow
    /// `show` with an output that may be kept (WidgetCache): its key.
    var widgetCacheKey: [UInt8]?
    /// Ends the process at once (main's `exit`; nil in-process): `show` calls it when its output
    /// is written (`CLI.run`).
    var finish: ((Int32) -> Never)?
    /// The config as read once for this run (a file that cannot be read: the error).
    var loaded: Result<(Config, [ConfigProblem]), TMinusError> = .success((Config(), []))

    /// Reads the config (again: a follower does on every change) and sets up the sources from it.
    mutating func readConfig() {
        do throws(TMinusError) {
            var (config, problems) = try container.loadConfig()
            // Times of day as the config says, else as the locale writes them.
            if config.clock == nil { config.clock = LocaleClock.preferred(environment: environment) }
            // Weeks in `{calendar}` start where the locale starts them (asked only when it shows).
            if config.firstWeekday == nil, config.templates.mentionsCalendar {
                config.firstWeekday = LocaleClock.firstWeekday(environment: environment)
            }
            loaded = .success((config, problems))
        } catch { loaded = .failure(error) }
        container.sourcing = nil
        if case .success(let (config, problems)) = loaded, problems.isEmpty {
            container.sourcing = Sourcing(sources: config.sources, zone: zone, hold: config.overHold, environment: environment,
                                          configDirectory: FileIO.directory(of: home.configPath), cacheDirectory: home.cacheDirectory)
        }
    }

    /// The config and its problems (defaults when there is no file).
    func loadConfig() throws(TMinusError) -> (Config, [ConfigProblem]) {
        switch loaded {
        case .success(let c): return c
        case .failure(let e): throw e
        }
    }

    /// The config, or a usage error naming its first problem.
    func config() throws(TMinusError) -> Config {
        let (config, problems) = try loadConfig()
        if let first = problems.first { throw TMinusError(.usage, "\(home.configPath) \(first)", path: home.configPath, line: first.line) }
        return config
    }

    func when(_ text: String) throws(TMinusError) -> When {
        try WhenParser.parse(text, now: now, zone: zone)
    }

    /// The clock's second now, shifted as `--now` shifted the start (`now` is the start's).
    var currentInstant: Instant { realClock() + clockOffset }

    func say(_ text: String) { console.out(text) }

    /// The clock style for times of day (config `clock`, else the locale's).
    var clock: ClockStyle { (try? loadConfig().0.clock ?? .h24) ?? .h24 }

    /// "today 17:45", "Tue 2026-12-01", relative to now, in the user's clock style.
    func describe(_ due: Due) -> String { DueText.describe(due, now: now, zone: zone, clock: clock) }
}

extension Context {
    /// A `--due` for examples in hints: two weeks from today at 17:00, so an example a user
    /// copies is never in the past.
    var exampleDue: String {
        zone.local(now + 14 * 86_400).date.description + "T17:00"
    }
}
