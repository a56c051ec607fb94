import TMinusCore
import TMinusIO
import TMinusTimeline

/// `tminus next | prev`: cycle the deadline the widget shows (kept in state.json).
enum CycleCommand {
    static func next(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 { try cycle(raw, ctx, by: 1, name: "next") }
    static func prev(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 { try cycle(raw, ctx, by: -1, name: "prev") }

    static func cycle(_ raw: [String], _ ctx: Context, by step: Int, name: String) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: name)
        try a.expectPositional(0...0, command: name, usage: "")
        if a.flag("reset") {
            // Back to automatic: no deadline picked, so the config's or the one due next shows.
            _ = try select(ctx, by: 0)
            let (_, provider, _) = try WidgetInput.make(ctx, deadline: nil)
            if let shown = provider.entry(at: ctx.now).deadline {
                ctx.say("showing #\(shown.handle) \(shown.title) again")
            } else {
                ctx.say("no deadline picked; the bar shows the one due next")
            }
            return 0
        }
        guard let chosen = try select(ctx, by: step) else {
            ctx.say("no deadlines to cycle through; add one with tminus add TITLE --due WHEN")
            return 0
        }
        ctx.say("showing #\(chosen.handle) \(chosen.title)")
        return 0
    }

    /// Moves the selection `step` places along the ongoing deadlines and saves it (0: back to
    /// automatic, nothing picked; nil returned).
    static func select(_ ctx: Context, by step: Int) throws(TMinusError) -> Item? {
        if step == 0 {
            try ctx.container.saveState(WidgetState())
            return nil
        }
        let (_, provider, _) = try WidgetInput.make(ctx, deadline: nil)
        let order = provider.cycleOrder(at: ctx.now)
        guard !order.isEmpty else { return nil }
        let current = provider.entry(at: ctx.now).deadline?.id
        let index = order.firstIndex { $0.id == current } ?? (step > 0 ? -1 : 0)
        let chosen = order[((index + step) % order.count + order.count) % order.count]
        try ctx.container.saveState(WidgetState(selected: chosen.id))
        return chosen
    }
}
