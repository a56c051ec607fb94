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
    /// `tminus setup` for this bar.
    public var setups: [BarSetup] { [.xmobar] }

    /// The family (default medium) on one line, in `<fc=#rrggbb>…</fc>`, data in `<raw/>`.
    public func render(_ entry: Entry, _ options: RenderOptions) -> Rendered {
        let text = Escape.oneLine(entry.text(options.family ?? .medium, escapingData: Escape.xmobar))
        return Rendered("<fc=\(options.color(entry))>\(text)</fc>")
    }
}

// The bar's set-up text: `c.binary` is the command (an absolute path from `tminus setup`, or
// `tminus` in integrations/); every other word is the bar's own syntax.
extension BarSetup {
    static let xmobar: BarSetup = BarSetup(
        name: "xmobar", aliases: [], about: N_("a CommandReader, streaming (--follow); a click cycles"),
        configFiles: ["xmobar/xmobarrc"], write: .createOnly,
        integration: "xmobar/xmobarrc", marker: "--format xmobar",
        snippet: { c in
            """
                   , commands = [ Run CommandReader "\(c.binary) show --follow --format xmobar" "tminus" ]
                   , template = "}{ <action=`\(c.binary) next` button=1><action=`\(c.binary) menu` button=3>%tminus%</action></action> "
            """
        },
        full: { c in
            """
            -- tminus for xmobar: a whole config with tminus on the right. Already have one? Add the
            -- CommandReader to your commands and %tminus% to your template.
            -- tminus --follow prints a line at each second boundary and at once when your deadlines,
            -- the selection or the config change, coloured with <fc=#…>; every title is wrapped in
            -- xmobar's <raw=N:…/>, so no markup or <action> in your data is ever parsed.
            Config { font = "xft:DejaVu Sans-12"
                   , bgColor = "#000000"
                   , fgColor = "#ffffff"
                   , position = Top
            \(xmobar.snippet(c))
                   }

            """
        },
        next: { _, file in
            "Add the CommandReader to the commands of \(file) and %tminus% to its template, then restart xmobar (or your window manager)."
        })
}
