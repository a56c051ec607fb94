import TMinusCore
public import TMinusTimeline

/// `conky`: lines for `${execp}`/`${execpi}`, whose output conky parses as its own text. The first
/// line is coloured with `${color …}`; the family (default large) gives the lines. Data is escaped
/// so it never reaches conky's parser as a variable or a comment (`$` → `$$`, `#` → `\#`).
public struct ConkyRenderer: Renderer {
    /// The `--format` name.
    public let format = "conky"
    /// The one line for `show`'s help and the man page.
    public let about = "conky's ${execpi}: colour and text in conky's own markup (polls; no --follow)"
    /// Whether `show --follow` streams it: no, conky's `${execpi}` runs tminus each interval.
    public let streams = false
    /// A renderer has no settings of its own.
    public init() {}
    /// `tminus setup` for this bar.
    public var setups: [BarSetup] { [.conky] }

    /// The family (default large), its first line in the state's (or tag's) colour, data escaped for conky.
    public func render(_ entry: Entry, _ options: RenderOptions) -> Rendered {
        let family = options.family ?? .large
        let lines = entry.text(family, escapingData: Escape.conky).split(
            separator: "\n", omittingEmptySubsequences: false
        )
        .map { Escape.oneLine(String($0)) }
        let color = options.color(entry).dropFirst()
        var out = "${color \(color)}\(lines.first ?? "")${color}"
        for line in lines.dropFirst() { out += "\n" + line }
        return Rendered(out)
    }
}

// The bar's set-up text: `c.binary` is the command (an absolute path from `tminus setup`, or
// `tminus` in integrations/); every other word is the bar's own syntax.
extension BarSetup {
    static let conky: BarSetup = BarSetup(
        name: "conky", aliases: [], about: N_("${execpi 1 …} in conky.text"),
        configFiles: ["conky/conky.conf"], write: .createOnly,
        integration: "conky/conky.conf", marker: "--format conky",
        snippet: { c in "${execpi 1 \(c.binary) show --format conky}" },
        full: { c in
            """
            -- tminus for conky: copy to ~/.config/conky/conky.conf (or merge conky.text).
            -- ${execpi 1 ...} runs tminus every second and parses its output as conky text,
            -- which is how the ${color ...} tags work. tminus escapes your data for exactly that
            -- parser ($ -> $$, # -> \\#), so a title like ${exec ...} is shown, never run.
            conky.config = {
                out_to_console = true,   -- print to stdout (a terminal, dzen2, a pipe); for a window use
                                         -- out_to_x = true with an X11 build of conky (conky-std/conky-all)
                background = false,
                update_interval = 1,
                total_run_times = 0,
                text_buffer_size = 2048, -- the default 256 bytes cuts long todo lists
                use_spacer = 'none',
            };

            conky.text = [[
            \(conky.snippet(c))
            ]];

            """
        },
        next: { _, file in
            "Put the line into conky.text in \(file) (and text_buffer_size = 2048 into conky.config for long todo lists), then restart conky."
        })
}
