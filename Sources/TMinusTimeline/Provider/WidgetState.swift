public import TMinusCore

/// Widget state kept in `state.json`: the deadline the user clicked to (`tminus next|prev`), and
/// the month a calendar tooltip was scrolled to (`tminus scroll`).
public struct WidgetState: Equatable, Sendable {
    /// The format version `json()` writes into `state.json`.
    public static let version = 1
    /// The selected deadline's id, or nil for "the next one".
    public var selected: String?
    /// The month the calendar shows, as months since year 0 (year × 12 + month − 1), while the
    /// last scroll is less than `scrollHold` old; nil: this month.
    public var month: Int?
    /// When it was last scrolled.
    public var scrolled: Instant?
    /// Private mode (`tminus privacy on`): every title shown as its tag, or "busy".
    public var isPrivate = false
    /// The screen is being shared (`tminus privacy watch` saw a screencast in PipeWire): titles
    /// are hidden as in private mode until it ends.
    public var screencast = false

    /// Whether titles are hidden: private mode, or a shared screen.
    public var hidesTitles: Bool { isPrivate || screencast }

    /// How long a scrolled calendar stays on its month without input.
    public static let scrollHold: Int64 = 60

    /// A state with these values (by default: the next deadline, this month, not private, no screen shared).
    public init(
        selected: String? = nil, month: Int? = nil, scrolled: Instant? = nil, isPrivate: Bool = false,
        screencast: Bool = false
    ) {
        self.selected = selected
        self.month = month
        self.scrolled = scrolled
        self.isPrivate = isPrivate
        self.screencast = screencast
    }

    /// Reads `state.json`'s object; a missing field keeps its default (month and scroll time go together).
    public init(json: JSON) {
        selected = json["selected"]?.stringValue
        isPrivate = json["private"]?.boolValue ?? false
        screencast = json["screencast"]?.boolValue ?? false
        if let m = json["month"]?.intValue, let s = json["scrolled"]?.intValue {
            month = m
            scrolled = Instant(Int64(s))
        }
    }

    /// The object written to `state.json` (month and scroll time only together, `private` and
    /// `screencast` only when on).
    public func json() -> JSON {
        let scroll = month != nil && scrolled != nil
        return .object([
            "version": .int(WidgetState.version), "selected": .string(orNull: selected),
            "month": scroll ? month.map { .int($0) } : nil,
            "scrolled": scroll ? scrolled.map { .int(Int($0.seconds)) } : nil,
            "private": isPrivate ? .bool(true) : nil, "screencast": screencast ? .bool(true) : nil
        ])
    }

    /// The calendar's month at `t` (months since year 0): the scrolled one within a minute of
    /// the scroll, else this month.
    public func calendarMonth(at t: Instant, zone: Zone) -> Int {
        if let month, let scrolled, t >= scrolled, t < scrolled + Self.scrollHold { return month }
        let today = zone.local(t).date
        return today.year * 12 + today.month - 1
    }

    /// The state after scrolling the calendar `step` months at `now`.
    public func scrolling(by step: Int, at now: Instant, zone: Zone) -> WidgetState {
        var s = self
        // (Within the years tminus handles.)
        s.month = min(max(calendarMonth(at: now, zone: zone) + step, 1 * 12), 9999 * 12 + 11)
        s.scrolled = now
        return s
    }
}
