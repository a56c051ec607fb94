import TMinusCore
public import TMinusTimeline

/// `tmux`: one line for `#(tminus show --format tmux)` in `status-right`, coloured with
/// `#[fg=#rrggbb]…#[default]`. tmux reads the output as its formats (`#[…]` restyles, `#(…)`
/// runs a command, `#{…}` expands), so every `#` of data is doubled (`Escape.tmux`).
public struct TmuxRenderer: Renderer {
    /// The `--format` name.
    public let format = "tmux"
    /// The one line for `show`'s help and the man page.
    public let about = "text with #[fg=#…] colours for tmux's status-right #(…)"
    /// tmux runs a `#()` command once per `status-interval` and reads it to the end: no stream.
    public let streams = false
    /// A renderer has no settings of its own.
    public init() {}

    /// The family (default medium) on one line, in `#[fg=#rrggbb]…#[default]`.
    public func render(_ entry: Entry, _ options: RenderOptions) -> Rendered {
        let text = Escape.oneLine(entry.text(options.family ?? .medium, escapingData: Escape.tmux))
        return Rendered("#[fg=\(options.color(entry))]\(text)#[default]")
    }
}
