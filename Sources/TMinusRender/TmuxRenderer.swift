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
    /// `tminus setup` for this bar.
    public var setups: [BarSetup] { [.tmux] }

    /// The family (default medium) on one line, in `#[fg=#rrggbb]…#[default]`.
    public func render(_ entry: Entry, _ options: RenderOptions) -> Rendered {
        let text = Escape.oneLine(entry.text(options.family ?? .medium, escapingData: Escape.tmux))
        return Rendered("#[fg=\(options.color(entry))]\(text)#[default]")
    }
}

// tmux's set-up: #(…) in status-right.
extension BarSetup {
    static let tmux: BarSetup = BarSetup(
        name: "tmux", aliases: [], about: N_("#(…) in status-right, each second"),
        configFiles: ["~/.tmux.conf", "tmux/tmux.conf"], write: .append,
        integration: "tmux/tmux.conf", marker: "--format tmux",
        snippet: { c in
            """
            # tminus in tmux's status line: the countdown on the right, coloured by state. tmux runs
            # the #(…) command once per status-interval; tminus doubles every # in your titles, so
            # none of them is read as a tmux format (#[…], #(…), #{…}).
            set -g status-interval 1
            set -g status-right-length 80
            set -g status-right '#(\(c.binary) show --format tmux)'

            """
        },
        full: { c in tmux.snippet(c) },
        next: { _, file in "Append the lines to \(file), then: tmux source-file \(file)" })
}
