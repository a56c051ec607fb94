import TMinusCore
public import TMinusTimeline

/// `json`: the whole entry as one line of JSON (the entry object of docs/timeline.md; today's todos
/// up to `maxTodos`, with `todoCount` for all of them).
public struct JSONRenderer: Renderer {
    /// The `--format` name.
    public let format = "json"
    /// The one line for `show`'s help and the man page.
    public let about = "the entry as a JSON object, for scripts (eww, ags, your own)"
    /// Whether `show --follow` streams it: yes, an object per line (eww's `deflisten`).
    public let streams = true
    /// Whether the output names its second: yes, `date` and `remaining`.
    public let showsSeconds = true
    /// A renderer has no settings of its own.
    public init() {}

    /// The entry object on one line, listing at most the config's `maxTodos` todos.
    public func render(_ entry: Entry, _ options: RenderOptions) -> Rendered {
        Rendered(JSONWriter.compact(entry.json(zone: options.zone, maxTodos: options.config.maxTodos)))
    }
}
