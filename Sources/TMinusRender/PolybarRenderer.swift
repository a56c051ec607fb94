import TMinusCore
public import TMinusTimeline

/// `polybar`: one line for a `custom/script` module, coloured with `%{F#rrggbb}…%{F-}`.
/// polybar has no escape for `%{`, so data is broken up so it can never open a tag
/// (`Escape.polybar`); newlines are removed.
public struct PolybarRenderer: Renderer {
    /// The `--format` name.
    public let format = "polybar"
    /// The one line for `show`'s help and the man page.
    public let about = "text with %{F#…} colours (custom/script, tail = true with --follow)"
    /// Whether `show --follow` streams it: yes, a line per update (`tail = true`).
    public let streams = true
    /// A renderer has no settings of its own.
    public init() {}

    /// The family (default medium) on one line, in `%{F#rrggbb}…%{F-}`.
    public func render(_ entry: Entry, _ options: RenderOptions) -> Rendered {
        let text = Escape.oneLine(entry.text(options.family ?? .medium, escapingData: Escape.polybar))
        return Rendered("%{F\(options.color(entry))}\(text)%{F-}")
    }
}
