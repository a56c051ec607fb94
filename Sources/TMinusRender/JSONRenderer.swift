public import TMinusCore
public import TMinusTimeline

/// `json`: the whole entry as one line of JSON (DESIGN §5's entry object).
public struct JSONRenderer: Renderer {
    public let format = "json"
    public init() {}

    public func render(_ entry: Entry, _ options: RenderOptions) -> Rendered {
        Rendered(JSONWriter.compact(entry.json(zone: options.zone)))
    }
}
