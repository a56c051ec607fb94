import TMinusCore
public import TMinusTimeline

/// `pango`: the family (default medium) as Pango markup in a span of the state's colour; data
/// escaped (`& < > ' "`).
public struct PangoRenderer: Renderer {
    /// The `--format` name.
    public let format = "pango"
    /// The one line for `show`'s help and the man page.
    public let about = "text with Pango <span> colours"
    /// Whether `show --follow` streams it: yes, one line per update.
    public let streams = true
    /// A renderer has no settings of its own.
    public init() {}

    /// The family (default medium) in a span of the colour; only large keeps its line breaks.
    public func render(_ entry: Entry, _ options: RenderOptions) -> Rendered {
        let family = options.family ?? .medium
        let text = entry.escaping(
            { Escape.pango(Escape.oneLine($0)) }, calendar: PangoCalendar.style, wrap: PangoCalendar.wrap
        ).text(family)
        return Rendered(
            "<span foreground=\"\(options.color(entry))\">\(Escape.stripControls(text, keepNewlines: family == .large))</span>"
        )
    }

    /// One line per update: a multi-line family is joined.
    public func streamLine(_ entry: Entry, _ options: RenderOptions) -> String {
        Escape.oneLine(render(entry, options).text)
    }
}
