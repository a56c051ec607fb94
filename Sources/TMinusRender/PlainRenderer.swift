import TMinusCore
public import TMinusTimeline

/// `plain`: the family's text (default medium), control characters removed; large keeps its
/// line breaks.
public struct PlainRenderer: Renderer {
    /// The `--format` name.
    public let format = "plain"
    /// The one line for `show`'s help and the man page.
    public let about = "text (the default)"
    /// Whether `show --follow` streams it: yes, one line per update.
    public let streams = true
    /// A renderer has no settings of its own.
    public init() {}

    /// The family's text (default medium); only large keeps its line breaks.
    public func render(_ entry: Entry, _ options: RenderOptions) -> Rendered {
        let family = options.family ?? .medium
        return Rendered(
            Escape.stripControls(entry.text(family, escapingData: Escape.oneLine), keepNewlines: family == .large))
    }

    /// One line per update: a multi-line family is joined.
    public func streamLine(_ entry: Entry, _ options: RenderOptions) -> String {
        Escape.oneLine(render(entry, options).text)
    }
}
