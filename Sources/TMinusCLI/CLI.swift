import Glibc
import TMinusApp
public import TMinusCore
public import TMinusSystem
import TMinusStore
import TMinusTimeline

/// The command line (docs/commands.md). `run` parses the global options, runs one command and maps
/// every error to its exit code in one place: 0 success, 1 failure, 2 usage or validation.
public enum CLI {
    /// `console` and `barSignals` are where output and bar signals go: the real ones by default,
    /// stand-ins in tests that run commands in-process. `clock` is what the run reads as the
    /// date, everywhere below it (`SystemClock.reading`): a test's; nil, the real-time clock.
    /// `finish`: main's `exit`, for a bar's poll to end the process as soon as its output is
    /// written, without taking its data apart (freeing the summary item by item would cost the
    /// poll a tenth of its run). In-process callers give none and get the status back.
    public static func run(
        arguments: [String], environment: Environment, clock: (@Sendable () -> Instant)? = nil,
        console: Console = Console(), barSignals: BarSignals = BarSignals(),
        finish: ((Int32) -> Never)? = nil
    ) -> Int32 {
        func result() -> Result<Int32, TMinusError> {
            Result { () throws(TMinusError) -> Int32 in
                try dispatch(
                    arguments, environment: environment, clock: clock ?? SystemClock.real, console: console,
                    barSignals: barSignals, finish: finish)
            }
        }
        switch clock.map({ SystemClock.reading($0, result) }) ?? result() {
        case .success(let code): return code
        case .failure(let error):
            // (In the user's language where the message has a catalog entry.)
            let words = Words(messages: Catalog.chosen(by: environment), names: .english)
            console.err("tminus: " + ControlText.oneLine(error.text(words)))
            return error.exitCode
        }
    }

    /// Global options, wherever they stand before `--`.
    struct Globals {
        var home: String?
        var config: String?
        var now: String?
        var rest: [String] = []
    }

    static func globals(_ args: [String]) throws(TMinusError) -> Globals {
        var g = Globals()
        var i = 0
        while i < args.count {
            let arg = args[i]
            i += 1
            if arg == "--" { g.rest += args[(i - 1)...]; break }
            var matched: String?
            var value: String?
            for option in CommandTable.globals {
                let name = option.name
                if arg == "--\(name)" {
                    guard i < args.count else { throw .usage(tr: "--%s needs a value", "\(name)") }
                    matched = name; value = args[i]; i += 1
                } else if arg.hasPrefix("--\(name)=") {
                    matched = name; value = String(arg.dropFirst(name.count + 3))
                }
            }
            if matched == nil {
                g.rest.append(arg)
            } else if matched == GlobalOptions.home.name {
                g.home = value
            } else if matched == GlobalOptions.config.name {
                g.config = value
            } else if matched == GlobalOptions.now.name {
                g.now = value
            }
        }
        return g
    }

    static func dispatch(
        _ arguments: [String], environment: Environment, clock: @escaping () -> Instant, console: Console,
        barSignals: BarSignals, finish: ((Int32) -> Never)?
    ) throws(TMinusError) -> Int32 {
        var g = try globals(Array(arguments.dropFirst()))
        // `TMINUS_NOW` is `--now` for a whole shell session (the tour, docs/tour.md: pasted after one
        // `export`, every command shows what the page prints); `--now` wins.
        if g.now == nil, let frozen = environment["TMINUS_NOW"], !frozen.isEmpty { g.now = frozen }
        // --help in the user's language (its messages only, and only asked for when help is:
        // a bar's poll does not pay for it).
        func helpWords() -> Words { Words(messages: Catalog.chosen(by: environment), names: .english) }
        guard let command = g.rest.first else {
            console.out(Help.overview(helpWords()))
            return 0
        }
        let args = Array(g.rest.dropFirst())
        // A command that can answer before its context is made does (a bar's kept poll), in a real
        // process at the real time: in-process callers capture the output and run in threads.
        var cacheKey: [UInt8]?
        if g.now == nil, console.capture == nil {
            let request = EarlyRequest(
                arguments: arguments, args: args, environment: environment, clock: clock, console: console,
                finish: finish)
            switch CommandTable.early(command, request) {
            case .answered(let code): return code
            case .keep(let key): cacheKey = key
            case .run: break
            }
        }
        if command == "--help" || command == "-h" || command == "help" {
            if let topic = args.first, let spec = CommandTable.named(topic) {
                console.out(Help.page(spec, helpWords()))
            } else {
                console.out(Help.overview(helpWords()))
            }
            return 0
        }
        // -V and -v as most tools take them (a new user tries them first).
        if command == "--version" || command == "version" || command == "-V" || command == "-v" {
            console.out("tminus \(Help.version)")
            return 0
        }
        guard let spec = CommandTable.named(command), let run = spec.run else {
            // A word people type for one of ours ends the line with what to type (copied whole).
            if let typed = CommandWords.suggestion(command, args) {
                throw .usage(tr: "unknown command '%s'; did you mean: %s", Validation.printable(command), typed)
            }
            if let near = Suggest.closest(command, among: CommandTable.names) {
                throw .usage(
                    tr: "unknown command '%s'; did you mean '%s'? see tminus --help", Validation.printable(command),
                    near)
            }
            throw .usage(tr: "unknown command '%s'; see tminus --help", Validation.printable(command))
        }
        if args.contains("--help") || args.contains("-h"), !args.starts(with: ["--"]) {
            console.out(Help.page(spec, helpWords()))
            return 0
        }
        let (zone, zoneWarning) = ZoneLoader.resolve(environment: environment)
        if let zoneWarning { console.err("tminus: " + Deferred.render(zoneWarning, helpWords())) }
        let realNow = clock()
        var now = realNow
        if let text = g.now {
            do { now = try WhenParser.parse(text, now: now, zone: zone).startInstant(in: zone) } catch {
                var e = error.withPrefix(environment["TMINUS_NOW"] == text ? "--now (TMINUS_NOW): " : "--now: ")
                e.kind = .usage
                throw e
            }
        }
        let home = try Home.resolve(home: g.home, config: g.config, environment: environment)
        var ctx = Context(
            home: home, container: Container(home: home), now: now, clockOffset: now - realNow, zone: zone,
            environment: environment, console: console, barSignals: barSignals, realClock: clock)
        ctx.widgetCacheKey = cacheKey
        ctx.finish = finish
        ctx.readConfig()
        // One config loader, one error path: a broken config stops every command that reads it
        // (sources, alerts, signals) with the same one-line error.
        if spec.readsConfig { _ = try ctx.config() }
        let code = try run(args, ctx)
        if code == 0 && spec.changes && (spec.changesOnlyWith.map { args.contains("--" + $0) } ?? true) {
            // Polling bars with a `signal` option refresh at once (config `signals`).
            if let config = try? ctx.config() { ctx.barSignals.send(config.signals) }
        }
        return code
    }
}
