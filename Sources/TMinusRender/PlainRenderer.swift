import TMinusCore
public import TMinusTimeline

/// `plain`: the family's text (default medium), control characters removed; large keeps its
/// line breaks.
public struct PlainRenderer: Renderer {
    public let format = "plain"
    public let about = "text (the default)"
    public let streams = true
    public init() {}

    public func render(_ entry: Entry, _ options: RenderOptions) -> Rendered {
        let family = options.family ?? .medium
        return Rendered(Escape.stripControls(entry.text(family, escapingData: Escape.oneLine), keepNewlines: family == .large))
    }

    /// One line per update: a multi-line family is joined.
    public func streamLine(_ entry: Entry, _ options: RenderOptions) -> String {
        Escape.oneLine(render(entry, options).text)
    }
}
