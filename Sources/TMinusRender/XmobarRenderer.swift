import TMinusCore
public import TMinusTimeline

/// `xmobar`: one line for a `CommandReader` (streaming) or `Com` command, coloured with
/// `<fc=#rrggbb>…</fc>`. xmobar parses a command's output as its markup (`<action=…>` runs a
/// shell command, `<icon=…>` reads a file), so every piece of data is wrapped in xmobar's
/// `<raw=N:…/>`, whose N characters are never parsed (`Escape.xmobar`).
public struct XmobarRenderer: Renderer {
    /// The `--format` name.
    public let format = "xmobar"
    /// The one line for `show`'s help and the man page.
    public let about = "text with <fc=#…> colours, data in <raw/> (CommandReader with --follow)"
    /// Whether `show --follow` streams it: yes, a line per update for a `CommandReader`.
    public let streams = true
    /// A renderer has no settings of its own.
    public init() {}

    /// The family (default medium) on one line, in `<fc=#rrggbb>…</fc>`, data in `<raw/>`.
    public func render(_ entry: Entry, _ options: RenderOptions) -> Rendered {
        let text = Escape.oneLine(entry.text(options.family ?? .medium, escapingData: Escape.xmobar))
        return Rendered("<fc=\(options.color(entry))>\(text)</fc>")
    }
}
