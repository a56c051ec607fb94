import TMinusCore
public import TMinusTimeline

/// `polybar`: one line for a `custom/script` module, coloured with `%{F#rrggbb}…%{F-}`.
/// polybar has no escape for `%{`, so data is broken up so it can never open a tag
/// (`Escape.polybar`); newlines are removed.
public struct PolybarRenderer: Renderer {
    /// The `--format` name.
    public let format = "polybar"
    /// The one line for `show`'s help and the man page.
    public let about = "text with %{F#…} colours (custom/script, tail = true with --follow)"
    /// Whether `show --follow` streams it: yes, a line per update (`tail = true`).
    public let streams = true
    /// A renderer has no settings of its own.
    public init() {}
    /// `tminus setup` for this bar.
    public var setups: [BarSetup] { [.polybar] }

    /// The family (default medium) on one line, in `%{F#rrggbb}…%{F-}`.
    public func render(_ entry: Entry, _ options: RenderOptions) -> Rendered {
        let text = Escape.oneLine(entry.text(options.family ?? .medium, escapingData: Escape.polybar))
        return Rendered("%{F\(options.color(entry))}\(text)%{F-}")
    }
}

// The bar's set-up text: `c.binary` is the command (an absolute path from `tminus setup`, or
// `tminus` in integrations/); every other word is the bar's own syntax.
extension BarSetup {
    static let polybar: BarSetup = BarSetup(
        name: "polybar", aliases: [], about: N_("a custom/script module, streaming (tail = true)"),
        configFiles: ["polybar/config.ini", "polybar/config"], write: .append,
        integration: "polybar/config.ini", marker: "--format polybar",
        snippet: { c in
            let b = c.binary
            return """
                ; tminus for polybar: add a module to ~/.config/polybar/config.ini and put its name
                ; into your bar's modules-left / modules-center / modules-right.
                ; tminus prints one line with %{F#rrggbb}...%{F-} colour tags; text from your titles
                ; can never open a tag (every "%{" in data is broken with a zero-width space).

                ; Streaming (preferred): one tminus process prints a line at each second boundary and at
                ; once when your deadlines, the selection or the config change; no process per second.
                [module/tminus]
                type = custom/script
                exec = \(b) show --follow --format polybar
                tail = true
                ; show the next deadline (the running follower shows it at once); right: today's todos in a
                ; launcher (rofi, wofi, fuzzel, bemenu or dmenu): done, snooze an hour, a day later
                click-left = \(b) next
                click-right = \(b) menu
                click-middle = \(b) next --reset
                ; the wheel: cycles the deadlines (with "tooltip": "calendar", moves its month)
                scroll-up = \(b) scroll up
                scroll-down = \(b) scroll down
                label = %output%

                ; One-shot: polybar runs tminus once a second.
                [module/tminus-poll]
                type = custom/script
                exec = \(b) show --format polybar
                interval = 1
                click-left = \(b) next
                click-right = \(b) menu
                click-middle = \(b) next --reset
                ; the wheel: cycles the deadlines (with "tooltip": "calendar", moves its month)
                scroll-up = \(b) scroll up
                scroll-down = \(b) scroll down
                label = %output%

                """
        },
        full: { c in polybar.snippet(c) },
        next: { _, file in
            "Add the two modules to \(file), put tminus (or tminus-poll) into your bar's modules-right (or -left, -center), and restart polybar."
        })
}
