/// The user's language: the messages (LC_MESSAGES, `LANGUAGE`) and the calendar's names
/// (LC_TIME). Everything a person reads goes through it; what programs read (JSON, the summary,
/// classes, exit codes) does not.
public struct Words: Sendable, Equatable {
    /// The messages' catalog.
    public var messages: Catalog
    /// Day and month names, the 12-hour words, the day's and month's order.
    public var names: TimeNames

    /// English with the C locale's names: what a run without a locale shows.
    public static let english = Words(messages: .english, names: .english)

    /// The words of `messages` and `names`.
    public init(messages: Catalog, names: TimeNames) {
        self.messages = messages
        self.names = names
    }

    /// The message `msgid` in the user's language.
    public func tr(_ msgid: StaticString) -> String { messages.tr(msgid) }

    /// The message `msgid` in `context` (gettext's msgctxt).
    public func trc(_ context: StaticString, _ msgid: StaticString) -> String { messages.trc(context, msgid) }

    /// A text of `--help` found by the extractor beside its marker (a command's summary).
    public func help(_ text: String) -> String { messages.trc("--help", text: text) }

    /// The form of a counted message for `count`, its first conversion the count and the next
    /// ones `more`.
    public func trn(_ singular: StaticString, _ plural: StaticString, _ count: Int, _ more: String...) -> String {
        messages.trn(singular, plural, count, more)
    }

    /// The counted message taken apart once, for many counts (a countdown's words).
    public func trn(_ singular: StaticString, _ plural: StaticString) -> PluralMessage {
        messages.pluralMessage(singular, plural)
    }

    /// The same with the count only, appended to `out` as bytes (a countdown's words).
    public func trn(_ singular: StaticString, _ plural: StaticString, _ count: Int, into out: inout [UInt8]) {
        messages.trn(singular, plural, count, into: &out)
    }

    /// A weekday, a day and a month, as the locale orders them: "Fri 27 Nov", "Fri Nov 27".
    public func dayAndMonth(_ date: CivilDate) -> String {
        names.format(date, names.monthFirst ? tr("%a %b %-d") : tr("%a %-d %b"))
    }

    /// A weekday and the ISO date: "Tue 2026-12-01".
    public func dayAndISODate(_ date: CivilDate) -> String { names.format(date, tr("%a %Y-%m-%d")) }
}

/// A message marked for the catalogs where it is defined, translated where it is used
/// (`words.tr(N_(…))` is not possible: a default template is kept as its msgid).
public func N_(_ msgid: StaticString) -> StaticString { msgid }
