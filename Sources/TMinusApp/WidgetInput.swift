import TMinusCore
import TMinusTimeline

/// Everything a bar-facing command reads, loaded once. `show` turns a problem into an error entry
/// (the bar must not go blank); `timeline`, `next` and `prev` report it.
package struct WidgetInput {
    /// The config as read for this run.
    package var config: Config
    /// The timeline (nil when there is nothing to show or a problem).
    package var provider: TimelineProvider?
    /// What keeps the widget from showing data (a broken store or config), as one line.
    package var problem: String?
    /// When the summary must be read again although no file changed (an event's instance is
    /// over: its source gives the next one).
    package var refresh: Instant?

    /// The config (with `--deadline` applied) and a provider over the summary and state. A broken
    /// config, or a configured REF that names no deadline, is a usage error; an unreadable
    /// summary a failure. Which deadline shows, strongest first: `--deadline REF` on the command
    /// line, then a click (`tminus next|prev`, kept in state.json), then the config's `deadline`,
    /// then the next one due. (`--deadline next` only sets aside a REF in the config: clicks still cycle.)
    /// `near`: one output now and the ones to come within the hour (`show`), so the summary's
    /// items far from now are not read when the config's output cannot depend on them
    /// (`showsOnlyNear`); the provider is then good until `refresh`.
    package static func make(_ ctx: Context, deadline: String?, near: Bool = false) throws(TMinusError) -> (
        Config, TimelineProvider, Instant?
    ) {
        var config = try ctx.config()
        if let deadline { config.deadline = deadline == "next" ? .next : .ref(deadline) }
        let pinned = deadline != nil && deadline != "next"
        let stored = ctx.container.loadState()
        let state = pinned ? WidgetState(isPrivate: stored.isPrivate, screencast: stored.screencast) : stored
        var summary = try ctx.container.summaryForWidgets(
            now: ctx.now,
            near: near && showsOnlyNear(config, state)
                ? Summary.NearOutputs(zone: ctx.zone, eventLead: config.nearEventLead) : nil)
        // The config's deadline done or removed (it names no open one): the next one shows, with a
        // word in the tooltip, never an error in the bar. (`--deadline REF` on the command line
        // that names none is an error: it was asked for now.)
        var notice: String?
        // A change that cannot be made now (a full disk): the committed state, marked.
        if summary.waiting != nil { notice = "⚠ a change waits to be made (the disk is full or read-only)" }
        if deadline == nil, case .ref(let ref) = config.deadline, let q = try? RefQuery(ref),
            RefResolver.matches(q, among: summary.deadlines).isEmpty
        {
            config.deadline = .next
            notice = "\"deadline\": \(q.shown) in the config is done or gone; showing the next one due"
        }
        // Private mode: a REF (a title, perhaps) is resolved on the real titles first and kept by
        // id; then every title shown is the item's tag or "busy", and the notice names no title.
        if state.hidesTitles {
            if case .ref(let ref) = config.deadline, let q = try? RefQuery(ref),
                case let found = RefResolver.matches(q, among: summary.deadlines), found.count == 1,
                let item = found.first
            {
                config.deadline = .ref(item.id)
            }
            summary = summary.privately()
            if notice != nil { notice = "the configured deadline is done or gone; showing the next one due" }
        }
        let provider = TimelineProvider(summary: summary, config: config, state: state, zone: ctx.zone, notice: notice)
        if case .ref(let ref) = config.deadline {
            do throws(TMinusError) { _ = try provider.resolve(ref, in: summary.deadlines) } catch {
                throw error.withPrefix("deadline: ")
            }
        }
        let refresh = summary.sources.compactMap(\.refresh).min()
        return (config, provider, [refresh, summary.completeUntil].compactMap { $0 }.min())
    }

    /// Whether what the widget shows depends only on the deadlines and todos near its moment
    /// (`Summary(bytes:path:near:)` says which): not with a deadline chosen by REF or by a click
    /// (found among all), the agenda or the calendar (every item of the weeks shown), days off
    /// (a holidays calendar's events up to the deadline), or an event lead over `Summary.nearLead`.
    static func showsOnlyNear(_ config: Config, _ state: WidgetState) -> Bool {
        if case .ref = config.deadline { return false }
        guard state.selected == nil, config.holidays == nil, config.eventLead <= Summary.nearLead else { return false }
        // (Any mention, whatever the braces around it: a word more read whole costs nothing wrong.)
        return !config.templates.mention("agenda") && !config.templates.mention("calendar")
    }

    /// For `show`: a problem becomes an error entry and one line on stderr.
    package static func load(_ ctx: Context, deadline: String?, near: Bool = false) -> WidgetInput {
        do throws(TMinusError) {
            let (config, provider, refresh) = try make(ctx, deadline: deadline, near: near)
            return WidgetInput(config: config, provider: provider, refresh: refresh)
        } catch {
            ctx.console.err("tminus: " + ControlText.oneLine(error.text(ctx.words)))
            return WidgetInput(config: (try? ctx.loadConfig().0) ?? Config(), provider: nil, problem: error.description)
        }
    }

    /// The entry the widget shows at `t` (`memo`: today's todos kept between ticks).
    package func entry(at t: Instant, memo: TodayMemo? = nil) -> Entry {
        guard let provider else { return .error(problem ?? "unknown error", at: t) }
        return provider.entry(at: t, memo: memo)
    }

    /// The entry at `t` and the date of the next one (nil: nothing changes until the data does).
    /// `memo`: today's todos kept between calls on this input (a follower's ticks).
    package func entryAndNext(at t: Instant, memo: TodayMemo = TodayMemo()) -> (Entry, Instant?) {
        guard let provider else { return (.error(problem ?? "unknown error", at: t), nil) }
        let e = provider.entry(at: t, memo: memo)
        return (e, provider.nextChange(after: t, current: e, memo: memo))
    }
}
