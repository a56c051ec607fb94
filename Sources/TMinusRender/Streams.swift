public import TMinusTimeline

/// How a streaming format (`--follow`) frames its updates, as its renderer says: the lines before
/// the first update, each update's line, and how the bar reads it.
public struct StreamFraming: Sendable {
    /// The renderer of the streamed format.
    public let renderer: any Renderer
    /// The lines printed once, before the first update (the i3bar protocol's header).
    public var header: [String] { renderer.streamHeader }

    /// The formats a bar can read as a stream.
    public static var formats: [String] { Renderers.all.filter(\.streams).map(\.format) }

    /// Nil for formats that do not stream (their program runs a command each period).
    public static func of(_ format: String) -> StreamFraming? {
        guard let r = Renderers.named(format), r.streams else { return nil }
        return StreamFraming(renderer: r)
    }

    /// One update's line for `entry`.
    public func line(_ entry: Entry, _ options: RenderOptions) -> String { renderer.streamLine(entry, options) }
    /// The update as the bar reads it; `first` for the first after the header (i3bar: `[…]`, then `,[…]`).
    public func frame(_ line: String, first: Bool) -> String { renderer.streamFrame(line, first: first) }
}
