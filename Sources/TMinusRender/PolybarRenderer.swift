import TMinusCore
public import TMinusTimeline

/// `polybar`: one line for a `custom/script` module, coloured with `%{F#rrggbb}…%{F-}`.
/// polybar has no escape for `%{`, so data is broken up so it can never open a tag
/// (`Escape.polybar`); newlines are removed.
public struct PolybarRenderer: Renderer {
    public let format = "polybar"
    public let about = "text with %{F#…} colours (custom/script, tail = true with --follow)"
    public let streams = true
    public init() {}

    public func render(_ entry: Entry, _ options: RenderOptions) -> Rendered {
        let text = Escape.oneLine(entry.text(options.family ?? .medium, escapingData: Escape.polybar))
        return Rendered("%{F\(options.color(entry))}\(text)%{F-}")
    }
}
