import TMinusCore
public import TMinusTimeline

/// `waybar`: one JSON line for a `custom` module with `"return-type": "json"`.
///
/// | field | value |
/// |---|---|
/// | `text` | the medium family (or `--family`), Pango-escaped data, one line (`colorBy: tag`: in a span of its colour)
/// |
/// | `tooltip` | the large family, Pango-escaped data, lines joined with `\n` (`{calendar}` drawn in Pango) |
/// | `alt` | the state (`none`, `normal`, `warning`, `critical`, `over`, or `error`) |
/// | `class` | `[state, "tag-<tag>"]`, limited to `[A-Za-z0-9_-]` |
/// | `percentage` | time elapsed, a whole number |
public struct WaybarRenderer: Renderer {
    /// The `--format` name.
    public let format = "waybar"
    /// The one line for `show`'s help and the man page.
    public let about = "a Waybar JSON object: text, tooltip, class, percentage, alt"
    /// Whether `show --follow` streams it: yes, one JSON line per update.
    public let streams = true
    /// A renderer has no settings of its own.
    public init() {}
    /// `tminus setup` for this bar.
    public var setups: [BarSetup] { [.waybar] }

    /// The JSON object of the table, on one line.
    public func render(_ entry: Entry, _ options: RenderOptions) -> Rendered {
        let escaped = entry.escaping(
            { Escape.pango(Escape.oneLine($0)) }, calendar: PangoCalendar.style, wrap: PangoCalendar.wrap)
        var text = escaped.text(options.family ?? .medium)
        // Coloured by tag: the text in its colour (the state classes still come, for the rest of a style).
        if let tag = options.tagColor(entry) { text = "<span foreground=\"\(tag)\">" + text + "</span>" }
        let tooltip = escaped.text(.large)
        let state = entry.error == nil ? entry.state.rawValue : "error"
        var classes = [state]
        if let tag = entry.deadline?.tag { classes.append("tag-" + Escape.cssClass(tag)) }
        let json = JSON.object([
            "text": .string(Escape.oneLine(text)),
            "tooltip": .string(tooltip),
            "alt": .string(state),
            "class": .array(classes.map(JSON.string)),
            "percentage": .int(entry.percent)
        ])
        return Rendered(JSONWriter.compact(json))
    }
}

// The bar's set-up text: `c.binary` is the command (an absolute path from `tminus setup`, or
// `tminus` in integrations/); every other word is the bar's own syntax.
extension BarSetup {
    static let waybar: BarSetup = BarSetup(
        name: "waybar", aliases: [], about: N_("a custom module, streaming (--follow)"),
        configFiles: ["waybar/config.jsonc", "waybar/config"], write: .createOnly,
        integration: "waybar/config.jsonc", marker: "--format waybar",
        snippet: { c in
            let b = c.binary
            return """
                  "custom/tminus": {
                    "exec": "\(b) show --follow --format waybar",  // one JSON line per update: text, tooltip, alt, class, percentage
                    "return-type": "json",                   // and no "interval": tminus decides when to print
                    "format": "{}",                          // text is already Pango-escaped by tminus: keep "escape" off
                    "tooltip": true,                         // the large family: due date, progress, today's todos
                    "on-click": "\(b) next",               // show the next deadline (the follower shows it at once)
                    "on-click-right": "\(b) menu",         // today's todos in rofi/wofi/fuzzel/bemenu/dmenu: done, snooze, a day later
                    "on-click-middle": "\(b) next --reset",  // back to the deadline due next
                    "on-scroll-up": "\(b) scroll up",      // the wheel: a calendar tooltip's month ("tooltip": "calendar"),
                    "on-scroll-down": "\(b) scroll down"   // else the previous / next deadline
                  }
                """
        },
        full: { c in
            """
            // Waybar: a whole minimal bar with the tminus module on the right, streaming form
            // (preferred): one tminus process prints a JSON line at each second boundary and at once
            // when your deadlines, the selection or the config change. config.poll.jsonc: one-shot form.
            // Already have a config? Copy only the "custom/tminus" block into it and add
            // "custom/tminus" to one of your modules-left / modules-center / modules-right lists.
            {
              "layer": "top",
              "position": "top",
              "height": 30,
              "modules-right": ["custom/tminus"],

            \(waybar.snippet(c))
            }

            """
        },
        next: { _, file in
            """
            Paste the "custom/tminus" block into the top-level object of \(file) and add \
            "custom/tminus" to its modules-left, modules-center or modules-right; for colours, \
            @import tminus's style.css (integrations/waybar) in your style.css. Then reload Waybar: \
            killall -SIGUSR2 waybar
            """
        })
}
