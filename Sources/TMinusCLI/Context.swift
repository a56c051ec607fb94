public import TMinusCore
public import TMinusIO

/// What every command gets: the container, the frozen or real `now`, the zone and the environment.
struct Context {
    var home: Home
    var container: Container
    var now: Instant
    var zone: Zone
    var environment: [String: String]
    var console: Console

    func when(_ text: String) throws(TMinusError) -> When {
        try WhenParser.parse(text, now: now, zone: zone)
    }

    func say(_ text: String) { console.out(text) }
}
