import TMinusApp
import TMinusCore
import TMinusFollow
import TMinusTimeline

extension CycleCommand {
    /// `next`'s options, declared once: its spec lists them, `run` reads them (`a[Options.reset]`).
    enum Options {
        static let reset = Opt.flag("reset", "back to the deadline due next (or the config's), as before any click")
    }
}

private typealias O = CycleCommand.Options

extension Specs {
    /// `tminus next`.
    static let next = CommandSpec(
        name: "next", group: "bars", summary: "show the next ongoing deadline (a click)",
        options: [O.reset.spec],
        text: "Shows the next ongoing deadline in the widget (kept in state.json); --reset forgets the clicks.",
        examples: ["tminus next --reset"], run: CycleCommand.next, changes: true)
}

extension Specs {
    /// `tminus prev`.
    static let prev = CommandSpec(
        name: "prev", group: "bars", summary: "show the previous ongoing deadline",
        text: "Shows the previous ongoing deadline in the widget (kept in state.json).", run: CycleCommand.prev,
        changes: true)
}

extension Specs {
    /// `tminus scroll`.
    static let scroll = CommandSpec(
        name: "scroll", group: "bars", arguments: "up|down",
        summary: "the mouse wheel: moves a calendar tooltip's month, else cycles",
        text:
            "With {calendar} in a template (config \"tooltip\": \"calendar\"), shows the month before or after for a minute (kept in state.json); else cycles the deadlines like prev and next.",
        examples: ["tminus scroll down"], run: CycleCommand.scroll, changes: true)
}

/// `tminus next | prev`: cycle the deadline the widget shows (kept in state.json); `tminus scroll
/// up|down`: the mouse wheel, which moves a calendar tooltip's month instead when there is one.
enum CycleCommand {
    static func next(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        try cycle(raw, ctx, by: 1, name: "next")
    }
    static func prev(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        try cycle(raw, ctx, by: -1, name: "prev")
    }

    static func cycle(_ raw: [String], _ ctx: Context, by step: Int, name: String) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: name)
        try a.expectPositional(0...0, command: name)
        // (Only next takes --reset.)
        if step > 0 && a[Options.reset] {
            // Back to automatic: no deadline picked, so the config's or the one due next shows.
            _ = try select(ctx, by: 0)
            let (_, provider, _) = try WidgetInput.make(ctx, deadline: nil)
            if let shown = provider.entry(at: ctx.now).deadline {
                ctx.say(Catalog.format(ctx.words.tr("showing #%s %s again"), [String(shown.handle), shown.title]))
            } else {
                ctx.say(ctx.words.tr("no deadline picked; the bar shows the one due next"))
            }
            return 0
        }
        guard let chosen = try select(ctx, by: step) else {
            ctx.say(ctx.words.tr("no deadlines to cycle through; add one with tminus add TITLE --due WHEN"))
            return 0
        }
        ctx.say(Catalog.format(ctx.words.tr("showing #%s %s"), [String(chosen.handle), chosen.title]))
        return 0
    }

    /// Moves the selection `step` places along the ongoing deadlines and saves it (0: back to
    /// automatic, nothing picked; nil returned).
    static func select(_ ctx: Context, by step: Int) throws(TMinusError) -> Item? {
        if step == 0 {
            // Back to automatic: the selection and a scrolled month go; private mode and a shared screen stay.
            let kept = ctx.container.loadState()
            try ctx.container.saveState(WidgetState(isPrivate: kept.isPrivate, screencast: kept.screencast))
            return nil
        }
        var state = ctx.container.loadState()
        let (_, provider, _) = try WidgetInput.make(ctx, deadline: nil)
        let order = provider.cycleOrder(at: ctx.now)
        guard !order.isEmpty else { return nil }
        let current = provider.entry(at: ctx.now).deadline?.id
        let index = order.firstIndex { $0.id == current } ?? (step > 0 ? -1 : 0)
        let chosen = order[((index + step) % order.count + order.count) % order.count]
        state.selected = chosen.id
        try ctx.container.saveState(state)
        return chosen
    }

    static func scroll(_ raw: [String], _ ctx: Context) throws(TMinusError) -> Int32 {
        let a = try Arguments.parse(raw, command: "scroll")
        try a.expectPositional(1...1, command: "scroll", needs: N_("'scroll' needs  up|down; see tminus scroll --help"))
        let step: Int
        switch a.positional[0] {
        case "up": step = -1
        case "down": step = 1
        case let other:
            throw .usage(
                tr: "scroll takes up or down, not '%s'; e.g. tminus scroll down", "\(Validation.printable(other))")
        }
        if let month = try wheel(ctx, by: step) {
            let name = ctx.words.names.format(CivilDate(year: month / 12, month: month % 12 + 1, day: 1), "%OB %Y")
            ctx.say(
                Catalog.format(
                    ctx.words.tr("the calendar shows %s; back to this month after a minute without scrolling"), [name]))
        } else if let chosen = try select(ctx, by: step) {
            ctx.say(Catalog.format(ctx.words.tr("showing #%s %s"), [String(chosen.handle), chosen.title]))
        } else {
            ctx.say(ctx.words.tr("no deadlines to cycle through; add one with tminus add TITLE --due WHEN"))
        }
        return 0
    }

    /// A wheel turn: with a calendar in a template, its month moves `step` and the month shown
    /// is returned; else nil (the caller cycles the deadlines).
    static func wheel(_ ctx: Context, by step: Int) throws(TMinusError) -> Int? {
        guard try ctx.config().templates.mentionsCalendar else { return nil }
        let state = ctx.container.loadState().scrolling(by: step, at: ctx.now, zone: ctx.zone)
        try ctx.container.saveState(state)
        return state.month
    }

    /// A click from a bar that reads clicks itself (i3blocks' button, i3bar's and i3blocks
    /// persist's click events): they show no tooltip, so the wheel cycles there as the other
    /// buttons do (ClickParser.step); the month moves with `tminus scroll` from a bar that has one.
    static func click(_ ctx: Context, button: Int) throws(TMinusError) {
        guard let step = ClickParser.step(button) else { return }
        _ = try select(ctx, by: step)
    }
}
