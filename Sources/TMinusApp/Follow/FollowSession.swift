import TMinusCore
import TMinusSourcing
import TMinusTimeline

/// One reading of the config and the summary for a follower, read again when a source's part
/// expires (a class: the session closure keeps it across ticks).
package final class FollowSession {
    /// The context as last read (its `now` the reading's).
    package var ctx: Context
    let deadline: String?
    /// The config and timeline the follower shows from.
    package var widget: WidgetInput
    /// Today's todos between ticks; a new one with every new reading.
    package var memo = TodayMemo()
    /// What the follower hears from sources that signal their changes.
    let live: EDSLive?

    /// Reads the zone, the config and the summary now; `deadline` pins one (a REF), as `show` takes it.
    package init(_ ctx: Context, deadline: String?, live: EDSLive? = nil) {
        var ctx = ctx
        ctx.now = ctx.currentInstant
        ctx.refreshZone()
        ctx.readConfig()
        ctx.hear(live)
        self.ctx = ctx
        self.deadline = deadline
        self.live = live
        widget = WidgetInput.load(ctx, deadline: deadline)
    }

    /// Reads the config and the summary again (a source's part expired).
    package func reload() {
        ctx.now = ctx.currentInstant
        ctx.hear(live)
        widget = WidgetInput.load(ctx, deadline: deadline)
        memo = TodayMemo()
    }
}

extension Context {
    /// Follows the config's sources that signal their changes (EDS's calendars), and reads a
    /// source's part again when what was heard is not what it was read at.
    package mutating func hear(_ live: EDSLive?) {
        guard let live else { return }
        live.follow(container.sourcing)
        container.sourcing?.live = live.heard
    }
}

/// What a follower watches for each source (each kind says: a vdir's folder and its
/// collections, a file's folder, Taskwarrior's data folder).
package enum SourceWatch {
    /// Each source's folders and the names in them that a change of wakes the follower.
    package static func targets(_ sourcing: Sourcing) -> [(directory: String, names: [String])] {
        sourcing.sources.flatMap { SourceKinds.io($0.kind).watchTargets($0, sourcing) }
    }
}
