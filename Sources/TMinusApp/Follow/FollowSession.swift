import TMinusCore
import TMinusIO
import TMinusTimeline

/// One reading of the config and the summary for a follower, read again when a source's part
/// expires (a class: the session closure keeps it across ticks).
package final class FollowSession {
    package var ctx: Context
    package let deadline: String?
    package var widget: WidgetInput
    /// Today's todos between ticks; a new one with every new reading.
    package var memo = TodayMemo()

    package init(_ ctx: Context, deadline: String?) {
        var ctx = ctx
        ctx.now = ctx.currentInstant
        ctx.refreshZone()
        ctx.readConfig()
        self.ctx = ctx
        self.deadline = deadline
        widget = WidgetInput.load(ctx, deadline: deadline)
    }

    package func reload() {
        ctx.now = ctx.currentInstant
        widget = WidgetInput.load(ctx, deadline: deadline)
        memo = TodayMemo()
    }
}

/// What a follower watches for each source (each kind says: a vdir's folder and its
/// collections, a file's folder, Taskwarrior's data folder).
package enum SourceWatch {
    package static func targets(_ sourcing: Sourcing) -> [(directory: String, names: [String])] {
        sourcing.sources.flatMap { SourceKinds.io($0.kind).watchTargets($0, sourcing) }
    }
}
