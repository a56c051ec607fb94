import TMinusCore
public import TMinusTimeline

/// `json`: the whole entry as one line of JSON (the entry object of docs/timeline.md; today's todos
/// up to `maxTodos`, with `todoCount` for all of them).
public struct JSONRenderer: Renderer {
    public let format = "json"
    public let about = "the entry as a JSON object, for scripts (eww, ags, your own)"
    public let streams = true
    public let showsSeconds = true
    public init() {}

    public func render(_ entry: Entry, _ options: RenderOptions) -> Rendered {
        Rendered(JSONWriter.compact(entry.json(zone: options.zone, maxTodos: options.config.maxTodos)))
    }
}
