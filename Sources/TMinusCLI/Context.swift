import TMinusCore
import TMinusIO

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

    func when(_ text: String) throws(TMinusError) -> When {
        try WhenParser.parse(text, now: now, zone: zone)
    }

    func say(_ text: String) { console.out(text) }
}
