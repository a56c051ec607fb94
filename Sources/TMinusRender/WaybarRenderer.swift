import TMinusCore
public import TMinusTimeline

/// `waybar`: one JSON line for a `custom` module with `"return-type": "json"`.
///
/// | field | value |
/// |---|---|
/// | `text` | the medium family (or `--family`), Pango-escaped data, one line (`colorBy: tag`: in a span of its colour)
/// |
/// | `tooltip` | the large family, Pango-escaped data, lines joined with `\n` (`{calendar}` drawn in Pango) |
/// | `alt` | the state (`none`, `normal`, `warning`, `critical`, `over`, or `error`) |
/// | `class` | `[state, "tag-<tag>"]`, limited to `[A-Za-z0-9_-]` |
/// | `percentage` | time elapsed, a whole number |
public struct WaybarRenderer: Renderer {
    /// The `--format` name.
    public let format = "waybar"
    /// The one line for `show`'s help and the man page.
    public let about = "a Waybar JSON object: text, tooltip, class, percentage, alt"
    /// Whether `show --follow` streams it: yes, one JSON line per update.
    public let streams = true
    /// A renderer has no settings of its own.
    public init() {}

    /// The JSON object of the table, on one line.
    public func render(_ entry: Entry, _ options: RenderOptions) -> Rendered {
        let escaped = entry.escaping(
            { Escape.pango(Escape.oneLine($0)) }, calendar: PangoCalendar.style, wrap: PangoCalendar.wrap)
        var text = escaped.text(options.family ?? .medium)
        // Coloured by tag: the text in its colour (the state classes still come, for the rest of a style).
        if let tag = options.tagColor(entry) { text = "<span foreground=\"\(tag)\">" + text + "</span>" }
        let tooltip = escaped.text(.large)
        let state = entry.error == nil ? entry.state.rawValue : "error"
        var classes = [state]
        if let tag = entry.deadline?.tag { classes.append("tag-" + Escape.cssClass(tag)) }
        let json = JSON.object([
            "text": .string(Escape.oneLine(text)),
            "tooltip": .string(tooltip),
            "alt": .string(state),
            "class": .array(classes.map(JSON.string)),
            "percentage": .int(entry.percent)
        ])
        return Rendered(JSONWriter.compact(json))
    }
}
