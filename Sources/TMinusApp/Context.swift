import TMinusCore
import TMinusSystem
import TMinusSourcing
import TMinusStore
import TMinusTimeline

/// What every command gets: the container, the frozen or real `now`, the zone and the environment.
package struct Context {
    /// The home's paths (store, summary, config).
    package var home: Home
    /// The home's files, read and written under its lock.
    package var container: Container
    /// The run's instant: `--now`, else the clock's at the start.
    package var now: Instant
    /// `--now` minus the real clock (0 without `--now`): a follower's clock starts at `--now` and runs.
    package var clockOffset: Int64 = 0
    /// The time zone dates are shown and read in.
    package var zone: Zone
    /// The variables the run was given (a child process gets them too).
    package var environment: Environment
    /// Where the command's output goes.
    package var console: Console
    /// The bars to signal after a change.
    package var barSignals: BarSignals
    /// The real clock (injected in tests): what a long-running command reads as time goes on.
    package var realClock: () -> Instant
    /// `show` with an output that may be kept (WidgetCache): its key.
    package var widgetCacheKey: [UInt8]?
    /// Ends the process at once (main's `exit`; nil in-process): `show` calls it when its output
    /// is written (`CLI.run`).
    package var finish: ((Int32) -> Never)?
    /// A context for one run: `now` the run's instant (`--now`, else the clock's), `clockOffset`
    /// what `--now` moved it by.
    package init(
        home: Home, container: Container, now: Instant, clockOffset: Int64, zone: Zone, environment: Environment,
        console: Console, barSignals: BarSignals, realClock: @escaping () -> Instant
    ) {
        self.home = home
        self.container = container
        self.now = now
        self.clockOffset = clockOffset
        self.zone = zone
        self.environment = environment
        self.console = console
        self.barSignals = barSignals
        self.realClock = realClock
    }

    /// The user's language (LC_MESSAGES, LANGUAGE) and the locale's calendar names (LC_TIME).
    package var words: Words = .english

    /// The config as read once for this run (a file that cannot be read: the error).
    package var loaded: Result<(Config, [ConfigProblem]), TMinusError> = .success((Config(), []))

    /// Reads the config (again: a follower does on every change) and sets up the sources from it.
    package mutating func readConfig() {
        // Messages in the user's language, the calendar's names in the locale's.
        words = Words(messages: Catalog.chosen(by: environment), names: LocaleClock.names(environment: environment))
        do throws(TMinusError) {
            var (config, problems) = try container.loadConfig()
            // Times of day as the config says, else as the locale writes them.
            if config.clock == nil { config.clock = LocaleClock.preferred(environment: environment) }
            config.speak(words)
            // Weeks in `{calendar}` start where the locale starts them (asked only when it shows).
            if config.firstWeekday == nil, config.templates.mentionsCalendar {
                config.firstWeekday = LocaleClock.firstWeekday(environment: environment)
            }
            loaded = .success((config, problems))
        } catch { loaded = .failure(error) }
        container.sourcing = nil
        if case .success(let (config, problems)) = loaded, problems.isEmpty {
            container.sourcing = Sourcing(
                sources: config.sources, zone: zone, hold: config.overHold, environment: environment,
                configDirectory: FileIO.directory(of: home.configPath), cacheDirectory: home.cacheDirectory)
        }
    }

    /// The config and its problems (defaults when there is no file).
    package func loadConfig() throws(TMinusError) -> (Config, [ConfigProblem]) {
        switch loaded {
        case .success(let c): return c
        case .failure(let e): throw e
        }
    }

    /// The config, or a usage error naming its first problem.
    package func config() throws(TMinusError) -> Config {
        let (config, problems) = try loadConfig()
        if let first = problems.first {
            throw first.error(path: home.configPath)
        }
        return config
    }

    /// A WHEN (`+2h`, `fri 17:00`, `2026-12-01`, docs/when.md) read at `now` in `zone`, weeks
    /// (`eow`, `next week`) starting on the locale's first weekday.
    package func when(_ text: String) throws(TMinusError) -> When {
        try WhenParser.parse(text, now: now, zone: zone, firstWeekday: firstWeekday, words: words)
    }

    /// The day weeks start on (0 Sunday … 6 Saturday): the locale's (LC_TIME).
    package var firstWeekday: Int { LocaleClock.firstWeekday(environment: environment) }

    /// The clock's second now, shifted as `--now` shifted the start (`now` is the start's).
    package var currentInstant: Instant { realClock() + clockOffset }

    /// A line on stdout.
    package func say(_ text: String) { console.out(text) }

    /// The clock style for times of day (config `clock`, else the locale's).
    package var clock: ClockStyle { (try? loadConfig().0.clock ?? .h24) ?? .h24 }

    /// "today 17:45", "Tue 2026-12-01", relative to now, in the user's clock style.
    package func describe(_ due: Due) -> String {
        DueText.describe(due, now: now, zone: zone, clock: clock, words: words)
    }
}

extension Context {
    /// A `--due` for examples in hints: two weeks from today at 17:00, so an example a user
    /// copies is never in the past.
    package var exampleDue: String {
        zone.local(now + 14 * 86_400).date.description + "T17:00"
    }
}
