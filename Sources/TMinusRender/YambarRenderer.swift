import TMinusCore
public import TMinusTimeline

/// `yambar`: one tag set (a transaction) for yambar's `script` module: `name|type|value` lines,
/// ended by the empty line that commits it. yambar reads one tag per line, so every value is one
/// line with no control character; a string particle draws a value as it is (no markup, and a
/// value is never expanded again), so no other escaping is needed. yambar cannot take a colour
/// from a tag: its config maps `state` to colours (`tminus setup yambar` writes the map).
///
/// | tag | type | value |
/// |---|---|---|
/// | `text` | string | the medium family (or `--family`), one line |
/// | `short` | string | the small family, one line |
/// | `state` | string | `none`, `normal`, `ongoing`, `warning`, `critical`, `over`, or `error` |
/// | `progress` | range:0-100 | time elapsed, a whole number |
/// | `urgent` | bool | critical, over or an error |
public struct YambarRenderer: Renderer {
    /// The `--format` name.
    public let format = "yambar"
    /// The one line for `show`'s help and the man page.
    public let about = "a yambar script-module tag set: text, short, state, progress, urgent"
    /// Whether `show --follow` streams it: yes, a tag set per update (continuous mode).
    public let streams = true
    /// A renderer has no settings of its own.
    public init() {}

    /// The tag set of the table, then the empty line that commits it.
    public func render(_ entry: Entry, _ options: RenderOptions) -> Rendered {
        let escaped = entry.escaping(Escape.oneLine)
        let state = entry.error == nil ? entry.state.rawValue : "error"
        let lines = [
            "text|string|" + Escape.oneLine(escaped.text(options.family ?? .medium)),
            "short|string|" + Escape.oneLine(escaped.text(.small)),
            "state|string|" + state,
            "progress|range:0-100|\(min(100, max(0, entry.percent)))",
            "urgent|bool|\(entry.isUrgent || entry.error != nil)"
        ]
        // The empty line after the last tag commits the set (the bar's newline ends the last line).
        return Rendered(ControlText.join(lines, "\n") + "\n")
    }
}
